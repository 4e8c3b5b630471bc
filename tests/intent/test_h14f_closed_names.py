"""Three acceptances the mutation helper found (h14f), each refused beside a near-identical
reply that recovers:

- a shell write's target is named by a word of the object, never by the step's verb ("run",
  "save"), and a script, module or executable ([program-file-ext]) only when the text writes
  it (``shellwrites``);
- names the announcement writes in code spans are a closed list under any key, and a written
  folder that holds the written files (`` `a.log` and `b.log` in `tmp/` ``) is their place,
  no item of its own (``listsexact._extra_item``);
- a part every written name holds ("ui" of `ui-old` and `ui-new`) tells none apart: the
  step's other word ("old") picks the thing (``roles._pieced``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

SHELL = [string_tool("run_command", "Run a shell command.", "command")]
RUN_SAVE = "Let me run the tests and save the output to the build log."


def _list_tool(tool: str, key: str) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {"name": tool, "parameters": {
        "type": "object", "properties": {key: {"type": "array", "items": {"type": "string"}}}}}}]


@pytest.mark.parametrize(("preamble", "own", "other"), [
    (RUN_SAVE, "pytest -q > build.log", "pytest -q > run.sh"),
    (RUN_SAVE, "pytest -q > build.log", "pytest -q > save.sh"),
    (RUN_SAVE, "pytest -q > tests.log", "pytest -q > tests.py"),
    (RUN_SAVE, "pytest -q | tee build.log", "pytest -q | tee run.sh"),
    # the verb alone names no file, whatever its extension
    (RUN_SAVE, "pytest -q > build.txt", "pytest -q > save.txt"),
    # a script the text writes is named
    ("Let me run the tests and save the output to `run.sh`.", "pytest -q > run.sh",
     "pytest -q > save.sh"),
])
def test_shell_write_named_by_the_object_not_the_verb(preamble: str, own: str,
                                                      other: str) -> None:
    expect_recovered(recover_after(preamble, SHELL, ("run_command", {"command": own})), own)
    bad = recover_after(preamble, SHELL, ("run_command", {"command": other}))
    expect_refused(bad, other, "ungrounded-call")
    assert "by the shell" in str(bad.detail), bad.detail


@pytest.mark.parametrize(("preamble", "tool", "key", "own", "extra"), [
    ("I'll archive `report-q1` and `report-q2`.", "archive_reports", "items",
     ["report-q1", "report-q2"], "payroll"),
    ("I'll delete the branches `feat-a` and `feat-b`.", "delete_branches", "names",
     ["feat-a", "feat-b"], "main"),
    ("I'll delete `a.log` and `b.log` in `tmp/`.", "delete_files", "paths",
     ["tmp/a.log", "tmp/b.log"], "tmp/c.log"),
    ("I'll delete `a.log` and `b.log` in `tmp/`.", "delete_files", "paths",
     ["tmp/a.log", "tmp/b.log"], "tmp/"),
])
def test_code_spans_are_a_closed_list(preamble: str, tool: str, key: str, own: list[str],
                                      extra: str) -> None:
    tools = _list_tool(tool, key)
    expect_recovered(recover_after(preamble, tools, (tool, {key: own})), own)
    bad = recover_after(preamble, tools, (tool, {key: [*own, extra]}))
    expect_refused(bad, extra, "ungrounded-call")
    assert "the call's list carries" in str(bad.detail), bad.detail


def test_a_written_folder_alone_grounds_its_files() -> None:
    """A folder that holds no file another written name names is no place of the list: "the
    logs in `logs/`" + its files is recovered."""
    tools = _list_tool("delete_files", "paths")
    got = recover_after("I'll delete the old logs in `logs/`.", tools,
                        ("delete_files", {"paths": ["logs/a.log", "logs/b.log"]}))
    expect_recovered(got, "logs/")


@pytest.mark.parametrize(("preamble", "tool", "key", "own", "other"), [
    ("`ui-old` and `ui-new`. Let me delete the old ui branch.", "delete_branch", "branch",
     "ui-old", "ui-new"),
    ("Two containers are running, `web-old` and `web-new`. Let me remove the old web "
     "container.", "remove_container", "name", "web-old", "web-new"),
])
def test_a_shared_part_tells_no_name_apart(preamble: str, tool: str, key: str, own: str,
                                           other: str) -> None:
    tools = [string_tool(tool, f"{tool.replace('_', ' ').capitalize()}.", key)]
    expect_recovered(recover_after(preamble, tools, (tool, {key: own})), own)
    bad = recover_after(preamble, tools, (tool, {key: other}))
    expect_refused(bad, other, "ungrounded-call")
    assert "describes what the observation before it says of" in str(bad.detail), bad.detail


def test_a_bare_word_is_no_name_to_tell_apart() -> None:
    """The observation's bare word ("the poem") beside a written name is no second name: the
    step's object holding both words picks neither (c-langgraph-117's shape)."""
    tools = [string_tool("write_document", "Create and save a text document.", "content",
                         "file_name")]
    got = recover_after("The outline for the poem has been saved as \"poem_outline.txt\". Now, "
                        "I'll write the poem based on this outline and save it to disk.", tools,
                        ("write_document", {"content": "Soft fur.", "file_name": "poem.txt"}))
    expect_recovered(got, "poem.txt")
