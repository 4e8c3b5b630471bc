"""A paying step's day the text never says (issue 25, round 50 gap 8, h27d; rule
``ungrounded-call``, read by ``beyond.check`` for a changing call).

"I'll book the Paris to Rome flight." + ``date: 2027-06-01`` picks a day nobody chose: a
booking or purchase (kind ``pay``) that carries an ISO date in a key of time
(``dated._carried``) when the text says no time and writes no figure at all, and names what
it pays for by no id, is refused. "Perfect, I'll book that flight for you." + ``flight_number:
UA857, date: 2026-12-20`` books a flight whose day is its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .amounts import _IDENTIFIER
from .dated import _carried
from .kinds import name_words

__all__ = ["unsaid"]

_DIGITS = re.compile(r"\d")


def unsaid(name: str, args: Mapping[str, Any], kinds: frozenset[str], times: Sequence[str],
           text: str) -> str | None:
    """Why a paying step (a booking, a purchase: kind ``pay``) carries a date in a key of time
    when the text says no time and writes no figure at all, and the call names the thing it
    pays for by no id, or None (r50-atk-076: "I'll book the Paris to Rome flight." + ``date:
    2027-06-01`` picks a day nobody chose; "book that flight" + ``flight_number: UA857`` books
    a flight whose day is its own)."""
    if "pay" not in kinds or times or _DIGITS.search(text):
        return None
    if any(set(name_words(k)) & _IDENTIFIER for k in args):
        return None  # a thing booked by its id (``flight_number: UA857``) has its own day
    carried = sorted(_carried(args))
    if not carried:
        return None
    y, m, d = carried[0]
    return (f"{name!r} pays for the day {y:04d}-{m:02d}-{d:02d}, and the text says no day "
            "or date")
