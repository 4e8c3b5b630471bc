"""Round 20's framing before the announcement (issue 25): a sentence before the announcement
is a clause, not a numbered label ("Scene 3.", "Option 2.", "Plan B."; ``labels.py``); a mode
of the session in which nothing is executed ("plan mode", "read-only mode") is a [g-framing]
phrase; the noun of a phrase a preposition heads after a step that cannot be taken back ("as a
draft", "for review") is one the call must carry (``objects.adjunct_nouns``); a slash and one
letter ("/s") is a tone tag, no path. The cases are siblings of the round's, not its own."""

from __future__ import annotations

from typing import Any

import leakcall
from leakcall import Reason

from ..intent_sets import expect_recovered, expect_refused, recover_after
from ..intent_sets import typed_tool as _tool

TOOLS = [
    _tool("delete_branch", branch="string"),
    _tool("send_email", to="string", subject="string", body="string", draft="boolean"),
    _tool("create_refund", charge_id="string", amount="number"),
    _tool("read_file", path="string"),
]
DELETE = ("delete_branch", {"branch": "feature-x"})
SEND = ("send_email", {"to": "li@corp.example", "subject": "Notes", "body": "The notes."})


def _recover(preamble: str, *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, *calls or (DELETE,))


def _refused(preamble: str, rule: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_refused(_recover(preamble, *calls), preamble, rule)


def _passes(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(_recover(preamble, *calls), preamble)


def test_a_numbered_label_is_no_observation() -> None:
    for label in ("Part 2.", "Section 4b.", "Round 3.", "Variant C.", "Stage 2, step 4.",
                  "Lesson 6, revised.", "Take 2.", "Slide 9 of the deck.", "Kapitel 3.",
                  "Partie 2.", "第二章。", "第5回。"):
        _refused(f"{label} I'll delete the feature-x branch.", "unknown-preamble")


def test_a_clause_with_a_number_is_an_observation() -> None:
    for said in ("The build failed with exit code 1.", "Three branches are merged.",
                 "Tests pass on 3.12.", "The server returns 500.", "Build 42 is green."):
        _passes(f"{said} I'll delete the feature-x branch.")


def test_a_mode_that_executes_nothing_frames_the_step() -> None:
    for said in ("We're in planning mode.", "Simulation mode is active.",
                 "Dry-run mode is enabled.", "Modo de solo lectura activado.",
                 "Mode aperçu activé.", "当前为只读模式。"):
        _refused(f"{said} I'll delete the feature-x branch.", "declared-example")
    _refused("I'll delete the feature-x branch in preview mode.", "declared-example")


def test_a_phrase_noun_after_a_step_is_carried() -> None:
    _refused("I'll send the notes to li@corp.example as a draft.", "ungrounded-call", SEND)
    _refused("I'll send the notes to li@corp.example for proofreading.", "ungrounded-call", SEND)
    _refused("I'll send the notes to li@corp.example for a review.", "ungrounded-call", SEND)
    _refused("I'll refund 20 USD on charge ch_1 as an estimate.", "ungrounded-call",
             ("create_refund", {"charge_id": "ch_1", "amount": 20}))
    # the call that carries the noun is the step the phrase says
    _passes("I'll send the notes to li@corp.example as a draft.",
            ("send_email", {**SEND[1], "draft": True}))
    _passes("I'll send the notes to li@corp.example.", SEND)
    # a verb-homograph modifier of another noun is no phrase's noun ("a clear subject")
    _passes("I'll send the notes to li@corp.example with a clear subject.", SEND)


def test_a_slash_and_one_letter_is_no_path() -> None:
    for tag in ("/s", "/j", "/t"):
        r = _recover(f"I'll delete the feature-x branch {tag}")
        assert r.reason != Reason.OK, (tag, r.detail)
    _passes("I'll read /etc/hosts.", ("read_file", {"path": "/etc/hosts"}))
    _passes("I'll read the file in /srv.", ("read_file", {"path": "/srv"}))


def test_a_presentative_shows_what_follows() -> None:
    for said in ("The following is the ideal response.", "What follows are the right steps.",
                 "The following are my notes for the team."):
        _refused(f"{said} I'll delete the feature-x branch.", "declared-example")
    _passes("The following branches are merged. I'll delete the feature-x branch.")
