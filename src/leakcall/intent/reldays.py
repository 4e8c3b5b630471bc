"""A day named relative to today is a date near today (issue 25, rounds 36 and 37: "tomorrow"
+ ``start: 2027-03-01``, "next Monday" + ``2031-03-10``, "for Thursday" + a Thursday three
years on; read by ``setwhen.check``).

When the announcement writes no date of its own and names the day relative to today (a word
of a lexicon's [g-day-today], [g-day-tomorrow], [g-day-after-tomorrow], [g-day-week], or a
weekday of any lexicon), each date a changing call sets under a key of time is at most
that word's reach (``REACH``) after the reference day: "today" one day (zones ahead of UTC),
"tomorrow" two, a weekday or a week fifteen ("next Monday" said on a Sunday is at most
thirteen days on). The reference day is the one the recovery runs on (UTC), or
``LEAKCALL_TODAY`` (an ISO date) when set, so a replayed log reads as on its day. A date
before the reference day is not refused here: a model without the date writes its own idea
of today ("tomorrow" + a date of its training year), no step put far ahead.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
from datetime import UTC, date, datetime
from functools import cache

from .entries import _HANGUL, alternation
from .tables import tongues
from .view import normalize
from .weekdays import written as _weekdays
from .words import UNSPACED

__all__ = ["check", "exact", "reach", "reference_day"]

REACH = (("g-day-today", 1), ("g-day-tomorrow", 2), ("g-day-after-tomorrow", 3),
         ("g-day-week", 15))
"""The lexicon sections of the days named relative to today and how many days on each
reaches at most; a weekday ([g-weekday]) reaches as far as a week."""


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], int], ...]:
    """One pattern a reach, of its section's forms in every lexicon (each form also as the
    text is read, a Japanese form in Simplified characters when it has no kana)."""
    out = []
    for section, days in REACH:
        forms = {f for t in tongues() for sec, entry in t.marks if sec == section
                 for f in (entry, normalize(entry))}
        if forms:
            out.append((re.compile(alternation(sorted(forms, key=len, reverse=True))), days))
    return tuple(out)


def _whole(text: str, m: re.Match[str]) -> bool:
    """A match in a spaced script is no part of a longer word by a combining mark beside it
    (Hindi "कल" is not in "कला", whose vowel sign no ``\\w`` reads)."""
    last = m.group()[-1:]
    if UNSPACED.match(last) or _HANGUL.match(last):
        return True
    edges = text[m.start() - 1:m.start()] + text[m.end():m.end() + 1]
    return not any(unicodedata.category(ch).startswith("M") for ch in edges)


def reference_day() -> date:
    """The day the reply is read on: ``LEAKCALL_TODAY`` when it holds an ISO date, else
    today in UTC."""
    pinned = os.environ.get("LEAKCALL_TODAY", "").strip()
    if pinned:
        try:
            return date.fromisoformat(pinned)
        except ValueError:
            pass
    return datetime.now(UTC).date()


def reach(text: str) -> int | None:
    """How many days after today the text's relative days reach at most, or None when it
    names none."""
    low = normalize(text)
    found = [days for p, days in _patterns() if any(_whole(low, m) for m in p.finditer(low))]
    if _weekdays(text):
        found.append(15)
    return max(found) if found else None


EXACT = {"g-day-today": 0, "g-day-tomorrow": 1, "g-day-after-tomorrow": 2}
"""The day after the reference day each section names exactly (round 39: "tomorrow" +
the day after tomorrow, or today): a text naming only these sets no other day on or after
the reference day."""


def exact(text: str) -> set[int] | None:
    """The days after today the text names exactly ("today", "tomorrow"), or None when it
    names none or also a week or a weekday (days it only bounds)."""
    low = normalize(text)
    found = {sec for (p, _d), sec in zip(_patterns(), _sections(), strict=True)
             if any(_whole(low, m) for m in p.finditer(low))}
    if not found or not found <= EXACT.keys() or _weekdays(text):
        return None
    return {EXACT[sec] for sec in found}


@cache
def _sections() -> tuple[str, ...]:
    """The section of each of ``_patterns``."""
    return tuple(sec for sec, _d in REACH
                 if any(s == sec for t in tongues() for s, _e in t.marks))


def check(name: str, dates: Iterable[tuple[str, date]], text: str) -> str | None:
    """Why a date the call sets (``(key, date)``) is further after the reference day than
    the relative day the text names reaches, or is on or after the reference day and not
    the exact day the text names, or None."""
    days = reach(text)
    if days is None:
        return None
    today = reference_day()
    named = exact(text)
    for key, day in dates:
        on = (day - today).days
        if named is not None and on >= 0 and on not in named:
            return (f"{name!r} sets {key!r} on {day:%Y-%m-%d}, {on} days after "
                    f"{today:%Y-%m-%d}, where the text names the day "
                    f"{' or '.join(map(str, sorted(named)))} days on")
        if (day - today).days > days:
            return (f"{name!r} sets {key!r} on {day:%Y-%m-%d}, {(day - today).days} days after "
                    f"{today:%Y-%m-%d}, where the text names a day at most {days} days on")
    return None
