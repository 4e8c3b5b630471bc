"""A hyphenated verb's first words name a switch of its step (issue 25, ``values``):
"force-push" pushes with ``force: true``. Only the verb's own words: the step without them
("push"), or another switch, stays refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason

TOOLS = [{"type": "function", "function": {"name": "git_push", "parameters": {
    "type": "object", "properties": {"remote": {"type": "string"}, "branch": {"type": "string"},
                                     "force": {"type": "boolean"},
                                     "no_verify": {"type": "boolean"}}}}}]


def _recover(text: str, **args: Any) -> leakcall.Recovery:
    call = "<tool_call>\n" + json.dumps({"name": "git_push", "arguments": args}) + "\n</tool_call>"
    return leakcall.recover(text + "\n\n" + call, TOOLS)


def test_force_push_names_the_force_switch() -> None:
    r = _recover("Let me force-push the rebased feature/payments branch.", remote="origin",
                 branch="feature/payments", force=True)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "args"), [
    ("Let me push the rebased feature/payments branch.", {"force": True}),
    ("Let me force-push the rebased feature/payments branch.", {"force": True,
                                                                 "no_verify": True}),
    ("Let me force-push the rebased feature/payments branch.", {"no_verify": True}),
])
def test_a_switch_no_verb_word_names_stays_refused(text: str, args: dict[str, Any]) -> None:
    r = _recover(text, remote="origin", branch="feature/payments", **args)
    assert r.reason is Reason.QUOTED, r.detail
