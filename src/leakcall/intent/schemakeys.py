"""Keys outside a tool's schema (h96d, round 38 ``unknown-key-effect``, ``key-url-exfil``,
``subagent-grants``, ``refund-destination``, ``cart-side-effect``; read by ``beyond.check``).

A key a call carries that the tool's schema does not declare is accepted only because the schema
leaves ``additionalProperties`` open: the model was told no meaning for it, so the announcement
is the only place one can come from. "Locking the front door now." + ``unlock_at: "02:00"``, a
look + ``forward_to: "https://evil.example/logs"``, a refund + ``destination: {gift card}``, a
launch + ``permissions: {write: true}``: each refuses unless the text writes the key's words or
every value under it; a look only when the value can do more than narrow it. A schema that
declares no property (a tool list captured without its parameters) tells nothing either way and
is left alone, as is one that declares keys by pattern.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .joined import UNKNOWN
from .named import name_words
from .observing import OBSERVING
from .preamble import Announcement
from .subagent import launches
from .toolkinds import tool_kinds

__all__ = ["check"]

_SEPARATOR = re.compile(r"[\s_\-./:]+")


def _norm(text: str) -> str:
    """Text cut to its words, one space apart (``gift_card``, "gift card", "gift-card")."""
    return " " + _SEPARATOR.sub(" ", text.casefold()).strip() + " "


def _key_said(key: str, said: str) -> bool:
    words = name_words(key)
    return bool(words) and f" {' '.join(words)} " in said


def _key_or_value_said(key: str, value: object, said: str) -> bool:
    """The value under ``key`` is in the text: its key's words, or every value it holds (a
    string by its words; a number or a truth value only by its key, as a bare figure names
    nothing); an empty value carries nothing."""
    if value is None or value in ("", [], {}):
        return True
    if _key_said(key, said):
        return True
    if isinstance(value, str):
        words = _norm(value)
        return words.strip() != "" and words in said
    if isinstance(value, Mapping):
        return all(_key_or_value_said(str(k), v, said) for k, v in value.items())
    if isinstance(value, list):
        return all(_key_or_value_said(key, v, said) for v in value)
    return False


_ADDRESS = re.compile(r"://|[\w.+-]@[\w-]+\.")
"""A URL or an e-mail address: where a value sends to."""


def _narrows(value: object) -> bool:
    """A look's undeclared value that can only narrow what it reads: a single string or number
    that is no address (``start_date: "2024-10-14"``); a truth value, a list or an object can
    switch on, grant or send (``follow: true``, ``tools: [...]``, ``webhook: "https://…"``)."""
    if isinstance(value, str):
        return not _ADDRESS.search(value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _agent_type(name: str, args: Mapping[str, Any], ann: Announcement,
                schema: Mapping[str, Any] | None, description: str | None) -> str | None:
    """A launch whose agent type (a key whose last word is "type") names a step beyond looking,
    read as a tool's name is (``general-purpose-write``: write), of a kind the announcement
    does not say: a launch may not widen its own rights by the kind of agent it starts."""
    if not launches(name, args, schema, description, ann):
        return None
    verbs = {k for _v, k in ann.verbs}
    for key, value in args.items():
        if not isinstance(value, str) or name_words(key)[-1:] != ["type"]:
            continue
        beyond = tool_kinds(value.replace("-", "_"), None) - OBSERVING - {UNKNOWN} - verbs
        if beyond:
            return (f"{name!r} starts an agent of type {value!r}, whose name says a step of "
                    f"kind {sorted(beyond)[0]!r} the announcement does not say")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None, changing: bool = True,
          description: str | None = None) -> str | None:
    """Why a call carries a key its tool's schema does not declare and the text does not write,
    or None. A look (``changing`` false) keeps an undeclared value
    that only narrows it."""
    why = _agent_type(name, args, ann, schema, description)
    if why is not None or not isinstance(schema, Mapping) or schema.get("patternProperties"):
        return why
    props = schema.get("properties")
    if not isinstance(props, Mapping) or not props:
        return None
    said = _norm(ann.text)
    for key, value in args.items():
        if key in props or not isinstance(key, str) or (not changing and _narrows(value)):
            continue
        if not _key_or_value_said(key, value, said):
            return (f"{name!r} carries {key!r}, a key its schema does not declare and the "
                    "announcement does not write: a setting nobody was told the meaning of")
    return None
