"""A number a changing call sets under a key the text does not name, the text not writing it
(issue 25, h26f; rule ``ungrounded-call``, read by ``settingnumbers.check`` for a changing
call that runs no command, after every other reader of the calls: a unit, a sign, a quantity
or a sibling call read more closely keeps its own refusal).

"I'll send Bob $50." + ``repeat: 12`` makes twelve payments, + ``installments: 12`` splits
one; "I'll create the user bob." + ``access_level: 9`` or ``admin: 1`` grants what no word
says. A switch (a boolean) is held to its key's words (``values._unstated``: "a switch the
announcement does not name"); a number is held to the same words, or to the text writing
it. Kept, each a closed class:

- the number is written by the text (``written.writes``: its digits stand in the text, an
  object or an observation; or ``written.written``: "three", "$50", "21℃"; its sign is
  ``signs``' and ``units``': "minus 18 degrees" + ``-18``);
- a word of the text, an announced verb or the tool's name names the key, by word, stem or
  concept (``_referenced``: "set the volume" + ``volume: 30``, ``set_volume`` + ``level``);
- the schema's declared default (the call restates it);
- an identifier's key (``_IDENTIFIER``: ``id``, ``number``, ``index``): which thing the step
  acts on, taken from context as any id is (``unwritten_id`` reads ids);
- an amount's key ([keys-amount]: ``amount``, ``count``, ``quantity``): how much is the
  readers' of amounts (``amounts.paid_numbers``, ``written.unwritten_quantity``,
  ``listsexact``), which hold it to the number the text writes;
- a length of time (a key word of a unit of time, ``duration``, ``length``, ``interval``,
  ``timeout``...: an event's ``duration_minutes: 45``, an alert's ``interval_minutes: 15``):
  the length of a lasting step (a ban, a snooze, a grant) is ``unsaidvalues``' and read first
  (in the key's unit: "for a week" + ``days: 7``), any other stays unread as h21a has it;
- one under a plural key (``passengers: 1``): a count of one is said by the singular;
- a bound (``max_rows``, ``min_length``, ``limit``): a limit, read by the readers of
  magnitudes and of a lasting step's limit;
- a number inside a list or an object (``states[].population``): a record the call carries,
  its data, not a setting of the step (on a call that makes, hands on or sets, an element of a
  list is ``unsaidvalues.unsaid_elements``');
- a tool whose own name says no changing step (``structured_output``, ``json``,
  ``process_answer``: no kind, or only ``compute``): the call is the reply's data, as a
  record is. Its switches are still read (``values._unstated``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .observing import OBSERVING
from .preamble import Announcement
from .references import _referenced
from .toolkinds import UNKNOWN, tool_kinds
from .unitwords import DURATION_KEYS
from .written import ID_KEY_WORDS, _unit, writes, written

__all__ = ["named_key", "unsaid"]

_LENGTH = DURATION_KEYS | {"duration", "length"}
"""Key words of a length of time beside the units of time (``written._unit``)."""
_BOUND = frozenset({"max", "min", "maximum", "minimum", "limit"})
"""Key words of a bound (``max_rows``): a limit, left to the readers of magnitudes and of a
lasting step's limit (``unsaidvalues``: h22c keeps ``update_dashboard`` + ``max_rows``)."""
_NO_STEP = frozenset({UNKNOWN, "compute"})
"""Kinds of a tool name that says no changing step of its own."""
_IDENTIFIER = ID_KEY_WORDS | {"index", "idx"}
"""Key words of an identifier (``issue_number``, ``row_index``): a number there says which
thing, not how much or how often."""


def _number(leaf: object, prop: Mapping[str, Any]) -> float | None:
    """The leaf as a number: an int or a float, or digits under a numeric schema."""
    if isinstance(leaf, bool):
        return None
    if isinstance(leaf, (int, float)):
        return float(leaf)
    if isinstance(leaf, str) and prop.get("type") in ("integer", "number"):
        try:
            return float(leaf.strip())
        except ValueError:
            return None
    return None


def unsaid(name: str, key: str, leaf: object, listed: tuple[Mapping[str, Any], bool] | None,
           ann: Announcement, named: Callable[[Sequence[str]], bool], top: bool) -> str | None:
    """Why a changing call sets a number the text neither writes nor names the key of, or
    None (module doc); ``named``: whether the text or the tool's name names a key's words;
    ``top``: the number is an argument of the call itself, not a field of a record it holds."""
    if not top or not tool_kinds(name) - OBSERVING - _NO_STEP:
        return None
    prop = (listed or ({}, False))[0]
    n = _number(leaf, prop)
    if n is None:
        return None
    default = prop.get("default")
    if isinstance(default, (int, float)) and not isinstance(default, bool) and default == n:
        return None
    words = name_words(key)
    if not words or set(words) & (_IDENTIFIER | _LENGTH | _BOUND | _keys("amount")) or any(
            len(w) >= 2 and _unit(w) is not None for w in words):
        return None
    if n == 1 and len(words[-1]) > 3 and words[-1].endswith("s"):
        return None  # one passenger: a count of one is said by the singular
    if writes(leaf, ann) or any(v == abs(n) for v, _u in written(ann)):
        return None
    if named(words):
        return None
    return (f"{name!r} sets {key!r} to {n:g}, a number the announcement neither writes nor "
            "names the setting of")


def named_key(words: Sequence[str], said: Sequence[str], verbs: Sequence[str], own: str) -> bool:
    """A setting's key (its words) is named by a word of the announcement, an observation or
    an announced verb (by word, stem or concept: ``_referenced``), or by the tool's name (the
    one test a switch, ``values._unstated``, and a number here are held to)."""
    return _referenced([*said, *verbs], " ".join(words), frozenset(words)) is not None or \
        _referenced([w for w in words if len(w) >= 3], own, frozenset(own.split())) is not None
