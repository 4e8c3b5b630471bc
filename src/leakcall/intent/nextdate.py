"""A date written without a year is its next occurrence (h14d, round 43 gap 3: "December 10"
+ ``date: 2030-12-10``, "March 3" + ``2020-03-03``; read by ``setwhen.check`` and
``readdates.check``).

A month and day the text writes with no year ("December 10", "10 décembre", "12月10日") name
one day: the next one of that month and day on or after the reference day
(``reldays.reference_day``: today in UTC, or ``LEAKCALL_TODAY``), a day earlier allowed for a
user west of UTC whose day is still the one before. A changing call that sets that month and
day in a later year sets a day the text does not write. A past one is a model's own idea of
today ("March 3" + the March 3 of its training year, as ``reldays`` reads "tomorrow"), so it
is refused only when it is older than that idea can be: before the year ``STALE_YEARS``
before the reference day's (2019 or 2020 read on 2026-12-05). A look (``readdates``) may
read back any past one: "emails from March 3".
"""

from __future__ import annotations

from datetime import date, timedelta

from .reldays import reference_day

__all__ = ["next_occurrence", "stale"]

STALE_YEARS = 2
"""How many years before the reference day's a model's own idea of today may lie (its
training data's last year): a past date older than that is no model's today."""
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


def stale(day: date, today: date | None = None) -> bool:
    """The past date is before the year ``STALE_YEARS`` before the reference day's."""
    return day.year < (today or reference_day()).year - STALE_YEARS
