"""Announced checks: "do a quick build check", "run the TypeScript check", "verify the build
passes" announce running a check, a step of kind ``test`` (h85e, issue 25).

A check is named by a noun, not by its program: the head of an announced verb's object is a
check ([check-head]: "check", "validation"; or a [check-noun]: "the tests", "the lint"), or the
object says a check noun passing ([check-noun] then [check-pass]: "the build passes"). Running
it is a step of kind ``test`` (``tsc --noEmit``, ``ruff check``, ``pytest``), whatever program
the call runs for it, so the check named grounds a call whose only step beside looking is a
test, and each command of kind test a shell call runs (``said``, ``names``).

Only that kind: a check named grants no build, install, write or run of another program
("run the build check" + ``npm publish`` or ``tsc && rm -rf dist`` still needs a verb and a
word of its own), and only the head of the object ("check the build logs" reads logs; no check
is run). Not before a colon (``Announcement.forward``), where what is checked may be the markup
itself, as ``verified`` reads it.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from .kindsfile import section
from .observing import OBSERVING
from .preamble import Announcement

__all__ = ["command", "names", "said"]

_TEST = frozenset({"test"})


@cache
def _heads() -> frozenset[str]:
    return section("check-head") | section("check-noun")


def _checks(ann: Announcement) -> bool:
    """The announcement names a check as an announced step's object: its head, or a check
    noun right before a word of its passing."""
    if ann.forward:
        return False
    if any(head.strip("`\"'").casefold() in _heads() for _verb, head in ann.heads):
        return True
    words = [w.casefold() for w in ann.objects]
    passing, nouns = section("check-pass"), section("check-noun")
    return any(a in nouns and b in passing for a, b in pairwise(words))


def said(ann: Announcement) -> frozenset[str]:
    """The kinds an announced check says: ``test`` when the announcement names a check."""
    return _TEST if _checks(ann) else frozenset()


def names(ann: Announcement, kinds: frozenset[str]) -> bool:
    """A call that runs a check and otherwise only looks is the check the announcement names
    (the program that runs it is no word of it: "the TypeScript check" + ``tsc --noEmit``)."""
    return "test" in kinds and kinds <= OBSERVING | _TEST and _checks(ann)


def command(ann: Announcement, kinds: frozenset[str]) -> bool:
    """A command of a shell call that runs a check and nothing else is the check named."""
    return kinds == _TEST and _checks(ann)
