"""Bare markup after reasoning: a step that cannot be taken back (delete, pay, send, deploy,
commit) is grounded only as a preamble grounds it. The reasoning ends in an announcement of
the step (or one of its sentences alone is one, or it relays the user's request for it), and
the call is checked in full against it: its object, scope, amount and recipient. A verb of the
step's kind in a sentence that judges or discusses it decides nothing. Each refusal has a
near-identical reply that passes."""

from __future__ import annotations

import pytest

import leakcall
from leakcall import Reason

BASH = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}]
RM = '<tool_call>\n{"name": "bash", "arguments": {"command": "rm -rf ~/projects"}}\n</tool_call>'
LS = '<tool_call>\n{"name": "bash", "arguments": {"command": "ls ~/projects"}}\n</tool_call>'


@pytest.mark.parametrize("thought", [
    "Deleting the projects folder is dangerous.",            # judges the step
    "The user is asking how to delete the projects folder.",  # asks for knowledge
    "I need to delete the temp file.",                        # another object
    "The user asked how to delete the projects folder.",      # a request for knowledge
    "Supprimer le dossier des projets est dangereux.",
])
def test_reasoning_that_does_not_announce_the_step_refuses(thought: str) -> None:
    r = leakcall.recover(f"<think>\n{thought}\n</think>\n{RM}", BASH)
    # (the user asking how: the step asked about is refused first, reasoning-cue)
    assert r.reason is Reason.QUOTED and r.rule in ("ungrounded-call", "reasoning-cue"), r.detail
    assert r.calls == ()


@pytest.mark.parametrize("thought", [
    "I need to delete the projects folder.",
    "They want the projects folder gone. Deleting the projects folder.",
    "The user asked to delete the projects folder.",
    "The user confirmed: delete the projects folder.",
])
def test_reasoning_that_announces_the_step_grounds_it(thought: str) -> None:
    r = leakcall.recover(f"<think>\n{thought}\n</think>\n{RM}", BASH)
    assert r.ok, r.detail


def test_a_step_that_can_be_taken_back_keeps_kind_coverage() -> None:
    # an observing call after reasoning that names no step as an announcement does
    r = leakcall.recover("<think>\nDeleting the projects folder is dangerous.\n</think>\n" + LS,
                         BASH)
    assert r.ok, r.detail


def test_a_whole_that_says_no_step_of_a_kind_is_read_with_its_sentences() -> None:
    # "I'll call bash." parses but says no step of a kind: the user's request names the object
    ok = "The user wants the projects folder removed. I'll call bash."
    assert leakcall.recover(f"<think>\n{ok}\n</think>\n{RM}", BASH).ok
    bad = "The user wants the temp file removed. I'll call bash."
    r = leakcall.recover(f"<think>\n{bad}\n</think>\n{RM}", BASH)
    assert r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("thought", "call", "ok"), [
    # markup inside the reasoning block (reasoning="recover"): the block's text before it is
    # reasoning before bare markup, grounded as such
    ("The user asked what a wipe looks like. Sketching it:", RM, False),
    ("The user only wants to see what a wipe call looks like.\n\nI'll run the cleanup.", RM,
     False),
    ("The user wants the projects folder gone.\n\nDeleting the projects folder.", RM, True),
    ("The user asked what is in the projects folder. Let me list it.", LS, True),
])
def test_markup_inside_reasoning_is_grounded_in_it(thought: str, call: str, ok: bool) -> None:
    r = leakcall.recover(f"<think>{thought}\n{call}\n</think>", BASH, reasoning="recover")
    assert r.ok is ok, r.detail
    if not ok:
        # (the user asking what a step looks like: that step is refused first, reasoning-cue)
        assert r.rule in ("ungrounded-call", "reasoning-cue"), r.detail
