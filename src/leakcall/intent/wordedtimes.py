"""A clock time or a day of the month written in words is carried as its digits would be (r45
gap 6; read by ``amounts._unsaid_numbers``, rule ``ungrounded-call``).

The tokenizer marks "6:30", "7 AM", "noon" as times (``dated._time_carried``); "half past six",
"a quarter to seven", "six thirty", "siete y media", "sept heures et demie", "halb sieben"
arrive as plain words, and "six" alone is carried by ``06:00``. So each such clock time
(``_clock``: an hour 1-12 in digits or as a cardinal word, ``figures.CARDINALS``) is read as
its hour and minute, either 12-hour reading when no "am"/"pm" follows ("half past six": 06:30
or 18:30), and some changing call carries it: a value that writes that time ("18:30",
"2026-12-10T06:30", "6:30 pm", ``_call_times``), an hour and a minute under keys of those
names, or the words themselves (a message's text). "half past six" + ``06:00`` refuses; a
worded time no call carries is a time the step waits for, as "at 6:30" is.

A day of the month written alone ("on the 7th", "el día 7", "le 7", "am 7.", ``_day``) is
carried by a date of that day some changing call holds ("2026-12-07"), or by its words;
"on the 7th" + ``2026-12-17`` refuses."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .dated import _call_times, _dates_in
from .figures import CARDINALS
from .kinds import name_words
from .preamble import Announcement
from .walk import _keyed_strings, _leaves

__all__ = ["check"]

_COUNTS = frozenset({"single", "couple", "pair", "dozen", "dutzend", "douzaine", "docena",
                     "dúzia", "dozzina", "дюжина", "tuzin"})
"""Words of ``CARDINALS`` that count things and never name an hour."""

_HOURS = {w: n for w, n in CARDINALS.items() if w not in _COUNTS and " " not in w}
_N = "(" + "|".join(sorted(map(re.escape, _HOURS), key=len, reverse=True)) + r"|1[0-2]|0?[1-9])"
_AMPM = r"(?:\s*(a\.?m\.?|p\.?m\.?)(?![\w]))?"

_FORMS: tuple[tuple[re.Pattern[str], int, int], ...] = tuple(
    (re.compile(r"(?<![\w:.])" + p + _AMPM + r"(?![\w-]|:\d)"), shift, minute)
    for p, shift, minute in (
        # (pattern with the hour as group 1, hours added, minute)
        (r"half\s+past\s+" + _N, 0, 30),
        (r"(?:a\s+)?quarter\s+past\s+" + _N, 0, 15),
        (r"(?:a\s+)?quarter\s+(?:to|till|til|of)\s+" + _N, -1, 45),
        (_N + r"\s+o['’]\s?clock", 0, 0),
        (_N + r"\s+thirty", 0, 30),
        (_N + r"\s+fifteen", 0, 15),
        (_N + r"\s+forty[-\s]five", 0, 45),
        (_N + r"\s+y\s+media", 0, 30),
        (_N + r"\s+y\s+cuarto", 0, 15),
        (_N + r"\s+menos\s+(?:el\s+)?cuarto", -1, 45),
        (_N + r"\s+en\s+punto", 0, 0),
        (_N + r"\s+heures?\s+et\s+demie", 0, 30),
        (_N + r"\s+heures?\s+et\s+quart", 0, 15),
        (_N + r"\s+heures?\s+moins\s+(?:le\s+)?quart", -1, 45),
        (r"halb\s+" + _N, -1, 30),
        (r"viertel\s+nach\s+" + _N, 0, 15),
        (r"viertel\s+vor\s+" + _N, -1, 45),
        (_N + r"\s+uhr", 0, 0),
    ))
"""Worded clock times of en, es, fr and de: "half past six" (6:30), "a quarter to seven"
(6:45), "siete y media" (7:30), "sept heures moins le quart" (6:45), "halb sieben" (6:30)."""


def _hour(word: str) -> int:
    return _HOURS[word] if word in _HOURS else int(word)


def _clock(text: str) -> list[tuple[str, int, set[tuple[int, int]]]]:
    """(words, hour word's number, readings (hour, minute)) of each worded clock time. The
    number words of the hour are no amount ``amounts._unsaid_numbers`` reads, so "six" needs
    no call to carry a 6 of its own."""
    out: list[tuple[str, int, set[tuple[int, int]]]] = []
    for form, shift, minute in _FORMS:
        for m in form.finditer(text):
            n = _hour(m.group(1))
            h = (n + shift - 1) % 12 + 1  # "a quarter to one" is 12:45
            meridiem = (m.group(2) or "").replace(".", "")
            if meridiem == "pm":
                hours = {h % 12 + 12}
            elif meridiem == "am":
                hours = {h % 12}
            else:
                hours = {h % 12, h % 12 + 12}
            out.append((m.group(0), n, {(x, minute) for x in hours}))
    return out


_DAYS = re.compile(
    r"(?<![\w])(?:(?:on|by|until|till|from|before|after)\s+the\s+(\d{1,2})(?:st|nd|rd|th)"
    r"|(?:el|para\s+el|hasta\s+el)\s+(?:día\s+)?(\d{1,2})|(?:le|au|jusqu'au)\s+(\d{1,2})"
    r"|am\s+(\d{1,2})\.)"
    r"(?=\s*(?:[,;!?)]|\.(?!\d)|$|at\b|a\s+las\b|à\b|um\b))")
"""A day of the month written alone: "on the 7th", "el día 7", "le 7", "am 7." at the end of
a phrase or before its hour ("on the 7th at 9:30"); "the 7th floor" is no day."""


def _day(text: str) -> list[tuple[str, int]]:
    """(words, day) of each day of the month ``_DAYS`` reads (1-31)."""
    return [(m.group(0), d) for m in _DAYS.finditer(text)
            for d in [int(next(g for g in m.groups() if g))] if 1 <= d <= 31]


def _strings(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> list[str]:
    return [v for _name, args in calls for _key, v in _keyed_strings(args)]


def _keyed_clock(args: Mapping[str, Any]) -> set[tuple[int, int]]:
    """(hour, minute) of a call that sets them under keys of those names (``hour: 18``,
    ``minute: 30``)."""
    hours = {int(v) for k, v in _leaves(args) if type(v) is int and
             set(name_words(k)) & {"hour", "hours"}}
    minutes = {int(v) for k, v in _leaves(args) if type(v) is int and
               set(name_words(k)) & {"minute", "minutes"}} or {0}
    return {(h, m) for h in hours for m in minutes}


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def check(ann: Announcement, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """A worded clock time or day of the month the announcement writes that no changing call
    carries, or None."""
    text = _folded(ann.text)
    clocks, days = _clock(text), _day(text)
    if not clocks and not days:
        return None
    strings = [_folded(s) for s in _strings(changing)]
    times = {t for s in strings for t in _call_times(s)}
    times |= {t for _name, args in changing for t in _keyed_clock(args)}
    for said, _n, readings in clocks:
        if not readings & times and not any(said in s for s in strings):
            return (f"the announcement writes the time {said!r}, which no call that changes "
                    "something carries")
    dates = {d for s in strings for _y, _m, d in _dates_in(s)}
    for said, day in days:
        if day not in dates and not any(said.split()[-1].rstrip(".") in s.split()
                                        for s in strings):
            return (f"the announcement writes the day {said!r}, which no call that changes "
                    "something carries as the day of a date")
    return None

