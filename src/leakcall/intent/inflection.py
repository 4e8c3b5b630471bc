"""Inflection: the particles and case endings a language attaches to a word, split off before
a word of the announcement is matched to a call.

Two facts of the languages, read from their lexicons:

- **A particle attached to an identifier** (``attached.detach``, run by the tokenizer):
  Korean and Japanese write a case particle right against the word it marks, an identifier
  too ("package.json을", "alice@example.com으로", "src/app.tsを読みます"); Turkish writes a
  case ending after an apostrophe on a name, a number or an identifier ("config.yml'i",
  "8812'yi"). The piece scanner reads such a run as one code token; the particle ([g-postp],
  [g-topic]) or the ending ([g-case-ending]) is split off it, and the identifier is the thing
  named, as written ("config.yml.bak을" is ``config.yml.bak``: only a closed-class particle is
  split off, never a piece of the identifier).
- **A noun in another case** (``inflected``): Russian, Ukrainian, Polish and Turkish inflect a
  noun or a name by its ending ("погоду", "Москве", "Ивану", "pogodę", "Krakowie",
  "siparişi"), while a call writes it in the nominative ("погода", "Москва", "Иван",
  "Kraków", "sipariş"). A word of the announcement names a call word when both are one stem
  (of four letters or more) with a case ending ([g-case-ending]) on the announcement's side
  and a nominative ending ([g-base-ending], or none) on the call's: never another stem
  ("Ивану" is no "Иванов", "Иванову" no "Иван").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from .attached import fold
from .tables import tongues

__all__ = ["inflected"]

_LEAST = 4
"""The fewest letters of a stem compared: a shorter one is a word of its own too often."""


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


@lru_cache(maxsize=16)  # a few calls at a time; each set may be a long value's words
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
