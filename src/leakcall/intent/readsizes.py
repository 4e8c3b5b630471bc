"""A read's size and units (h14c; blind round 43 gap 7; rule ``ungrounded-call``, read from
``beyond.check``).

A changing call's counts and units are held to the ones the text writes (``units``,
``writtennumbers``); an observing call's are held here, only where the text writes one:

- a number under a size key ([keys-read-size]: ``limit``, ``page_size``, ``lines``,
  ``max_results``) of ``BULK`` or more that the text does not write and that exceeds every
  number the text writes ("the last 20 lines" + ``limit: 100000``, "the first page" +
  ``page_size: 100000`` refuse; ``limit: 20``, ``lines: 200`` keep);
- a number of days ([keys-read-size] words of time: ``days``) beyond the reach of the day the
  text names relative to today and a day, when it writes no number ("tomorrow" + ``days: 14``
  refuses; ``days: 3`` keeps; ``reldays.reach``);
- a unit under any key (``unit: fahrenheit``), or a system of units under a key of units
  (``units: imperial``; ``unitwords.SYSTEMS``), other than the one the text states in that
  dimension ("in Celsius" + ``units: imperial`` refuses, ``metric`` keeps); money aside (a
  conversion's two currencies are its ends, not a setting).

Limit: a size under ``BULK`` is not compared (a real read of 200 lines after "the last 20
lines" is kept)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from . import readparts, reldays
from .kinds import name_words
from .named import _keys
from .preamble import Announcement
from .units import _units_in, unit_named
from .unitwords import SYSTEMS
from .walk import _leaves

__all__ = ["check"]

BULK = 1000
"""The size from which a read the text does not write is a bulk read, not a page."""
_DAYS = frozenset({"days", "day"})
_UNITS = frozenset({"unit", "units", "system"})
_WRITTEN = re.compile(r"(?<![\w:.,/-])(\d+(?:[.,]\d+)?)(?![\w:/-]|[.,]\d)")


def _numbers(text: str) -> set[float]:
    return {float(m[1].replace(",", ".")) for m in _WRITTEN.finditer(text)}


def _size(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    written = _numbers(ann.text)
    for key, leaf in _leaves(args):
        if isinstance(leaf, bool) or not isinstance(leaf, (int, float, str)):
            continue
        words = set(name_words(str(key)))
        if not words & _keys("read-size"):
            continue
        try:
            n = float(leaf)
        except ValueError:
            continue
        if n in written:
            continue
        if words & _DAYS and not written:
            reach = reldays.reach(ann.text)
            # (a forecast of "tomorrow" may run from today to the day after it)
            if reach is not None and n > reach + 1:
                return (f"{name!r} reads {leaf!r} days ({key!r}), beyond the day the "
                        "announcement names")
        if n >= BULK and n > max(written, default=0):
            return (f"{name!r} reads {leaf!r} ({key!r}), a size the announcement does not "
                    "write")
    return None


def _unit(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    stated = _units_in(ann.text, True)
    if not stated:
        return None
    for key, leaf in _leaves(args):
        if not isinstance(leaf, str):
            continue
        low = leaf.strip().casefold()
        named = unit_named(low)
        # a system's name only as a key of units' value (``units: imperial``, never
        # ``plan: standard``)
        takes = {named[0]: set(named[1])} if named else {
            d: set(u.split()) for d, u in SYSTEMS.get(low, {}).items()} if _UNITS & set(
                name_words(str(key))) else {}
        for dim, units in takes.items():
            # (a conversion's currencies are its two ends, no setting: money is left to the
            # paying rules)
            if dim != "money" and dim in stated and not units & stated[dim]:
                return (f"{name!r} takes {leaf[:20]!r} ({key!r}), another unit than the "
                        "announcement states")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an observing call reads more, further ahead or in other units than the text
    writes, or more than the part of it the text states (``readparts``), or None."""
    return _size(name, args, ann) or _unit(name, args, ann) or readparts.check(name, args, ann)
