"""A framing word that is the thing a tool makes (audit W-kind, issue 25): "I'll tell you a
programming joke!" + ``tell_joke(topic=programming)``, "I'll use the tell_joke function to get
a programming-related joke for you." (the token pass is read by ``words.tokenize``, the check by
``namedcarried``).

A framing word ([g-framing]: "joke", "story") says the call is a jest or a fiction, not a step
(rule ``declared-example``), and "tell" ([g-report]) that the text reports what someone said
(``quoted-source``). As the head of the object a verb takes, though, the framing word is what
the step gets: a determiner before it, nothing between them but plain words of no kind
("programming-related"), before the determiner a verb of a known kind ("get a joke") or the
reader after a reporting verb right after the opener ("I'll tell you a joke"), and after it
the sentence's end, a courtesy ("for you") or a preposition. Read so, it is a noun (and the
reporting verb a verb of no kind), and every call after it must be the tool that makes that
thing (``namedcarried.check``): each call's name holds the word, and the reporting verb, among its words
(``tell_joke``). Still refused: "as a joke", "just kidding", "it's a joke", "tell me a joke
about rm -rf" before ``bash``, a framing word no call's name holds, a multiword framing entry
("dry run"), or one after a verb of no kind. After a verb of searching, "find a joke about
cats" + ``get_weather(location="cat joke")`` is no call of a tool that makes it either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["named"]

T = TypeVar("T", bound=Token)

_AFTER = frozenset({"COURTESY", "PREP"})
"""Tokens that may follow the thing made: "get a joke for you", "a joke about programming"."""

def _made_at(tokens: Sequence[Token], k: int, t: Tongue) -> int | None:
    """The index of the reporting verb to read as a verb ("tell you a joke"), -1 when a verb of a
    known kind takes the framing word at ``k`` ("get a joke"), or None: it heads no object."""
    if " " in tokens[k].text or not (k + 1 == len(tokens) or tokens[k + 1].kind in _AFTER):
        return None
    j = k - 1
    while j >= 0 and tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) is None:
        j -= 1  # the plain words before it ("programming-related")
    if j < 1 or tokens[j].kind != "DET":
        return None
    before = tokens[j - 1]
    if before.kind == "OPEN" and t.kind_of(before.text) not in (None, "generic"):
        return -1
    if (before.kind == "YOU" and j >= 3 and tokens[j - 2].kind == "!quoted-source"
            and t.has(tokens[j - 2].text, "g-report") and tokens[j - 3].kind == "OPENER"):
        return j - 2
    return None


def named(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, a framing word that heads a verb's object read as a noun (module
    docstring)."""
    out = list(tokens)
    for k, x in enumerate(out):
        if x.kind != "!declared-example" or not t.has(x.text, "g-framing"):
            continue
        at = _made_at(out, k, t)
        if at is None:
            continue
        out[k] = cast(Any, replace)(x, kind="OPEN")
        if at >= 0:
            out[at] = cast(Any, replace)(out[at], kind="OPEN")
    return out
