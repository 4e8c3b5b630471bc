"""A possessive that follows its noun (issue 25): Indonesian "Saya cek pesanan Anda dulu." ("I'll
check your order first"), where English puts "your" before the noun.

A second-person word of [g-owner-after] right after a noun of the step's object (an open word
that itself follows a word of the clause, not the opener), or after that noun's own number or
identifier ("pesanan 90112 Anda", your order 90112), owns that noun: it is read as the
determiner "your" is (DET), the reader's thing the step works on, no one addressed or acting.
Right after the verb ("kirim Anda ...", send you) or after a preposition ("ke Anda", to you)
it is the one the step is for, and keeps its class (YOU).

Turkish writes "your" as an ending on the noun, with its case after it ("Siparişinizi kontrol
edeyim.": let me check your order; [g-own-case]), the same letters as a second-person verb
("yapabilirsiniz"), so the lexicon lists them as another actor. Before the verb with its
intent ending such a noun is the user's own thing (``owned``), read as a word; a noun of a
party ("müşterinizi": your customer) or a verb's noun ([g-own-verbal]: "silmenizi", that you
delete; "yaptığınızı", what you did) stays another actor."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .marklists import marked_words
from .words import Token, Tongue

__all__ = ["owner_after"]

_T = TypeVar("_T", bound=Token)

_PHRASE = ("OPEN", "CODE", "NUM", "DET")
"""Tokens before the noun that make it part of the object, not the verb after the opener."""


def owner_after(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each [g-owner-after] word right after a noun of the object read as a
    determiner, and each noun with the reader's possessive ending read as a word (``owned``);
    else the tokens as they are."""
    out = owned(tokens, t)
    for k in range(2, len(out)):
        y: Any = out[k]
        # the noun, or the noun before its own identifier ("pesanan 90112 Anda")
        noun = k - 2 if out[k - 1].kind in ("NUM", "CODE") and k >= 3 else k - 1
        if (y.kind == "YOU" and t.marked(y.text, "g-owner-after") and out[noun].kind == "OPEN"
                and out[noun - 1].kind in _PHRASE):
            out[k] = replace(y, kind="DET")
    return out


_SOFTENED = str.maketrans({"b": "p", "c": "ç", "d": "t", "ğ": "k"})
"""Turkish consonants softened before a vowel ending ("ekibi" is "ekip"'s)."""


def _stems(stem: str) -> tuple[str, ...]:
    """The noun a possessive ending is written on, without its buffer vowel ("siparişi",
    "sipariş") and with a softened last consonant restored ("ekib", "ekip")."""
    bare = stem[:-1] if stem[-1:] in "ıiuü" and len(stem) > 2 else stem
    return (stem, bare, bare[:-1] + bare[-1:].translate(_SOFTENED))


def owned(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each noun ending in the reader's possessive and a case
    ([g-own-case]: "siparişinizi") read as a word, where it stands before a word of the
    clause that ends with the verb's intent ending (FINAL) and its noun names no party (no
    [g-actor] word: "müşterinizi") and no verb's act ([g-own-verbal]: "silmenizi")."""
    endings = list(marked_words(t, "g-own-case"))
    bare = list(marked_words(t, "g-own-bare"))
    if not endings or not any(x.kind == "FINAL" for x in tokens):
        return list(tokens)
    verbal = list(marked_words(t, "g-own-verbal"))
    out = list(tokens)
    for k, x in enumerate(out[:-1]):
        y: Any = x
        if y.kind != "!other-actor" or out[k + 1].kind == "FINAL" or not any(
                x.kind == "FINAL" for x in out[k + 1:]):
            continue
        word = y.text.casefold()
        # with no case ending, only before a postposition: "planınız için", for your plan
        own = endings + (bare if out[k + 1].kind == "POSTP" else [])
        end = next((e for e in own if word.endswith(e) and len(word) - len(e) >= 3), None)
        if end is None:
            continue
        stem = word[: -len(end)]
        if any(stem.endswith(v) for v in verbal) or any(
                "g-actor" in t.sections(s) for s in _stems(stem)):
            continue
        out[k] = replace(y, kind="OPEN")
    return out
