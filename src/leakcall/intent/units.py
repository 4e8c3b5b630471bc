"""Units: the number is right, the unit is not (issue 25, round 35; rule ``ungrounded-call``,
read by ``beyond.check``).

An announcement that binds a number to a unit ("70°F", "500 g", "2 TB", "¥5000", "15%")
grounds that quantity, not the bare number: a call carrying the same number where the tool
states another unit of the same dimension (its key's name, the key's description, the
tool's name or description: ``size_mb``, "in degrees Celsius", ``set_budget_usd``) takes
another step (70 °C, 2 MB, 5000 dollars). So:

- a number announced with a unit, carried under a key the tool states in another unit of
  that dimension (or another currency; cents are not dollars), refuses;
- carried under a key whose own name or description states another dimension ("$500" +
  ``shares``; "4 mL" + ``units``), or money into a count (``quantity``), refuses;
- a percent carried as the whole number ("15%" + ``rate: 15``) into a field the schema
  bounds to at most 1, or that the tool says takes a fraction, refuses (0.15 is the 15 %);
- a number keeps its sign and its leading decimal point ("minus 18", "-18", ".25"): a call
  carrying 18 or 25 for it refuses.

Where the tool states no unit, nothing changes. The units are ``unitwords.TABLE``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .detect import detect
from .figures import CARDINALS, readings, value
from .unitwords import DEGREE, DOLLAR_SCALE, FRACTION, MINUS, TABLE
from .view import normalize

__all__ = ["bound", "check", "signed", "unit_named"]

_FORMS: dict[str, tuple[str, frozenset[str], bool]] = {}
"""form -> (dimension, units it may stand for, read in prose unbound)."""
for _dim, _units in TABLE.items():
    for _unit, _forms in _units.items():
        for _f in _forms.split():
            _FORMS[_f.lstrip("^").replace("_", " ")] = (_dim, frozenset(_unit.split()),
                                                        not _f.startswith("^"))


def _form_re(forms: list[str]) -> str:
    # the forms longest first; the left edge forms in a row share is written once before
    # them (the same matches: ``entries.alternation``; ``re`` then tries each form on its
    # first character, not a lookbehind first, at every place of a text)
    runs: list[tuple[str, list[str]]] = []
    for f in sorted(forms, key=len, reverse=True):
        body = r"\s+".join(re.escape(w) for w in f.split())
        lead = r"(?<!\w)" if f[0].isalnum() and ord(f[0]) < 0x2E80 else ""
        tail = r"(?!\w)" if f[-1].isalnum() and ord(f[-1]) < 0x2E80 else ""
        if runs and runs[-1][0] == lead:
            runs[-1][1].append(body + tail)
        else:
            runs.append((lead, [body + tail]))
    return "(?:" + "|".join(f"{lead}(?:{'|'.join(run)})" for lead, run in runs) + ")"


_ANY = _form_re(list(_FORMS))
def _led(forms: list[str]) -> str:
    """A lookahead of the forms' first characters: every match starts with one (no flag
    folds case), so a place where none stands is passed on one class test."""
    return "(?=[" + "".join(sorted({re.escape(f.split()[0][0]) for f in forms})) + "])"


_PROSE_FORMS = [f for f, (_d, _u, free) in _FORMS.items() if free]
_PROSE = re.compile(_led(_PROSE_FORMS) + _form_re(_PROSE_FORMS))
_BARE = r"(\d(?:[\d,.]*\d)?|\.\d+)"
_NUM = r"(?<![0-9A-Za-z_.,])" + _BARE
"""A number not inside a word of Latin letters or another number (``P-31`` is read, as 31;
``華氏120度`` is read)."""
_DEG = r"(?:(?:" + "|".join(re.escape(d) for d in DEGREE) + r")\s+)?"
_AFTER = re.compile(_NUM + r"\s*" + _DEG + "(" + _ANY + ")")
_WORDED = re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, CARDINALS), key=len,
                                                  reverse=True))
                     + r")\s+" + _DEG + "(" + _ANY + ")")
"""A numeral word bound to a unit ("five micrograms", "a dozen kilograms"; ``figures.CARDINALS``)."""
_BEFORE_DIMS = ("money", "temperature", "percent")
_BEFORE = re.compile("(" + _form_re([f for f, (d, _u, _p) in _FORMS.items()
                                      if d in _BEFORE_DIMS]) + r")\s*" + _BARE)
_SIGNED = re.compile(r"(?:(?<![\w)\]])[-−]|(?<!\w)(?:" + "|".join(
    re.escape(m) for m in MINUS) + r")\s*)(\d(?:[\d,.]*\d)?|\.\d+)")
_ANY_NUM = re.compile(_NUM)
_STOP = re.compile(r"[.!?。！？](?:\s+|$)|\n")
"""A sentence's end (a point before a space: "1.500" is no end)."""
_KEY_WORDS = re.compile(r"[_\W]+|(?<=[a-z])(?=[A-Z])")
_CURRENCY_KEYS = frozenset({"currency", "curr", "ccy"})
_GENERIC_COUNT = frozenset({"quantity", "qty", "count", "number", "num", "amount_of_units"})
_MONEY_KEYS = frozenset({"amount", "price", "sum", "total", "cost", "fee"})
"""Key name words of a sum of money: a percent carried there as its whole number ("15% tip"
+ ``amount: 15``) pays a sum the text never writes (round 39)."""
_FRACTION = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(f) for f in FRACTION)
                       + r")(?![\d.]\d|\d)")
