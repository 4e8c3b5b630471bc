"""The word naming a part of a message or record before its value: "subject", "title",
"titled", "Betreff" (h22f; read by ``setvalues`` for the value a part carries and by
``objects._heads`` for the noun a titled object has: "a ticket titled 'X'")."""

from __future__ import annotations

from .kinds import _keys
from .references import _meanings

__all__ = ["part_word"]


def part_word(word: str) -> str | None:
    """The [keys-prose] key word ``word`` names: itself, a form of it ("titled" of "title"),
    or its [concept] meaning ("Betreff", "asunto": subject); or None."""
    prose = _keys("prose")
    w = word.casefold()
    if w in prose:
        return w
    hit = next((m for m in sorted(_meanings(w)) if m in prose), None)
    if hit is not None:
        return hit
    # an English participle of the noun's verb ("titled", "captioned")
    return next((k for k in sorted(prose) if len(k) >= 5 and w in (k + "d", k + "ed")), None)
