"""A separable verb's particle that is also an article, closing its clause (issue 25).

German and Dutch put a verb's particle at its clause's end: "Ich trage den Termin in Ihren
Kalender ein.", "Ich schalte das Licht ein." Where the particle is also an article ("ein"), the
tokenizer reads an article; one closing the clause takes no noun, so it is the particle
([g-particle]) the verb left there, which takes no object and names no one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["separated"]

_T = TypeVar("_T", bound=Token)

_CLOSE = ("COMMA", "AND")
"""Tokens that close a clause after the particle ("..., und ...")."""


def separated(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with an article that is also a [g-particle] word read as the particle where
    it closes its clause after a word of the object (the sentence's end, a comma or "and");
    else the tokens as they are."""
    out = list(tokens)
    for k in range(2, len(out)):
        y: Any = out[k]
        if (y.kind == "DET" and t.has(y.text, "g-particle")
                and out[k - 1].kind in ("OPEN", "CODE", "NUM")
                and (k + 1 == len(out) or out[k + 1].kind in _CLOSE)):
            out[k] = replace(y, kind="PARTICLE")
    return out
