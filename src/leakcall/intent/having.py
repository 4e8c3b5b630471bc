"""A relative clause of having on a noun, read as "with" (h36g; read by ``words.tokenize``).

"Then I'll create an event for each day that has a lunch invite.": the relative pronoun
([g-relative-pronoun]) right after a noun, then a verb of having ([g-having]: "has", "have"),
then a determiner ([g-det]: "a", "the", "any") says what the noun has, as "for each day with a
lunch invite" does: the pronoun is dropped and the verb read as a preposition. The reading
accepts nothing "with" does not: the phrase after it is read and grounded as that preposition's
object. A step word before the pronoun ("check that has ..."), a verb slot, no determiner after
the verb ("that has been moved", "that has no owner": "no" is a negation, not a determiner)
keep the pronoun and the verb as they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["having"]

T = TypeVar("T", bound=Token)


def having(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each relative clause of having on a noun read as "with" (module docstring)."""
    out = list(tokens)
    k = 1
    while k + 2 < len(out):
        noun, pron, verb, det = out[k - 1], out[k], out[k + 1], out[k + 2]
        if noun.kind == "OPEN" and t.kind_of(noun.text.casefold()) is None \
                and t.has(pron.text.casefold(), "g-relative-pronoun") \
                and t.marked(verb.text.casefold(), "g-having") and det.kind == "DET":
            out[k:k + 2] = [cast(Any, replace)(verb, kind="PREP")]  # a tongue.Token
        k += 1
    return out
