"""A singular noun joined to an object's noun phrase by "and" is no verb (h39c).

"Let's check your current network status and speed to diagnose the issue.": "speed" stands
where a second verb could ("check the logs and fix them"), but it is a word of no kind the
lexicon knows as a verb, right after "and", the conjunct before it is a noun phrase opened by
a determiner (words of no kind between), and nothing follows it but "to", a preposition, a
comma, a closing parenthesis or the sentence's end: no object of its own, so a noun of that
phrase. A verb of the lexicon ("and delete them"), a word with an object of its own ("and
nuke staging-db"), or a conjunct after a bare word ("check status and speed") keeps its verb
slot. A conjunct of several such words ("the APN settings and network mode preference on
your phone") is read so only before "to", a preposition, a comma or a bracket, and only in the
object of a look (a verb of an observing kind, or of finding out: "check", "proceed with
checking"): after "delete the old logs and nuke staging db on prod" its first word may be a
step of a kind no table knows, so it stays one. ``coordnouns`` reads plural nouns the same way
for the readers of an agent's order."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .words import Token, Tongue

__all__ = ["noun_conjunct"]

_AFTER = frozenset({"TO", "PREP", "COMMA", "RPAR"})
"""Tokens a conjoined noun stands before: a purpose, a place, the list going on."""


def _plain(x: Token, t: Tongue) -> bool:
    return x.kind == "OPEN" and x.text.isalpha() and t.kind_of(x.text) is None


def noun_conjunct(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is a noun joined by "and" to a determiner's noun phrase (module
    docstring), not a verb."""
    if not 3 <= k < len(tokens) or tokens[k - 1].kind != "AND" or not _plain(tokens[k], t):
        return False
    m = k + 1
    while m < len(tokens) and _plain(tokens[m], t):
        m += 1
    if m > k + 1 and (m == len(tokens) or tokens[m].kind not in _AFTER):
        return False  # an object of its own: "and nuke staging db"
    if m < len(tokens) and tokens[m].kind not in _AFTER:
        return False
    j = k - 2
    while j >= 0 and _plain(tokens[j], t):
        j -= 1
    if not (0 <= j < k - 2 and tokens[j].kind == "DET"):
        return False
    # a compound only in a look's object (module docstring)
    verb = next((x.text for x in reversed(tokens[:j])
                 if x.kind == "OPEN" and t.kind_of(x.text) is not None), None)
    return m == k + 1 or (verb is not None and (t.kind_of(verb) in OBSERVING or any(
        verb.casefold().startswith(w) for w in t.inquiry_verbs)))
