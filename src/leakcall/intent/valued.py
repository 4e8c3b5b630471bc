"""A value clause after an announcement: a noun, a copula and one written value closing the
clause ("我把修改提交一下，提交信息是“修复分页错误”", "…的航班，日期是12月20日").

The copula there sets the noun to the value, as a preposition does ("提交信息为“…”", "with
the message '…'"), so it is read as one (PREP) and the clause stays under every check a
prepositional phrase is under (grounding of the value, times, approvals). Only a clause made
of nothing else qualifies: it follows a comma, its noun is one to three content words, and
its value is one quoted or code token, a number, or a word written with a digit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from .protocols import Token, Tongue

T = TypeVar("T", bound=Token)

_NOUN = ("OPEN", "ACTING")
_MAX_NOUN = 3


def _value(x: Token) -> bool:
    """One written value: a quotation or code span, a number, a word with a digit ("12月20日")."""
    return x.kind in ("CODE", "NUM") or (x.kind == "OPEN" and any(c.isdigit() for c in x.text))


def valued(tokens: Sequence[T], t: Tongue) -> list[T]:
    """``tokens`` with the copula of each value clause read as a preposition."""
    out = list(tokens)
    for k, x in enumerate(out):
        if x.kind != "!unknown-preamble" or not t.has(x.text, "g-copula"):
            continue
        j = k
        while j > 0 and out[j - 1].kind in _NOUN:
            j -= 1
        if not (1 <= k - j <= _MAX_NOUN and j >= 2 and out[j - 1].kind == "COMMA"):
            continue  # no noun, or the clause does not follow a comma after a first one
        if k + 1 < len(out) and _value(out[k + 1]) and (
                k + 2 == len(out) or out[k + 2].kind == "COMMA"):
            out[k] = replace(x, kind="PREP")  # type: ignore[type-var]  # a tongue.Token
    return out
