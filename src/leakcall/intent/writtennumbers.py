"""A number the text writes is carried in the role and the scale it is written in (issue 25,
round 39: "refund order 2500 in EUR" + ``amount: 2500``, "the thermostat in room 35" +
``temperature: 35``, "68 degrees" + ``unit: celsius``; read by ``beyond.check``).

- one figure, two values: a number the text writes once and with no unit is carried as a
  quantity (a number under a key that names no identifier) and again in another short value
  of the call ("room 35", ``order_id: "2500"``): the one written figure names a thing, and
  the quantity is one the text never writes;
- a degree figure with no scale ("68 degrees", "20 graden") carried with a scale
  (``unit: celsius``): the figure reads as a room's or the weather's temperature in one
  scale only (``HABITABLE``), and the call sets the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from .amounts import _IDENTIFIER
from .kinds import name_words
from .namedsetting import setting_names
from .units import _numbers, _units_in, bound, unit_named
from .unitwords import DEGREE, TEMPERATURE_KEYS

__all__ = ["check"]

_TOKEN = re.compile(r"(?<![\w.,])(?<!\d[-:/])(\d+(?:\.\d+)?)(?![\w]|[.,:/-]\d)")
"""A number written as a whole token ("room 35", "2500", "R-7781"; not the "35" of "A35" or
"3.5", nor a part of a date or an hour: "2025-05-06", "10:05")."""

_NAME_WORDS = 3
"""The most words of a value that names a thing by a number ("room 35", "Zimmer 40"); a longer
one is free text (a memo) that may repeat a figure."""

HABITABLE = {"C": (5.0, 35.0), "F": (41.0, 95.0)}
"""The figures a scale gives a room's or the weather's everyday temperature: a bare degree
figure in one range and not the other is read in that scale (68 is Fahrenheit, 20 Celsius);
one in neither (an oven's 180) fixes no scale."""

SETTABLE = {"C": (-50.0, 300.0), "F": (-50.0, 600.0)}
"""The figures a scale gives a temperature a device is set to (an oven's 230 °C, 450 °F): a
bare figure outside both ``HABITABLE`` ranges and above 300 reads in Fahrenheit only (an oven
"to 350")."""

_DEGREES = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(?:°(?!\s*[cfk]\b)|(?:"
                      + "|".join(re.escape(d) for d in DEGREE) + r")\b)", re.IGNORECASE)
"""A figure written with degrees and no scale after the word ("68 degrees", "20°")."""


def _tokens(text: str) -> list[float]:
    return [float(m[1]) for m in _TOKEN.finditer(text)]


def _leaves(args: Mapping[str, Any], path: str = "") -> Iterator[tuple[str, Any]]:
    for k, v in args.items():
        if isinstance(v, Mapping):
            yield from _leaves(v, str(k))
        else:
            yield str(k), v


def _twice(name: str, args: Mapping[str, Any], text: str) -> str | None:
    """Why a number the text writes once is carried both as a quantity and in another value."""
    written = _tokens(text)
    quantities = {n for n, *_r in bound(text)}  # "300 euros" is a quantity where it is carried
    leaves = list(_leaves(args))
    for key, n in _numbers(args):
        if set(name_words(key)) & _IDENTIFIER or written.count(n) != 1 or n in quantities:
            continue
        others = [k for k, v in leaves if k != key and not isinstance(v, bool) and (
            (isinstance(v, int | float) and float(v) == n)
            or (isinstance(v, str) and len(v.split()) <= _NAME_WORDS and n in _tokens(v)))]
        if others:
            return (f"{name!r} carries {n:g} under {key!r} and under {others[0]!r}, and the "
                    f"text writes {n:g} once: the figure names a thing, not a quantity")
    return None


def _temperature_key(key: str) -> frozenset[str] | None:
    """The scale a key of temperature states (``oven_temp_c``: C; ``temperature``: none), or
    None when the key's name is no temperature's."""
    words = name_words(key)
    if not set(words) & TEMPERATURE_KEYS:
        return None
    return next((named[1] for w in words if (named := unit_named(w)) is not None
                 and named[0] == "temperature"), frozenset())


def _reads(n: float) -> list[str]:
    """The scales a bare figure reads in: a room's temperature (``HABITABLE``), else a
    setting's (``SETTABLE``)."""
    reads = [s for s, (low, high) in HABITABLE.items() if low <= n <= high]
    return reads or [s for s, (low, high) in SETTABLE.items() if low <= n <= high]


def _scale(name: str, args: Mapping[str, Any], text: str) -> str | None:
    """Why a bare degree figure, or a bare figure the call sets as a temperature, is carried
    in the scale it does not read in."""
    if "temperature" in _units_in(text, True):
        return None  # the text writes its scale: ``units`` reads it
    figures = {float(m[1].replace(",", ".")) for m in _DEGREES.finditer(text)}
    scales = {k: named[1] for k, v in _leaves(args) if isinstance(v, str)
              and (named := unit_named(v)) is not None and named[0] == "temperature"}
    setting = setting_names(args)
    keyed = [(setting[0] if k == "value" and setting else k, n) for k, n in _numbers(args)]
    scales |= {k: units for k, _n in keyed if (units := _temperature_key(k))}
    carried = {n for _k, n in keyed}
    # a figure the call sets as a temperature reads as one written with degrees: under a key
    # of temperature, or the one number of a tool of temperature (``set_thermostat``)
    alone = len(keyed) == 1 and bool(set(name_words(name)) & TEMPERATURE_KEYS)
    if scales:
        figures |= {n for k, n in keyed if alone or _temperature_key(k) is not None} \
            & set(_tokens(text))
    for n in figures & carried:
        reads = _reads(n)
        if len(reads) != 1:
            continue
        for key, units in scales.items():
            if reads[0] not in units:
                return (f"{name!r} sets {key!r} to {'/'.join(sorted(units))} for {n:g} "
                        f"degrees, a figure that reads as {reads[0]} where the text writes no "
                        "scale")
    return None


def check(name: str, args: Mapping[str, Any], text: str) -> str | None:
    """Why a changing call carries a written number in another role or scale, or None."""
    return _twice(name, args, text) or _scale(name, args, text)
