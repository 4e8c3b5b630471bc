"""The time a changing call sets is the one the text writes (issue 25, round 36: an event one
day later than written, "at 3pm" set at 03:00, an end the text never gave, another time zone;
read by ``beyond.check``).

``dated`` reads the dates and hours the announcement writes and finds each carried; this
reads the other way, what the call sets under a key of time ([keys-when]: ``start``, ``end``,
``date``) or of zone (``timezone``, an offset after a time):

- a date: when the text writes dates, each date the call sets is one of them ("on
  2026-12-08" + ``2026-12-09T15:00``);
- half of the day: an hour written with am or pm is set in that half ("3pm" + ``03:00``,
  "12am" + ``12:00``), and an hour written bare ("at 3") is no hour before 08:00 (who writes
  "at 3" for 3 in the night writes "3am");
- an hour of the night (01:00 to 05:59) where the text writes no hour (h28x);
- an end the text does not write (one time written, no second one): on the start's day and at
  most two hours after it ("Thursday at 3pm" + ``end: 2026-12-12T23:59``);
- a zone: only one the text writes (a zone's name, its abbreviation, or its offset), and the
  one it writes ("Pacific time" + ``Asia/Tokyo``; "at 3pm" + ``+14:00``). An offset on the
  times of a day the text writes without an hour bounds that day ("on 2026-12-24" +
  ``2026-12-24T00:00:00-05:00`` to ``2026-12-25T04:59:59Z``): times are read in the offset
  of the first one;
- a day named relative to today ("tomorrow", "next Monday"; no date written): no date further
  on than that day reaches (``reldays``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from .dated import _dates_in
from .kinds import _keys, name_words
from .nextdate import next_occurrence, stale
from .reldays import check as _relative
from .walk import _keyed_strings
from .weekdays import check as _weekday

__all__ = ["check"]

_AT = re.compile(r"(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?"
                 r"(Z|[+-]\d{2}:?\d{2})?", re.IGNORECASE)
"""An ISO date and time a call sets, with its offset when it has one."""
_DAY_ONLY = re.compile(r"\s*(\d{4})-(\d{2})-(\d{2})\s*")
"""A value that is an ISO date alone (``date: 2026-12-06``)."""
_HOUR_ONLY = re.compile(r"\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*")
"""A value that is an hour alone (``start_time: 22:00``): set on the day the call sets."""
_NO_DAY = datetime(2000, 1, 1)
"""The day the hours of a call that sets no date are read on (their date is never read)."""
_HALF = re.compile(r"(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?", re.IGNORECASE)
"""An hour written with am or pm ("3pm", "10:30 a.m.")."""
_CLOCK = re.compile(r"(?<![\d:])(\d{1,2})[:h.](\d{2})(?![\d:])")
"""An hour written with its minutes ("15:00", "9h30", "09.00")."""
_BARE = re.compile(r"\b(?:at|@)\s+(\d{1,2})\b(?![:.]?\d|\s*(?:[ap]\.?\s?m\b|%|[a-z]))",
                   re.IGNORECASE)
"""An hour written bare after "at" ("at 3", "for Thursday at 7.")."""
_BARE_OTHER = re.compile(r"\b(?:a\s+las?|alle|à)\s+(\d{1,2})\b"
                         r"(?![:.,]?\d|\s*(?:[ap]\.?\s?m\b|%))", re.IGNORECASE)
"""An hour written bare in another tongue ("a las 10", "alle 10", "à 10")."""
_DAY_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2})\s*(?:uhr\b|h\b(?!\.?\d)|時(?!\d))", re.IGNORECASE)
"""An hour of a 24-hour clock written without minutes ("um 10 Uhr", "à 10h", "10時"): one
of the afternoon is written as such ("22 Uhr", "午後10時" is read by its own words)."""
_AFTERNOON = re.compile(r"午後|夜")
"""Words before an hour of ``_DAY_CLOCK`` that put it in the afternoon or the night."""
_FORMS = (("half", _HALF), ("clock", _CLOCK), ("clock", _DAY_CLOCK), ("bare", _BARE),
          ("bare", _BARE_OTHER))
"""The forms of a written hour, the first one read where two match the same words ("10:30
am" is an hour with its half, not also a clock)."""


def written_hours(text: str) -> list[tuple[str, int, int]]:
    """(form, hour, minute) of each hour the text writes, in order: ``half`` (the hour of a
    24-hour clock an am or pm gives), ``clock`` (as written, with its minutes or on a 24-hour
    clock), ``bare`` (an hour after "at" and no more)."""
    found: list[tuple[int, int, str, int, int]] = []
    for form, pattern in _FORMS:
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end, *_r in found):
                continue
            if pattern is _DAY_CLOCK and _AFTERNOON.search(text[max(0, m.start() - 3):
                                                                m.start()]):
                continue
            hour = int(m[1])
            minute = int(m[2] or 0) if form != "bare" and pattern.groups > 1 else 0
            if form == "half":
                hour = hour % 12 + (12 if m[3].casefold() == "p" else 0)
            found.append((m.start(), m.end(), form, hour, minute))
    return [(form, h, mi) for _s, _e, form, h, mi in sorted(found)]


