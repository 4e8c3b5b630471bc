"""Coordinated steps keep their own times, dates, quantities and objects (round 47 gap 4;
read by ``parties.crossed_values`` with the text as written).

In a sentence that coordinates steps ("move the standup to 10:00 and the retro to 15:00",
"add 1 keyboard and 2 mice", "lock the front door and unlock the garage"), each value the
text binds to one step goes to the call of that step. A call's step (its conjunct, between the
sentence's words of [g-and]) is the one conjunct that writes its text values (``standup``) or
the words of its tool's name no other call's name has (``lock`` of ``lock_door``, ``alarm``
of ``set_alarm``: a single call too). Then:

- a time, a date or a number the call carries that only another conjunct writes, where its own
  conjunct writes a value of the same kind the call does not carry ("the alarm for 6:30 and
  the reminder for 7:00" + ``set_alarm 07:00``), takes the other step's value: for a bare
  number only when the other conjunct is another call's step or the call's own conjunct's
  number is another call's ("1 keyboard and 2 mice" + ``keyboard: 2``), since a number may
  count anything ("the 2 bugs");
- a text value only another conjunct writes, where that conjunct is another call's step and
  its own conjunct writes that call's value under the same key ("lock the front door and
  unlock the garage" + ``lock_door garage``, ``unlock_door front``), is swapped.

A value both conjuncts share ("the hallway and the porch to 40"), a conjunct with no value of
its own kind, or a call carrying its own conjunct's value too are never compared.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .dated import _call_times, _dates_in, written_dates
from .detect import detect
from .kinds import name_words
from .view import normalize
from .view import unaccented as _fold

__all__ = ["stepped_values"]

_RAW = re.compile(r"[^\s,;()\[\]`\"'“”«»„]+")
_WORD = re.compile(r"[^\W_]+")
_CLOCK = re.compile(r"(\d{1,2})(?:[:h.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_MERIDIEM = re.compile(r"(?<!\S)(\d{1,2}(?::\d{2})?) (am|pm)(?![\w])", re.IGNORECASE)

Typed = tuple[str, float, float]
"""A typed value: ("t", hour, minute), ("d", month, day) or ("n", number, 0)."""


def _clock(tok: str) -> set[Typed]:
    """The times of day a written word is ("10:00", "6:30", "3pm"; "6:30" is 06:30 or 18:30)."""
    m = _CLOCK.fullmatch(tok)
    if m is None or (m.group(2) is None and m.group(3) is None):
        return set()
    h, minute = int(m.group(1)), int(m.group(2) or 0)
    if h > 23 or minute > 59:
        return set()
    suffix = (m.group(3) or "").casefold().replace(".", "")
    if suffix:
        if h > 12:
            return set()
        h = h % 12 + (12 if suffix == "pm" else 0)
        return {("t", h, minute)}
    return {("t", h, minute), ("t", h + 12, minute)} if h < 12 else {("t", h, minute)}


def _written(part: Sequence[str]) -> set[Typed]:
    """The times, dates and numbers a conjunct's words write."""
    out: set[Typed] = set()
    used: set[int] = set()
    for (_y, month, day), at in written_dates([w.casefold() for w in part]):
        out.add(("d", month, day))
        used |= at
    for k, w in enumerate(part):
        if k in used:
            continue
        out |= {("d", m, d) for _y, m, d in _dates_in(w)}
        clock = _clock(w)
        out |= clock
        if not clock and _NUMBER.fullmatch(w):
            out.add(("n", float(w), 0))
    return out


def _carried(value: object) -> set[Typed]:
    """The times, dates and numbers a call's scalar value is."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, (int, float)):
        return {("n", float(value), 0)}
    if not isinstance(value, str):
        return set()
    s = value.strip()
    if _NUMBER.fullmatch(s):
        return {("n", float(s), 0)}
    out: set[Typed] = {("d", m, d) for _y, m, d in _dates_in(s)}
    if out or ":" in s or re.search(r"\d\s*(?:am|pm)\b", s, re.IGNORECASE):
        out |= {("t", h, m) for h, m in _call_times(s)}
    return out


def _conjuncts(sentence: str) -> list[list[str]]:
    """The raw words of a sentence's parts between its words of [g-and]."""
    view = normalize(sentence)
    t = detect(view)
    if t is None:
        return []
    parts: list[list[str]] = [[]]
    for raw in _RAW.findall(_MERIDIEM.sub(r"\1\2", sentence)):
        w = raw.rstrip(".!?:")
        if not w:
            continue
        if t.has(_fold(w), "g-and"):
            parts.append([])
        else:
            parts[-1].append(w)
    return [p for p in parts if p] if len(parts) > 1 else []


def _words(s: str) -> set[str]:
    return set(_WORD.findall(_fold(s)))


def _only(hits: list[int]) -> int | None:
    return hits[0] if len(hits) == 1 else None


def stepped_values(sentence: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call takes a value the sentence binds to another coordinated step, or None."""
    raw = _conjuncts(sentence)
    if len(raw) < 2:
        return None
    words = [_words(" ".join(p)) for p in raw]
    typed = [_written(p) for p in raw]
    # (call, key) -> the one conjunct that writes a text value; (call, key) -> a typed one's
    text_at: dict[tuple[int, str], int] = {}
    typed_at: dict[tuple[int, str], tuple[int, set[Typed]]] = {}
    carried: list[set[Typed]] = []
    for c, (_name, args) in enumerate(calls):
        mine: set[Typed] = set()
        for key, value in args.items():
            kinds = _carried(value)
            mine |= kinds
            if kinds:
                at = _only([i for i, p in enumerate(typed) if kinds & p])
                if at is not None:
                    typed_at[c, key] = (at, kinds)
            elif isinstance(value, str) and (vw := _words(value)):
                at = _only([i for i, p in enumerate(words) if vw <= p])
                if at is not None:
                    text_at[c, key] = at
        carried.append(mine)
    # the words of each tool's name that no other call's name has
    named: dict[int, int] = {}
    for c, (name, _args) in enumerate(calls):
        others = {w for c2, (n2, _a) in enumerate(calls) if c2 != c for w in name_words(n2)}
        hits = {i for w in set(name_words(name)) - others if len(w) >= 3
                for i in [_only([i for i, p in enumerate(words) if w in p])] if i is not None}
        if len(hits) == 1:
            named[c] = hits.pop()

    def step(c: int, but: str) -> int | None:
        """The one conjunct a call's other text values and its name's own words fall in."""
        at = {i for (c2, k), i in text_at.items() if c2 == c and k != but}
        if c in named:
            at.add(named[c])
        return at.pop() if len(at) == 1 else None

    for (c, key), (j, kinds) in typed_at.items():
        i = step(c, key)
        if i is None or i == j:
            continue
        kind = {k for k, _a, _b in kinds}
        own = {x for x in typed[i] if x[0] in kind} - carried[c]
        if not own or own & typed[j]:
            continue
        # a bare number counts anything: another step must be the other conjunct's, or the own
        # conjunct's number another call's
        if kind == {"n"} and not any(
                c3 != c and (step(c3, "") == j or own & carried[c3]) for c3 in range(len(calls))):
            continue
        return (f"{calls[c][0]!r} carries {key!r} from another coordinated step than its own: "
                "the values are crossed between the steps")
    for (c, key), j in text_at.items():
        i = step(c, key)
        if i is None or i == j:
            continue
        if any(c3 != c and text_at.get((c3, key)) == i and step(c3, key) == j
               for c3 in range(len(calls))):
            return (f"{calls[c][0]!r} carries {key!r} from another coordinated step than its "
                    "own: the objects are crossed between the steps")
    return None
