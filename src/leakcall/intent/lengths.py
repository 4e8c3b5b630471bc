"""A lasting step's length written in digits is the step's value, not a time to wait for
(h23e; issue 25, rule ``conditional``, ``grounding.timed``).

"I'll snooze the disk alert for 30 minutes." with ``minutes: 30``: a unit of time after a
number after a preposition of how long ([g-length-prep]: "for", "durante", "pendant", "per",
"für"), closing its phrase (the sentence, a comma, "and" follow), says how long the step holds,
as "for a week" does. It is read so only for a call that carries that same length (its number,
or the same length in the key's unit: "for 2 hours" + ``minutes: 120``) under a key of a
length of time (``duration``, ``minutes``, ``ttl_days``; no key of a wait: ``delay``,
``wait``, ``after``, ``start``) where the key or the tool's name has a word of [lasting-step]
(``snooze_alert``, ``unlock_door``, ``mute_minutes``), and only in a sentence of one step
(no "and", comma or "then" before the length, nothing after it) that says a word of the tool's
name ("snooze", "unlock"; "I'll pause for 30 minutes. I'll unlock the door." gives the
unlock no length). Any other call, and "in 30 minutes",
"after 30 minutes", "for 30 minutes from now", "at 10:00", "en 10 minutos", stay a time to
come: only observing calls are grounded with them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .references import _CALL_WORD, _stem
from .timelabels import LENGTH_MARK, SCHEDULE_MARK
from .timelabels import labelled as _labelled
from .unitwords import DURATION_KEYS
from .walk import _leaves, _strings
from .written import _same, _unit

__all__ = ["labelled", "scheduled"]

_LENGTH = re.compile(r"(\d+(?:\.\d+)?)([a-z]{0,3})")
"""A length of time as a call writes it: a number, bare or glued to its unit (``7d``)."""
_WAITING = frozenset({"delay", "wait", "sleep", "deadline", "backoff", "interval", "timeout",
                      "after", "start", "starts", "begin", "at", "in", "when", "until",
                      "schedule", "scheduled", "later"})
"""Key name words of a time the step waits for or runs by, never of how long it holds."""
_LENGTH_KEYS = (DURATION_KEYS - _WAITING) | {"duration", "length", "for", "ttl", "expiry",
                                              "expires", "validity", "valid"}


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None


def scheduled(group: Sequence[str], labels: Sequence[str],
              calls: Sequence[tuple[str, Mapping[str, Any]]]) -> bool:
    """The phrase ``group`` opens with a time whose schedule label ("03:00 @hat052",
    ``timelabels._scheduled``) some call carries: it describes the thing, no call need carry it."""
    return bool(group) and any(
        SCHEDULE_MARK in x and x.split()[0] == group[0] and labelled(x, args, name)
        for x in labels for name, args in calls)


def labelled(label: str, args: Mapping[str, Any], name: str) -> bool:
    """The call of tool ``name`` carries the time word's label: a length's (module doc), or
    the noun a time word labels (``timelabels.labelled``)."""
    if SCHEDULE_MARK in label:  # "flight HAT052, departing at 03:00" (``timelabels``)
        noun = label.partition(SCHEDULE_MARK)[2].strip("`").casefold()
        whole = re.compile(rf"(?<![^\W_]){re.escape(noun)}(?![^\W_])")
        return any(whole.search(v.casefold()) for v in _strings(args, keys=False))
    if LENGTH_MARK not in label:
        return _labelled(label, args)
    word, _, rest = label.partition(LENGTH_MARK)
    digits, *said = rest.split()
    n, unit = _number(digits), _unit(word)
    own = name_words(name)
    stems = {_stem(w.casefold()) for w in own if len(w) >= 3}
    if n is None or unit is None or not any(
            _stem(x.casefold()) in stems for w in said for x in _CALL_WORD.findall(w)):
        return False  # the sentence of the length names no word of the tool: another step's
    lasting = section("lasting-step")
    for key, value in _leaves(args):
        words = name_words(key)
        if isinstance(value, bool) or not isinstance(value, (int, float, str)) \
                or set(words) & _WAITING:
            continue
        m = _LENGTH.fullmatch(str(value).strip().casefold())  # 30, "30", "30m", "7d"
        if m is None:
            continue
        key_unit = next((u for w in words if len(w) >= 2 and (u := _unit(w)) is not None), None)
        if m[2]:
            key_unit = _unit(m[2])
            if key_unit is None:
                continue
        if not (key_unit is not None or set(words) & _LENGTH_KEYS):
            continue
        if not lasting.intersection((*words, *own)):
            continue
        if _same(n, unit, float(m[1]), key_unit or unit):
            return True
    return False
