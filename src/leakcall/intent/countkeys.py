"""A count takes a number the text writes as a count (h24f; rule ``ungrounded-call``, read by
``looked.unwritten`` over the reply's calls).

A key whose name says a count (``count``, ``limit``, ``times``, ``retries``,
``max_attempts``) takes a number of things or of tries. A number the text writes is a count
where it is attached to what is counted or to the word that bounds it: a noun right after it
("the last 5 issues", "3 times", "10 results"), or right before it a count's lead
([g-count-lead]: "top", "last", "first"), an upper bound's word ([g-bound-below]: "up to",
"at most") or a word of the key itself, right before it or one word before ("limit 50",
"set the limit to 5" + ``limit``). Written only elsewhere, it is
the number of something else: a record's ("ticket 4411", "#4411"), a year's ("from 2024"), a
port's ("port 8080"); such a number under a count key is refused: "Let me list the issues
for ticket 4411." + ``list_issues {limit: 4411}``, where "Let me list the last 5 issues." +
``{limit: 5}`` passes. A number the text does not write, or writes in words or glued to other
characters ("5个问题"), is not read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .figures import value
from .kinds import name_words
from .preamble import Announcement
from .sentenceread import read
from .tables import tongues_of
from .view import normalize
from .walk import _leaves

__all__ = ["uncounted_number"]

_COUNT = frozenset({"count", "limit", "times", "retries", "attempts", "tries", "repeat",
                    "repeats"})
"""Key name words of a count (not "n" or "num": ``num1``, ``num2`` are a sum's operands)."""


def _counted(key: str) -> bool:
    return bool(set(name_words(key)) & _COUNT)


def _number(v: object) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return float(v)
    return float(v) if isinstance(v, str) and v.strip().isdigit() else None


def uncounted_number(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]]
                     ) -> str | None:
    """Why a count key takes a number the text writes only as another thing's, or None
    (module docstring)."""
    counts = [(name, k, n) for name, args in calls for k, v in _leaves(args)
              if _counted(k) and (n := _number(v)) is not None]
    if not counts:
        return None
    reading = read(normalize(ann.text))
    tongues = tongues_of(ann.tongues)
    for name, key, number in counts:
        own = set(name_words(key))
        written = attached = False
        for _body, _t, tokens in reading:
            for i, x in enumerate(tokens):
                digits = x.text.lstrip("#")
                if not digits[:1].isdigit() or value(digits) != number:
                    continue
                written = True
                if x.kind != "NUM":
                    continue  # "#4411", an id
                after = tokens[i + 1] if i + 1 < len(tokens) else None
                before = [y.text.casefold() for y in tokens[max(0, i - 3):i]]
                phrases = [" ".join(before[j:]) for j in range(len(before))]
                # the key's own word right before, or before one word ("the limit to 5")
                if (after is not None and after.kind == "OPEN") or own & set(before[-2:]) or any(
                        p in own or any(t.marked(p, "g-count-lead") or t.marked(p, "g-bound-below")
                                        for t in tongues) for p in phrases):
                    attached = True
        if written and not attached:
            return (f"{name!r} takes {number:g} as the count {key!r}, a number the text writes "
                    "only as another thing's, not as a count")
    return None
