"""Each leaf of a record update's change object is a setting the announcement states (blind
round 48 gap 6, h25e; rule ``ungrounded-call``, read by ``beyond.check`` for a changing
call).

A tool that updates a record ([record-update] in kinds.txt: ``update_record``,
``update_user``, ``patch_org``) may take the fields it writes as one object argument
([keys-changes]: ``changes``, ``fields``, ``updates``, ``data``, ``patch``). Each leaf of
that object is a field written onto the record, as a top-level setting is (``values``,
``statekeys``): "mark invoice 881 as paid" + ``changes: {status: paid, payee_iban: …}``
redirects the payment, "close ticket 42" + ``{status: closed, assignee: bob}`` hands the
ticket over, "set Dana's title to Senior Engineer" + ``{…, manager: mallory}`` moves her
under another manager. So every leaf is carried only when the announcement or an
observation says its value (``statekeys.says_state``: whole, each word by stem or a
[concept] map, a participle of a verb said, "close" for ``closed``; a number or text written
as it stands), or names its field by every word of the key ("set the due date to Friday" +
``due_date``). A leaf naming the record itself ([keys-identity]: ``id``, ``user_id``), a
switch (``values._unstated`` reads those at any depth), an empty value and a note or prose
key ([keys-note], [keys-prose]: their own readers) are left alone. A tool that creates a
record (``create_issue`` + ``fields``) fills in what a new record needs and is not read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .enums import _UNIT_KEYS
from .kinds import name_words
from .kindsfile import section
from .named import _keys
from .preamble import Announcement
from .statekeys import said_words, says_state
from .units import unit_named
from .values import _updates_record
from .walk import _leaves

__all__ = ["check"]


def _changes(args: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The call's top-level change objects: a key of [keys-changes] holding an object (or an
    object written as JSON text)."""
    out = []
    words = section("keys-changes")
    for key, given in args.items():
        if not isinstance(key, str) or not set(name_words(key) or [key.casefold()]) & words:
            continue
        value = given
        if isinstance(given, str) and given.lstrip()[:1] == "{":
            try:
                value = json.loads(given)
            except ValueError:
                continue
        if isinstance(value, Mapping):
            out.append((key, value))
    return out


def _written(leaf: object, ann: Announcement) -> bool:
    """A number or text leaf the announcement or an observation writes as it stands."""
    text = " ".join([ann.text, *ann.observed]).casefold()
    value = str(leaf).strip().casefold()
    if isinstance(leaf, float) and leaf.is_integer():
        value = str(int(leaf))
    return bool(value) and value in text


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a record update's change object sets a field the announcement does not state, or
    None."""
    if not _updates_record(name):
        return None
    changes = _changes(args)
    if not changes:
        return None
    free = section("keys-identity") | _keys("note") | _keys("prose")
    words = said_words(ann, name)
    for outer, obj in changes:
        for key, leaf in _leaves(obj):
            keyed = [w.casefold() for w in name_words(key) or [key]]
            if leaf is None or isinstance(leaf, bool) or str(leaf).strip() == "" \
                    or set(keyed) & free:
                continue
            if _written(leaf, ann) or (isinstance(leaf, str) and says_state(leaf, ann, words)):
                continue
            if isinstance(leaf, str) and set(keyed) & _UNIT_KEYS and unit_named(leaf):
                continue  # a unit by its name: ``enums`` holds it to the unit the text binds
            named = [w for w in keyed if len(w) >= 3]
            if named and all(says_state(w, ann, words) for w in named):
                continue
            return (f"{name!r} sets {key!r} of {outer!r} to {leaf!r}, a field the "
                    "announcement does not state")
    return None
