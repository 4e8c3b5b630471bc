"""A preposition of what comes first that closes its sentence is an adverb of order (issue 25,
rule ``conditional``): Vietnamese "Tôi sẽ đọc tệp `main.py` trước." ("I'll read `main.py`
first"), as English "I'll read the file before."

A word of [g-before] ("before", "trước") with nothing after it but punctuation, right after
the step's object, names nothing the step waits for: the step is taken now, ahead of what the
reply does next. The lexicon may list it as a condition too (Vietnamese "trước" opens
"trước 6 giờ", before six, and "trước khi ...", before ...): with a time or a clause after it,
it is one still, and refuses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .protocols import Token, Tongue

__all__ = ["closing_before"]

_OBJECT_END = ("OPEN", "CODE", "NUM", "PRON")
"""Tokens that end a step's object."""

_T = TypeVar("_T", bound=Token)


def closing_before(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a refused word of [g-before] that closes the sentence after the step's
    object read as an adverb (ADV); else the tokens as they are."""
    out = list(tokens)
    end = len(out)
    while end and out[end - 1].kind == "!non-prose" and not any(
            c.isalnum() for c in out[end - 1].text):
        end -= 1
    k = end - 1
    if k >= 2 and out[k].kind[:1] == "!" and t.has(out[k].text, "g-before") and (
            out[k - 1].kind in _OBJECT_END):
        y: Any = out[k]
        out[k] = replace(y, kind="ADV")
    return out
