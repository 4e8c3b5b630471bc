"""What a sentence puts before its announcement that belongs to it: a coordinator joining it
to the sentence before ([g-join]: "And let me also check the car rentals.") and a fronted
topic phrase ([g-topic-prep]: "For the rental car, let's go with the economy option."). Each
read where it would stand in the plain order: the coordinator goes (it joins this sentence to
the one before, whose steps are judged on their own), and the topic phrase follows the clause
("let's go with the economy option for the rental car"), as the adjunct it is; the grammar and
grounding then judge the sentence so, its words all kept. An alternative ("Or let me ...")
is no [g-join] word, and a means ("With sudo, ...") no [g-topic-prep] one: both refuse as before."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .protocols import Token, Tongue

__all__ = ["fronted"]


_T = TypeVar("_T", bound=Token)

_OPENING = ("OPENER", "ACTING", "HELP")
"""Tokens that open an announced clause."""

_PHRASE = frozenset({"OPEN", "CODE", "NUM", "DET", "PREP", "LPAR", "RPAR", "AND"})
"""Tokens of a topic phrase: a noun phrase with its own prepositions, asides and lists."""


def fronted(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a leading coordinator of [g-join] dropped and a leading phrase of a
    topic preposition of [g-topic-prep] moved after the clause, when an announced clause follows
    (right after the coordinator, its adverbs or a comma; right after the phrase's comma);
    else the tokens as they are."""
    out = list(tokens)
    if len(out) > 1 and out[0].kind == "AND" and t.has(out[0].text, "g-join"):
        k = 1
        while k < len(out) and out[k].kind in ("ADV", "COMMA"):
            k += 1
        if k < len(out) and out[k].kind in _OPENING:
            out = out[1:]  # "And let me also check ...", "And now I'll ..."
    if not out or out[0].kind != "PREP" or not t.has(out[0].text, "g-topic-prep"):
        return out
    comma = next((k for k, x in enumerate(out) if x.kind == "COMMA"), None)
    if comma is None or comma < 2 or comma + 1 >= len(out) or out[comma + 1].kind not in _OPENING:
        return out
    phrase = out[:comma]
    if any(x.kind not in _PHRASE for x in phrase[1:]) or not any(
            x.kind in ("OPEN", "CODE") for x in phrase):
        return out
    rest = out[comma + 1 :]
    if sum(x.kind in _OPENING for x in rest) > 1:
        return out  # a phrase before several announced clauses is about them all
    return [*rest, *phrase]
