"""A compound an unspaced script writes as one run, which the word cut split (issue 25): Thai
"คำสั่งซื้อ" (order) is cut into "คำ", "สั่ง", "ซื้อ", none of which names it alone.

Consecutive tokens written with nothing between them whose letters together are a [concept]
term of the language name that term's meaning, as the term written alone would; the tokens
keep their own classes for the grammar."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["concept_phrases", "glued_concepts"]

_PARTS = ("OPEN", "CODE")
"""Tokens that may be part of a compound noun."""


def glued_concepts(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The [concept] terms of two or more consecutive content tokens with no space between."""
    out: list[str] = []
    for i, first in enumerate(tokens):
        if first.kind not in _PARTS:
            continue
        run = first.text
        for j in range(i + 1, len(tokens)):
            y = tokens[j]
            if y.kind not in _PARTS or y.start != tokens[j - 1].end:
                break
            run += y.text
            if run in t.concepts:
                out.append(run)
    return out


def concept_phrases(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The [concept] terms of several words the sentence writes as consecutive tokens,
    whatever class each token has: a compound of syllables names its meaning as a whole
    ("kiểm thử", test, of "chạy các bài kiểm thử"), where its first syllable alone names
    nothing and its second is an adverb (moved from ``preamble``)."""
    phrases = [term for term in t.concepts if " " in term]
    if not phrases:
        return []
    said = f" {' '.join(x.text for x in tokens)} "
    return [term for term in phrases if f" {term} " in said]