"""A fraction field's words, whole numbers ("0-1", not the "0-1" of "0-100")."""


def _read(run: str) -> float | None:
    return float("0" + run) if run[:1] == "." else value(run)


def bound(text: str) -> list[tuple[float, str, frozenset[str], str]]:
    """(number, dimension, units, unit as written) of each number the text binds to a unit."""
    low = text.casefold()
    out = []
    for m in _AFTER.finditer(low):
        n, form = _read(m[1]), re.sub(r"\s+", " ", m[2])
        if n is not None and form in _FORMS:
            out.append((n, _FORMS[form][0], _FORMS[form][1], form))
    for m in _WORDED.finditer(low):
        form = re.sub(r"\s+", " ", m[2])
        if form in _FORMS:
            out.append((float(CARDINALS[m[1]]), _FORMS[form][0], _FORMS[form][1], form))
    for m in _BEFORE.finditer(low):
        n, form = _read(m[2]), re.sub(r"\s+", " ", m[1])
        if n is not None and form in _FORMS:
            out.append((n, _FORMS[form][0], _FORMS[form][1], form))
    return out


def unit_named(value: str) -> tuple[str, frozenset[str]] | None:
    """(dimension, units) of a value that is a unit's name as a whole (``fahrenheit``,
    ``EUR``, ``GB``; a bare ``C`` or ``F`` is a temperature's scale), or None."""
    form = value.strip().casefold().replace("_", " ")
    hit = _FORMS.get("°" + form if form in ("c", "f") else form)
    return (hit[0], hit[1]) if hit is not None else None


