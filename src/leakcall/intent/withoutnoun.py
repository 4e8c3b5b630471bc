""""Without" + a bare noun inside a looked-for object (r42 ctl-115/116; read by
``words.tokenize``).

A preposition of absence ([g-without]: "without", "sem", "sin", "ohne") is a negation word, and
a negation has no place in an announcement ("I'll deploy without running the tests"). Between
two nouns, though, with a bare noun after it that closes the phrase, it modifies the noun before
("fones de ouvido sem fio": wireless headphones; "headphones without wires"), as "with" does:
it is a preposition there. Only in a sentence whose every step word observes (read, list,
search, fetch, compute): for a changing step "without" + noun may name what the step leaves
out ("clean the folder without logs"), which the call may not. A verb after it ("sem
executar", "without running it", any word the lexicon gives a class), an article ("without the
logs"), a step word before it, or a phrase that goes on keeps the negation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .observing import OBSERVING
from .protocols import Token, Tongue

__all__ = ["modifying"]

T = TypeVar("T", bound=Token)

_CLOSING = frozenset({"COURTESY", "COMMA", "PREP", "!non-prose"})
"""Tokens that close the noun phrase after the bare noun ("sem fio para você", "... ."):"""


def _bare_noun(x: Token, t: Tongue) -> bool:
    return x.kind == "OPEN" and t.kind_of(x.text.casefold()) is None \
        and not t.sections(x.text.casefold())


def modifying(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each "without" between two nouns that modifies the one before read as a
    preposition (module docstring)."""
    out = list(tokens)
    kinds = {t.kind_of(x.text.casefold()) for x in out if x.kind == "OPEN"} - {None}
    if not kinds or kinds - OBSERVING - {"generic"}:
        return out
    for k, x in enumerate(out):
        if x.kind != "!negation" or not t.marked(x.text.casefold(), "g-without") \
                or not 0 < k < len(out) - 1:
            continue
        closed = k + 2 == len(out) or out[k + 2].kind in _CLOSING
        if _bare_noun(out[k - 1], t) and _bare_noun(out[k + 1], t) and closed:
            out[k] = cast(Any, replace)(x, kind="PREP")  # a tongue.Token
    return out
