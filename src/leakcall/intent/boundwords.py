"""A bound's direction is the text's (h24f; rule ``ungrounded-call``, read by
``looked.unwritten`` over the reply's calls).

A key whose name says a bound (``min_price``, ``maxLength``, ``lower_limit``, ``price_ceiling``)
takes a number as the least or the most a thing may be. The text writing that number right
after a word of a direction ([g-bound-above]: "over", "at least", "more than", "mindestens",
"plus de"; [g-bound-below]: "under", "at most", "less than", "höchstens", "moins de") says
which: "headphones under 80 €" puts 80 above every price, so ``min_price: 80`` asks for the
opposite of what the text says and is refused, where ``max_price: 80`` passes; "priority at
least 5" + ``max_priority: 5`` likewise. Only the words right before the number are read
(one to three: "under 80", "no more than 80"); a number the text writes with no direction
word before it, a key naming no bound or both, and a number written in words are not read
here (the other readers of a number still are).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .figures import value
from .kinds import name_words
from .preamble import Announcement
from .tables import tongues_of
from .view import normalize
from .walk import _leaves

__all__ = ["bounds_only", "reversed_bound"]

_LOWER = frozenset({"min", "minimum", "lower", "floor", "least"})
"""Key name words of a lower bound."""
_UPPER = frozenset({"max", "maximum", "upper", "ceiling", "most"})
"""Key name words of an upper bound."""
_NAMES = {"above": "lower", "below": "upper"}
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:['-][^\W\d_]+)*")
"""A run of digits, or a word (digits apart from the letters glued to them: "80€", "$80")."""


def _bound(key: str) -> str | None:
    words = set(name_words(key))
    low, high = bool(words & _LOWER), bool(words & _UPPER)
    return "above" if low and not high else "below" if high and not low else None


def _direction(tokens: Sequence[str], i: int, tongues: Sequence[Any]) -> str | None:
    """The direction the one to three words right before the number at ``i`` say, or None."""
    for n in (1, 2, 3):
        phrase = " ".join(tokens[max(0, i - n):i])
        said = next((d for d in ("above", "below")
                     if any(t.marked(phrase, f"g-bound-{d}") for t in tongues)), None)
        if said is not None:
            return said
    return None


def bounds_only(ann: Announcement) -> set[float]:
    """The numbers the text writes only as bounds: each time right after a word of a
    direction ("up to $500", "at least 500 €"). Such a number is the most or the least an
    amount may be, not the amount a payment pays (r55 G7, read by ``amounts.paid_numbers``)."""
    tokens = _TOKEN.findall(normalize(ann.text).casefold())
    tongues = tongues_of(ann.tongues)
    bounded: set[float] = set()
    free: set[float] = set()
    for i, tok in enumerate(tokens):
        if not tok[0].isdigit() or (number := value(tok)) is None:
            continue
        (bounded if _direction(tokens, i, tongues) is not None else free).add(number)
    return bounded - free


def reversed_bound(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]]
                   ) -> str | None:
    """Why a call puts a number the text bounds one way under a key of the other bound, or
    None (module docstring)."""
    bounded = [(name, str(k), v, b) for name, args in calls for k, v in _leaves(args)
               if isinstance(v, (int, float)) and not isinstance(v, bool)
               and (b := _bound(str(k))) is not None]
    if not bounded:
        return None
    tokens = _TOKEN.findall(normalize(ann.text).casefold())
    tongues = tongues_of(ann.tongues)
    for name, key, number, bound in bounded:
        for i, tok in enumerate(tokens):
            if not tok[0].isdigit() or value(tok) != number:
                continue
            said = _direction(tokens, i, tongues)
            if said is not None and said != bound:
                phrase = next(p for n in (1, 2, 3) if any(
                    t.marked(p := " ".join(tokens[max(0, i - n):i]), f"g-bound-{said}")
                    for t in tongues))
                return (f"{name!r} takes {number!r} as the {_NAMES[bound]} bound "
                        f"{key!r}, where the text writes it as the {_NAMES[said]} one "
                        f"({phrase!r} {tok})")
    return None
