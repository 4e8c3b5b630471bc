"""A count takes a number the text writes as a count (h24f; ``countkeys``, [g-count-lead] of
the lexicon): a number under a count key (``limit``, ``count``, ``retries``) that the text
writes only as another thing's ("ticket 4411", "from 2024", "#4411") is refused; written
before what it counts ("the last 5 issues") or after a count's lead ("top 10", "limit 50")
it passes. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, typed_tool

ISSUES = typed_tool("list_issues", repo="string", limit="integer")
COMMITS = typed_tool("get_commits", branch="string", count="integer")

# (tool, refused preamble, passing preamble, arguments)
PAIRS: list[tuple[dict[str, Any], str, str, dict[str, Any]]] = [
    (ISSUES, "Let me list the issues for ticket 4411.", "Let me list the last 4411 issues.",
     {"repo": "app", "limit": 4411}),
    (ISSUES, "Let me list the open issues from 2024.", "Let me list 2024 open issues.",
     {"repo": "app", "limit": 2024}),
    (ISSUES, "Let me list the issues linked to #12.", "Let me list the top 12 issues.",
     {"repo": "app", "limit": 12}),
    (ISSUES, "Let me list the issues of app 5.", "Let me list the issues of app (limit 5).",
     {"repo": "app", "limit": 5}),
    (COMMITS, "Let me get the commits on branch 20.", "Let me get the last 20 commits on main.",
     {"branch": "main", "count": 20}),
    (ISSUES, "Ich zeige die Issues von Ticket 5.", "Ich zeige die letzten 5 Issues.",
     {"repo": "app", "limit": 5}),
]


@pytest.mark.parametrize(("tool", "refused", "passing", "args"), PAIRS)
def test_a_count_takes_a_number_written_as_a_count(tool: dict[str, Any], refused: str,
                                                    passing: str, args: dict[str, Any]) -> None:
    name = tool["function"]["name"]
    expect_refused(recover_after(refused, [tool], (name, args)), refused, "ungrounded-call")
    expect_recovered(recover_after(passing, [tool], (name, args)), passing)


def test_a_number_the_text_does_not_write_is_not_read() -> None:
    text = "Let me list the issues for ticket 4411."
    expect_recovered(recover_after(text, [ISSUES], ("list_issues", {"repo": "app", "limit": 30})),
                     text)
