"""A state, mode, level, size or scope a changing call sets that the announcement does not say
(blind round 41, G3; rule ``ungrounded-call``, read by ``beyond.check`` for a changing call).

A key one of whose words is in [state-keys] (kinds.txt: ``status``, ``state``, ``mode``,
``log_level``, ``scopes``, ``target``) selects the state the step leaves its object in, and a
one-token value under it is that state: "update the ticket status to in progress" +
``status: closed``, "turn on the porch light" + ``state: off``, "append the line" + ``mode:
overwrite``, "order a large pizza" + ``size: small``, "create the API key" + ``scopes: ["*"]``
each set a state nobody wrote. Such a value is carried only when the announcement or an
observation says it (whole, or each of its words, by stem or a [concept] map: ``enums._says``)
or it is the schema's default (``enums._default``), or a word of the text's own language
says it ([g-said-closed]: "Ich schließe das Ticket" + ``closed``, ``statewords``). Unlike
``unsaidfields`` the key needs no closed list (``enum``) in its schema, and the tool need not
update a record; a listed value of a tool that creates, sends or runs is left to ``enums``
(as ``unsaidfields`` leaves it). A form of a word said ("mark the task as complete" +
``completed``) is said. A ``value`` key beside a key (``key``, ``name``, ``setting``) whose
value names a state key (``set_config`` ``key: log_level, value: debug``;
``namedsetting``) is read the same way. A value that is no token (a path, a sentence) is left
to the readers of paths and prose; a number (a ``size`` in bytes) is no string and left to
the readers of numbers and units.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .enums import _default, _says, _spoken
from .kinds import name_words
from .kindsfile import section
from .modebits import is_mode
from .namedsetting import setting_names
from .preamble import Announcement
from .references import _stem
from .statewords import said_state
from .switched import way_said
from .values import _enum, _updates_record
from .walk import _keyed_strings

__all__ = ["check", "said_words", "says_state"]

_TOKEN = re.compile(r"[\w*-]+(?: [\w-]+){0,2}")
"""A state value: a word, up to three words ("in progress"), or a wildcard ("*")."""
_WORD = re.compile(r"[\w*]+")
"""A word (or wildcard) the announcement writes anywhere."""


def _state_key(key: str) -> bool:
    """The key's name holds a word of [state-keys] (``write_mode``, ``log_level``)."""
    return bool(section("state-keys") & {w.casefold() for w in name_words(key) or [key]})


def _listed(prop: Mapping[str, Any]) -> bool:
    """The key's schema lists its values (``enum``, or in a branch of ``anyOf``/``oneOf``)."""
    branches = [prop, *(b for k in ("anyOf", "oneOf") for b in prop.get(k) or ()
                        if isinstance(b, Mapping))]
    return any(_enum(b) for b in branches)


def _participle(value: str, spoken: set[str]) -> bool:
    """The value is a form of a word said ("mark it as complete" says ``completed``, "close
    it" ``closed``): its stem is a said word without its final "e"."""
    stem = _stem(value.casefold())
    return len(stem) >= 4 and any(w.removesuffix("e") == stem for w in spoken)


def _keys(args: Mapping[str, Any]) -> set[str]:
    """The top-level keys whose one-token value is a state: a state key, and ``value`` beside a
    key naming a state key."""
    keys = {k for k in args if isinstance(k, str) and _state_key(k)}
    if any(_state_key(n) for n in setting_names(args)):
        keys.add("value")
    return keys


def said_words(ann: Announcement, name: str) -> tuple[list[str], set[str]]:
    """The words a state is said by: the announcement's objects, observations and words, and
    the way its switching verb says (``way_said``); and those words split and stemmed
    (``enums._spoken``)."""
    said = [w.casefold() for w in (*ann.objects, *ann.observed, *_WORD.findall(ann.text),
                                   *way_said(ann, name))]
    return said, _spoken(said)


def says_state(value: str, ann: Announcement, words: tuple[list[str], set[str]]) -> bool:
    """The announcement says the state ``value`` (``words``: ``said_words``): whole, each of
    its words (``enums._says``), as a form of a word said (``_participle``), or by a word of
    its own language (``statewords.said_state``). ``changeleaves`` reads each leaf of a
    change object so."""
    said, spoken = words
    return value.casefold() in spoken or _says(value, said, spoken) \
        or _participle(value, spoken) or said_state(value, ann)


_NUMBER = re.compile(r"[+-]?(?:0[ox])?\d+(?:\.\d+)?")
"""A number: the number readers' (``figures``), no state word; a file mode is ``modebits``'."""


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None) -> str | None:
    """Why a changing call sets a state key to a value the announcement does not say, or
    None."""
    keys = _keys(args)
    if not keys:
        return None
    props = (schema or {}).get("properties") or {}
    said, spoken = said_words(ann, name)
    for key in sorted(keys):
        prop = props.get(key) if isinstance(props, Mapping) else None
        prop = prop if isinstance(prop, Mapping) else {}
        if _listed(prop) and not _updates_record(name):
            continue  # a listed value of a tool that creates or runs: ``enums``
        items = prop.get("items")
        default = _default(prop) or (_default(items) if isinstance(items, Mapping) else None)
        for _, text in _keyed_strings(args[key]):
            value = text.strip()
            if not value or not _TOKEN.fullmatch(value) or _NUMBER.fullmatch(value) or is_mode(value) \
                    or (default is not None and default.casefold() == value.casefold()) \
                    or says_state(value, ann, (said, spoken)):
                continue
            return (f"{name!r} sets {key!r} to {value!r}, a state the announcement does not "
                    "say")
    return None
