"""A look noun that is a verb of a change heads a tool name as the verb (h24f;
``programheads``, [look-noun-verbs] in kinds.txt): ``file_report`` files a report and
``log_expense`` records an expense when the rest of the name says no kind; they are no look
at a file or a log that "look at the file" grounds. ``file_search`` and ``log_query`` keep
the look their other word says. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.toolkinds import tool_kinds
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

Call = tuple[str, dict[str, Any]]

# (tool, refused preamble, passing preamble, arguments)
PAIRS: list[tuple[dict[str, Any], str, str, dict[str, Any]]] = [
    (string_tool("file_report", "File a report", "title", "body"), "Let me look at the file.",
     "I'll file the report.", {"title": "x", "body": "y"}),
    (string_tool("file_report", "File a report", "title", "body"), "I'll check the file.",
     "I'll file a report.", {"title": "outage", "body": "db down"}),
    (string_tool("file_bug", "File a bug", "title"), "Let me check the file.",
     "I'll file a bug for the crash.", {"title": "crash"}),
    (string_tool("file_issue", "", "title"), "Let me read the file.",
     "I'll file an issue about the crash.", {"title": "crash"}),
    (string_tool("log_expense", "", "amount", "description"),
     "I'll look at the expense for the team dinner.",
     "I'll log the expense for the team dinner.", {"amount": "640", "description": "team dinner"}),
]


@pytest.mark.parametrize(("tool", "refused", "passing", "args"), PAIRS)
def test_a_look_noun_heading_an_object_is_the_verb(tool: dict[str, Any], refused: str,
                                                   passing: str, args: dict[str, Any]) -> None:
    call = (tool["function"]["name"], args)
    expect_refused(recover_after(refused, [tool], call), refused, "ungrounded-call")
    expect_recovered(recover_after(passing, [tool], call), passing)


@pytest.mark.parametrize("name", ["file_search", "file_info", "log_search", "log_query", "file",
                                  "log", "file_fetch"])
def test_a_look_noun_before_a_kind_word_stays_a_look(name: str) -> None:
    assert tool_kinds(name) <= {"read", "search", "list", "fetch"}, (name, tool_kinds(name))


def test_a_look_with_a_kind_word_after_the_noun_is_recovered() -> None:
    tool = string_tool("log_search", "", "query")
    expect_recovered(recover_after("Let me check the log.", [tool], ("log_search", {"query": "error"})),
                     "log_search")
