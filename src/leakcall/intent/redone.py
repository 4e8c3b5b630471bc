"""A failed step done over (audit W-kind, issue 25): "The second edit failed because it was
looking for the original text. Let me redo with the correct approach:" + an edit.

A verb of doing a step over ([g-redo]: "redo", "retry"; "try" with [g-again]: "try again"),
with no object of its own or a noun of that step ("redo the edit"), takes the step an
observation before it says failed: a noun of a kind of step ("edit", "update", "install")
followed in its clause by a word of failure ([g-failed]: "the second edit failed", "the
install was rejected"). The redo verb then says that noun's kind, as "edit it again" does.
Never a step that cannot be taken back (a deletion, a push, a send, a payment: retried, it
still needs its own verb), nor a failure the redo sentence itself says, nor a noun after
"if" or another word of a condition (read by the grammar's own refusals first)."""

from __future__ import annotations

import re

from .observing import EVERY_NOUN_KINDS, OBSERVING
from .preamble import Announcement
from .tables import tongues_of
from .words import Tongue

__all__ = ["redone"]

_WORD = re.compile(r"[^\W\d_][\w'-]*")
_SENTENCE_END = re.compile(r"(?<![.!?\n])[.!?\n]++(?:\s|$)")

_BETWEEN = frozenset({"has", "had", "was", "were", "have", "is", "also", "just", "again"})
"""Words that may stand between the step's noun and the word of its failure, two at most
("the edit has failed", "the install was rejected", "the update also failed")."""


def _redo_verbs(ann: Announcement, t: Tongue) -> list[str]:
    """The announced verbs of doing a step over: a [g-redo] verb, or "try" beside [g-again]."""
    out = []
    for verb, _kind in ann.verbs:
        v = verb.casefold()
        if t.has(v, "g-redo") or (v in ("try", "tries", "trying") and ann.again):
            out.append(verb)
    return out


def _objectless(ann: Announcement, verbs: list[str], t: Tongue, kind: str) -> bool:
    """Each redo verb has no object, a pronoun object, or a head that is a noun of ``kind``."""
    heads = dict(ann.heads)
    return all(heads.get(v) is None or t.kind_of(heads[v].casefold()) == kind for v in verbs)


def _failed_nouns(text: str, t: Tongue) -> set[str]:
    """The kinds of the nouns an observation says failed ("the second edit failed")."""
    out: set[str] = set()
    words = [w.casefold() for w in _WORD.findall(text)]
    for i, w in enumerate(words):
        kind = t.kind_of(w)
        if kind in (None, "generic") or t.has(w, "g-redo"):
            continue
        j = i + 1
        while j < len(words) and words[j] in _BETWEEN and j - i <= 2:
            j += 1
        if j < len(words) and t.has(words[j], "g-failed"):
            out.add(kind)
    return out


def redone(ann: Announcement, kind: str) -> bool:
    """A redo verb of the announcement takes a step of ``kind`` that an observation before it
    says failed."""
    if kind in EVERY_NOUN_KINDS or kind in OBSERVING:
        return False
    text = ann.text
    for t in tongues_of(ann.tongues):
        if t.name != "en":
            continue  # (the words of failure and of redoing are read in English only)
        verbs = _redo_verbs(ann, t)
        if not verbs or not _objectless(ann, verbs, t, kind):
            continue
        # the observation: the sentences before the last one that says a redo verb
        ends = [m.end() for m in _SENTENCE_END.finditer(text)]
        last = max((i for i, e in enumerate(ends) for v in verbs
                    if v.casefold() in text[e:].casefold()), default=None)
        if last is None:
            continue
        before = text[: ends[last]]
        if kind in _failed_nouns(before, t):
            return True
    return False
