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
from functools import cache
from typing import Any

from .kinds import _keys, name_words
from .tables import tongues
from .walk import _keyed_strings

_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_YEAR = re.compile(r"\d{4}")


@cache
def _months() -> dict[str, int]:
    """Each [g-month] word and its month, the first language's reading first."""
    out: dict[str, int] = {}
    for t in tongues():
        if len(t.months) == 12:
            for n, word in enumerate(t.months, 1):
                out.setdefault(word, n)
    return out


def _month(word: str) -> int | None:
    """The month a word names in any lexicon's [g-month] (1-12), or None."""
    return _months().get(word)


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


_DAY_NUMBER = re.compile(r"(\d{1,2})(?:st|nd|rd|th|\.)?")
_NUMERIC_DATE = re.compile(r"(?<![\d.])(\d{1,2})([./])(\d{1,2})\2(\d{4})(?!\d|\.\d)")
_CALL_WORDS = re.compile(r"[^\W_]+")


def written_dates(words: Sequence[str]) -> list[tuple[tuple[int | None, int, int], set[int]]]:
    """Each date the words write as a month's name in a lexicon's [g-month] beside a day
    number ("may 5", "5 may", "5. mai", "may 5th") and the year written right after them
    ("may 5 2025"): ((year or None, month, day), the indices of its words)."""
    out: list[tuple[tuple[int | None, int, int], set[int]]] = []
    for i, w in enumerate(words):
        month = _month(w.casefold())
        if month is None:
            continue
        for j in (i + 1, i - 1):  # "may 5" first, then "5 may"
            day = _DAY_NUMBER.fullmatch(words[j]) if 0 <= j < len(words) else None
            if day is None or not 1 <= int(day.group(1)) <= 31:
                continue
            k = max(i, j) + 1
            year = int(words[k]) if k < len(words) and _YEAR.fullmatch(words[k]) else None
            out.append(((year, month, int(day.group(1))), {i, j} | ({k} if year else set())))
            break
    return out


def _dates_in(text: str) -> set[tuple[int, int, int]]:
    """(year, month, day) of each date a call's string writes: ISO digits ("2025-05-05",
    "2025-05-05T17:00"), day and month in digits either way round ("05.05.2025", "5/5/2025":
    which is the day is not known), or a month's name beside a day ("May 5, 2025"; year 0
    when none is written)."""
    out = {(int(y), int(m), int(d)) for y, m, d in _ISO.findall(text)}
    for a, _sep, b, y in _NUMERIC_DATE.findall(text):
        out |= {(int(y), int(a), int(b)), (int(y), int(b), int(a))}
    out |= {(y or 0, m, d) for (y, m, d), _at in written_dates(_CALL_WORDS.findall(text))}
    return out


def unwritten_date(words: Sequence[str], calls: Sequence[tuple[str, Mapping[str, Any]]]) \
        -> str | None:
    """A date the announcement writes ("on May 5", "am 5. Mai", ``written_dates``) that no
    call carries as a date of its own day and month, and year when one is written ("May 5" +
    ``2025-05-06`` or ``2025-06-05``), or None: a date's digits are its fields, so the month's
    "05" is no day 5 (``undated``). The dates the calls hold in a key of time ([keys-when]:
    "start", "date") are the ones they set, when there are any: "May 5" in a title is no
    ``start: 2025-06-05``."""
    when = _keys("when")
    held = [(bool(set(name_words(key)) & when), d) for _name, args in calls
            for key, v in _keyed_strings(args) for d in _dates_in(v)]
    timed = any(t for t, _d in held)
    carried = {d for t, d in held if t or not timed}
    for (year, month, day), at in written_dates(words):
        if not any((year is None or y in (0, year)) and (m, d) == (month, day)
                   for y, m, d in carried):
            said = " ".join(words[i] for i in sorted(at))
            return (f"the announcement writes the date {said!r}, which no call that changes "
                    "something carries as its day and month")
    return None


def undated(text: str) -> str:
    """A call's string with each date written in digits ("2025-05-06", "06.05.2025") left as its
    year: its month and day are fields of that date, not numbers of their own (a bare "5" is
    not carried by the month of ``2025-05-06``; a written date is, ``unwritten_date``)."""
    if "-" not in text and "." not in text and "/" not in text:
        return text
    text = _ISO.sub(lambda m: m.group(1), text)
    return _NUMERIC_DATE.sub(lambda m: m.group(4), text)


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


