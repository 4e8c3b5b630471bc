"""The means of a step, said as a preposition before an -ing verb (issue 25).

"Let me fix it by running the migration" announces two steps: the fix, and the run it is
taken by, as "fix it and run the migration" does. A preposition of means ([g-means]: "by")
before a verb of a known kind in its -ing form ([g-participle-suffix]) opens a verb slot
(``means_slot``), so that verb grounds its call.

It does so only where the preposition binds to the announced step: right after its verb
("check by running the tests"), after a pronoun object ("fix it by", "fix this by"), or
after a noun of one word an article or possessive determines ([g-article]: "fix the test
by"). A second word of a phrase may be a participle in the passive ("the rows affected by
deleting the table"): the -ing verb there is what caused a state, no step taken, and a
quantifier standing for its noun ("those affected by", "some broken by") is no article's
phrase, so neither opens a slot. A negation between them ("by not running it") is a step
left out: no slot either.
"""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["gerund", "means_slot"]


_SLOT = ("OPENER", "HELP", "AND", "TO", "ACTING")
"""Tokens after which a word stands in a verb's slot (adverbs between)."""


def gerund(x: Token, t: Tongue) -> bool:
    """An -ing form of a verb of a known kind ("running", "checking", "editing")."""
    return x.kind == "OPEN" and t.kind_of(x.text) is not None and any(
        x.text.endswith(s) and len(x.text) > len(s) + 2 for s in t.participle_suffixes)


def _bound(tokens: Sequence[Token], j: int, t: Tongue) -> bool:
    """The word at ``j`` (right before the preposition, adverbs skipped) ends the announced
    step's verb phrase: the verb itself, a pronoun object, or a noun an article determines."""
    x = tokens[j]
    before = tokens[j - 1] if j else None
    if x.kind == "PRON":
        return True
    if x.kind == "DEM":
        return before is None or before.kind not in ("DET", "DEM")
    if x.kind not in ("OPEN", "CODE") or before is None:
        return False
    k = j - 1
    while k >= 0 and tokens[k].kind == "ADV":
        k -= 1
    if k >= 0 and tokens[k].kind in _SLOT and x.kind == "OPEN":
        return True  # "check by running the tests"
    # an article or a possessive never stands for its noun: the word after it is the noun;
    # "some", "those", "all" may ("those affected by", "some written by"), and a second word
    # of a phrase may be a passive's participle ("the rows affected by deleting them")
    return t.has(before.text, "g-article")


def means_slot(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The preposition at ``k`` is one of means ([g-means]) before an -ing verb of a known
    kind (adverbs between: "by first checking") and binds to the announced step (``_bound``):
    that verb is a step taken."""
    if not t.has(tokens[k].text, "g-means"):
        return False
    n = k + 1
    while n < len(tokens) and tokens[n].kind == "ADV":
        n += 1
    if n >= len(tokens) or not gerund(tokens[n], t):
        return False
    j = k - 1
    while j >= 0 and tokens[j].kind == "ADV":
        j -= 1
    return j >= 0 and _bound(tokens, j, t)
