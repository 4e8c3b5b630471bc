"""A description that opens with a noun phrase naming the tool (h46w, issue 25).

"A search engine optimized for comprehensive, accurate, and trusted results." and "Local
search tool #1 for concurrency testing." open with no verb: they say what the tool is, a
thing whose head is a word for a tool ([tool-noun] in kinds.txt: "tool", "engine", "API"),
and the words before that head say what it does ("search"). Such a phrase names the tool's
kinds as a lead verb would: the kinds of those words, read as the kind table reads a
description's words. Every other word of the first sentence that names a changing step, in
any of its English forms ("deletes", "deleting", "deleted"), adds its kind too, so "A search
engine that purges stale entries" is no search alone (a word of running, testing or
navigating there is mostly a noun, "for concurrency testing", as ``kinds.description_kinds``
reads it). A phrase of no word the table knows
("A malformed tool", "Smart-home door actuator") names no kind: the tool stays of unknown
kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from .kindsfile import _kinds_file
from .observing import OBSERVING

__all__ = ["noun_kinds"]

_LATER_NOUNS = OBSERVING | {"run", "test", "navigate"}
"""Kinds a word after the phrase does not add, as in ``kinds.description_kinds``: there such a
word is mostly a noun of what the step reads ("for concurrency testing")."""
_ARTICLES = frozenset({"a", "an", "the"})
_MAX_BEFORE = 3
"""Words a tool noun may stand after, the article aside ("Local search tool")."""


@cache
def _tool_nouns() -> frozenset[str]:
    return frozenset(x.casefold() for x in _kinds_file().get("tool-noun", ()))


def _forms(word: str) -> tuple[str, ...]:
    """An English word and the verb it may be an inflection of ("deletes", "deleting",
    "deleted", "queries")."""
    w = word.casefold()
    out = [w, w[:-1] if w.endswith("s") else "", w[:-2] if w.endswith("es") else "",
           w[:-3] + "y" if w.endswith("ies") else ""]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            stem = w[: -len(suffix)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "stopped", "running"
    return tuple(x for x in out if x)


def noun_kinds(words: Sequence[str], table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The kinds the noun phrase opening a description's first sentence names (``words``: its
    words from where a verb would stand, case folded; ``table``: the kind table's words), with
    every changing kind a word of the sentence says in any form; empty when no tool noun heads
    the opening phrase or no word before it has a kind."""

    def kinds_of(word: str) -> frozenset[str]:
        return frozenset(k for f in _forms(word) for k in table.get(f, frozenset()))

    phrase = list(words[1:] if words and words[0] in _ARTICLES else words)
    nouns = _tool_nouns()
    head = next((i for i, w in enumerate(phrase[: _MAX_BEFORE + 1]) if w in nouns), None)
    if not head:
        return frozenset()
    named = frozenset(k for w in phrase[:head] for k in kinds_of(w))
    if not named:
        return frozenset()
    changing = {k for w in words for k in kinds_of(w) if k not in _LATER_NOUNS}
    return named | changing