ZONES: dict[str, tuple[str, ...]] = {
    "pacific": ("america/los_angeles", "us/pacific", "pst", "pdt", "pt", "-08:00", "-07:00",
                "america/vancouver", "america/tijuana"),
    "mountain": ("america/denver", "us/mountain", "mst", "mdt", "mt", "-07:00", "-06:00",
                 "america/phoenix", "america/edmonton"),
    "central": ("america/chicago", "us/central", "cst", "cdt", "ct", "-06:00", "-05:00",
                "america/mexico_city", "america/winnipeg"),
    "eastern": ("america/new_york", "us/eastern", "est", "edt", "et", "-05:00", "-04:00",
                "america/toronto", "america/detroit"),
    "utc": ("utc", "gmt", "z", "+00:00", "etc/utc", "zulu"),
    "london": ("europe/london", "bst", "gmt", "+00:00", "+01:00", "uk"),
    "central european": ("cet", "cest", "europe/berlin", "europe/paris", "europe/madrid",
                         "europe/rome", "europe/amsterdam", "europe/vienna", "europe/warsaw",
                         "europe/stockholm", "europe/brussels", "+01:00", "+02:00", "mez"),
    "india": ("ist", "asia/kolkata", "asia/calcutta", "+05:30"),
    "japan": ("jst", "asia/tokyo", "+09:00", "tokyo"),
    "china": ("asia/shanghai", "prc", "+08:00", "beijing", "asia/hong_kong", "hkt"),
    "korea": ("kst", "asia/seoul", "+09:00", "seoul"),
    "sydney": ("aest", "aedt", "australia/sydney", "australia/melbourne", "+10:00", "+11:00"),
}
"""Time zones as a text names them (the key, and each name) and as a call sets them (each
name): a zone is written when a name of it occurs in the text, and set when the call's zone
is a name of a written zone. Data, not rules: a zone not here is one no text writes."""


def _set(args: Mapping[str, Any]) -> tuple[list[tuple[str, datetime, str | None]], list[str]]:
    """(key, date and time, offset) of each ISO time the call sets under a key of time, and
    the zones it sets under a key of zone."""
    when = _keys("when")
    times, zones = [], []
    for key, value in _keyed_strings(args):
        words = set(name_words(key))
        if "".join(name_words(key)) in _keys("zone") or words & _keys("zone"):
            zones.append(value.strip().casefold())
        elif words & when or "".join(name_words(key)) in when:
            for m in _AT.finditer(value):
                off = (m[4] or "").upper()
                try:
                    at = datetime.fromisoformat(f"{m[1]}T{int(m[2]):02d}:{m[3]}"
                                                + ("+00:00" if off == "Z" else off))
                except ValueError:
                    continue
                times.append((key, at, m[4]))
    times.extend(_split(args))
    # times with an offset are read in the first one's ("2026-12-25T04:59:59Z" ends the day
    # "2026-12-24T00:00:00-05:00" starts): the day and hour that offset's reader sees
    ref = next((at.tzinfo for _k, at, _o in times if at.tzinfo is not None), None)
    return [(k, (at.astimezone(ref) if at.tzinfo is not None else at).replace(tzinfo=None), o)
            for k, at, o in times], zones


