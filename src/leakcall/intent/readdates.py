"""A look reads the day the announcement writes (h14d, round 43 gap 3: "Let me check your
calendar for tomorrow, 2026-12-07." + ``list_events(date: 2026-12-20)``; read by
``beyond.check``).

``setwhen`` binds each date a changing call sets to the dates the text writes. A look (no
changing kind) sets dates too, under a key of time ([keys-when]: ``date``, ``start``,
``check_in``): when the announcement itself writes a date (an ISO date, or a month's name
beside a day number: "on May 27", "le 10 décembre"), at least one date the look sets is one
of them: the same month and day, and the same year when one is written. A month and day
written without a year may be read back in any past year ("emails from March 3"), and ahead
no further than their next occurrence (``nextdate``). Only the announcements' words are read,
not an observation's ("your reservation was made on May 14, 2024. Let me search flights for
your dates" reads dates the user gave earlier). Known limit: the other end of a range ("from
October 14th to 21st" + ``2024-10-21``) is not bound.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from .dated import _dates_in
from .nextdate import next_occurrence
from .preamble import Announcement
from .setwhen import _set

__all__ = ["check"]


def _fits(at: datetime, written: set[tuple[int, int, int]]) -> bool:
    """The look's date is one the announcement writes (module docstring)."""
    for y, m, d in written:
        if (m, d) != (at.month, at.day):
            continue
        if y == at.year:
            return True
        if y == 0 and ((meant := next_occurrence(m, d)) is None or at.date() <= meant):
            return True
    return False


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a look sets no date the announcement writes, when it writes one, or None."""
    times, _zones = _set(args)
    dated = [(key, at) for key, at, off in times if off != "="]
    if not dated:
        return None
    written = _dates_in(" ".join(ann.objects))
    if not written or any(_fits(at, written) for _k, at in dated):
        return None
    key, at = dated[0]
    return (f"{name!r} reads {key!r} on {at:%Y-%m-%d}, and the announcement writes another "
            "date")
