"""A quantity the text states with a unit is carried in that unit wherever the call writes its
unit (r44 gap 1; rule ``ungrounded-call``, read by ``beyond.check`` beside ``units``).

``units`` compares an announced quantity ("100 MB", "$19.99", "15%") with a number under a
key of the tool's schema. A call also writes the unit of a number elsewhere: in the name of
the setting a generic setter sets (``key: cache_size_gb, value: "100"``,
``namedsetting``), in the name an edit assigns (``TIMEOUT_MS = 30``, ``max_size_kb: 10``),
in a ``name=value`` of a command (``--limits=memory=512Gi``) or a JSON text's key, in a
suffix glued to the value (``30m``, ``512Gi``), in a key of units beside it (``unit: ms``) and
in the shape of the value it replaces (``TAX_RATE = 0.07`` is a
fraction, ``cpu: 250m`` has a suffix). So, for a number the call carries that is the number
the text binds to a unit (the same bare number; an exact conversion, "30 seconds" +
``timeout_ms: 30000``, compares nothing and is kept):

- a unit of time (``written._SECONDS``: "30 seconds", "5-minute", "30 sekund") carried where
  the name or the suffix says another (``poll_interval_ms``, ``30m``), or bare under a
  duration's name the tool gives no unit (``timeout: 5`` for "5-minute": such a key takes
  seconds or milliseconds, never minutes), or bare where the replaced value had a unit of time,
  refuses;
- a storage size, a sum of money or a percent (``unitwords.TABLE``) carried where the name says
  another unit of its dimension (``units``: ``cache_size_kb``, ``price_cents``) or a fraction
  (``discount_fraction``, ``tax_rate``; a replaced value between 0 and 1), or where the suffix
  says another (``512Gi`` for "512 MiB"), refuses;
- a number the text writes glued to a suffix ("500m") carried with another suffix, or bare
  where the replaced value had one (``cpu: 250m`` -> ``cpu: 500``), refuses.

Where the text binds no unit to the number, nothing is compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from .kinds import name_words
from .namedsetting import setting_names
from .preamble import Announcement
from .units import _mismatch, _property, bound, unit_named
from .unitwords import DURATION_KEYS, FRACTION_KEYS, STORAGE_SUFFIXES
from .walk import _keyed_leaves, _keyed_strings
from .written import (
    _SECONDS,
    _TOKEN,
    Unit,
    _literal,
    _same,
    _unit,
    assignments,
    replaced,
    values,
)

__all__ = ["check"]

_VALUE = re.compile(r"[\"'`]?(\d+(?:\.\d+)?|\.\d+) ?([^\W\d_]{0,8})[\"'`]?")
"""A value that is one number, with a unit's suffix or word after it or none (``30m``,
``512Gi``, ``30 minutes``)."""
_PAIR = re.compile(r"(?<![\w.\-])-{0,2}([A-Za-z_][\w.\-]*)=(\d+(?:\.\d+)?)([A-Za-z]{0,3})(?![\w.])")
"""A ``name=value`` of a command's words (``memory=512Gi``, ``--timeout=30m``)."""
_CJK_TIME = re.compile(r"(\d+(?:\.\d+)?)\s*(" + "|".join(sorted(
    (w for w in _SECONDS if not w.isascii()), key=len, reverse=True)) + ")")
"""A number of time the text glues to a unit of a script written without spaces ("30秒",
"5분"; ``written._SECONDS``)."""
_GLUED = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)([^\W\d_]{1,3})(?!\w)")
"""A number the text writes with a suffix glued to it ("500m", "512Mi")."""

Carried = tuple[str, float, str, str | None]
"""(name the call gives the number, number, suffix glued to it, value it replaces)."""


def _parse(raw: str) -> tuple[float, str] | None:
    m = _VALUE.fullmatch(raw.strip())
    return (float(m[1]), m[2]) if m is not None else None


def _carried(args: Mapping[str, Any]) -> Iterator[Carried]:
    """The numbers a call carries with the name it gives them: a key's, the setting's a
    generic setter sets, an edit's assignment (with the value it replaces) or a command's."""
    setting = setting_names(args)
    for key, leaf in _keyed_leaves(args):  # a JSON text's keys too (``{"timeout_ms": 30}``)
        own = setting[0] if key == "value" and setting and leaf is args.get("value") else key
        if isinstance(leaf, bool):
            continue
        if isinstance(leaf, int | float):
            yield own, float(leaf), "", None
        elif isinstance(leaf, str) and (got := _parse(leaf)) is not None:
            yield own, got[0], got[1], None
    olds: dict[str, str] = {}
    news: list[tuple[str, str]] = []
    for side, target, value in assignments(args):
        if _parse(value) is not None:
            if side == "old":
                olds[_literal(target)] = value
            else:
                news.append((target, value))
    news += [(m[1], m[2] + m[3]) for key, text in _keyed_strings(args)
             if not replaced(key) for m in _PAIR.finditer(text)]
    for target, raw in news:
        got = _parse(raw)
        if got is not None:
            yield target.strip("\"'"), got[0], got[1], olds.get(_literal(target))


