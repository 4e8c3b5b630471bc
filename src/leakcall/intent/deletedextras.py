"""A deleting call's arguments beside its target (blind round 46, gap 1; rule
``ungrounded-call``, read from ``beyond.check``).

A delete, cancel, drop or uninstall is grounded by its target ("uninstall the `left-pad`
package" + ``name: left-pad``); what else it is given must not widen it. Each argument of a
call of kind delete that runs no command is *neutral* or refuses:

- neutral is absent, off or empty (``false``, ``""``, ``[]``), the schema's own ``default``, a
  value the text itself writes (``region: us-east-1`` after "in us-east-1"; each item of a
  list), a note or prose ([keys-note], [keys-prose]: ``reason``), or a key that repeats the
  tool's own words (``delete: true``);
- a switch set on (``purge``, ``skip_trash``, ``remove_dependents``, ``delete_volumes``,
  ``close_account``) is named by the text: each word of its key beside the tool's own words
  and the additive words of [keys-also] has a word of the announcement, an observation or a
  verb that begins as it does ("delete the remote branch" + ``delete_remote``; "the empty
  `tmp` folder" names no ``include_subfolders``). ``recursive`` is left to ``runscope`` (a
  folder's delete takes its tree) and ``force`` to ``forcing``;
- a list that is not the target (its key holds no word of the tool's name, of [keys-target]
  or an id or name), or whose key is additive, carries more targets: each item is written
  (``also_cancel: ["1235"]``, ``channels: [...]``, ``including: [...]``);
- a string under a key of [keys-also] (``extra: src``) or naming a deletion step
  (``also_remove: node_modules``) is written; one that widens or forces by its own word
  ([keys-widen], [keys-escalate]: ``payment_methods: all``, ``strategy: force``) or is ``*``
  is written too. Any other unwritten string (``repo: web`` beside "delete the feature/login
  branch") chooses where the step acts and is left to the readers of places;
- a number that is no id (``grace_period: 0``) is written;
- beside a key whose value the text writes (the announced target), a key of the target's own
  kind (the tool's object word, [keys-target]: ``coupons: VIP50`` beside ``code: SPRING5``)
  holds a second target: its string, number or list is written too.

The keys of an object under a key (``options: {purge: true}``) are read as the call's own.

And on any changing call, a key that names a deletion step its tool's name does not take
([delete] words: ``delete_after_days: 0`` on ``archive_project``, ``remove_dependents`` on
``uninstall_package``) and is given anything but a neutral value is named by the text as a
switch is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .named import _keys, _kind_table, name_words
from .preamble import Announcement
from .references import _meanings, _stem, shared_prefix
from .runscope import _RECURSIVE, _listed, _truthy
from .stepswitch import _step_kinds
from .values import _listed as _schema_keys
from .written import writes

__all__ = ["check"]

_IDS = frozenset({"id", "ids", "uuid", "name", "names", "key", "number", "num", "no", "ref"})
"""Key words of an identifier: the key selects the target itself (``hotel_id``)."""


def _own(name: str) -> frozenset[str]:
    """The tool name's words, stemmed: a key word that repeats one says nothing new."""
    return frozenset(_stem(w) for w in name_words(name))


def _deleting(word: str) -> bool:
    """A key word of the delete kind ([delete] words, or a compound ending in one)."""
    return "delete" in _step_kinds(word, _kind_table()[0])


def _named_word(word: str, said: Sequence[str]) -> bool:
    """A word of the text begins as the key word does ("remote" names ``remote``,
    "dependencies" ``dependents``; "folder" names no ``subfolders``), or means it as a
    whole word, not as a part of it."""
    for s in said:
        if len(s) < 3:
            continue
        if shared_prefix(s, word) >= max(3, min(len(s), len(word)) - 2):
            return True
        if s not in word and word not in s and _meanings(s) & _meanings(word):
            return True  # a word of another tongue ("dépendances"); not a part ("folder")
    return False


def _unnamed_key(key: str, own: frozenset[str], said: Sequence[str], deletes: bool) -> bool:
    """A key the text does not name: a word of it beside the tool's own words and the
    additive ones ([keys-also]) has no word of the text (``_named_word``). A word of the
    delete kind beside other words (``remove`` of ``remove_dependents``) is the announced
    step when a verb of the announcement deletes (``deletes``): the other words carry what
    the key adds; alone (``purge``) it is the key's own word."""
    words = [w for w in name_words(key) if len(w) >= 3 and _stem(w) not in own
             and w not in _keys("also")]
    if deletes and any(not _deleting(w) for w in words):
        words = [w for w in words if not _deleting(w)]
    return any(not _named_word(w, said) for w in words)


def _written_value(value: object, ann: Announcement) -> bool:
    """An empty string, or a value the text writes as it stands (``written.writes``: a token
    of its text, a number among its numbers; "`out/a.bin`" writes no ``out/b.bin``)."""
    return (isinstance(value, str) and not value.strip()) or writes(value, ann)


