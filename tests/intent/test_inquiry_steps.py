"""The verbs of a question a check asks ("check whether we need to delete the backup") are
no step the assistant takes: only the check is announced, so a changing call is not grounded
by them (``announcedverbs._verbs``)."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason

from ..intent_sets import recover_after


def _tool(tool_name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool_name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()},
        "required": list(props)}}}


TOOLS = [_tool("delete_backup", name="string"), _tool("get_backup", name="string"),
         _tool("install_package", name="string"), _tool("bash", command="string")]


def _recover(preamble: str, name: str, arguments: dict[str, Any]) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, (name, arguments))


@pytest.mark.parametrize(("preamble", "name", "arguments"), [
    ("Let me check whether we need to delete the backup.", "delete_backup", {"name": "b1"}),
    ("Let me check whether the backup is missing or whether we need to delete the backup.",
     "delete_backup", {"name": "b1"}),
    ("Let me see if I need to install requests.", "install_package", {"name": "requests"}),
    ("Let me use the shell to check whether we need to delete the backup.", "bash",
     {"command": "rm -rf backup"}),
])
def test_a_questions_verb_grounds_no_changing_call(preamble: str, name: str,
                                                   arguments: dict[str, Any]) -> None:
    r = _recover(preamble, name, arguments)
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", (preamble, r.rule, r.detail)


@pytest.mark.parametrize(("preamble", "name", "arguments"), [
    # the check itself is the step: an observing call of what it asks about
    ("Let me check whether the backup exists.", "get_backup", {"name": "b1"}),
    # the same verbs announced outside a question are steps
    ("I'll delete the backup.", "delete_backup", {"name": "b1"}),
    ("Let me install requests.", "install_package", {"name": "requests"}),
])
def test_the_check_and_plain_steps_still_pass(preamble: str, name: str,
                                              arguments: dict[str, Any]) -> None:
    r = _recover(preamble, name, arguments)
    assert r.reason == Reason.OK, (preamble, r.detail)
