"""What a sentence puts before its announcement that belongs to it: a coordinator joining it
to the sentence before ([g-join]: "And let me also check the car rentals.") and a fronted
topic phrase ([g-topic-prep]: "For the rental car, let's go with the economy option."). Each
read where it would stand in the plain order: the coordinator goes (it joins this sentence to
the one before, whose steps are judged on their own), and the topic phrase follows the clause
("let's go with the economy option for the rental car"), as the adjunct it is; the grammar and
grounding then judge the sentence so, its words all kept. An alternative ("Or let me ...")
is no [g-join] word, and a means ("With sudo, ...") no [g-topic-prep] one: both refuse as before.
A leading purpose clause ("To understand the layout, I'll read ...", the grammar's ``lead``) is
read in that English order in every language (``_purpose_first``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .bracketed import bracketed
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
    out = bracketed(_purpose_first(list(tokens), t), t)  # "ik ga draaien de tests"
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


def _purpose_first(out: list[_T], t: Tongue) -> list[_T]:
    """A purpose clause opening the sentence, read in the order the grammar's ``lead`` places
    ("To understand the layout, I'll read the file."): its [g-to] word as TO where it is a
    preposition too (Indonesian "Untuk memahami ..., saya akan ..."), its verb right after
    that word (the second one dropped) where the language closes the clause with it after a second [g-to] word
    (German "Um die Struktur zu verstehen, lese ich ...", Dutch "Om ... te zien, bekijk ik
    ..."), and a comma before the main clause where the language writes none and the verb
    inverted before its subject ([g-acting], "läser jag") opens it (Swedish "För att förstå
    hur ... läser jag ..."). Anything else is left as it is; the clause's words keep their
    classes, so a negation, a condition, a deferral or another actor in it refuses."""
    if len(out) < 3 or out[0].kind not in ("TO", "PREP") or not t.has(out[0].text, "g-to"):
        return out
    comma = next((k for k, x in enumerate(out) if x.kind == "COMMA"), None)
    if comma is None:  # no comma: the main clause's inverted verb ends the purpose
        comma = next((k for k, x in enumerate(out) if k > 1 and x.kind == "OPEN"
                      and " " in x.text and t.has(x.text, "g-acting")), None)
        if comma is None:
            return out
        out = [*out[:comma], _as(out[comma], "COMMA", ","), _as(out[comma], "ACTING"),
               *out[comma + 1 :]]
    if comma + 1 >= len(out) or out[comma + 1].kind not in _OPENING:
        return out
    head = _as(out[0], "TO")
    if out[1].kind == "OPEN":
        return [head, *out[1:]]
    verb = comma - 1  # "um die Struktur zu verstehen": the verb after its own [g-to] word
    if verb < 3 or out[verb].kind != "OPEN" or not t.has(out[verb - 1].text, "g-to"):
        return out
    return [head, out[verb], *out[1 : verb - 1], *out[comma:]]  # the second word goes


def _as(x: _T, kind: str, text: str | None = None) -> _T:
    """The token with another class (and text): a word read in its place."""
    y: Any = x
    return replace(y, kind=kind, text=x.text if text is None else text)  # type: ignore[no-any-return]
