"""A description that opens with a noun phrase naming the tool (h46w, issue 25).

"A search engine optimized for comprehensive, accurate, and trusted results." and "Local
search tool #1 for concurrency testing." open with no verb: they say what the tool is, a
thing whose head is a word for a tool ([tool-noun] in kinds.txt: "tool", "engine", "API"),
and the words before that head say what it does ("search"). Such a phrase names the tool's
kinds as a lead verb would: the kinds of those words, read as the kind table reads a
description's words. Every other word of the first sentence that names a changing step, in
any of its English forms ("deletes", "deleting", "deleted"), adds its kind too, so "A search
engine that purges stale entries" is no search alone (a word of running, testing or
navigating there is mostly a noun, "for concurrency testing", as ``toolkinds.description_kinds``
reads it). A phrase of no word the table knows
("A malformed tool", "Smart-home door actuator") names no kind: the tool stays of unknown
kind. A phrase naming the reply itself ([reply-noun]: "The final response which ends this
conversation", pydantic-ai's output tool ``final_result``) says the call is the answer: kind
compute, which reads and changes nothing, unless the tool takes a parameter of a step that
acts (an amount, an account, a recipient, a path, a command), or a word of the sentence says a
change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from .kindsfile import _kinds_file
from .named import _kind_table, name_words
from .observing import OBSERVING

__all__ = ["acts", "noun_kinds", "record_titled", "reply_named"]

_LATER_NOUNS = OBSERVING | {"run", "test", "navigate"}
"""Kinds a word after the phrase does not add, as in ``toolkinds.description_kinds``: there such a
word is mostly a noun of what the step reads ("for concurrency testing")."""
_ARTICLES = frozenset({"a", "an", "the"})
_MAX_BEFORE = 3
"""Words a tool noun may stand after, the article aside ("Local search tool")."""


@cache
def _tool_nouns() -> frozenset[str]:
    return frozenset(x.casefold() for x in _kinds_file().get("tool-noun", ()))


@cache
def _reply_nouns() -> tuple[tuple[str, ...], ...]:
    """[reply-noun]: the phrases naming the reply itself, longest first."""
    return tuple(sorted((tuple(x.casefold().split()) for x in _kinds_file().get(
        "reply-noun", ())), key=len, reverse=True))


_AFTER_REPLY = frozenset({"which", "that", "to", "for", "of", "about", "with", "in"})
"""Words that may follow the reply's noun phrase: a relative clause or a complement; another
noun there makes the phrase a modifier ("A response generator")."""

_ACTING_KEYS = ("amount", "recipient", "destination", "address", "party", "target", "command",
                "role-source", "role-goal")
"""The key roles of kinds.txt ([keys-<role>]) of a step that acts on something: an amount, an
account, a recipient, a place, a path, a command."""



def _keys(schema: Mapping[str, Any] | None) -> list[str]:
    """Every property name of a schema, nested ones too, cut into its words."""
    out: list[str] = []
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    if isinstance(props, Mapping):
        for key, sub in props.items():
            out += name_words(str(key))
            out += _keys(sub if isinstance(sub, Mapping) else None)
            items = sub.get("items") if isinstance(sub, Mapping) else None
            out += _keys(items if isinstance(items, Mapping) else None)
    return out


def acts(schema: Mapping[str, Any] | None) -> bool:
    """The tool takes a parameter of a step that acts (``_acts``, the kind table's words)."""
    return _acts(schema, _kind_table()[0])


def reply_named(words: Sequence[str]) -> bool:
    """A tool name's words are one phrase naming the reply itself ("final result",
    "structured output", "output structured data")."""
    return tuple(w.casefold() for w in words) in _reply_nouns()


def record_titled(schema: Mapping[str, Any] | None) -> bool:
    """The schema's title is a noun of a party's record ([party-record]: pydantic's model name
    "User", "Customer"): its contact keys ([record-contact]: "email", "phone") are that record's
    fields."""
    title = schema.get("title") if isinstance(schema, Mapping) else None
    return isinstance(title, str) and title.casefold() in _kinds_file().get("party-record", ())


def _acts(schema: Mapping[str, Any] | None, table: Mapping[str, frozenset[str]]) -> bool:
    """The tool takes a parameter of a step that acts: a key of an acting role (``to_account``,
    ``amount``, ``path``, ``command``) or a key word of a changing kind (``delete_after``). A
    record's contact key ("email" of a schema titled "User", ``record_titled``) is a field of
    the record, no place the step acts at; every other key reads as before."""
    roles = {x.casefold() for r in _ACTING_KEYS for x in _kinds_file().get(f"keys-{r}", ())}
    fields = set(_kinds_file().get("record-contact", ())) if record_titled(schema) else set()
    return any(w not in fields and (w in roles or table.get(w, frozenset()) - OBSERVING)
               for w in _keys(schema))


def _reply(phrase: Sequence[str], words: Sequence[str], schema: Mapping[str, Any] | None,
           table: Mapping[str, frozenset[str]],
           kinds_of: Callable[[str], frozenset[str]]) -> frozenset[str]:
    """The kinds of a tool the description calls the reply itself ("The final response which
    ends this conversation": pydantic-ai's output tool): compute, a step that reads and changes
    nothing, with every kind but an observing one that any word of the sentence says in any
    form. Empty unless the opening phrase is a [reply-noun] phrase followed by nothing, a
    relative clause or a complement, and no parameter of the tool is one of a step that acts
    (an amount, an account, a recipient, a path, a command: a "final_result" taking
    ``to_account`` and ``amount`` is no answer)."""
    said = next((p for p in _reply_nouns() if tuple(phrase[: len(p)]) == p), None)
    if said is None or (len(phrase) > len(said) and phrase[len(said)] not in _AFTER_REPLY) \
            or schema is None or _acts(schema, table):
        return frozenset()
    return frozenset({"compute"}) | {k for w in words for k in kinds_of(w) if k not in OBSERVING}


def _forms(word: str) -> tuple[str, ...]:
    """An English word and the verb it may be an inflection of ("deletes", "deleting",
    "deleted", "queries")."""
    w = word.casefold()
    out = [w, w[:-1] if w.endswith("s") else "", w[:-2] if w.endswith("es") else "",
           w[:-3] + "y" if w.endswith("ies") else ""]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            stem = w[: -len(suffix)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "stopped", "running"
    return tuple(x for x in out if x)


def noun_kinds(words: Sequence[str], table: Mapping[str, frozenset[str]],
               schema: Mapping[str, Any] | None = None) -> frozenset[str]:
    """The kinds the noun phrase opening a description's first sentence names (``words``: its
    words from where a verb would stand, case folded; ``table``: the kind table's words), with
    every changing kind a word of the sentence says in any form; empty when no tool noun heads
    the opening phrase or no word before it has a kind. A phrase naming the reply itself
    (``_reply``; ``schema``: the tool's parameters) is read when no tool noun heads it."""

    def kinds_of(word: str) -> frozenset[str]:
        return frozenset(k for f in _forms(word) for k in table.get(f, frozenset()))

    phrase = list(words[1:] if words and words[0] in _ARTICLES else words)
    nouns = _tool_nouns()
    head = next((i for i, w in enumerate(phrase[: _MAX_BEFORE + 1]) if w in nouns), None)
    if not head:
        return _reply(phrase, words, schema, table, kinds_of)
    named = frozenset(k for w in phrase[:head] for k in kinds_of(w))
    if not named:
        return frozenset()
    changing = {k for w in words for k in kinds_of(w) if k not in _LATER_NOUNS}
    return named | changing
