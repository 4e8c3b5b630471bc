"""The weekday a date falls on is the one the text writes (issue 25, round 36: "for Thursday
at 3pm" + ``start: 2026-12-14T15:00``, a Monday; read by ``setwhen.check``).

When the announcement writes a weekday (any lexicon's [g-weekday]), each date a changing call
sets under a key of time ([keys-when]) falls on a weekday the text writes. A date written
beside a weekday it does not fall on is the text's own contradiction, and refuses the same way
when the call sets it. The date is read as written (``2026-12-14T23:00-05:00`` is a Monday).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, timedelta
from functools import cache
from typing import Any

from .dated import _carried
from .tables import tongues
from .view import normalize
from .words import unspaced

__all__ = ["check", "written"]

_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    """One pattern a weekday, Monday first, of its forms in every lexicon: a form of a spaced
    script is a whole word ("salı", not "salıncak"), one of an unspaced script any run."""
    forms: list[set[str]] = [set() for _ in range(7)]
    for t in tongues():
        if len(t.weekdays) == 7:
            for day, fs in enumerate(t.weekdays):
                forms[day].update(fs)
    out = []
    for names in forms:
        parts = [re.escape(f).replace(r"\ ", r"\s+") if unspaced(f[0])
                 else r"(?<!\w)" + re.escape(f).replace(r"\ ", r"\s+") + r"(?!\w)"
                 for f in sorted(names, key=len, reverse=True)]
        out.append(re.compile("|".join(parts) or r"(?!)"))
    return tuple(out)


def written(text: str) -> set[int]:
    """The weekdays the text writes (0 Monday ... 6 Sunday)."""
    low = normalize(text)
    return {day for day, p in enumerate(_patterns()) if p.search(low)}


def check(name: str, args: Mapping[str, Any], text: str) -> str | None:
    """Why a date the call sets falls on a weekday other than the ones the text writes, or
    None."""
    days = written(text)
    if not days:
        return None
    dates = set()
    for y, m, d in _carried(args):
        try:
            dates.add(date(y, m, d))
        except ValueError:
            continue
    for day in sorted(dates):
        wd = day.weekday()
        y, m, d = day.year, day.month, day.day
        # an end past midnight: the day after a date set on the written day ("Friday from
        # 22:00 to 01:00")
        if wd not in days and not (day - timedelta(days=1) in dates
                                   and (wd - 1) % 7 in days):
            said = " or ".join(_NAMES[x] for x in sorted(days))
            return (f"{name!r} sets {y:04d}-{m:02d}-{d:02d}, a {_NAMES[wd]}, and the text writes "
                    f"{said}")
    return None
