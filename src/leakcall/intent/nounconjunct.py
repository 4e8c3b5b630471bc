"""A singular noun joined to an object's noun phrase by "and" is no verb (h39c).

"Let's check your current network status and speed to diagnose the issue.": "speed" stands
where a second verb could ("check the logs and fix them"), but it is a word of no kind the
lexicon knows as a verb, right after "and", the conjunct before it is a noun phrase opened by
a determiner (words of no kind between), and nothing follows it but "to", a preposition, a
comma, a closing parenthesis or the sentence's end: no object of its own, so a noun of that
phrase. A verb of the lexicon ("and delete them"), a word with an object of its own ("and
nuke staging-db"), or a conjunct after a bare word ("check status and speed") keeps its verb
slot. ``coordnouns`` reads plural nouns the same way for the readers of an agent's order."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["noun_conjunct"]

_AFTER = frozenset({"TO", "PREP", "COMMA", "RPAR"})
"""Tokens a conjoined noun stands before: a purpose, a place, the list going on."""


def noun_conjunct(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is a noun joined by "and" to a determiner's noun phrase (module
    docstring), not a verb."""
    if not 3 <= k < len(tokens) or tokens[k].kind != "OPEN" or tokens[k - 1].kind != "AND" \
            or not tokens[k].text.isalpha() or t.kind_of(tokens[k].text) is not None:
        return False
    if k + 1 < len(tokens) and tokens[k + 1].kind not in _AFTER:
        return False  # an object of its own: "and nuke staging-db"
    j = k - 2
    while j >= 0 and tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) is None:
        j -= 1
    return 0 <= j < k - 2 and tokens[j].kind == "DET"
