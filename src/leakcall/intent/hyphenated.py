"""An amount written inside a hyphenated compound (r42 gap 1): "a 10-minute timer", "a 30-day
retention", "a 5-star review", "a $5-off coupon", "the 10-percent discount", "a two-hour
hold", "a half-hour timer", "a week-long hold", "a $200-per-day limit".

The word cut keeps such a compound as one word, which no reader of numbers read: the amount
was neither a stated number nor a quantity, and the compound was taken for an identifier.
``split`` reads it as an amount and the word after it (its unit, or the thing counted):

- ``<number>-<word>``: digits with a currency sign or a percent sign or not ("10-minute",
  "$5-off", "5-star", "12-character"), or a number written in words or a fraction word
  ("ten-minute", "twenty-five-minute", "half-hour", German "10-Minuten-Timer": the word after
  the number is the unit, what follows names the thing);
- ``<unit>-long`` ("week-long", "day-long"): one of the unit;
- ``<number>-per-<unit>`` ("$200-per-day"): the amount, per that unit.

Which unit a word is (a unit of time, the key's unit) is the reader's (``written``): this
only cuts the word. A token that is no such compound (``vm-42``, ``utf-8``, ``42``,
``twenty-first``) is None."""

from __future__ import annotations

import re
from typing import NamedTuple

from .figures import spoken

__all__ = ["Compound", "split"]

FRACTIONS: dict[str, float] = {"half": 0.5, "quarter": 0.25, "demi": 0.5, "halb": 0.5,
                               "halbe": 0.5, "mezza": 0.5, "mezzo": 0.5, "meia": 0.5,
                               "media": 0.5, "medio": 0.5}
"""Fraction words written before a unit in one compound ("half-hour", "quarter-hour",
French "demi-heure", Italian "mezz'ora" aside): the share of one unit."""
_LONG = frozenset({"long", "lang", "lange", "langen"})
"""Words after a unit that make the compound one of that unit ("week-long", "tagelang")."""
_PER = frozenset({"per", "a", "an", "pro", "por", "par"})
"""Words between an amount and a unit it is a rate of ("$200-per-day")."""
_PART = re.compile(r"[^\W\d_]+")


class Compound(NamedTuple):
    """An amount read from one hyphenated word."""

    number: float
    unit: str
    """The word after the amount, folded ("minute", "star", "percent"): its unit, or the
    thing it counts."""
    worded: bool
    """The amount is written in words or as a fraction ("two-hour", "half-hour")."""
    rate: bool
    """The amount is per the unit ("$200-per-day"), not that many of it."""


def split(word: str) -> Compound | None:
    """The amount a hyphenated word writes and the word after it, or None."""
    w = word.strip("`\"'()[]{}<>.,;:!?").casefold()
    parts = w.split("-")
    if len(parts) < 2 or not all(parts):
        return None
    if len(parts) == 2 and parts[1] in _LONG and _PART.fullmatch(parts[0]):
        return Compound(1.0, parts[0], True, False)  # "week-long": one week
    for k in range(len(parts) - 1, 0, -1):
        head, rest = "-".join(parts[:k]), parts[k:]
        if head in FRACTIONS:
            n: float | None = FRACTIONS[head]
        else:
            n = spoken(head)
            if n is not None and "-" in head and not head.replace("-", "").isalpha():
                n = None  # "2-3": a range, no number in words
        if n is None:
            continue
        worded = not any(ch.isdigit() for ch in head)
        rate = len(rest) > 1 and rest[0] in _PER
        unit = rest[1] if rate else rest[0]
        if not _PART.fullmatch(unit) or len(unit) < 2:
            return None
        if not worded and not re.fullmatch(r"[$€£¥₹]?\d+(?:[.,]\d+)?%?", head):
            return None  # "1.2.3-beta", "x86-64": a version, no amount
        return Compound(n, unit, worded, rate)
    return None
