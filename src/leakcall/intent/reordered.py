"""Steps taken in another order than announced (issue 25, round 59, gap 5).

``binding.skipped`` refuses calls that take an announced step that cannot be taken back
(``observing.EVERY_NOUN_KINDS``: a deletion, a send, a payment, a deploy, a commit) and skip a
step announced before it. ``reordered`` reads the same steps for their order: "I'll read `a.txt`
and then delete it." + ``delete_file`` then ``read_file`` takes both, but the step that cannot
be taken back first, so the earlier step acts on what the later one already changed (a read of a
deleted file, a backup after the drop). Only steps on one object are compared: the later step's
object a pronoun ("delete it"), left out, or the earlier step's own nouns; steps on objects of
their own ("read the config and delete the temp cache") may come in any order. Every call that
takes an earlier step (its kind or a kind it covers; an observing or a generic step, "check", by
any call that only observes) coming after the first call of the later step refuses; one call
taking both ("cat a.txt && rm a.txt") keeps the order. A step of no known kind or a light verb
([g-perform]) is not compared, as in ``skipped``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .observing import EVERY_NOUN_KINDS, OBSERVING
from .preamble import Announcement
from .tables import tongues_of
from .words import covers

__all__ = ["reordered"]


def _takes(kind: str, kinds: frozenset[str]) -> bool:
    """A call of ``kinds`` takes a step of ``kind``: its kind or one it covers; an observing
    step (or a generic one: "check", "verify") by any call that only observes."""
    if kind == "generic" or kind in OBSERVING:
        return bool(kinds) and kinds <= OBSERVING
    return any(covers({kind}, c) for c in kinds)


def reordered(ann: Announcement, kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why the calls take an announced step that cannot be taken back before a step announced
    ahead of it, or None (module docstring)."""
    steps = ann.steps
    ts = tongues_of(ann.tongues)
    for j, (verb, kind, own, pron) in enumerate(steps):
        if not j or kind in (None, "generic") or kind not in EVERY_NOUN_KINDS:
            continue
        first = next((i for i, ks in enumerate(kinds_of)
                      if any(covers({kind}, c) for c in ks & EVERY_NOUN_KINDS)), None)
        if first is None:
            continue
        for early, ekind, eown, _ep in steps[:j]:
            if own and not pron and set(own) != set(eown):
                continue  # another object ("read the config and delete the cache"): any order
            if ekind is None or ekind == kind or any(
                    t.has(early.casefold(), "g-perform") for t in ts):
                continue
            taken = [i for i, ks in enumerate(kinds_of) if _takes(ekind, ks)]
            if taken and min(taken) > first:
                return (f"the announcement says {early!r} before {verb!r}, and the calls take "
                        f"{verb!r}, which cannot be taken back, first")
    return None
