"""A demonstrative a plain preposition governs, before a noun homograph (h73g, issue 25).

"I need to search for a translation tool to help with this request.": a word of asking or
directing ([g-report], [g-report-ask]) right after an article is its noun homograph
(``words._classify``: "the requests package"); so it is after a demonstrative that a plain
preposition governs ("with this request", "for that request"): a preposition takes a noun
phrase, and the demonstrative is its determiner. After a preposition of reason, of a source or
of a condition the demonstrative may be a clause's subject or cite where the order came from
("as this requests", "per that request"): the word keeps its refusal there."""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["article_clitic", "governed_dem"]

_CLAUSE_PREP = frozenset({"g-reason", "g-reason-after", "g-source-prep", "g-condition"})
"""Sections of a preposition after which a demonstrative may open a clause or cite a source."""


def governed_dem(before: Sequence[Token], t: Tongue) -> bool:
    """The last token before is a demonstrative right after a plain preposition ("with
    this", not "as this", "per that")."""
    return len(before) > 1 and before[-1].kind == "DEM" and before[-2].kind == "PREP" and not any(
        s in _CLAUSE_PREP for s in t.sections(before[-2].text))


def article_clitic(before: Sequence[Token], t: Tongue) -> bool:
    """The last token before is a clitic that is also an article (Italian "lo", Spanish "los"),
    read as the clitic at a clause's start ("subito lo stato"): the word after it, when no
    first-person verb, makes it the article (``words._articles``), so that word is a noun.
    Not at the sentence's start ("La CI segnala ...": "ci" is no noun there)."""
    return len(before) > 1 and before[-1].kind == "CLITIC" and t.has(before[-1].text, "g-det")