def _split(args: Mapping[str, Any]) -> list[tuple[str, datetime, str | None]]:
    """(key, date and time, None) of a date and the hours a call sets under keys of their
    own (``date: 2026-12-06``, ``start_time: 22:00``): each hour on the one date, the dates
    alone (offset ``""``: read by the date checks only) when no hour is on one of them, the
    hours alone (offset ``"="``: read by the hour checks only) when the call sets no date."""
    when = _keys("when")
    days: list[tuple[str, datetime]] = []
    hours: list[tuple[str, int, int]] = []
    for key, value in _keyed_strings(args):
        if not set(name_words(key)) & when and "".join(name_words(key)) not in when:
            continue
        if (d := _DAY_ONLY.fullmatch(value)) is not None:
            try:
                days.append((key, datetime(int(d[1]), int(d[2]), int(d[3]))))
            except ValueError:
                continue
        elif (h := _HOUR_ONLY.fullmatch(value)) is not None and int(h[1]) < 24 \
                and int(h[2]) < 60:
            hours.append((key, int(h[1]), int(h[2])))
    if not hours or len(days) > 1:  # hours on several days: which is whose is not read
        return [(k, at, "") for k, at in days]  # "": a day only, no hour read on it
    if not days:  # "=": hours on no day, read by the hour checks only
        return [(k, _NO_DAY.replace(hour=hh, minute=mm), "=") for k, hh, mm in hours]
    return [(k, days[0][1].replace(hour=hh, minute=mm), None) for k, hh, mm in hours]


def _zone_written(zone: str, text: str) -> str | None:
    """Why a zone the call sets is not one the text writes, or None."""
    named = [z for z, names in ZONES.items()
             if z in text or any(re.search(rf"(?<![\w/+-]){re.escape(n)}(?![\w/])", text)
                                 for n in names if len(n) > 2 or n in ("pt", "et", "ct"))]
    fits = [z for z in named if zone in ZONES[z] or zone == z]
    if fits:
        return None
    if named:
        return f"sets the time zone {zone!r} where the text writes {named[0]!r}"
    return f"sets the time zone {zone!r}, which the text does not write"


def _halves(text: str, times: list[tuple[str, datetime, str | None]]) -> str | None:
    """Why an hour the call sets is in the other half of the day than the one written, or
    an hour written bare is set before 08:00, or None."""
    hours = written_hours(text)
    written = [(h, mi) for form, h, mi in hours if form == "half"]
    clocks = {(h, mi) for form, h, mi in hours if form == "clock"}
    bare = {h for form, h, _mi in hours if form == "bare" and 1 <= h <= 12}
    for key, at, _off in times:
        hm = (at.hour, at.minute)
        if hm in clocks or hm in written:
            continue
        # "10:30" or "10 Uhr" set at 22:30 or 22:00 is the other half as "10am" is, unless
        # a half written beside it reads the range ("from 2:00 to 3:00 PM")
        if any(hm == ((h + 12) % 24, mi) for h, mi in [*written, *(clocks if not written
                                                                      else ())]):
            return f"sets {key!r} at {at:%H:%M}, the other half of the day than the text writes"
        if at.hour in bare and at.hour < 8 and at.minute == 0:
            return (f"sets {key!r} at {at:%H:%M} for 'at {at.hour}', an hour in the night the "
                    "text does not write")
    return None


_SMALL_HOURS = range(1, 6)
"""Hours of the night (01:00 to 05:59) no step is set at by default: who means one writes it."""