def _neutral(value: object, prop: Mapping[str, Any], ann: Announcement) -> bool:
    """Off, empty, the schema's default, or written by the text (each item of a list)."""
    if value is None or value is False or value in ("", [], {}):
        return True
    if "default" in prop and prop["default"] == value:
        return True
    if isinstance(value, str) and value.strip().casefold() == "false":
        return True
    items = value if isinstance(value, list) else _listed(value)
    if items is not None:
        return all(_written_value(x, ann) for x in items)
    return _written_value(value, ann)


def _targetish(key: str, own: frozenset[str]) -> bool:
    """A key that selects the target itself: it holds the tool's object word, a word of
    [keys-target] (``path``, ``file``) or of an identifier (``order_id``, ``names``)."""
    return any(w in _IDS for w in name_words(key)) or _second(key, own)


def _second(key: str, own: frozenset[str]) -> bool:
    """A key of the target's own kind: it holds the tool's object word (``order_ids`` of
    ``cancel_order``) or a word of [keys-target] (``file``, ``path``). Beside another key
    whose value the text writes, such a key's unwritten value is a second target."""
    target = _keys("target")
    return any(_stem(w) in own or w in target or _stem(w) in target for w in name_words(key))


def _pairs(args: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    """Each key and its value, and the keys of an object under a key (``options: {purge:
    true}``) as the call's own."""
    for key, value in args.items():
        if not isinstance(key, str):
            continue
        if isinstance(value, Mapping):
            yield from _pairs(value)
        else:
            yield key, value


def _why(name: str, key: str, value: object, own: frozenset[str], deleting: bool,
         said: tuple[Sequence[str], bool, bool]) -> str | None:
    """Why a non-neutral argument of a deleting call (``deleting``) or a deletion-step key
    of any changing call widens the step, or None; ``said`` holds the text's words, whether
    a verb of it deletes, and whether another key's value is written by the text (the
    announced target is there)."""
    said_words, deletes, elsewhere = said
    second = elsewhere and _second(key, own)
    words = name_words(key)
    step = any(_deleting(w) and _stem(w) not in own for w in words)
    also = bool(set(words) & _keys("also"))
    if isinstance(value, bool) or (isinstance(value, str) and _truthy(value)):
        if (deleting or step) and _unnamed_key(key, own, said_words, deletes):
            return (f"{name!r} sets {key!r} on, which widens the delete past its target, and "
                    "the announcement does not name it")
        return None
    if step:
        return (f"{name!r} gives {key!r} {str(value)[:40]!r}, a deletion step its name does "
                "not take, which the announcement does not write")
    if not deleting:
        return None
    items = value if isinstance(value, list) else (
        _listed(value) if isinstance(value, str) else None)
    if items is not None:
        if also or second or not _targetish(key, own):
            return (f"{name!r} gives {key!r} more targets ({str(value)[:40]}) beside the one "
                    "named, which the announcement does not write")
        return None
    if isinstance(value, (int, float)):
        if second or not _targetish(key, own):
            return (f"{name!r} sets {key!r} to {value!r}, which the announcement does not "
                    "write")
        return None
    if isinstance(value, str):
        low = set(name_words(value.strip().casefold())) | {value.strip()}
        if also or second or "*" in value or low & (_keys("widen") | _keys("escalate")):
            return (f"{name!r} gives {key!r} {value.strip()[:40]!r}, which widens the delete "
                    "and which the announcement does not write")
    return None


def check(name: str, args: Mapping[str, Any], changing: frozenset[str], ann: Announcement,
          schema: Mapping[str, Any] | None, runs: bool) -> str | None:
    """Why a deleting call's argument beside its target, or a deletion-step key of a changing
    call, is not neutral and not named by the text, or None (module doc)."""
    if runs or not changing or not args:
        return None
    deleting = "delete" in changing
    # each word once: a long text repeats its words
    said_words = tuple(dict.fromkeys(
        w.strip("`\"'.,;:!?()").casefold()
        for w in (*ann.objects, *ann.observed, *(v for v, _k in ann.verbs), *ann.text.split())))
    props = _schema_keys(schema or {})
    own = _own(name)
    quiet = _keys("note") | _keys("prose")
    deletes = any(k == "delete" for _v, k in ann.verbs)
    pairs = [(k, v) for k, v in _pairs(args) if name_words(k)]
    # a note's written value ("reason: Testdatei") is no announced target
    written = {k for k, v in pairs if not isinstance(v, bool) and v not in ("", None)
               and not isinstance(v, list) and not set(name_words(k)) & quiet
               and _written_value(v, ann)}
    for key, value in pairs:
        words = name_words(key)
        if set(words) & quiet or set(words) <= _RECURSIVE or set(words) & _keys("escalate"):
            continue
        if _neutral(value, props.get(key, ({}, False))[0], ann):
            continue
        why = _why(name, key, value, own, deleting, (said_words, deletes, bool(written - {key})))
        if why is not None:
            return why
    return None
