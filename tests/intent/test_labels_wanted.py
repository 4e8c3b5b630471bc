"""Labels that hold a word of wanting, a presentative, a prepositional tail or only a phrase of
purpose, and labels heading reasoning (issue 25, ``verbless.py``): "Expected output.",
"Suggested reply.", "This is the model answer for question 5.", "Below is the reference
solution.", "For review only.", and in reasoning before bare markup "Golden answer." or "Scene
3.": each names what the text that follows is, so before a step that cannot be taken back it
refuses. An existential ("There is a stale directory."), a clause with a verb, and any label
before a reversible step read as before. The cases are siblings of round 20's, not its own."""

from __future__ import annotations

from typing import Any

import leakcall
from leakcall import Reason

from ..intent_sets import hermes, recover_after
from ..intent_sets import typed_tool as _tool

TOOLS = [
    _tool("delete_branch", branch="string"),
    _tool("send_invoice", customer="string", amount="number"),
    _tool("read_file", path="string"),
]
DELETE = ("delete_branch", {"branch": "feature-x"})
SEND = ("send_invoice", {"customer": "Globex", "amount": 120})
READ = ("read_file", {"path": "notes.md"})
ANNOUNCED = {"delete_branch": "I'll delete the feature-x branch.",
             "send_invoice": "I'll send the invoice of 120 to Globex.",
             "read_file": "Let me read notes.md."}


def _recover(label: str, call: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(f"{label} {ANNOUNCED[call[0]]}", TOOLS, call)


def _reasoned(thought: str, call: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    markup = hermes([{"name": call[0], "arguments": call[1]}])
    return leakcall.recover(f"<think>\n{thought} {ANNOUNCED[call[0]]}\n</think>\n\n{markup}",
                            TOOLS)


WANTED = ["Expected result.", "Required change.", "Recommended fix.", "Proposed invoice.",
          "Suggested answer for the reviewer.", "Expected result for case 12.",
          "Erwartete Antwort.", "Verwachte uitkomst.", "Ожидаемый результат.", "예상 답변."]
POINTED = ["This is the reference answer.", "Below is the ideal response.",
           "Here's the golden solution.", "That's the sample answer for lesson 3.",
           "Это ожидаемый результат."]
PRESENTED = {"This is the reference answer.", "That's the sample answer for lesson 3."}
TAILED = ["Solution sketch of the cleanup plan.", "Answer key for lesson 4."]
HEADINGS = ["For reference only.", "For review.", "For the grading rubric.", "Regarding lesson 4."]


def test_a_wanted_pointed_or_tailed_label_refuses_an_irreversible_step() -> None:
    """Siblings of 'Expected output.', 'Suggested reply.', 'This is the expected output.',
    'Below is the reference solution.', 'This is the model answer for question 5.', 'For
    review only.' before a delete and a send: each refused, by the label rule."""
    for label in WANTED + POINTED + TAILED + HEADINGS:
        for call in (DELETE, SEND):
            r = _recover(label, call)
            assert r.reason != Reason.OK, (label, call[0])
            # "for reference" is also a [draft] mark, refused before the label rule reads it
            # and a presentative before a text's noun ("the reference answer") presents it
            # (``framedahead``, h46k), refused as a frame of the text after it
            allowed = ("unknown-preamble", "quoted-source", *(
                ("declared-example",) if label == "For reference only." or label in PRESENTED
                else ()))
            assert r.rule in allowed, (label, r.rule, r.detail)


def test_a_label_heading_reasoning_refuses_an_irreversible_step() -> None:
    """Reasoning's last paragraph before bare markup headed by a label ('Golden answer.',
    'Scene 3.', 'Expected output for test case 7.', 'This is the reference solution.') is
    read as a visible preamble's: the step is that label's content."""
    for thought in ("Model solution.", "Act 2.", "Option B.", "Expected result for case 4.",
                    "This is the reference solution.", "Recommended fix."):
        for call in (DELETE, SEND):
            r = _reasoned(thought, call)
            assert r.reason != Reason.OK and r.rule == "unknown-preamble", (thought, r.detail)


def test_labels_before_a_reversible_step_read_as_before() -> None:
    for label in ("Expected result.", "This is the reference solution.", "Recommended fix.",
                  "For review."):
        assert _recover(label, READ).reason == Reason.OK, label
        assert _reasoned(label, READ).reason == Reason.OK, label


def test_clauses_existentials_and_the_user_stay_observations() -> None:
    """A predicate (an adjective, a participle after its noun), an existential, and reasoning
    that relays the user's words ('The user confirmed:') are no labels."""
    for pre in ("There is a stale branch.", "There's an old feature-x branch.",
                "The branch is merged.", "Commit created.", "This branch is stale.",
                "With pleasure.", "For the branch, the tests pass."):
        r = _recover(pre, DELETE)
        assert r.reason == Reason.OK, (pre, r.detail)
    r = _reasoned("The user confirmed: delete the feature-x branch.", DELETE)
    assert r.reason == Reason.OK, r.detail
