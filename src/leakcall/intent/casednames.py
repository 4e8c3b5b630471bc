"""A thing's name written in another case than the call's (h99f): Czech, Polish, Russian and
Turkish decline the noun a preposition governs ("v ložnici", "w kuchni", "в спальне"), while a
call writes it in the nominative (``ložnice``). The word is the same one when both are one
stem with a case ending in the text and a nominative ending in the call
(``inflection.inflected``, the language's [g-case-ending] and [g-base-ending]); another stem
stays another thing ("v ložnici" is no ``loznicka``)."""

from __future__ import annotations

from collections.abc import Collection

from .detect import detect
from .inflection import inflected
from .view import normalize


def cased_in(word: str, text_words: Collection[str], text: str) -> bool:
    """``word`` (a call's, folded) is a word of the text in another case, read in the text's
    language."""
    t = detect(normalize(text))
    if t is None or not t.case_endings:
        return False
    return any(inflected(w, frozenset({word}), (t.name,)) for w in text_words)
