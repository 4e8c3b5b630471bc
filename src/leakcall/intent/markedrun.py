"""The longest run of tokens that spells one entry of a ``MARKS`` section."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .words import Token, Tongue

__all__ = ["marked_run"]


@lru_cache(maxsize=512)
def _longest(marks: frozenset[tuple[str, str]], section: str) -> int:
    # a frozenset caches its hash, so a hit costs one lookup
    return max((len(w.split()) for s, w in marks if s == section), default=0)


def marked_run(tokens: Sequence[Token], k: int, t: Tongue, section: str) -> int:
    """How many tokens from ``k`` spell one entry of ``section`` (the longest such), or 0."""
    for n in range(min(_longest(t.marks, section), len(tokens) - k), 0, -1):
        if t.marked(" ".join(x.text for x in tokens[k:k + n]), section):
            return n
    return 0
