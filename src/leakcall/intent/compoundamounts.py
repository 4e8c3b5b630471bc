"""An amount a hyphenated compound states is the amount the call carries (r42 gap 1; read by
``amounts._unsaid_numbers``, rule ``ungrounded-call``).

"a 10-minute timer", "a 30-day retention", "a half-hour timer", "a 5-star review", "a
$5-off coupon" state an amount and its unit (``hyphenated``, ``written.amount``). So, for the
changing calls:

- each such amount is carried: as a number under some key (converted to the unit of time the
  key names: "half-hour" + ``minutes: 30``, "week-long" + ``hours: 168``; a key of another
  unit of time family carries none: "30-day" + ``months: 30``), or in a string's words
  ("10m", "10 minutes"), or as an event's length (``end`` − ``start``, "a 15-minute standup
  at 9am" + 09:00 to 09:15). "10-minute timer" + ``minutes: 100`` or ``seconds: 10`` refuses;
- every number carried under a key that names a unit of time is one the announcement writes
  in that unit (``minutes: 100`` beside ``label: 10`` refuses);
- an event whose start and end the call sets lasts one such amount of time ("a 15-minute
  standup" + 09:00 to 10:45 refuses).

The step's own words are read, and an observation's when the step names its object by a
pronoun ("a 10-minute timer it is. Let me set it."). A key named by the word a compound
counts carries its amount, a worded one too ("a 5-star review" + ``stars: 1`` beside a text
"5 out of 5"). Also, a call that sets a share of a price or a sum off it (a key of percent,
discount, off) to a number the text does not write (nor its percentage: 0.15 for "15%")
refuses, as an amount with no figure does (``amounts.paid_numbers``): "apply the staff
discount" + ``percent: 100``. Where no compound is written, only that share check applies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from .figures import numbers
from .hyphenated import split
from .kinds import name_words
from .preamble import Announcement
from .setwhen import _set
from .walk import _keyed_strings
from .written import _TOKEN, Unit, _numeric, _same, _unit, amount, values, written

__all__ = ["check"]

_SHARE_KEYS = frozenset({"percent", "percentage", "pct", "discount", "off"})
"""Key name words of a share of a price or a sum taken off it."""


def _words(ann: Announcement) -> tuple[str, ...]:
    """The step's words, and the observation's when the step's object is a pronoun."""
    return (*ann.objects, *(ann.observed if ann.pronoun else ()))


def _stated(ann: Announcement) -> list[tuple[float, Unit, str]]:
    """(amount, unit of time, word) of each hyphenated compound of ``_words``."""
    return [(c.number, unit, w) for w in _words(ann) for x in w.split()
            if (got := amount(x)) is not None for c, unit in [got]]


def _lengths(args: Mapping[str, Any]) -> list[timedelta]:
    """The length of the one event a call sets by a start and an end time, if it does."""
    times, _zones = _set(args)
    starts = [at for k, at, _o in times if "start" in name_words(k)]
    ends = [at for k, at, _o in times if {"end", "until"} & set(name_words(k))]
    return [ends[0] - starts[0]] if len(starts) == 1 and len(ends) == 1 else []


def _carried(n: float, unit: Unit, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> bool:
    for _name, args in changing:
        if any(_same(n, unit, v, key_unit) for _k, v, key_unit in _numeric(args)):
            return True
        for key, text in _keyed_strings(args):
            key_unit = next((u for w in name_words(key) if (u := _unit(w)) is not None), None)
            said = [(v, u or key_unit) for v, u in values(_TOKEN.findall(text))]
            if any(_same(n, unit, v, u) for v, u in said) or (
                    unit is None and any(abs(n - v) < 0.005 for v in numbers(text))):
                return True
        if unit is not None and unit[0] == "s" and any(
                abs(span.total_seconds() - n * unit[1]) < 0.5 for span in _lengths(args)):
            return True
    return False


def _unshared(ann: Announcement, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """A share of a price, or a sum taken off it, that no number of the text states (module
    docstring): the number, or the percentage it is the fraction of, is written."""
    said = {*numbers(ann.text), *(n for n, _u in written(ann)),
            *(n for n, _u, _w in _stated(ann))}
    for name, args in changing:
        for key, v, _u in _numeric(args):
            if v and {w.casefold() for w in name_words(key)} & _SHARE_KEYS and not any(
                    abs(v - n) < 0.005 or abs(v * 100 - n) < 0.005 for n in said):
                return (f"{name!r} carries {key!r} {v:g}, a share or a sum taken off, which "
                        "is no number the announcement writes")
    return None


def _counted(ann: Announcement, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """A number under a key named by the word a compound counts ("a five-star review" +
    ``stars: 1``, "a 12-character minimum" + ``min_characters: 1``) that is not its amount,
    worded or not ("five-star" states no amount elsewhere: "one-time", "two-factor" count
    nothing a key names)."""
    counted = [(c, x) for w in _words(ann) for x in w.split()
               if (c := split(x)) is not None and not c.rate]
    for name, args in changing:
        for key, v, _u in _numeric(args):
            names = {w.casefold() for w in name_words(key)}
            for c, x in counted:
                if ({c.unit, c.unit + "s"} & names) and abs(v - c.number) >= 0.005:
                    return (f"{name!r} carries {key!r} {v:g}, and the announcement states "
                            f"{x!r}")
    return None


def check(ann: Announcement, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why the changing calls do not carry the amounts the announcement's compounds state,
    carry another under a key of time, or set a share of a price no number states, or None."""
    why = _unshared(ann, changing) or _counted(ann, changing)
    stated = _stated(ann)
    if why is not None or not stated:
        return why
    for n, unit, word in stated:
        if (unit is not None or n != 1) and not _carried(n, unit, changing):
            return (f"the announcement states {word!r}, which no call that changes something "
                    f"carries ({', '.join(repr(name) for name, _a in changing)})")
    said = [*((n, u) for n, u, _w in stated), *written(ann)]
    for name, args in changing:
        for key, v, key_unit in _numeric(args):
            if key_unit is not None and not any(_same(n, u, v, key_unit) for n, u in said):
                return (f"{name!r} carries {key!r} {v:g}, and the announcement states "
                        f"{', '.join(w for _n, _u, w in stated)}")
        for span in _lengths(args):
            times = [n * u[1] for n, u, _w in stated if u is not None and u[0] == "s"]
            if times and not any(abs(span.total_seconds() - t) < 0.5 for t in times):
                return (f"{name!r} sets an event {span} long, and the announcement states "
                        f"{', '.join(w for _n, u, w in stated if u is not None)}")
    return None
