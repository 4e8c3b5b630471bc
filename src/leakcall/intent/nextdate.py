"""A date written without a year is its next occurrence (h14d, round 43 gap 3: "December 10"
+ ``date: 2030-12-10``, "March 3" + ``2020-03-03``; read by ``setwhen.check`` and
``readdates.check``).

A month and day the text writes with no year ("December 10", "10 décembre", "12月10日") name
one day: the next one of that month and day on or after the reference day
(``reldays.reference_day``: today in UTC, or ``LEAKCALL_TODAY``), a day earlier allowed for a
user west of UTC whose day is still the one before. A changing call that sets that month and
day in any other year (a later one, or one in the past) sets a day the text does not write.
A look (``readdates``) may read a past one: "emails from March 3" reads back.
"""

from __future__ import annotations

from datetime import date, timedelta

from .reldays import reference_day

__all__ = ["next_occurrence"]

_SLACK = timedelta(days=1)
"""The day before the reference day still counts as today (a user west of UTC)."""


def next_occurrence(month: int, day: int, today: date | None = None) -> date | None:
    """The first date of ``month`` and ``day`` on or after the day before ``today`` (the
    reference day when None), or None when no year has it (February 30)."""
    start = (today or reference_day()) - _SLACK
    for year in range(start.year, start.year + 9):  # February 29: the next leap year
        try:
            got = date(year, month, day)
        except ValueError:
            continue
        if got >= start:
            return got
    return None
