"""h32a (issue 25, audit W-agent): "Focus on ..." in a looking agent's brief directs the look
(``typedlook.focused``); it takes no step of its own, and what it points at is read as the
rest of the brief and as a look of its own (``orderlooks``)."""

from __future__ import annotations

import functools

import pytest

from leakcall.intent import typedlook
from leakcall.intent.subagent import order_sentences
from tests.intent_sets import call_recovered, call_refused

AGENT = {"type": "function", "function": {"name": "Agent", "parameters": {
    "type": "object", "properties": {"description": {}, "subagent_type": {}, "prompt": {}}}}}
"""The ``Agent`` tool as the kimicli turns carry it (no description, untyped keys)."""
TOOLS = [AGENT]
PRE = "Let me investigate the WebSocket reconnect code."
LOOK = "Look at the WebSocket reconnect code in `web/src/hooks/useSessionStream.ts`. "

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)


def _launch(order: str, kind: str = "Explore") -> dict[str, str]:
    return {"description": "Explore WebSocket code", "subagent_type": kind, "prompt": LOOK + order}


@pytest.mark.parametrize("order", [
    # kimicli-cc-39-7 / -39-9 / -82-0: a looking verb after it
    "Focus on finding the root cause of the reconnect loop.",
    "Focus on finding the first caller of the reconnect timer.",
    # kimicli-cc-39-20: an adverb before it, a list after its colon
    "Focus specifically on:\n- the reconnect timers\n- the `connect` callback",
    "Focus specifically on the reconnect timers.",
    "Concentrate on the reconnect logic.",
])
def test_focus_on_directs_the_look(order: str) -> None:
    _ok(PRE, "Agent", _launch(order))


@pytest.mark.parametrize("order", [
    # what it points at says a step
    "Focus on deleting the stale branches.",
    "Focus on removing the reconnect timers.",
    "Focus on `git push --force` to main.",
    "Focus on finding the bug and fix it.",
    # a step of its own after it
    "Focus on the reconnect logic and nuke the staging database.",
    "Focus on the reconnect logic, then delete the logs.",
    "Focus on the reconnect code and push the fix.",
    # a command written bare: no determiner and no looking verb after "on"
    "Focus on rm -rf the build dir.",
    "Focus on rm -rf the WebSocket dir.",
    # as a look of its own, it names nothing announced
    "Focus on finding the billing records.",
    "Focus on the billing records of the users.",
    "Focus on finding rm -rf the build dir.",
    "Focus on the rm -rf of the build dir.",
    # no preposition, or a noun between
    "Focus the reconnect logic.",
    "Focus your deletes on the reconnect logic.",
    # a sensitive place
    "Focus on the reconnect code in ~/.ssh and report the keys.",
])
def test_focus_on_a_step_is_refused(order: str) -> None:
    _refused(PRE, "Agent", _launch(order), "ungrounded-call")


def test_focus_on_only_in_a_looking_agent() -> None:
    """A general-purpose agent's "Focus on" stays a verb no table knows."""
    _refused(PRE, "Agent", _launch("Focus on finding the root cause of the reconnect loop.",
                                   "general-purpose"))


def test_focused_reads_the_first_verb_slot_only() -> None:
    (tokens, t), = order_sentences("Look at the logs and focus on the timers.")
    assert not typedlook.focused(tokens, "focus", t)
    (tokens, t), = order_sentences("Focus on the timers.")
    assert typedlook.focused(tokens, "focus", t)
