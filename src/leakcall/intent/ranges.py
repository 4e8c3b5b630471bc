"""A range sign between two times of day (issue 25): "10:00〜11:00" is "from 10:00 to 11:00".

Japanese and Chinese write a span of time with a wave dash ("2026-12-06 の 10:00〜11:00 に
…を追加します"), where English writes "from 10:00 to 11:00". The sign is no prose of its own
(the tokenizer reads it as ``!non-prose``); between two times of day it is the postposition
(SOV) or preposition (SVO) of the span's end, so the sentence is read as its English twin: the
times stay times to come, which only a call that sets them carries (``dated._time_carried``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .pieces import is_clock
from .words import Token, Tongue

__all__ = ["ranged"]

_T = TypeVar("_T", bound=Token)

_SIGNS = frozenset("〜～~")
"""Wave dashes and tildes: the sign of a range."""


def ranged(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each range sign between two times of day read as the span's link;
    else the tokens as they are."""
    out = list(tokens)
    for k in range(1, len(out) - 1):
        y: Any = out[k]
        if (y.kind == "!non-prose" and y.text in _SIGNS and is_clock(out[k - 1].text)
                and is_clock(out[k + 1].text)):
            out[k] = replace(y, kind="POSTP" if t.order == "sov" else "PREP")
    return out
