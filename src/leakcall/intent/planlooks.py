"""The assistant's plan listed, then a look of its own (issue 25, audit W-long-read).

"To proceed with your request, here is the plan:\\n\\n1. **Upgrade Reservation XEHM4B to
Economy**:\\n   - I will upgrade the cabin class ...\\n2. ...\\n\\nLet me first calculate the
price difference ..." The intro presents a plan ([g-presenter] and a phrase of [g-plan-noun],
"here is the plan", "here's my plan") or labels it ([g-plan-label]: "Next Steps"), after at
most a purpose ("To proceed with your request,": "to" and plain words up to a comma, no word
of a refusing class and no reader), its colon ending its line before the list
(``itemized.fold``'s JOIN). Its items are steps to come: each may announce a step of any kind
("I will upgrade the cabin class"), read with every refusing cue of the grammar, but none is
taken now: an announcing item grounds no call and leaves the list open, so only observing
calls are grounded after it (``Announcement.left``, as ``walkthrough``'s own looks). The
announcement after the list grounds the calls on its own; a list that ends the preamble, a
plan ``plans.find`` reads (its last sentence selects items), a question among the items, an
intro with anything else ("the plan you sent", "Bob's plan", "To fix it yourself,") are read
as before. An intro of what the assistant gathers from the user ("Now I need to collect some
additional information:", ``gathers``) opens such a list too; an item of it that asks ("Would
you like to add travel insurance?") is left open as a question with a sentence after it is
(``askedfirst``), read in ``preamble.announce``."""

from __future__ import annotations

from collections.abc import Sequence

from .itemized import JOIN
from .plans import presented
from .words import Token, Tongue

__all__ = ["asks", "gathers", "intro", "opens", "stepwise"]


def intro(tokens: Sequence[Token], t: Tongue, end: str) -> bool:
    """The sentence ``tokens`` (its terminator ``end``) presents or labels the assistant's plan
    and its colon opens the list on the lines after it (module docstring)."""
    if JOIN not in end or not (":" in end or "\uff1a" in end) or not tokens:
        return False
    k = 0
    if tokens[0].kind == "TO":  # a purpose first: "To proceed with your request,"
        k = next((j for j, x in enumerate(tokens) if x.kind == "COMMA"), 0) + 1
        if k < 3 or any(x.kind.startswith("!") or x.kind == "YOU" for x in tokens[1 : k - 1]):
            return False
    rest = tokens[k:]
    words = " ".join(x.text.casefold() for x in rest)
    return presented(rest, t, True) or (bool(rest) and t.marked(words, "g-plan-label"))


_GATHER_MODS = 3
"""Most determiners and plain words between a verb of gathering and its noun ("some
additional", "a few more")."""


def gathers(tokens: Sequence[Token], t: Tongue, end: str) -> bool:
    """The sentence ``tokens`` (its terminator ``end``) says the assistant gathers what the
    user gives it, and its colon opens the list of it on the lines after it: at most a
    sequencing adverb ("Now"), an opener of no wish or offer, a verb of [g-gather-verb], at
    most three determiners or plain words of no kind, then a noun of [g-gathered] closing it
    ("Now I need to collect some additional information"). Its colon lists what is asked for,
    none of it a step taken now; a preposition, an object of its own or a second verb after it
    ("collect the information from the logs and delete them") is read as before."""
    if JOIN not in end or not (":" in end or "\uff1a" in end):
        return False
    k = 1 if tokens and tokens[0].kind == "ADV" and t.has(tokens[0].text, "g-sequence") else 0
    rest = tokens[k:]
    if len(rest) < 3 or rest[0].kind != "OPENER" or any(
            t.has(rest[0].text, s) for s in ("g-wish", "g-offer")):
        return False
    if rest[1].kind != "OPEN" or not t.marked(rest[1].text, "g-gather-verb"):
        return False
    *mods, noun = rest[2:]
    return len(mods) <= _GATHER_MODS and noun.kind == "OPEN" and t.marked(
        noun.text, "g-gathered") and all(
        x.kind == "DET" or (x.kind == "OPEN" and t.kind_of(x.text) is None) for x in mods)


def stepwise(tokens: Sequence[Token], t: Tongue, end: str) -> bool:
    """The sentence ``tokens`` offers the assistant's help and no step, step by step, and its
    colon opens the list of its steps to come: an opener, a verb of helping ([g-help]), at
    most the addressee, then [g-plan-stepwise] ("I'll assist you step by step:")."""
    if JOIN not in end or not (":" in end or "\uff1a" in end):
        return False
    kinds = [x.kind for x in tokens]
    if kinds not in (["OPENER", "HELP", "ADV"], ["OPENER", "HELP", "YOU", "ADV"]):
        return False
    return t.marked(tokens[-1].text.casefold(), "g-plan-stepwise")


def opens(tokens: Sequence[Token], t: Tongue, end: str) -> bool:
    """The announcement ``tokens`` (its terminator ``end``) opens a list of the assistant's steps
    to come: help step by step (``stepwise``) or what it gathers from the user (``gathers``)."""
    return stepwise(tokens, t, end) or gathers(tokens, t, end)


def asks(end: str) -> bool:
    """An item of such a list ends with a question mark ("Would you like to add travel
    insurance for $30?"): it asks what the plan gathers, and waits for its answer as a question
    with a sentence after it does (``askedfirst``); the list goes on after it."""
    return "?" in end or "\uff1f" in end
