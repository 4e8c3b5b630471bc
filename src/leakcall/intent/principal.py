"""The user named in the third person as the possessor of one of their own resources (set g,
h16f, narrowed by h17d: "I will search the user's emails for lunch invites", "create a
one-hour event on the user's calendar"; read by ``words.tokenize``).

A possessive naming the user ([g-your] forms past the second-person determiners: "the user's",
"del usuario", "de l'utilisateur", "des Nutzers", 用户的) says whose data the step acts on, as
"your" does, only when what it owns is a resource of the principal's the step acts on, never
content that could carry a call. It is read as "your" when the noun it owns heads its phrase
and is
- a resource ([g-user-resource]: "calendar", "account", "order", "subscription",
  "preferences", "location"), with any verb; or
- a place to look in ([g-user-place]: "emails", "inbox", "files"), when the step nearest the
  possessive (before it; after it where the verb closes the clause, ``order == "sov"``; the
  other side when that one names none) is of kind search or list: "search the user's emails
  for lunch invites", "los correos del usuario" after "buscaré".
Read, it is one determiner before the noun ("the user's calendar" reads as "your calendar"); a
form opening with a preposition follows its noun ("los correos del usuario") and is dropped, the
noun keeping its own article. ``ownerkeys`` then checks a look's owner key against it as it
checks one after "your" (the forms are [g-your] entries).

Kept as they are (the user stays a party, rule ``other-actor``): a relayed document or message
("the user's README", "message", "email", "notes", "snippet", "request": in no class), a place
opened or read rather than searched ("open the user's emails"), a noun that is not the head
("the user's calendar notes", "the user's calendar says"), a noun after a preposition of a
source ([g-role-source], [g-source-prep]: "the command from the user's calendar", "according
to the user's settings"), the user as an actor ("the user will
run it", "the user's going to deploy": no noun after it), a party after it ("the user's
teammate"), a word after the noun that opens an object ("the user's deleted the file": that
noun is a verb, the "'s" is "has"), and a form with no noun on its side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["principal"]

T = TypeVar("T", bound=Token)

_OBJECT_OPENING = frozenset({"DET", "DEM", "PRON", "CODE", "NUM", "TO", "YOU", "SUBJ"})
"""Tokens that open an object or a verb's complement: after "the user's W" they make W a verb
("the user's deleted the file", "the user's going to run it")."""

_LOOKING_IN = frozenset({"search", "list"})
"""The kinds of step that look in a place ([g-user-place]) without relaying what it holds."""


@cache
def _forms(marks: frozenset[tuple[str, str]]) -> tuple[str, ...]:
    """The [g-your] entries of a lexicon that name the user in the third person, each as its
    words, longest first (the second-person determiners among them are DET already and left
    as they are)."""
    return tuple(sorted((e for sec, e in marks if sec == "g-your"), key=lambda e: e.count(" "),
                        reverse=True))


def _names_user(form: str, t: Tongue) -> bool:
    """A [g-your] form naming the user ([g-user], no second person: "the user's", "del
    usuario", "des Nutzers", 用户的), not a second-person one ("your", "yours", "eurer")."""
    return any(t.has(w[:i], "g-user") and not t.has(w[:i], "g-addressee")
               for w in form.split() for i in range(2, len(w) + 1))


def _noun(x: Token, t: Tongue) -> bool:
    """A plain noun: an open word that is no gerund and no future ("going")."""
    if x.kind != "OPEN" or t.has(x.text, "g-future") or t.has(x.text, "g-acting"):
        return False
    return not any(x.text.endswith(s) and len(x.text) > len(s) + 2 for s in t.participle_suffixes)


def _step_kind(tokens: Sequence[Token], k: int, step: int, t: Tongue) -> str | None:
    """The kind of the first step word from ``k`` on, going by ``step`` (-1, 1), or None; a
    word right after a determiner is a noun, no step ("chercher les invitations dans ...")."""
    while 0 <= k < len(tokens):
        x = tokens[k]
        noun = k > 0 and tokens[k - 1].kind in ("DET", "DEM", "NUM")
        kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING") and not noun else None
        if kind is not None:
            return kind
        k += step
    return None


def _owned(tokens: Sequence[Token], noun: int, span: tuple[int, int], t: Tongue) -> bool:
    """The noun at ``noun`` is one of the principal's own resources the step acts on (module
    docstring); ``span`` is where the noun and its possessive stand (start, end)."""
    word = tokens[noun].text
    j = span[0] - 1
    while j >= 0 and tokens[j].kind == "DET":
        j -= 1  # "desde los correos del usuario"
    if j >= 0 and (t.has(tokens[j].text, "g-role-source")
                   or t.has(tokens[j].text, "g-source-prep")):
        return False  # what it holds is a source: "the command from the user's calendar"
    if t.marked(word, "g-user-resource"):
        return True
    if not t.marked(word, "g-user-place"):
        return False
    before, after = _step_kind(tokens, span[0] - 1, -1, t), _step_kind(tokens, span[1], 1, t)
    if getattr(t, "order", "svo") == "sov":
        before, after = after, before
    return (before or after) in _LOOKING_IN


def _head(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The noun at ``k`` heads its phrase: no plain noun or content verb ([g-content]:
    "says", "mentions") follows it ("the user's calendar notes", "the user's inbox says")."""
    return k + 1 == len(tokens) or not (tokens[k + 1].kind == "OPEN" and (
        _noun(tokens[k + 1], t) or t.has(tokens[k + 1].text, "g-content")))


def _match(tokens: Sequence[Token], k: int, forms: Sequence[str]) -> tuple[str, int] | None:
    """The form the tokens from ``k`` spell (one token or several), and the index
    after it; None for none, or for a determiner already."""
    for form in forms:
        for end in range(k + 1, min(len(tokens), k + form.count(" ") + 1) + 1):
            if " ".join(x.text for x in tokens[k:end]) == form:
                return None if tokens[k].kind == "DET" and end == k + 1 else (form, end)
    return None


def principal(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each possessive naming the user before or after a resource of theirs read
    as "your" is (module docstring)."""
    out = list(tokens)
    forms = [f for f in _forms(cast(Any, t).marks) if _names_user(f, t) and not t.has(f, "g-det")]
    k = 0
    while k < len(out):
        found = _match(out, k, forms)
        if found is None:
            k += 1
            continue
        form, end = found
        if t.has(form.split()[0], "g-prep") and " " in form:
            # after its noun: "los correos del usuario", "les e-mails de l'utilisateur"
            if k >= 1 and _noun(out[k - 1], t) and _owned(out, k - 1, (k - 1, end), t) and (
                    end == len(out) or out[end].kind not in _OBJECT_OPENING):
                del out[k:end]
                continue
        elif end < len(out) and _noun(out[end], t) and _head(out, end, t) and \
                _owned(out, end, (k, end + 1), t) and (
                end + 1 == len(out) or out[end + 1].kind not in _OBJECT_OPENING):
            # before its noun: "the user's calendar", 用户的邮箱
            first, last = out[k], out[end - 1]
            out[k:end] = [cast(Any, replace)(first, kind="DET", text=form, end=cast(Any, last).end)]
        k += 1
    return out
