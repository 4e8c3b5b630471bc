"""Times and conditions that select the thing a step acts on instead of deferring the step
(issue 25, rule ``conditional``).

A word of a time to come with the calendar date written right after it ("Monday, October
15th") is one time, the day of that date (``dated_day``): a call that carries the date sets
it (``dated.date_carried``).

A preposition of time that a participle or a relative clause's verb takes, right after the
noun they modify, before a time ("flights departing after 11:00", "the flights that arrive
before 7:00"), says which things the step acts on, not when it is taken: that preposition
is read as a word (``words.tokenize``). The time after it is still a time
(``sentences._timed``): the announcement names it, so only observing calls are grounded with
it, or calls that carry it (``grounding.timed``); "I'll delete the branches expiring after
5pm" with a call that carries no such time still refuses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TypeAlias

from .pieces import _CLOCK

Token: TypeAlias = Any
Tongue: TypeAlias = Any
"""``tongue.Token`` and ``tongue.Tongue``, which ``words`` (importing this module) reads."""

_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)")
_YEAR = re.compile(r"\d{4}")

_SPLIT = tuple[str, str, int, int, list[str]]
"""One piece of a sentence as ``words.tokenize`` reads it: kind, text, start, end, sections."""


def _participle(x: Token, t: Tongue) -> bool:
    """An -ing form the lexicon lists in no class but that of the -ing openers
    ([g-participle-suffix]: "departing", "arriving"; [g-acting] reads "Deleting the folder
    now"): a verb form that, after a noun, modifies it."""
    return x.kind == "OPEN" and set(t.sections(x.text)) <= {"g-acting"} and any(
        x.text.endswith(s) and len(x.text) > len(s) + 2 for s in t.participle_suffixes)


def _time(piece: _SPLIT | None, t: Tongue) -> bool:
    """The piece is a time: a time of day, a number (an hour or a day), a month's name or a
    word of a time to come ("noon", "midnight")."""
    if piece is None:
        return False
    kind, text, _a, _b, secs = piece
    if kind == "NUM" or _CLOCK.fullmatch(text):
        return True
    secs = secs or t.sections(text)
    return kind == "W" and ("g-month" in secs or "g-deferral" in secs)


def selecting_time(split: Sequence[_SPLIT], i: int, tokens: Sequence[Token], t: Tongue) -> bool:
    """The word at ``i`` is a preposition of time ([g-time-prep], [g-before]) that a
    participle right after a noun ("flights departing after 11:00") or the verb of a relative
    clause ([g-relative]: "that", "which") right after its noun ("flights that arrive before
    7:00") takes, and a time follows: it says which things the step acts on."""
    text = split[i][1]
    if text not in t.time_preps and "g-before" not in t.sections(text):
        return False
    if not _time(split[i + 1] if i + 1 < len(split) else None, t) or len(tokens) < 2:
        return False
    verb, before = tokens[-1], tokens[-2]
    if verb.kind != "OPEN":
        return False
    if _participle(verb, t):
        return before.kind in ("OPEN", "CODE")  # the noun it modifies, right before it
    # a relative clause: noun, relative pronoun ("that", "which"), its verb
    return (before.kind in ("DEM", "INQUIRY") and before.text in t.relatives
            and len(tokens) >= 3 and tokens[-3].kind in ("OPEN", "CODE")
            and not t.sections(verb.text))


def dated_day(split: Sequence[_SPLIT], i: int, t: Tongue) -> int:
    """How many pieces from ``i`` a day and the calendar date written right after it span
    ("Monday, October 15th", "Tuesday 15 October 2024": a word of a time to come
    [g-deferral], a comma or not, a month [g-month] and a day, a year or not), or 0: the day
    names that date, which a call may carry (``dated.date_carried``)."""
    if split[i][0] != "W" or not t.has(split[i][1], "g-deferral") or split[i][1] in t.months:
        return 0
    k = i + 1
    if k < len(split) and split[k][:2] == ("P", ","):
        k += 1
    if k + 1 >= len(split) or not {split[k][1], split[k + 1][1]} & set(t.months):
        return 0
    month, day = (split[k], split[k + 1]) if split[k][1] in t.months else (
        split[k + 1], split[k])
    if month[0] != "W" or not (day[0] == "NUM" or _ORDINAL.fullmatch(day[1])):
        return 0
    k += 2
    if k < len(split) and split[k][0] == "NUM" and _YEAR.fullmatch(split[k][1]):
        k += 1
    return k - i


def is_dated(text: str, t: Tongue) -> bool:
    """A token ``dated_day`` made: a word of a time to come, then a month and a day."""
    words = text.split()
    return len(words) > 2 and t.has(words[0], "g-deferral") and any(
        w in t.months for w in words[1:3])
