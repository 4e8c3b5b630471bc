"""Announced checks: "do a quick build check", "run the TypeScript check" announce running a
check, a step of kind ``test`` (h85e, issue 25).

A check is named by a noun, not by its program: the head of an announced verb's object is a
check as a whole ([check-head]: "check", "validation", "comprobación"), and the verb runs it
(of kind run or test, or a light verb of no kind: "do", "perform"). Running it is a step of
kind ``test`` (``tsc --noEmit``, ``ruff check``), whatever program the call runs for it, so
the check named grounds a call whose only step beside looking is a test, and each command of
kind test a shell call runs (``said``, ``names``, ``command``).

Only that kind: a check named grants no build, install, write or run of another program
("run the build check" + ``npm publish`` or ``tsc && rm -rf dist`` still needs a verb and a
word of its own). Only the head of the object ("run the build" names a build, no check; "check
the build logs" reads logs), and no verb of finding out ("check the tests" may read them;
``verified`` reads "check that the tests pass"). Not before a colon
(``Announcement.forward``), where what is checked may be the markup itself.
"""

from __future__ import annotations

from functools import cache

from .kindsfile import in_class, section
from .observing import OBSERVING
from .preamble import Announcement
from .tables import tongues_of

__all__ = ["command", "names", "said"]

_TEST = frozenset({"test"})
_RUNNING = frozenset({"run", "test", "generic"})
"""Kinds of a verb that runs a check it names: run, test, or a light verb of no kind."""


@cache
def _heads() -> frozenset[str]:
    return section("check-head")


def _inquiry(verb: str, ann: Announcement) -> bool:
    """The verb finds something out ([g-inquiry-verb]: "check", "look at")."""
    v = verb.casefold()
    return any(v.startswith(w) for t in tongues_of(ann.tongues) for w in t.inquiry_verbs)


def _checks(ann: Announcement) -> bool:
    """The announcement runs a check it names as an announced step's object's head."""
    if ann.forward:
        return False
    kinds = dict(ann.verbs)
    return any(head.strip("`\"'").casefold() in _heads() and kinds.get(verb) in _RUNNING
               and not _inquiry(verb, ann) for verb, head in ann.heads) or _tested(ann)


def _tested(ann: Announcement) -> bool:
    """A verb of kind test ("verify", "test") whose object's head is what a check runs on
    ([check-noun]: "test the build", "verify the tests"), or its passing ([check-pass]) with
    such a noun among the object's words ("verify the build passes"): the check of that
    thing, run."""
    kinds = dict(ann.verbs)
    nouns, passing = section("check-noun"), section("check-pass")
    said = [o.strip("`\"'").casefold() for o in ann.objects]
    for verb, head in ann.heads:
        h = head.strip("`\"'").casefold()
        if kinds.get(verb) == "test" and (in_class(h, nouns) or (
                h in passing and any(in_class(w, nouns) for w in said))):
            return True
    return False


def said(ann: Announcement) -> frozenset[str]:
    """The kinds an announced check says: ``test`` when the announcement runs a check."""
    return _TEST if _checks(ann) else frozenset()


def names(ann: Announcement, kinds: frozenset[str]) -> bool:
    """A call that runs a check and otherwise only looks is the check the announcement names
    (the program that runs it is no word of it: "the TypeScript check" + ``tsc --noEmit``)."""
    return "test" in kinds and kinds <= OBSERVING | _TEST and _checks(ann)


def command(ann: Announcement, kinds: frozenset[str]) -> bool:
    """A command of a shell call that runs a check and nothing else is the check named."""
    return kinds == _TEST and _checks(ann)
