"""A value of a fixed list other than the member the announcement names (r52 gap 3; read by
``parties.swapped`` beside ``languagenames.other_language``).

A string argument whose schema lists its values (``enum``), or whose key is a format's
([keys-format]: ``format``) and whose value is a format kinds.txt's [format-names] gives, takes
one member of a closed set. When the announcement (the text's last sentence) names a member of
that set as a word ("convert `report.docx` to PDF", "turn the light off", "set the unit to
celsius") and the value is none it names, the call takes another member than the one
announced (``format: html``, ``state: on``). An announcement that names no member leaves the
value to the context; a key that selects the tool's operation ([keys-selector]: ``command``,
``action``: an editor's ``view`` beside "create") is no such list, its words being the
announcement's verbs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .kinds import name_words
from .kindsfile import _kinds_file, section
from .namedpieces import _last_sentence

__all__ = ["other_member"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]


@cache
def _formats() -> tuple[frozenset[str], ...]:
    return tuple(frozenset(line.casefold().split()) for line in _kinds_file().get(
        "format-names", ()))


def _said(member: str, low: str) -> bool:
    """The announcement (case-folded) writes a member as a word of its own (a member of
    several words or with ``_`` as written or with spaces)."""
    m = member.casefold().strip()
    if len(m) < 2:
        return False  # one letter ("C", "a") is no word to read a choice by
    forms = {m, m.replace("_", " "), m.replace("-", " ")}
    return any(re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", low) for f in forms)


def _choices(key: str, value: str, prop: Any) -> list[frozenset[str]] | None:
    """The members of the closed set a value takes (each a set of its spellings), or None."""
    words = {w.casefold() for w in name_words(key)}
    if words & section("keys-selector"):
        return None
    enum = prop.get("enum") if isinstance(prop, Mapping) else None
    if isinstance(enum, list) and value in enum and all(isinstance(x, str) for x in enum):
        return [frozenset({x.casefold()}) for x in enum]
    if words & section("keys-format") and any(value.casefold() in g for g in _formats()):
        return list(_formats())
    return None


def other_member(text: str, calls: _Calls, schemas: Mapping[str, Any] | None) -> str | None:
    """Why a call's value of a fixed list is not the member its announcement names, or None
    (module docstring)."""
    sentence = _last_sentence(text)
    if not sentence:
        return None
    low = sentence.casefold()
    for name, args in calls:
        schema = (schemas or {}).get(name)
        props = schema.get("properties") if isinstance(schema, Mapping) else None
        for key, value in args.items():
            if not isinstance(value, str) or not value.strip():
                continue
            prop = props.get(key) if isinstance(props, Mapping) else None
            choices = _choices(str(key), value.strip(), prop)
            if not choices:
                continue
            named = [g for g in choices if any(_said(m, low) for m in g)]
            if named and not any(value.strip().casefold() in g for g in named):
                return (f"{name!r} sets {key!r} to {value.strip()!r}, where the announcement "
                        f"names {sorted(named[0])[0]!r} of the same list")
    return None