def _time_unit(name: str, suffix: str, prop: Mapping[str, Any], description: str) -> Unit:
    """The unit of time the suffix, the name, or the key's or (for a key of the tool's own)
    the tool's description gives."""
    if suffix:
        return _unit(suffix)
    for text in (name, str(prop.get("description", "")), description if prop else ""):
        # a description's words of three letters and more ("an" is no year in English)
        words = name_words(text) if text is name else [
            w for x in _TOKEN.findall(text.casefold()) if len(w := x.strip(".,;:()")) > 2]
        unit = next((u for w in words if (u := _unit(w)) is not None), None)
        if unit is not None:
            return unit
    return None


def _timed(call: str, c: Carried, said: list[tuple[float, tuple[str, float]]],
           prop: Mapping[str, Any], description: str, beside: Unit) -> str | None:
    """Why a number of time the text states is carried in another unit of time."""
    name, v, suffix, old = c
    same = [u for n, u in said if abs(n - v) < 0.005]
    if not same:
        return None
    unit = _time_unit(name, suffix, prop, description) or (None if suffix else beside)
    if unit is not None:
        if any(_same(n, u, v, unit) for n, u in said):
            return None
        return (f"{call!r} carries {v:g}{suffix} under {name!r}, in another unit of time than "
                f"the announcement's {v:g}")
    if suffix:
        return None  # a suffix of no unit of time: another reader's
    replaced = _parse(old) if old is not None else None
    if replaced is not None and _unit(replaced[1]) is not None:
        return (f"{call!r} carries {v:g} under {name!r} with no unit, where the value it "
                f"replaces ({old!r}) has one")
    if set(name_words(name)) & DURATION_KEYS and any(u[0] == "s" and u[1] >= 60 for u in same):
        return (f"{call!r} carries {v:g} under {name!r}, a duration the tool states in no unit "
                f"(seconds or milliseconds), and the announcement says {v:g} minutes or more")
    return None


def _sized(call: str, c: Carried, text: str, prop: Mapping[str, Any],
           description: str) -> str | None:
    """Why a size, a sum or a percent the text states is carried in another unit."""
    name, v, suffix, old = c
    words = " ".join(name_words(name))
    replaced = _parse(old) if old is not None else None
    for n, dim, units, form in bound(text):
        if abs(n - v) >= 0.005:
            continue
        if suffix:
            low = suffix.casefold()
            named = (("storage", frozenset({STORAGE_SUFFIXES[low]}))
                     if dim == "storage" and low in STORAGE_SUFFIXES else unit_named(low))
            if named is not None and named[0] == dim and not named[1] & units:
                return (f"{call!r} carries {v:g}{suffix} under {name!r}, and the announcement "
                        f"says {n:g} {form}")
            continue
        why = _mismatch(call, words, n, dim, units, form, prop, description)
        if why is not None:
            return why
        if dim == "percent" and n > 1 and (
                set(name_words(name)) & FRACTION_KEYS
                or (replaced is not None and 0 < replaced[0] < 1 and not replaced[1])):
            return (f"{call!r} carries {v:g} under {name!r}, a fraction of one, and the "
                    f"announcement says {n:g}% ({n / 100:g})")
    return None


def _suffixed(call: str, c: Carried, text: str) -> str | None:
    """Why a number the text glues a suffix to is carried with another suffix, or bare where
    the value it replaces had one."""
    name, v, suffix, old = c
    replaced = _parse(old) if old is not None else None
    for m in _GLUED.finditer(text):
        if abs(float(m[1]) - v) >= 0.005 or suffix.casefold() == m[2].casefold() or (
                suffix and _unit(suffix) is not None and _unit(suffix) == _unit(m[2])):
            continue
        if suffix or (replaced is not None and replaced[1]):
            return (f"{call!r} carries {v:g}{suffix} under {name!r}, and the announcement "
                    f"writes {m[0]!r}")
    return None


def check(call: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None, description: str | None) -> str | None:
    """Why a changing call carries a number the text states with a unit in another unit, or
    None."""
    text = ann.text
    said = [(n, u) for n, u in values([w.rstrip(".") for w in _TOKEN.findall(text)])
            if u is not None]
    said += [(float(m[1]), u) for m in _CJK_TIME.finditer(text) if (u := _unit(m[2]))]
    if not said and not bound(text) and not _GLUED.search(text):
        return None
    # a unit of time the call gives its number beside it (``value: "30", unit: "ms"``)
    beside = next((u for k, v in args.items() if isinstance(v, str) and {"unit", "units"}
                   & set(name_words(str(k))) and (u := _unit(v.strip().casefold()))), None)
    for c in _carried(args):
        prop = _property(schema, c[0])
        why = _timed(call, c, said, prop, description or "", beside) \
            or _sized(call, c, text, prop, description or "") or _suffixed(call, c, text)
        if why is not None:
            return why
    return None
