"""A possessive that follows its noun (issue 25): Indonesian "Saya cek pesanan Anda dulu." ("I'll
check your order first"), where English puts "your" before the noun.

A second-person word of [g-owner-after] right after a noun of the step's object (an open word
that itself follows a word of the clause, not the opener) owns that noun: it is read as the
determiner "your" is (DET), the reader's thing the step works on, no one addressed or acting.
Right after the verb ("kirim Anda ...", send you) or after a preposition ("ke Anda", to you)
it is the one the step is for, and keeps its class (YOU)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["owner_after"]

_T = TypeVar("_T", bound=Token)

_PHRASE = ("OPEN", "CODE", "NUM", "DET")
"""Tokens before the noun that make it part of the object, not the verb after the opener."""


def owner_after(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each [g-owner-after] word right after a noun of the object read as a
    determiner; else the tokens as they are."""
    out = list(tokens)
    for k in range(2, len(out)):
        y: Any = out[k]
        if (y.kind == "YOU" and t.marked(y.text, "g-owner-after") and out[k - 1].kind == "OPEN"
                and out[k - 2].kind in _PHRASE):
            out[k] = replace(y, kind="DET")
    return out