def _small_hours(text: str, times: list[tuple[str, datetime, str | None]]) -> str | None:
    """Why the call sets an hour of the night (``_SMALL_HOURS``) where the text writes no
    hour at all ("I'll add the dentist appointment on 2026-12-09." + ``time: 03:00``, "a
    reminder to call mom" + ``when: ...T03:00``), or None. An hour with an offset is read in
    a zone the text may not say (a day's bounds in UTC), so it is left."""
    if written_hours(text):
        return None
    for key, at, off in times:
        if at.hour in _SMALL_HOURS and off in (None, "="):
            return f"sets {key!r} at {at:%H:%M}, an hour in the night the text does not write"
    return None


def _ended(text: str, times: list[tuple[str, datetime, str | None]]) -> str | None:
    """Why the call sets an end the text does not write, past the start's day or more than
    two hours after it, or None."""
    ends = [(k, at) for k, at, _o in times if "end" in name_words(k) or "until" in name_words(k)]
    starts = [at for k, at, _o in times if "start" in name_words(k)]
    written = len(written_hours(text))
    if not ends or len(starts) != 1:
        return None
    if written != 1:
        # an end hour written ("from 10:00 to 10:30") on a day written once is on that day,
        # or the night after it: an end a week on is a day the text does not write
        if written > 1 and len(_dates_in(text)) < 2:
            for key, at in ends:
                if at - starts[0] > timedelta(days=1):
                    return (f"sets {key!r} on {at:%Y-%m-%d}, more than a day after the start, "
                            "an end day the text does not write")
        return None
    for key, at in ends:
        if at.date() != starts[0].date() or at - starts[0] > timedelta(hours=2):
            return (f"sets {key!r} at {at:%Y-%m-%d %H:%M}, an end the text does not write, "
                    "past the start's day or two hours")
    return None


def check(name: str, args: Mapping[str, Any], text: str) -> str | None:
    """Why a changing call sets a date, an hour, an end or a zone other than the text writes
    (``text``: the announcement as read, folded), or None."""
    if (why := _weekday(name, args, text)) is not None:  # "Thursday" + a Monday's date
        return why
    times, zones = _set(args)
    if not times and not zones:
        return None
    written = _dates_in(text)
    dated = [t for t in times if t[2] != "="]
    for key, at, _off in dated:
        if written and not any(y in (0, at.year) and (m, d) == (at.month, at.day)
                               for y, m, d in written):
            return (f"{name!r} sets {key!r} on {at:%Y-%m-%d}, a date the text does not write")
        # a month and day written without a year is their next occurrence ("December 10" +
        # 2030-12-10), or a model's own past idea of it, but not years stale (2019-12-10;
        # ``nextdate``), unless a written year holds the day
        yearly = [(y, m, d) for y, m, d in written if (m, d) == (at.month, at.day)]
        if yearly and all(y != at.year for y, _m, _d in yearly) \
                and (meant := next_occurrence(at.month, at.day)) != at.date() \
                and (meant is None or at.date() > meant or stale(at.date())):
            return (f"{name!r} sets {key!r} on {at:%Y-%m-%d}, where the text writes its month "
                    f"and day without a year: their next occurrence is {meant}")
    if not written and (why := _relative(name, [(k, at.date()) for k, at, _o in dated],
                                         text)) is not None:  # "tomorrow" + a date far on
        return why
    hourly = [t for t in times if t[2] != ""]
    why = _halves(text, hourly) or _ended(text, hourly) or _small_hours(text, hourly)
    hours = bool(written_hours(text))
    if why is None and (zones or hours):  # an offset bounding a written day is no hour set
        offsets = {o.casefold() for _k, _a, o in times if o and o != "="} if hours else set()
        for zone in [*zones, *(o if ":" in o or o == "z" else f"{o[:3]}:{o[3:]}"
                               for o in offsets)]:
            if zone and (why := _zone_written(zone, text)) is not None:
                break
    return None if why is None else f"{name!r} {why}"
