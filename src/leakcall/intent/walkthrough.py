"""A walk-through's steps listed after its colon (issue 25, audit W-long-read).

"Let's go through some troubleshooting steps to resolve this issue:\\n\\n1. **Check Airplane
Mode**: Make sure ...\\n2. ...\\n\\nLet's start by checking the status of Airplane Mode." The
intro says no step the calls take: it presents the list that follows, as "Here are some
troubleshooting steps to resolve this issue:" does, and its items are the steps it goes over
(often the reader's: "Make sure mobile data is turned on"). Read as ``lookedlist`` reads a
look's findings: the items are an observation's list (``itemized``: an item that parses as an
announcement refuses), the intro grounds no call, and an announcement must follow the list
and ground the calls on its own.

The intro is closed: adverbs, an opener, a [g-walk-through] verb and its preposition ("go
through"), one or two determiners of the speaker's ("the", "some", "a few"; no possessive
but [g-presented-det], no demonstrative, no universal), at most two plain modifiers of no kind
of step
("troubleshooting", "following"), a [g-walked-noun] ("steps") and, optionally, a purpose
("to" and the rest of the sentence, screened as every announcement's words are); its colon
ends its line before the list (``itemized.fold``'s JOIN). A reader ("walk you through"), a
named object ("go through the logs:"), a list that ends the preamble (a plan's, ``plans``) and
an intro ``plans.find`` reads as a plan's (its last sentence selects items) are read as
before.

An item of the list that announces a look of its own ("**Network Technology**: MMS requires at
least a 3G network connection. Let's check your network status ...", ``looks_only``: each verb
finds out or observes, no word of another kind) is one of the steps gone through, the
assistant's: it grounds no call, and it leaves the list open, so only observing calls are
grounded after it (``Announcement.left``). Any other announcing item refuses, as in an
observation's list."""

from __future__ import annotations

from collections.abc import Sequence

from .itemized import JOIN
from .lookedlist import _finds
from .observing import OBSERVING
from .words import Token, Tongue

__all__ = ["looks_only", "presents"]

_MODIFIERS = 2
"""The most words between the determiner and the noun of steps ("troubleshooting")."""


def presents(tokens: Sequence[Token], t: Tongue, end: str) -> bool:
    """The announcement ``tokens`` (its terminator ``end``) goes through the steps its colon
    lists (module docstring)."""
    if JOIN not in end or not (":" in end or "\uff1a" in end):
        return False
    k = 0
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if k + 3 >= len(tokens) or tokens[k].kind != "OPENER" or not t.marked(
            f"{tokens[k + 1].text} {tokens[k + 2].text}".casefold(), "g-walk-through"):
        return False
    k += 3
    dets = k
    while k < len(tokens) and k - dets < 2 and _own_det(tokens[k], t):
        k += 1
    if k == dets:
        return False  # "go through logs:", "your steps", "these steps" name whose they are
    mods = k
    while k < len(tokens) and not t.marked(tokens[k].text.casefold(), "g-walked-noun"):
        if tokens[k].kind != "OPEN" or not tokens[k].text.isalpha() or t.kind_of(
                tokens[k].text) is not None or k - mods >= _MODIFIERS:
            return False
        k += 1
    return k < len(tokens) and (k + 1 == len(tokens) or tokens[k + 1].kind == "TO")


def _own_det(x: Token, t: Tongue) -> bool:
    """A determiner that leaves the steps the speaker's ("the", "some", "a few"): no other
    definite one ("your", "their", "these" point at someone's), no universal ("every")."""
    w = x.text.casefold()
    return x.kind == "DET" and (t.marked(w, "g-presented-det") or not t.has(w, "g-definite")) \
        and not t.has(w, "g-universal")


def looks_only(tokens: Sequence[Token], t: Tongue, verbs: Sequence[tuple[str, str | None]]) -> bool:
    """An item's announcement only looks: each verb finds out ("check", ``lookedlist``) or is
    of an observing kind ("ensure" reads), and no word of the item is of another kind."""
    if any(t.kind_of(x.text) not in (None, "generic", "test", *OBSERVING)
           for x in tokens if x.kind == "OPEN"):
        return False
    return bool(verbs) and all(k in OBSERVING or _finds(v, k, t) for v, k in verbs)
