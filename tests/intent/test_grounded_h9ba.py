"""Real calls refused as ungrounded (h9Ba, issue 25, rule ``ungrounded-call``): each rule a
recovered case beside a near-identical refused twin.

- ``riders``: a setting is named by the announcement's words or a whole code token, never by
  the pieces of a longer identifier ("use `_build_headline_text`" names no ``text``), and the
  keyword arguments of a method call on a named name are its details
  (``url_hint.append(x, style="grey50")``);
- ``checked``: a verb of kind test whose object is a check's noun runs that check ("verify
  the build passes" + ``tsc --noEmit``);
- kinds.txt: ``printf`` only prints (its ``-v`` sets a shell variable: it runs); the test
  concept names a reproduction script ("test our fix" + ``python reproduce_issue.py``);
- ``kinds``: a tool of no description whose name is the reply itself ([reply-noun]:
  ``structured_output``) computes, unless it takes a parameter of a step that acts."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import keyed_tool, recover_after

EDIT = keyed_tool("edit_file", "path", "old_string", "new_string")
BASH = keyed_tool("bash", "command")

_OLD = "    def _compose(self):\n        lines = [self._headline()]\n"
_NEW = "    def _compose(self):\n        lines = [self._build_headline_text()]\n"


def _edit(new: str) -> tuple[str, dict[str, Any]]:
    return ("edit_file", {"path": "ui/view.py", "old_string": _OLD, "new_string": _NEW + new})


def _added(new: str) -> tuple[str, dict[str, Any]]:
    return ("edit_file", {"path": "ui/view.py", "old_string": _OLD, "new_string": _OLD + new})


# (preamble, call recovered, preamble or call of the refused twin)
PIECES = [
    # a name said only as a piece of a longer identifier is no setting the text names
    ("Now update `_compose` to use `_build_headline_text`:",
     "Now update the `text` in `_compose`:",
     "        text = Text()\n        verbose = True\n"),
    ("Now let me update `_compose` to use `_build_headline_text` for the subagent calls:",
     "Now let me update `_compose` to set the `sub_text` for the subagent calls:",
     "        sub_text = Text()\n        retries = 5\n"),
]


@pytest.mark.parametrize(("preamble", "twin", "new"), PIECES)
def test_a_piece_of_an_identifier_names_no_setting(preamble: str, twin: str, new: str) -> None:
    assert recover_after(preamble, [EDIT], _edit(new)).reason == "ok"
    r = recover_after(twin, [EDIT], _edit(new))
    assert r.reason != "ok" and "a setting it does not say" in r.detail


def test_a_method_call_on_the_named_name_is_its_detail() -> None:
    preamble = "Now let me add the URL hint line to `_compose`:"
    ok = "        url_hint = Text()\n        url_hint.append(url, style=\"grey50\")\n"
    rider = "        url_hint = Text()\n        lines.append(url, style=\"grey50\")\n"
    assert recover_after(preamble, [EDIT], _added(ok)).reason == "ok"
    r = recover_after(preamble, [EDIT], _added(rider))
    assert r.reason != "ok" and "'style'" in r.detail


def _bash(command: str) -> tuple[str, dict[str, Any]]:
    return ("bash", {"command": command})


COMMANDS = [
    ("Creating test.txt with exact content using printf redirection.",
     "printf 'hello bash' > /tmp/work/test.txt",
     "printf -v PATH '/tmp/work' > /tmp/work/test.txt"),
    ("Now let's test our fix:",
     "cd /testbed && python reproduce_issue.py",
     "cd /testbed && python migrate_issue.py"),
    ("Now let me verify the build passes.",
     "cd /repo/web && npx tsc --noEmit --pretty 2>&1 | head -30",
     "cd /repo/web && npx tsc --noEmit --pretty 2>&1 | head -30 && npm publish"),
]


@pytest.mark.parametrize(("preamble", "command", "twin"), COMMANDS)
def test_a_command_the_announcement_says(preamble: str, command: str, twin: str) -> None:
    assert recover_after(preamble, [BASH], _bash(command)).reason == "ok"
    assert recover_after(preamble, [BASH], _bash(twin)).rule == "ungrounded-call"


def test_a_test_verb_runs_only_a_check_nouns_check() -> None:
    command = _bash("cd /repo/web && npx tsc --noEmit --pretty 2>&1 | head -30")
    assert recover_after("Now let me verify the build passes.", [BASH], command).reason == "ok"
    r = recover_after("Now let me verify the budget passes.", [BASH], command)
    assert r.rule == "ungrounded-call"


REPLY = "I'll research AI safety using both internal and external sources."
FINDINGS = {"findings": "AI safety is a field focused on aligned, robust systems."}


@pytest.mark.parametrize("name", ["structured_output", "output_structured_data"])
def test_a_tool_named_as_the_reply_computes(name: str) -> None:
    assert recover_after(REPLY, [keyed_tool(name, "findings")], (name, FINDINGS)).reason == "ok"
    # a parameter of a step that acts: the name is no answer
    r = recover_after(REPLY, [keyed_tool(name, "findings", "recipient")], (name, FINDINGS))
    assert r.rule == "ungrounded-call"
    # a name saying more than the reply stays of unknown kind
    other = name + "_sink"
    r = recover_after(REPLY, [keyed_tool(other, "findings")], (other, FINDINGS))
    assert r.rule == "ungrounded-call"
