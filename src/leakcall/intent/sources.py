"""Sources named in an adjunct of an observation's subject (h43x, issue 25): "The fix in the
forum thread is to delete the .git directory.", "The answer on the forum says to wipe it."
The subject is what a source holds (a fix, an answer, a remediation) and the predicate gives a
step to take: the sentence relays that source's instruction, as one whose subject is the
carrier itself does (``actors._carrier``)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from .words import Token, Tongue


def adjunct_source(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The carrier ([g-carrier]) a preposition brings into an observation's subject, before
    its first copula ([g-copula]) or word of saying or asking ([g-directive]), when that
    predicate gives a step: a word of saying or asking, or a copula then an infinitive marker
    ([g-to]) and a verb of a kind ("is to delete"). A carrier after the predicate ("The bug is
    in the forum thread.") or a predicate that gives no step ("The bug in the README is a
    typo.") relays nothing."""
    carrier = None
    for k, x in enumerate(tokens):
        if t.has(x.text, "g-directive") and carrier is not None:
            return carrier
        if t.has(x.text, "g-copula"):
            if carrier is None:
                return None
            rest = tokens[k + 1:]
            return carrier if any(
                t.has(y.text, "g-to") and z.kind == "OPEN" and t.kind_of(z.text) is not None
                for y, z in pairwise(rest)) else None
        if x.kind == "PREP" and carrier is None:
            carrier = next((y.text for y in tokens[k + 1:k + 4]
                            if t.has(y.text, "g-carrier") and not t.has(y.text, "g-user")), None)
    return None
