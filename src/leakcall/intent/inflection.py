"""Inflection: the particles and case endings a language attaches to a word, split off before
a word of the announcement is matched to a call.

Two facts of the languages, read from their lexicons:

- **A particle attached to an identifier** (``detach``): Korean and Japanese write a case
  particle right against the word it marks, an identifier too ("package.json을",
  "alice@example.com으로", "src/app.tsを読みます"); Turkish writes a case ending after an
  apostrophe on a name, a number or an identifier ("config.yml'i", "8812'yi"). The piece
  scanner reads such a run as one code token; the particle ([g-postp], [g-topic]) or the
  ending ([g-case-ending]) is split off it, and the identifier is the thing named, as written
  ("config.yml.bak을" is ``config.yml.bak``: only a closed-class particle is split off, never
  a piece of the identifier).
- **A noun in another case** (``inflected``): Russian, Ukrainian, Polish and Turkish inflect a
  noun or a name by its ending ("погоду", "Москве", "Ивану", "pogodę", "Krakowie",
  "siparişi"), while a call writes it in the nominative ("погода", "Москва", "Иван",
  "Kraków", "sipariş"). A word of the announcement names a call word when both are one stem
  (of four letters or more) with a case ending ([g-case-ending]) on the announcement's side
  and a nominative ending ([g-base-ending], or none) on the call's: never another stem
  ("Ивану" is no "Иванов", "Иванову" no "Иван").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from .tables import tongues
from .words import Tongue, _unspaced_split, unspaced

__all__ = ["detach", "inflected"]

_LEAST = 4
"""The fewest letters of a stem compared: a shorter one is a word of its own too often."""

_ATTACHED = re.compile("(?<=[A-Za-z0-9])[\uac00-\ud7a3\u3040-\u30ff\u2e80-\u9fff"
                       "\uf900-\ufaff\uff66-\uff9f]+$")
"""A run of Hangul, kana or Han right after the ASCII end of a code token: what a language
written with particles attaches to an identifier ("package.json을")."""

_APOSTROPHES = ("'", "’")

Piece = tuple[str, str, int, int, list[str]]


def fold(word: str) -> str:
    """A word as endings are compared: case folded, a Latin letter without its marks ("ę" as
    "e", "ş" as "s", "İ" as "i"), "ё" as "е"."""
    out = []
    for ch in word.casefold():
        d = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in d if not unicodedata.combining(c))
                   if d[:1].isascii() else ch)
    return "".join(out).replace("ё", "е")


def _particle(tail: str, t: Tongue) -> list[Piece] | None:
    """The pieces of a tail attached to an identifier when it opens with a particle of ``t``
    ([g-postp], [g-topic]), else None (positions relative to the tail)."""
    if any(unspaced(ch) for ch in tail):
        pieces = _unspaced_split(tail, t)
        if not pieces or pieces[0][1] not in ("g-postp", "g-topic"):
            return None
        out: list[Piece] = []
        pos = 0
        for text, sec in pieces:
            out.append(("W", text, pos, pos + len(text), [sec] if sec else []))
            pos += len(text)
        return out
    for sec, suf in t.splits:
        if sec in ("g-postp", "g-topic") and suf == tail:
            return [("W", tail, 0, len(tail), [sec])]
    secs = [s for s in t.sections(tail) if s in ("g-postp", "g-topic")]
    return [("W", tail, 0, len(tail), secs[:1])] if secs else None


def detach(raw: Sequence[Piece], t: Tongue) -> list[Piece]:
    """The pieces of a sentence with each particle or case ending attached to a code token (or
    a number) split off it (``_particle``; an apostrophe and a [g-case-ending] of ``t`` right
    after one are dropped, as a possessive after a number is)."""
    out: list[Piece] = []
    endings = {fold(e) for e in t.case_endings}
    i = 0
    while i < len(raw):
        kind, text, a, b, secs = raw[i]
        if kind == "CODE" and text[:1] not in "`\"'" and "://" not in text:
            m = _ATTACHED.search(text)
            tail = _particle(m.group(0), t) if m is not None else None
            if m is not None and tail is not None:
                at = a + m.start()
                out.append(("CODE", text[: m.start()], a, at, secs))
                out.extend((k, x, at + p, at + q, s) for k, x, p, q, s in tail)
                i += 1
                continue
        if kind in ("CODE", "NUM") and endings and i + 2 < len(raw) and (
                raw[i + 1][0] == "P" and raw[i + 1][1] in _APOSTROPHES and raw[i + 1][2] == b
                and raw[i + 2][0] == "W" and raw[i + 2][2] == raw[i + 1][3]
                and fold(raw[i + 2][1]) in endings):
            out.append(raw[i])
            i += 3  # "config.yml'i", "8812'yi": the ending of the thing named
            continue
        out.append(raw[i])
        i += 1
    return out


@cache
def _paradigms(names: tuple[str, ...]) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(case endings, nominative endings with none) of each language named that has them."""
    return tuple((frozenset(fold(e) for e in t.case_endings),
                  frozenset({"", *(fold(e) for e in t.base_endings)}))
                 for t in tongues() if t.name in names and t.case_endings)


def _stems(word: str, endings: Iterable[str]) -> set[str]:
    """The stems a word is with one of the endings taken off (four letters or more)."""
    return {word[: len(word) - len(e)] for e in endings
            if word.endswith(e) and len(word) - len(e) >= _LEAST}


@lru_cache(maxsize=256)
def _call_stems(call_words: frozenset[str], names: tuple[str, ...]) -> tuple[frozenset[str], ...]:
    """For each paradigm of ``names``: the stems the call's words are in the nominative (read
    once per call: a long value holds many words)."""
    folded = {fold(c) for c in call_words if c.isalpha()}
    return tuple(frozenset(s for c in folded for s in _stems(c, base))
                 for _case, base in _paradigms(names))


def inflected(word: str, call_words: frozenset[str], languages: Sequence[str]) -> bool:
    """A word of the announcement, in a language of ``languages`` that inflects its nouns
    ([g-case-ending]), is a call word in another case: the same stem with a case ending
    here and a nominative ending (or none) there ("погоду" and "погода", "Krakowie" and
    "Kraków", "siparişi" and "sipariş"). Stems of four letters or more, compared folded."""
    names = tuple(sorted(set(languages)))
    paradigms = _paradigms(names)
    if not paradigms:
        return False
    w = fold(word)
    if not w.isalpha():
        return False
    mine = [_stems(w, case) for case, _base in paradigms]
    if not any(mine):
        return False
    return any(stems and not stems.isdisjoint(theirs)
               for stems, theirs in zip(mine, _call_stems(call_words, names), strict=True))
