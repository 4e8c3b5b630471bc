"""How many things a change takes back, and how far back, is what the text says (blind round
47, gap 2; read from ``listsexact.check``, beside its count of things ordered).

"I'll undo the last commit." + ``undo_commits(count=15)``, "roll back the most recent
migration" + ``steps: 30``, "restore yesterday's snapshot" + ``snapshot_age_days: 30``: a
singular object states one, and a count above one the text does not write is more than was
announced, whatever the language the object is written in. A change here is a call whose
kinds change something, or whose tool's name says an English word of undoing ([g-reverse]:
``undo_commits`` over numbers only is read as arithmetic by its schema, not by its name; a
search tool of a name no table knows, ``sourcegraph``, is read by its description and left
alone). Its keys read:

- a count of steps or things (a key word of ``_COUNTS``: ``count``, ``steps``, ``n``,
  ``num_*``, ``*_count``, ``how_many``, ``*_back``) and an age or offset back from now
  (``_AGES`` with a unit of time: ``*_age_days``, ``days_ago``; a person's ``age`` is none):
  a value above one is a number the text writes
  (digits, a numeral word: ``listsexact._said_counts``), so "the last 3 commits" + 3 passes
  and + 15 refuses; one, or none, is always what a singular object states ("yesterday" is
  one day back);
- ``limit`` on a change that undoes or deletes (a [g-reverse] word of the tool's English name,
  a verb of undoing announced, or a delete): the same;
- a number to keep (``keep``, ``retain``, ``keep_last``) of zero on a change keeps nothing:
  the text writes the zero, or says all or every (``Announcement.universal``).

A key holding a bound (``max_*``, ``min_*``) is a limit, not a count, and is left to the
readers of magnitudes; an observing call's ``limit``, ``n`` or ``count`` (a read's page size,
``head -n 50``) is never read here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .preamble import Announcement
from .tables import english

__all__ = ["check"]

_COUNTS = frozenset({"count", "steps", "n", "num", "many", "back"})
"""Key words of a count of things or steps a change takes (``how_many`` is "how", "many")."""
_AGES = frozenset({"ago", "age", "back", "old"})
"""Key words of an age or an offset back from now (``snapshot_age_days``, ``days_ago``), read
with a unit of time (``_UNITS``): a person's ``age`` is no offset."""
_UNITS = frozenset({"days", "day", "hours", "hour", "weeks", "week", "months", "month",
                    "minutes", "years", "d", "h"})
"""Key words of a unit of time an age is counted in."""
_KEEPS = frozenset({"keep", "retain"})
"""Key words of how many a rotation or a cleanup keeps."""
_UNDOING = frozenset({"undo"})
"""The kind a call is read as when only its name's word of undoing says it changes."""
_BOUNDS = frozenset({"max", "min", "maximum", "minimum"})
"""Key words of a bound: a limit, not a count."""


def _number(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str) and v.strip().isdigit():
        return float(v.strip())
    return None


def _undoes(name: str, kinds: frozenset[str], ann: Announcement | None) -> bool:
    """The change takes something back or away: a delete, a verb of undoing announced, or an
    English word of undoing in the tool's name (``undo_commits``, ``rollback``)."""
    en = english()
    return "delete" in kinds or bool(ann is not None and ann.reverses) or any(
        en.has(w, "g-reverse") for w in name_words(name))


def check(name: str, args: Mapping[str, Any], changing: frozenset[str], ann: Announcement,
          said: set[float]) -> str | None:
    """Why a change takes more things, or goes further back, than the text says, or None;
    ``said`` is the counts the text writes."""
    kinds = changing or (_UNDOING if _undoes(name, changing, None) else frozenset())
    if not kinds:
        return None
    for k, v in args.items():
        q = _number(v) if isinstance(k, str) else None
        if q is None:
            continue
        words = set(name_words(k))
        if words & _BOUNDS:
            continue
        if words & _KEEPS and q == 0:
            if 0.0 not in said and not ann.universal:
                return (f"the call keeps none ({k!r}: 0), a clean sweep the announcement does "
                        "not say")
            continue
        counted = bool(words & _COUNTS) or bool(words & _AGES and words & _UNITS) or (
            "limit" in words and _undoes(name, kinds, ann))
        if counted and q > 1 and q not in said:
            return (f"the call takes {v!r} ({k!r}), a count the announcement does not say "
                    "(a singular object is one)")
    return None
