"""A calendar date the announcement writes and the call carries is what the step sets, not
when it is taken (issue 25, rule ``conditional``; ``grounding.timed``).

"I'll book the tickets for Monday, October 15th." with ``date: 2024-10-15``: the day, with the
date written right after it (one time, ``selecting.dated_day``), names a date whose value the
call holds in a key of time ([keys-when]: "date", "start", "until"), so the day is an
argument of the step. A day with no date right after it ("on Monday", "on Monday for October
15th", "tomorrow") is not carried: the step would wait for it; nor is a date only a name or a
text holds ("branch: 2024-10-15", a message's body), nor one of another day. The same for an
hour ("at 3pm" with ``start: 15:00``, ``_time_carried``); the words of a carried date name
its day for the grounding of a call (``_date_words``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .tables import tongues
from .walk import _keyed_strings

_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_YEAR = re.compile(r"\d{4}")


def _month(word: str) -> int | None:
    """The month a word names in any lexicon's [g-month] (1-12), or None."""
    for t in tongues():
        if len(t.months) == 12 and word in t.months:
            return t.months.index(word) + 1
    return None


def _carried(args: Mapping[str, Any]) -> set[tuple[int, int, int]]:
    """(year, month, day) of each ISO date the call holds in a key of time ([keys-when])."""
    when = _keys("when")
    out: set[tuple[int, int, int]] = set()
    for key, value in _keyed_strings(args):
        if set(name_words(key)) & when:
            out.update((int(y), int(m), int(d)) for y, m, d in _ISO.findall(value))
    return out


def _written(time: str) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) of a time ``words.tokenize`` read as a day and the date
    written right after it (``selecting.dated_day``: "monday october 15th 2024") or as a date
    in ISO digits ("2026-12-20"), or None."""
    iso = _ISO.fullmatch(time.strip())
    if iso is not None:  # a date written in digits ("on 2026-12-20") is a day and its date
        return int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
    words = time.casefold().split()
    if len(words) < 3:
        return None
    month, day = _month(words[1]), _DAY.fullmatch(words[2])
    if month is None or day is None:
        month, day = _month(words[2]), _DAY.fullmatch(words[1])
    if month is None or day is None or not 1 <= int(day.group(1)) <= 31:
        return None
    year = int(words[3]) if len(words) > 3 and _YEAR.fullmatch(words[3]) else None
    return year, month, int(day.group(1))


def date_carried(times: Sequence[str], args: Mapping[str, Any]) -> bool:
    """Every time the announcement names (``times``) is a day with the date written right
    after it ("monday october 15th"), and the call holds that date in a key of time
    (``_carried``: the same month and day, and year when one is written)."""
    carried = _carried(args)
    if not carried or not times:
        return False
    for time in times:
        got = _written(time)
        if got is None or not any((got[0] is None or got[0] == y) and (got[1], got[2]) == (m, d)
                                  for y, m, d in carried):
            return False
    return True


_HOUR = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m|p\.m|h)?$")
_CALL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}")
_CALL_HOUR = re.compile(r"(?:^|[T\s])(\d{1,2}):\d{2}|^(\d{1,2})$|(\d{1,2})\s*(?:am|pm)\b",
                        re.IGNORECASE)


def _time_carried(phrase: str, args: Mapping[str, Any]) -> bool:
    """The call carries the time of day the announcement names, so that time is what the step
    sets (an event at 3pm, a room for Tuesday at 3pm), not when it is taken: its hour as a
    value ("15:00", "2026-12-10T15:00", "10") and, for a day beside it ("Thursday",
    "tomorrow"), a date or the day's own word. A day with no hour ("tomorrow", "in the new
    year") is not carried: the step would wait for it. Text the call writes (a message, a
    post, a body) carries no time it sets: "goes live Thursday at 10am" is posted now."""
    values = [x.strip() for key, x in _keyed_strings(args)
              if x.strip() and not set(name_words(key)) & _keys("prose")]
    hours: set[int] = set()
    days = False
    for part in phrase.split():
        m = _HOUR.match(part)
        if m is None:
            days = True  # a day, a week, a month: a date must carry it
            continue
        h = int(m.group(1))
        suffix = (m.group(3) or "").replace(".", "")
        if suffix == "pm" and h < 12:
            h += 12
        hours |= {h, h + 12} if not suffix and h < 12 else {h}
    got = {int(g) for v in values for m in _CALL_HOUR.finditer(v) for g in m.groups() if g}
    if not hours or not hours & got:
        return False  # a day alone ("in the new year") is when the step is taken
    return not days or any(_CALL_DATE.search(v) for v in values) or any(
        w in v.casefold() for w in phrase.split() for v in values if not _HOUR.match(w))


_ISO_DATE = re.compile(r"\b\d{4}-(\d{2})-(\d{2})(?!\d)")


def _date_words(strings: Sequence[str]) -> list[str]:
    """The words that name the day of each ISO date in the strings ("2026-12-20"): its month
    in every lexicon's [g-month] ("december", "diciembre", "may") and its day ("20",
    "20th"). "I'll book the flight for December 20." names the day the call sets."""
    out: list[str] = []
    for s in strings:
        if "-" not in s:
            continue  # no ISO date (its "-"), without the regex's try at every character
        for m in _ISO_DATE.finditer(s):
            month, day = int(m.group(1)), int(m.group(2))
            if not (1 <= month <= 12 and 1 <= day <= 31):
                continue
            out.extend(t.months[month - 1] for t in tongues() if len(t.months) == 12)
            out.extend(f"{day}{suffix}" for suffix in ("", "st", "nd", "rd", "th"))
    return out
