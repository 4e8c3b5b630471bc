"""A separable verb's particle that is also an article, closing its clause (issue 25), and
the verb that particle belongs to (session 29, h10e).

German and Dutch put a verb's particle at its clause's end: "Ich trage den Termin in Ihren
Kalender ein.", "Ich schalte das Licht ein." Where the particle is also an article ("ein"), the
tokenizer reads an article; one closing the clause takes no noun, so it is the particle
([g-particle]) the verb left there, which takes no object and names no one.

The particle is part of the verb's meaning: "Ich starte den Dienst neu" restarts it
("neustarten", a deploy step like "restart"), where "starte" alone runs; "Ich lade die Datei
herunter" downloads. A particle closing the clause ([g-particle], or [g-verb-prefix]: "neu",
a separable prefix that is no particle elsewhere) joined before the verb right after the
opener makes the verb form the lexicon reads (``rejoined``) when that form has kinds of step
other than the bare verb's (its senses, ``Tongue.kinds_all``: "neustart*" runs again or
restarts a service, ``senses.object_sense``): the verb is read as that form and the closing word as its
particle, which names nothing a call must carry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["rejoined", "separated"]

_T = TypeVar("_T", bound=Token)

_CLOSE = ("COMMA", "AND")
"""Tokens that close a clause after the particle ("..., und ...")."""


def separated(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with an article that is also a [g-particle] word read as the particle where
    it closes its clause after a word of the object (the sentence's end, a comma or "and");
    else the tokens as they are."""
    out = list(tokens)
    for k in range(2, len(out)):
        y: Any = out[k]
        if (y.kind == "DET" and t.has(y.text, "g-particle")
                and out[k - 1].kind in ("OPEN", "CODE", "NUM")
                and (k + 1 == len(out) or out[k + 1].kind in _CLOSE)):
            out[k] = replace(y, kind="PARTICLE")
    return out


def rejoined(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with the verb right after the opener read as the separable verb its
    clause's closing particle makes (module doc), where that form has a kind of step of its
    own; else the tokens as they are."""
    out = list(tokens)
    for k in range(2, len(out)):
        y: Any = out[k]
        if not (k + 1 == len(out) or out[k + 1].kind in _CLOSE) or not (
                y.kind == "PARTICLE" or (y.kind == "OPEN" and t.marked(y.text, "g-verb-prefix"))):
            continue
        j = next((i for i in range(k - 1, 0, -1) if out[i - 1].kind == "OPENER"), None)
        if j is None or j + 1 >= k or out[j].kind != "OPEN" or any(
                x.kind in _CLOSE for x in out[j + 1 : k]):
            continue
        verb: Any = out[j]
        joined = y.text + verb.text
        kinds = t.kinds_all(joined)
        if kinds and kinds != t.kinds_all(verb.text):
            out[j], out[k] = replace(verb, text=joined), replace(y, kind="PARTICLE")
    return out
