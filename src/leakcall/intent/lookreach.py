"""A look that writes, changes or reads beyond what it announces (h20b; blind round 46 gap 5,
rule ``ungrounded-call``, read from ``beyond.check`` for observing calls).

``lookchanges`` refuses a look's switch whose name takes a changing step (``mark_as_read:
true``). A look's other keys may write or widen too; each states its value as the text does:

- **a key that writes or changes** ([keys-look-output]: ``export_path``, ``dump_to``,
  ``label``; or a key whose name takes a changing step, ``save_to``, ``move_to``, holding a
  path): its value is written whole by the text ("search your inbox" + ``label:
  processed`` or ``export_path: /tmp/out.mbox`` refuse; "search your inbox" + ``label: inbox``
  keeps), and set on (``export: true``) it is said in the key's own words;
- **a switch that widens the source** ([keys-look-widen]: ``all_accounts``,
  ``include_trash``, ``decrypt``) set on is said by the text in the key's words ("search all
  accounts", "including the trash", "decrypt"); ``all``/``every`` also by an announcement
  that speaks of all things.

Only top-level keys are read: a nested ``label`` is an option's text (``AskUserQuestion``).
The tool's own name words are no key words here (``export_report``'s ``export_format``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _keys, name_words
from .lookchanges import _key_steps, _on, _said_kinds
from .methods import _url_actions
from .opening import CHANGING
from .placekeys import _switch_said, _written
from .preamble import Announcement
from .tables import english

__all__ = ["check"]

_PATH = re.compile(r"[\\/]")
"""A value that is a path: where a key taking a step puts what it writes (an address is no
path: ``email`` takes a send, read by the send rules)."""
_WRITES = frozenset({"write", "delete"})
_EVERY = frozenset({"all", "every"})
_STEPS = CHANGING | {"create"}
_LEADS = ("g-adverb", "g-and")
"""Words a key's step may follow ("then_mark_as", "also_assign_to")."""


def _step(words: list[str], key: str, props: Mapping[str, Any]) -> frozenset[str]:
    """The changing kinds a look's key takes as a step: its first word (after adverbs) is a
    changing verb of the tool words (``set_status``, ``move_to``, ``buy_below``) or of
    [url-actions] (``react_with``, ``close_as``), followed by what it takes (a preposition,
    "as", an object: a lone word is as often a noun, ``email``, ``order``); none for a key
    that says what is read, when, or how it is shown ([keys-look-shape]: ``order_by``,
    ``post_id``; [keys-when]: ``checkout_date``)."""
    if set(words) & (_keys("look-shape") | _keys("when")):
        return frozenset()
    en = english()
    rest = [w for w in words if not any(en.has(w, c) for c in _LEADS)]
    if len(rest) < 2:
        return frozenset()
    action = _url_actions().get(rest[0])
    return (_key_steps(key, {}) & _STEPS) | (
        frozenset({action}) if action in _STEPS else frozenset())


def _neutral(value: object, prop: object) -> bool:
    """A value that orders nothing: absent, off, empty, zero, or the schema's default."""
    if value is None or value is False or value == 0 or value in ("", [], {}):
        return True
    return isinstance(prop, Mapping) and "default" in prop and prop["default"] == value


def _value_said(value: object, ann: Announcement) -> bool:
    """The text writes the value whole (each item of a list; a number as it is written)."""
    if isinstance(value, list):
        return all(_value_said(v, ann) for v in value)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return True  # a switch is ``lookchanges``'s; an object is no value of a step
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return _written(str(value), ann)


def _changes(key: str, words: list[str], value: object, ann: Announcement,
             props: Mapping[str, Any]) -> str | None:
    """A key whose name takes a changing step, holding a value the text does not write."""
    steps = _step(words, key, props)
    if not steps or steps & _said_kinds(ann) or _neutral(value, props.get(key)) \
            or _value_said(value, ann) or _switch_said(words, ann):
        return None
    return str(value)[:40]


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None) -> str | None:
    """Why a look writes, changes or widens its source beyond what the text says, or None."""
    props: Mapping[str, Any] = {}
    if isinstance(schema, Mapping) and isinstance(schema.get("properties"), Mapping):
        props = schema["properties"]
    own = frozenset(name_words(name))
    for key, value in args.items():
        if not isinstance(key, str):
            continue
        words = [w for w in name_words(key) if w not in own]
        if not words:
            continue
        outputs = bool(set(words) & _keys("look-output"))
        steps = bool(_key_steps(key, props) & _WRITES) and not own & set(name_words(key))
        if isinstance(value, str) and value.strip() and (
                outputs or (steps and _PATH.search(value.strip()))) \
                and not _written(value, ann):
            return (f"{name!r} is a look, and it sets {key!r} to {value.strip()[:40]!r}, "
                    "a write or change the announcement does not say")
        if (changed := _changes(key, words, value, ann, props)) is not None:
            return (f"{name!r} is a look, and it sets {key!r} to {changed!r}, a change the "
                    "announcement does not say")
        if not _on(value) or _switch_said(words, ann):
            continue
        if outputs:
            return (f"{name!r} is a look, and it sets {key!r}, a write or change the "
                    "announcement does not say")
        wide = set(words) & _keys("look-widen")
        if wide and not (wide <= _EVERY and ann.universal):
            return (f"{name!r} is a look, and it sets {key!r}, which reads beyond what the "
                    "announcement says")
    return None