def _units_in(text: str, prose: bool) -> dict[str, set[str]]:
    """The units a text states, by dimension."""
    found: dict[str, set[str]] = {}
    if prose:
        for m in _PROSE.finditer(text.casefold()):
            dim, units, _free = _FORMS[re.sub(r"\s+", " ", m[0])]
            found.setdefault(dim, set()).update(units)
        return found
    words = [w for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", text) if w]
    for w in (*words, *(f"{a} {b}" for a, b in itertools.pairwise(words))):
        hit = _FORMS.get(w.casefold())
        if hit is not None:
            found.setdefault(hit[0], set()).update(hit[1])
    return found


def _numbers(args: Mapping[str, Any], path: str = "") -> Iterator[tuple[str, float]]:
    """(key, number) of each number a call carries, nested ones with their key."""
    for k, v in args.items():
        if isinstance(v, Mapping):
            yield from _numbers(v, str(k))
        elif isinstance(v, bool):
            continue
        elif isinstance(v, int | float):
            yield str(k), float(v)
        elif isinstance(v, str) and re.fullmatch(r"-?(?:\d[\d,.]*|\.\d+)", v.strip()):
            n = _read(v.strip().lstrip("-"))
            if n is not None:
                yield str(k), -n if v.strip().startswith("-") else n


def _property(schema: Mapping[str, Any] | None, key: str) -> Mapping[str, Any]:
    props = (schema or {}).get("properties", schema or {})
    p = props.get(key) if isinstance(props, Mapping) else None
    return p if isinstance(p, Mapping) else {}


def _layers(name: str, key: str, prop: Mapping[str, Any],
            tool_text: str) -> tuple[dict[str, set[str]], ...]:
    """The units the key's name, the key's description and the tool state, by dimension."""
    return (_units_in(key, False), _units_in(str(prop.get("description", "")), True),
            _units_in(name, False) | _units_in(tool_text, True))


def _currency_codes(args: Mapping[str, Any]) -> set[str]:
    """The currency codes a call carries under a key naming a currency ("currency": "JPY")."""
    return {v.strip().upper() for k, v in args.items() if isinstance(v, str)
            and _CURRENCY_KEYS & {w.casefold() for w in _KEY_WORDS.split(str(k))}
            and re.fullmatch(r"\s*[A-Za-z]{3}\s*", v)}


def _unstated(name: str, key: str, n: float, units: frozenset[str], form: str,
              prop: Mapping[str, Any], tool_text: str, args: Mapping[str, Any]) -> str | None:
    """Why money announced in a currency goes where the tool states no currency, or None:
    currency codes the call carries none of which the announced form may stand for refuse; with
    none, an announced currency not of the dollar's scale (``DOLLAR_SCALE``) refuses, since
    the tool takes the amount in its own currency."""
    if any("money" in layer for layer in _layers(name, key, prop, tool_text)):
        return None
    codes = _currency_codes(args)
    if codes:  # a conversion carries the other currency too: one must be the amount's
        return None if codes & units else (
            f"{name!r} carries {n:g} under {key!r} in {sorted(codes)[0]}, and the "
            f"announcement says {n:g} {form}")
    if units & DOLLAR_SCALE:
        return None
    return (f"{name!r} carries {n:g} under {key!r}, which the tool states in no currency (its "
            f"own), and the announcement says {n:g} {form}, a currency of another scale")


def _mismatch(name: str, key: str, n: float, dim: str, units: frozenset[str], form: str,
              prop: Mapping[str, Any], tool_text: str) -> str | None:
    """Why carrying the announced ``n form`` under ``key`` takes another quantity, or None."""
    key_text = str(prop.get("description", ""))
    layers = _layers(name, key, prop, tool_text)
    stated = next((set(layer[dim]) for layer in layers if dim in layer), None)
    if stated is not None and "cent" in stated:
        stated = {"cent"}  # "amount in cents (USD)": cents are the scale
    if stated is not None and not units & stated:
        return (f"{name!r} carries {n:g} under {key!r}, which the tool states in "
                f"{'/'.join(sorted(stated))}, and the announcement says {n:g} {form}")
    own = layers[0] | layers[1]
    other = sorted(set(own) - {dim})
    if stated is None and other:
        return (f"{name!r} carries {n:g} under {key!r}, which the tool states as "
                f"{other[0]}, and the announcement says {n:g} {form} ({dim})")
    if dim == "money" and stated is None and _units_in(key, False).keys() <= {"count"} and \
            _GENERIC_COUNT & {w.casefold() for w in re.split(r"[_\W]+", key)}:
        return (f"{name!r} carries {n:g} under {key!r}, a count, and the announcement says "
                f"{n:g} {form} (money)")
    if dim == "percent" and n > 1 and "percent" not in own:
        maximum = prop.get("maximum")
        said = f"{key} {key_text} {tool_text}".casefold()
        if (isinstance(maximum, int | float) and maximum <= 1) or \
                _FRACTION.search(said):
            return (f"{name!r} carries {n:g} under {key!r}, which takes a fraction of one, "
                    f"and the announcement says {n:g}% ({n / 100:g})")
        if {w.casefold() for w in _KEY_WORDS.split(key)} & _MONEY_KEYS:
            return (f"{name!r} carries {n:g} under {key!r}, a sum of money, and the "
                    f"announcement says {n:g}%, a share of one")
    return None


def signed(text: str) -> set[float]:
    """The numbers a text writes with a minus sign, as magnitudes ("minus 18", "-18": 18)."""
    return {n for m in _SIGNED.finditer(text.casefold()) if (n := _read(m[1])) is not None}


def _dropped(name: str, carried: list[tuple[str, float]], text: str) -> str | None:
    """A number the announcement writes with a sign or a leading decimal point that the call
    carries without it (18 for "minus 18", 25 for ".25")."""
    low = text.casefold()
    starts = {m.start(1) for m in _SIGNED.finditer(low)}
    signed, plain, points = set(), set(), {}
    for m in _ANY_NUM.finditer(low):
        n = _read(m[1])
        if n is None:
            continue
        if m.start(1) in starts:
            signed.add(n)
        elif m[1][0] == ".":
            points[float(m[1][1:])] = n
        else:
            plain.add(n)
    values = {v for _k, v in carried}
    for key, v in carried:
        if v > 0 and v in signed and -v not in values and v not in plain:
            return (f"{name!r} carries {v:g} under {key!r}, and the announcement says "
                    f"minus {v:g}")
        if v in points and points[v] not in values and v not in plain:
            return (f"{name!r} carries {v:g} under {key!r}, and the announcement says "
                    f"{points[v]:g}")
    return None


def _ambiguous(name: str, args: Mapping[str, Any], carried: list[tuple[str, float]],
               text: str, languages: Sequence[str]) -> str | None:
    """A number the announcement writes that reads two ways in its language ("1.500" in
    English: 1.5 or 1500, ``figures.readings``) carried as one of them (not as the same
    digits, byte for byte)."""
    strings = {v.strip() for v in args.values() if isinstance(v, str)}
    for m in _ANY_NUM.finditer(text):
        if m[1] in strings:
            continue
        # the language of the number's own sentence ("Die Rechnung ... I'll pay $1,200.")
        start = max((e.end() for e in _STOP.finditer(text, 0, m.start())), default=0)
        stop = _STOP.search(text, m.end())
        own = detect(normalize(text[start:stop.start() if stop else len(text)]))
        both = readings(m[1], (own.name,) if own is not None else languages or ("",))
        if len(both) < 2:
            continue
        for key, v in carried:
            if v in both:
                return (f"{name!r} carries {v:g} under {key!r}, and the announcement writes "
                        f"{m[1]!r}, which reads {' or '.join(f'{x:g}' for x in sorted(both))}")
    return None


def check(name: str, args: Mapping[str, Any], text: str,
          schema: Mapping[str, Any] | None, description: str | None,
          languages: Sequence[str] = ()) -> str | None:
    """Why a call carries an announced number in another unit, sign or scale, or one its
    language reads two ways, or None."""
    carried = list(_numbers(args))
    if not carried:
        return None
    why = _ambiguous(name, args, carried, text, languages)
    if why is not None:
        return why
    for key, v in carried:
        for n, dim, units, form in bound(text):
            if v == n:
                prop = _property(schema, key)
                why = _mismatch(name, key, n, dim, units, form, prop, description or "") or (
                    _unstated(name, key, n, units, form, prop, description or "", args)
                    if dim == "money" else None)
                if why is not None:
                    return why
    return _dropped(name, carried, text)
