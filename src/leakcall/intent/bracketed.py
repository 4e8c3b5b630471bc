"""The infinitive a verb-second language puts last after its auxiliary opener, read in the
verb's place (session 31, h16e).

German and Dutch close the clause with the infinitive after a modal or "gaan" opener ("Ik ga
de tests draaien.", "Ich werde die Tests ausführen."); the grammar's verb slot follows the
opener. An opener of [g-bracket] (the auxiliary openers of [g-help] that take a final
infinitive) whose clause (up to a comma, "and", a [g-to] word or the sentence's end) holds
only a plain object phrase (articles, demonstratives, pronouns, content words, code, numbers,
prepositions, adverbs, a courtesy: "voor jou") and ends in a word the lexicon gives a kind of
step is read with that word right after the opener and its adverbs ("ik ga draaien de
tests"): the verb is then judged as in any other language (its kind covers the step, its
object is its object). A clause with any other word in it (a negation, a condition, a
question word, a second actor) is left as it is, and reads as before: its object words ground
only observing calls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .protocols import Token, Tongue

__all__ = ["bracketed"]

_T = TypeVar("_T", bound=Token)

_OBJECT = frozenset({"OPEN", "CODE", "NUM", "DET", "DEM", "PRON", "PREP", "ADV", "COURTESY"})
"""Tokens of a plain object phrase between the auxiliary opener and its final infinitive (an
inquiry word, "of" of "de tests of de build", is none: an alternative is no step chosen)."""

_ENDS = frozenset({"COMMA", "AND", "TO"})
"""Tokens that close the auxiliary's clause (with any non-prose token)."""


def bracketed(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with the final infinitive of each [g-bracket] opener's clause moved right
    after the opener (and its adverbs), when that clause is a plain object phrase ending in a
    word of a known kind; else the tokens as they are."""
    out = list(tokens)
    for k, x in enumerate(out):
        if x.kind != "HELP" or not t.has(x.text, "g-bracket"):
            continue
        start = k + 1
        while start < len(out) and out[start].kind == "ADV":
            start += 1
        end = start
        while end < len(out) and out[end].kind not in _ENDS and not out[end].kind.startswith("!"):
            end += 1
        last = end - 1
        if last <= start or out[last].kind != "OPEN" or t.kind_of(out[last].text) in (
                None, "generic") or any(y.kind not in _OBJECT for y in out[start:last]):
            continue
        if out[start].kind == "OPEN" and t.kind_of(out[start].text) not in (None, "generic"):
            continue  # the verb already follows the opener ("ik ga kijken in de map")
        out = [*out[:start], out[last], *out[start:last], *out[end:]]
    return out
