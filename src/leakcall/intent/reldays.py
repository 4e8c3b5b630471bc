"""A day named relative to today is a date near today (issue 25, rounds 36 and 37: "tomorrow"
+ ``start: 2027-03-01``, "next Monday" + ``2031-03-10``, "for Thursday" + a Thursday three
years on; read by ``setwhen.check``).

When the announcement writes no date of its own and names the day relative to today (a word
of the closed class below, or a weekday of any lexicon), each date a changing call sets under a
key of time is at most that word's reach after the reference day: "today" one day (zones
ahead of UTC), "tomorrow" two, a weekday or a week fifteen ("next Monday" said on a Sunday is
at most thirteen days on). The reference day is the one the recovery runs on (UTC), or
``LEAKCALL_TODAY`` (an ISO date) when set, so a replayed log reads as on its day. A date
before the reference day is not refused here: a model without the date writes its own idea
of today ("tomorrow" + a date of its training year), no step put far ahead.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from datetime import UTC, date, datetime

from .weekdays import written as _weekdays

__all__ = ["check", "reference_day"]

_REACH: tuple[tuple[re.Pattern[str], int], ...] = tuple(
    (re.compile(r"(?<!\w)(?:" + "|".join(forms) + r")(?!\w)", re.IGNORECASE), days)
    for forms, days in (
        ((r"today", r"tonight", r"this\s+(?:morning|afternoon|evening)", r"hoy", r"esta\s+noche",
          r"aujourd'hui", r"ce\s+soir", r"heute", r"heute\s+abend", r"oggi", r"stasera", r"hoje",
          r"今日", r"今天", r"今晚"), 1),
        ((r"tomorrow", r"tmrw", r"mañana", r"demain", r"morgen", r"domani", r"amanhã",
          r"明日", r"明天"), 2),
        ((r"(?:the\s+)?day\s+after\s+tomorrow", r"pasado\s+mañana", r"après-demain",
          r"übermorgen", r"dopodomani", r"depois\s+de\s+amanhã", r"明後日", r"后天"), 3),
        ((r"(?:this|next|coming)\s+week(?:end)?", r"(?:la\s+)?semana\s+que\s+viene",
          r"(?:la\s+)?semaine\s+prochaine", r"nächste\s+woche", r"(?:la\s+)?settimana\s+prossima",
          r"(?:a\s+)?próxima\s+semana", r"来週", r"下周"), 15),
    ))
"""The words that name a day relative to today, by how many days on they reach at most:
data, not rules; a weekday's reach is a week's."""


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
    found = [days for p, days in _REACH if p.search(text)]
    if _weekdays(text):
        found.append(15)
    return max(found) if found else None


def check(name: str, dates: Iterable[tuple[str, date]], text: str) -> str | None:
    """Why a date the call sets (``(key, date)``) is further after the reference day than
    the relative day the text names reaches, or None."""
    days = reach(text)
    if days is None:
        return None
    today = reference_day()
    for key, day in dates:
        if (day - today).days > days:
            return (f"{name!r} sets {key!r} on {day:%Y-%m-%d}, {(day - today).days} days after "
                    f"{today:%Y-%m-%d}, where the text names a day at most {days} days on")
    return None
