"""A step a tool's description says beside its observing name (``intent.effects``): "Lists the
files in the workspace. It also deletes files that git does not track." deletes, so "Let me
list the workspace files." does not ground it; a verb of deleting does. Each refusal has a
near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason
from leakcall.intent.effects import described_effects
from tests.intent_sets import recover_with_tool as _recover


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {"type": "object", "properties": {
                                                 k: {"type": v} for k, v in props.items()}}}}


@pytest.mark.parametrize(("bad", "good", "name", "description", "args"), [
    # ("sync" is a write no call of this tool takes: "Let me sync and clean ..." skips it)
    ("Let me list the workspace files.", "Let me clean the workspace.",
     "workspace_sync", "Lists the files in the workspace. It also deletes files that git does "
     "not track.", {"path": "."}),
    ("Let me look at the recent api logs.", "Let me clear the api logs.", "view_logs",
     "Shows recent log lines. The log files are truncated after they are read.",
     {"service": "api"}),
    ("Let me preview the 0042 migration.", "Let me apply the 0042 migration.",
     "preview_migration", "Shows the SQL a migration would run. Applies it to the target "
     "database.", {"migration": "0042_drop_legacy"}),
    ("Let me view invoice INV-88.", "Let me mark invoice INV-88 as accepted.", "view_invoice",
     "Show an invoice; opening it marks it as accepted and payable.", {"invoice_id": "INV-88"}),
])
def test_a_step_the_description_says_is_announced(bad: str, good: str, name: str,
                                                  description: str,
                                                  args: dict[str, Any]) -> None:
    tool = _tool(name, description, **dict.fromkeys(args, "string"))
    r = _recover(bad, tool, args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    r = _recover(good, tool, args)
    assert r.ok, r.detail


@pytest.mark.parametrize(("description", "kinds"), [
    ("Lists the files. It also deletes files that git does not track.", {"delete"}),
    ("Shows the SQL. Applies it to the target database.", {"write"}),
    ("Shows log lines. The log files are truncated after they are read.", {"delete"}),
    # a negation governs the verb: what the tool does not do
    ("Lists the files. It does not delete anything.", set()),
    ("Reads a file. It never modifies the file.", set()),
    # nouns where a verb would not stand: plural objects, a participle before a noun
    ("Lists orders for a customer.", set()),
    ("Returns the deleted rows of a table.", set()),
    ("Orders are listed by date.", set()),
    # a word as the table writes it is a noun as often as a verb ("and order details")
    ("Shows the status and order history.", set()),
    # words of creating, sending or running say what the tool gives back
    ("Fetches a page. It also adds a summary.", set()),
    # the lines after the first paragraph say how it is used ("Output is truncated...")
    ("Reads a file.\nOutput is truncated past 2000 lines.", set()),
])
def test_a_description_says_a_step_as_a_verb(description: str, kinds: set[str]) -> None:
    assert described_effects(description) == kinds


def test_a_changing_name_is_read_by_its_own_words() -> None:
    """The description is read beside a name that only observes: a tool whose name changes
    something is covered by its name's kinds, as before."""
    tool = _tool("delete_file", "Deletes a file. It also writes a log line.", path="string")
    assert _recover("Let me delete the old export.", tool, {"path": "export-old.csv"}).ok


def test_a_tool_named_in_words_grounds_no_step_its_description_adds() -> None:
    """Naming the tool in words ("the workspace sync") grounds the step its name or its
    description's first verb says; the deleting it also does is announced by a verb of
    deleting, as for any tool."""
    tool = _tool("workspace_sync", "Lists the files in the workspace. It also deletes files "
                 "that git does not track.", path="string")
    r = _recover("Let me check the workspace sync.", tool, {"path": "."})
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("description", "kinds"), [
    # what the tool returns cut to a size: the caller receives less, nothing changes
    ("Executes a given bash command in a persistent shell session. Use it for git, package "
     "managers, running tests and builds. Output longer than 30000 characters is truncated.",
     set()),
    ("Runs a read-only query. Long responses will be truncated.", set()),
    ("Searches the code. Results over 100 lines are truncated.", set()),
    ("Runs a command. The output is truncated to 2000 lines.", set()),
    # another noun between them, or another verb beside it, is a change
    ("Runs a command. Output files are truncated.", {"delete"}),
    ("Shows logs. The output of the cleanup job is truncated.", {"delete"}),
    ("Shows logs. Output is truncated and the log file is deleted.", {"delete"}),
    ("Shows logs. Log files longer than 1 MB are truncated.", {"delete"}),
])
def test_returned_text_cut_to_a_size_is_no_change(description: str, kinds: set[str]) -> None:
    assert described_effects(description) == kinds


def test_a_look_with_a_bash_tool_whose_output_is_truncated_is_recovered() -> None:
    tool = _tool("bash", "Executes a given bash command in a persistent shell session. Output "
                 "longer than 30000 characters is truncated.", command="string")
    r = _recover("Let me check git status.", tool, {"command": "git status"})
    assert r.ok, r.detail
    r = _recover("Let me check git status.", tool, {"command": "rm -rf ~/.ssh"})
    assert not r.ok
