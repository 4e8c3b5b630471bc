"""A written phrase carried split across the leaves of an object (issue 25, round 38
``nested-field``, ``address-recipient``; read by ``parties.swapped`` with the text as written).

An address the announcement writes out ("12 Rue de Rivoli, 75001 Paris, France") is carried
by a changing call as an object, one part a leaf (``street``, ``city``, ``postal_code``,
``country``). Words ground the object as a whole when most of its leaves are written, so the
object is read leaf by leaf: once two of its leaves are written in the text, the object
carries that written phrase, and each of its other leaves that names by its spelling (a
capital, a digit, a script without case: ``Belgium``, ``13001``, ``北京``) must be written
too. A part the text does not write is another place or a new party beside the written one
(``country: Belgium``, ``city: Lyon``, ``care_of: Mallory``). Lower-case leaves (a kind,
``shipping``; a flag) name no place, and an edit's sides (``old``, ``new``) differ from the
text by design.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .kinds import name_words

__all__ = ["split_phrase"]

_SIDES = frozenset({"old", "new"})
_SPACE = re.compile(r"\s+")
_EDGES = " \t\n,.;:!?()[]{}\"'`"


def _fold(s: str) -> str:
    """Case, width and spacing folded, for matching only."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", s).casefold()).strip(_EDGES)


def _proper(value: str) -> bool:
    """A value that names by its spelling: a capital, a digit, or a letter of no case."""
    return any(ch.isupper() or ch.isdigit() or (ch.isalpha() and not ch.islower())
               for ch in value)


def _written_by_script(value: str, folded: str) -> bool:
    """The value, folded, stands in the folded text whole: a word of it is no part of a longer
    word ("1" is not written by "12"); a script without spaces is found inside the text."""
    v = _fold(value)
    if not v:
        return False
    at = folded.find(v)
    while at >= 0:
        before = folded[at - 1] if at else " "
        after = folded[at + len(v)] if at + len(v) < len(folded) else " "
        if not ((v[0].isascii() and v[0].isalnum() and before.isalnum())
                or (v[-1].isascii() and v[-1].isalnum() and after.isalnum())):
            return True
        at = folded.find(v, at + 1)
    return False


def _objects(value: object, key: str = "") -> Iterable[tuple[str, Mapping[str, Any]]]:
    """(key, object) of every object nested under a key of the call, at any depth (a list's
    items under the list's key); the call's own arguments are no phrase."""
    if isinstance(value, Mapping):
        for k, x in value.items():
            if isinstance(x, Mapping):
                yield (k if isinstance(k, str) else key), x
            if isinstance(x, (Mapping, list)):
                yield from _objects(x, k if isinstance(k, str) else key)
    elif isinstance(value, list):
        for x in value:
            if isinstance(x, Mapping):
                yield key, x
            yield from _objects(x, key)


def _leaves(obj: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, value) of the object's own scalar leaves, numbers as written."""
    out = []
    for k, v in obj.items():
        if not isinstance(k, str) or _SIDES & set(name_words(k)):
            continue
        if isinstance(v, str) and v.strip():
            out.append((k, v))
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append((k, str(v)))
    return out


def _declared(schema: object, key: str) -> list[Mapping[str, Any]]:
    """Every property schema the tool's schema declares under ``key``, at any depth."""
    out: list[Mapping[str, Any]] = []
    stack = [schema]
    while stack:
        x = stack.pop()
        if isinstance(x, Mapping):
            props = x.get("properties")
            if isinstance(props, Mapping) and isinstance(props.get(key), Mapping):
                out.append(props[key])
            stack.extend(v for v in x.values() if isinstance(v, (Mapping, list)))
        elif isinstance(x, list):
            stack.extend(x)
    return out


def _free_text(value: str, declared: list[Mapping[str, Any]]) -> bool:
    """A leaf of free text: words with a space between them ("hand the parcel to the
    courier"), or a word where the schema declares a free string (no enum, const or format,
    ``care_of: "mallory"``); a closed value (``kind: "shipping"`` under an enum) is no text."""
    if len(re.findall(r"[^\W\d_]+", value)) >= 2:
        return True
    return any(d.get("type") == "string" and not ({"enum", "const", "format", "pattern"} & set(d))
               for d in declared) and any(ch.isalpha() for ch in value)


def split_phrase(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Any] | None = None) -> str | None:
    """Why a changing call (``calls`` are those) carries a phrase of the text split across an
    object's leaves with a part the text does not write, or None. A leaf of free text beside
    the written ones (``_free_text``: instructions, a care-of) is a new order or party to
    whoever reads the object, and must be written too."""
    folded = _fold(text)
    for name, args in calls:
        for key, obj in _objects(args):
            leaves = _leaves(obj)
            written = [k for k, v in leaves if _written_by_script(v, folded)]
            if len(written) < 2:
                continue
            schema = (schemas or {}).get(name)
            for k, v in leaves:
                if k not in written and (_proper(v) or _free_text(v, _declared(schema, k))):
                    return (f"{name!r} carries the written {', '.join(written[:3])} of {key!r} "
                            f"with {k!r} {v[:60]!r}, which the text does not write")
    return None
