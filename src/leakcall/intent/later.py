"""The passes ``words.tokenize`` runs over a sentence's tokens after ``words._tokenize``, in
order: a phrase of no charge dropped (``nocharge``), a relative clause of having read as "with"
(``having``), a pronoun that is a noun of calling before a code span read as a noun
(``apposed``), degrees ("too", ``degree``), values after a key (``valued``), "without" between
two nouns (``withoutnoun``), the user's as "your" (``principal``), examples a search looks for
(``soughtexamples``), a jest or a fiction a tool makes (``namedcue``), objects the text does
not choose (``unchosen``), steps it does not choose between (``disjoined``), words whose sense
is their place (``finalwords``), another party's request said before its verb
(``partyasked``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .apposed import apposed
from .degree import degrees
from .disjoined import disjoined
from .finalwords import final_words
from .having import having
from .namedcue import named
from .nocharge import uncharged
from .partyasked import party_asked
from .principal import principal
from .protocols import Token, Tongue
from .soughtexamples import sought
from .unchosen import unchosen
from .valued import valued
from .withoutnoun import modifying

__all__ = ["later"]

T = TypeVar("T", bound=Token)


def later(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens after every later pass (module docstring)."""
    inner = valued(degrees(apposed(having(
        uncharged(tokens, t), t), t), t), t)
    return party_asked(final_words(disjoined(unchosen(named(sought(principal(modifying(
        inner, t), t), t), t), t), t), t), t)
