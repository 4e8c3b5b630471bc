"""A noun of calling that a lexicon also reads as a pronoun, before a code span (h36g; read by
``words.tokenize``).

Arabic "الأمر" is "the command" and, as "the matter", a pronoun ([g-pron]: "سأتولى الأمر", "I'll
handle it"). Right before a code span ("سأشغّل الأمر `ls`", "I'll run the command `ls`") it is
the noun of calling it also is ([g-meta]), and the span its name, as "command" is in English: no
pronoun takes a name after it. Read as a noun there; elsewhere it stays a pronoun.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["apposed"]

T = TypeVar("T", bound=Token)


def apposed(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each pronoun that is a noun of calling before a code span read as a noun."""
    out = list(tokens)
    for k in range(len(out) - 1):
        x = out[k]
        if x.kind == "PRON" and out[k + 1].kind == "CODE" and x.text.casefold() in t.meta:
            out[k] = cast(Any, replace)(x, kind="OPEN")  # a tongue.Token
    return out
