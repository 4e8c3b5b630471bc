"""Who may see a thing: the way the announcement states it, and the way a call's switch holds
it (h9Ca, round 40 ``flag-opposite``; read by ``setvalues`` (rule ``ungrounded-call``) and
``values``).

"I'll create a private repository called notes." states who may see the repository; a call
that creates it with ``private: false`` (or ``is_private: false``, ``public: true``,
``visible: true``) makes it public. An optional switch set off is read elsewhere as restating
its absence (``values._switch``); under a stated property it is the other way.

- The announcement states a way when it writes a word of [g-property-private] ("private",
  "privé", "приватный", "riêng tư", "私有", "非公開") or of [g-property-public] ("public",
  "öffentlich", "công khai", "公開"): at word edges in a spaced script, anywhere in an unspaced
  one (a private form holding a public one, "非公開", "비공개", is read whole: it starts
  further left).
- A key names the property when one of its words is an English entry of either section
  (``private``, ``is_private``, ``hidden``, ``visible``, ``public``); a word that negates a key
  (``not_public``, ``block_public_access``) turns its value over. A switch (a boolean, or
  "true"/"false" under a boolean schema) then holds the way its key's side and value say; a
  value its schema lists (``visibility: public``) holds the way its own words say.
- When the announcement states one way only, every such switch and value holds it; when it
  states both ("make the repository public instead of private") the rule says nothing, and
  ``values`` reads the value of a setting as before.
- ``stated``: a switch or listed value that holds the one way the text states is named by it,
  in any language (``values`` reads a switch no word of the text names as unstated: "un dépôt
  privé" + ``private: true`` recovers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from .kinds import name_words
from .preamble import Announcement
from .statedsettings import _NEGATING, _alts, _forms
from .walk import _leaves

__all__ = ["crossed", "stated"]

_SECTIONS = {"private": "g-property-private", "public": "g-property-public"}
_OTHER = {"private": "public", "public": "private"}
_TURNING = _NEGATING | {"block", "prevent"}
"""Key words that turn a switch over (``block_public_access: true`` keeps a thing private)."""


@cache
def _stated_re() -> re.Pattern[str]:
    """A word that states a property's way (an unspaced private form holding a public one,
    "非公開", matches from its first character, before the public form inside it)."""
    (private, private_cjk), (public, public_cjk) = (_alts(_SECTIONS["private"]),
                                                    _alts(_SECTIONS["public"]))
    return re.compile(rf"(?<![\w-])(?:(?P<private>{private})|(?P<public>{public}))(?![\w-])"
                      rf"|(?P<private_cjk>{private_cjk})|(?P<public_cjk>{public_cjk})",
                      re.IGNORECASE)


@cache
def _key_words() -> dict[str, str]:
    """Each English entry of the two sections (a plain word) -> its way."""
    return {f: way for way, s in _SECTIONS.items() for f in _forms(s)
            if f.isascii() and f.isalpha()}


def _stated(text: str) -> set[str]:
    """The ways the announcement states."""
    return {"private" if m["private"] or m["private_cjk"] else "public"
            for m in _stated_re().finditer(text)}


def _way(words: list[str]) -> str | None:
    """The way the words name, when they name exactly one."""
    ways = {_key_words()[w] for w in words if w in _key_words()}
    return next(iter(ways)) if len(ways) == 1 else None


def _holds(key: str, raw: object, prop: Mapping[str, Any], choices: Sequence[str]) -> str | None:
    """The way a switch or a value of ``choices`` (the values its schema lists) of who may see
    a thing holds, or None when the key or the value names no such property."""
    words = name_words(key)
    if isinstance(raw, str) and raw.strip().casefold() in {"true", "false"} \
            and prop.get("type") == "boolean":
        raw = raw.strip().casefold() == "true"
    if isinstance(raw, bool):
        side = _way(words)
        if side is None:
            return None
        negated = sum(w in _TURNING for w in words) % 2 == 1
        return side if raw != negated else _OTHER[side]
    if isinstance(raw, str) and raw.strip().casefold() in {c.casefold() for c in choices}:
        return _way(name_words(raw.strip()))
    return None


def stated(ann: Announcement, key: str, leaf: object, prop: Mapping[str, Any],
           choices: Sequence[str], either: bool = False) -> bool:
    """The switch holds the one way of who may see a thing the announcement states, in any
    language: the text names it ("un dépôt privé" + ``private: true``; ``values`` reads a
    switch no word of the text names as unstated); with ``either``, one of the ways a text
    that says both states ("from private to public")."""
    ways = _stated(ann.text)
    return (either or len(ways) == 1) and _holds(key, leaf, prop, choices) in ways


def crossed(name: str, args: Mapping[str, Any], ann: Announcement,
            props: Mapping[str, tuple[Mapping[str, Any], bool]],
            choices: Callable[[Mapping[str, Any]], Sequence[str]]) -> str | None:
    """Why a changing call's switch or listed value of who may see a thing holds the other way
    than the property the announcement states, or None (``choices``: the values a property's
    schema lists)."""
    ways = _stated(ann.text)
    if len(ways) != 1:
        return None
    (want,) = ways
    for key, raw in _leaves(args):
        prop = props.get(key, ({}, False))[0]
        holds = _holds(key, raw, prop, choices(prop))
        if holds is None:
            continue
        if holds != want:
            return (f"{name!r} sets {key!r} to {str(raw).lower()!r}, which makes it {holds} "
                    f"where the announcement states it {want}")
    return None
