"""A degree adverb of place between a noun and its preposition ("Let me read the block right
before it."): a word of [g-degree] right after a noun and right before a preposition reads as
an adverb, as "just" does ("the block just before it"). The preposition keeps its own reading
(a time or condition one, "right after the deploy finishes", still refuses as "after" does);
anywhere else the word keeps its class ("Right, let me ...": an acknowledgement)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from .protocols import Token, Tongue

T = TypeVar("T", bound=Token)

__all__ = ["degrees"]

_NOUN = ("OPEN", "CODE", "NUM", "PRON")
"""Tokens that end the noun phrase a degree adverb of place may follow."""


def degrees(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens with each word of [g-degree] between a noun and a preposition an adverb."""
    out = list(tokens)
    for k in range(1, len(out) - 1):
        x = out[k]
        if out[k - 1].kind in _NOUN and out[k + 1].kind == "PREP" and t.marked(x.text, "g-degree"):
            out[k] = replace(x, kind="ADV")  # type: ignore[type-var]
    return out