_HOUR = re.compile(r"(\d{1,2})(?:(?::|h(?=\d{2}$))(\d{2}))?\s*(am|pm|a\.m|p\.m|h)?$")
_CALL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}")
_CALL_HOUR = re.compile(r"(?:^|[T\s])(\d{1,2}):(\d{2})|^(\d{1,2})$|(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b",
                        re.IGNORECASE)


def _call_times(value: str) -> set[tuple[int, int]]:
    """(hour, minute) of each time of day a call's value writes ("17:30", "2026-12-10T15:00",
    "10", "5pm", "5:30 pm")."""
    out: set[tuple[int, int]] = set()
    for m in _CALL_HOUR.finditer(value):
        if m.group(1) is not None:
            out.add((int(m.group(1)), int(m.group(2))))
        elif m.group(3) is not None:
            out.add((int(m.group(3)), 0))
        else:
            h = int(m.group(4)) % 12 + (12 if m.group(6).casefold() == "pm" else 0)
            out.add((h, int(m.group(5) or 0)))
    return out


def _time_carried(phrase: str, args: Mapping[str, Any]) -> bool:
    """The call carries the time of day the announcement names, so that time is what the step
    sets (an event at 3pm, a room for Tuesday at 3pm), not when it is taken: its hour and
    minute as a value ("15:00", "2026-12-10T15:00", "10"; "at 3pm" is no 15:30) and, for a
    day beside it ("Thursday", "tomorrow"), a date or the day's own word. A day with no hour
    ("tomorrow", "in the new year") is not carried: the step would wait for it. Text the call
    writes (a message, a post, a body) carries no time it sets: "goes live Thursday at 10am"
    is posted now."""
    values = [x.strip() for key, x in _keyed_strings(args)
              if x.strip() and not set(name_words(key)) & _keys("prose")]
    hours: set[tuple[int, int]] = set()
    days = False
    for part in _hour_parts(phrase):
        m = _HOUR.match(part)
        if part in _named_hours():  # "noon", "minuit": a named hour ([g-noon], [g-midnight])
            hours.add(_named_hours()[part])
            continue
        if m is None:
            days = True  # a day, a week, a month: a date must carry it
            continue
        h, minute = int(m.group(1)), int(m.group(2) or 0)  # "5pm" is 17:00, not 17:30
        suffix = (m.group(3) or "").replace(".", "")
        if suffix == "pm" and h < 12:
            h += 12
        elif suffix == "am" and h == 12:
            h = 0  # "12am" is midnight
        hours |= {(h, minute), (h + 12, minute)} if not suffix and h < 12 else {(h, minute)}
    got = {t for v in values for t in _call_times(v)}
    if not hours or not hours & got:
        return False  # a day alone ("in the new year") is when the step is taken
    return not days or any(_CALL_DATE.search(v) for v in values) or any(
        w in v.casefold() for w in phrase.split() for v in values if not _HOUR.match(w))


_MERIDIEM = re.compile(r"(?<!\S)(\d{1,2}(?::\d{2})?) (am|pm|a\.m\.?|p\.m\.?)(?!\S)")


def _hour_parts(phrase: str) -> list[str]:
    """The words of the times an announcement names, an hour joined to its "am" or "pm" written
    apart ("6 pm": one hour, 18:00) and a preposition of time ([g-time-prep] of a lexicon:
    "às 18h", "um 18") right before an hour left out: it says the hour is a point, no day."""
    parts = _MERIDIEM.sub(r"\1\2", phrase.casefold()).split()
    preps = _time_preps()
    return [w for k, w in enumerate(parts)
            if not (w in preps and k + 1 < len(parts) and _HOUR.match(parts[k + 1]))]


@cache
def _named_hours() -> dict[str, tuple[int, int]]:
    """The hours every lexicon names by a word ([g-noon]: 12:00, [g-midnight]: 00:00)."""
    return {w: (12 if sec == "g-noon" else 0, 0) for t in tongues() for sec, w in t.marks
            if sec in ("g-noon", "g-midnight")}


@cache
def _time_preps() -> frozenset[str]:
    """The one-word prepositions of time of every lexicon ([g-time-prep])."""
    return frozenset(w for t in tongues() for w in t.time_preps if " " not in w)


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
