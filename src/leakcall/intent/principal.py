"""The user named in the third person as the possessor of the announced object (set g, h16f:
"I will search the user's emails for lunch invites", "create a one-hour event on the user's
calendar"; read by ``words.tokenize``).

A possessive naming the user ([g-your] forms past the second-person determiners: "the user's",
"del usuario", "de l'utilisateur", "des Nutzers", 用户的) says whose data the step reads, as
"your" does: the principal's, not another party's. Where it stands as a possessor of a noun it
is read as "your" is: one determiner before the noun ("the user's calendar" reads as "your
calendar"); a form opening with a preposition follows its noun ("los correos del usuario") and
is dropped, the noun keeping its own article. ``ownerkeys`` then checks a look's owner key
against it as it checks one after "your" (the forms are [g-your] entries).

Kept as they are (the user stays a party, rule ``other-actor``): the user as an actor ("the
user will run it", "the user's going to deploy": no noun after it), a party or a source after it
("the user's teammate", "the user's snippet": no plain noun), a word after the noun that opens
an object ("the user's deleted the file": that noun is a verb, the "'s" is "has"), and a form
with no noun on its side.
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


def _match(tokens: Sequence[Token], k: int, forms: Sequence[str]) -> tuple[str, int] | None:
    """The form the tokens from ``k`` spell (one token or several), and the index after it;
    None for none, or for a determiner already."""
    for form in forms:
        for end in range(k + 1, min(len(tokens), k + form.count(" ") + 1) + 1):
            if " ".join(x.text for x in tokens[k:end]) == form:
                return None if tokens[k].kind == "DET" and end == k + 1 else (form, end)
    return None


def principal(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each possessive naming the user before or after its noun read as "your"
    is (module docstring)."""
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
            if k >= 1 and _noun(out[k - 1], t) and (end == len(out) or out[end].kind not in _OBJECT_OPENING):
                del out[k:end]
                continue
        elif end < len(out) and _noun(out[end], t) and (
                end + 1 == len(out) or out[end + 1].kind not in _OBJECT_OPENING):
            # before its noun: "the user's calendar", 用户的邮件
            first, last = out[k], out[end - 1]
            out[k:end] = [cast(Any, replace)(first, kind="DET", text=form, end=cast(Any, last).end)]
        k += 1
    return out

