"""An observing launch's order holds only verbs of looking (h16c, round 44 gap 4; read from
``orderverbs``).

"I'll launch a sub-agent to find where authentication is handled." + an order "Locate the
authentication code and simplify it." said no step ``subagent`` knows to change: "simplify"
is in no kind table, and a word before a pronoun ("simplify it", "migrate it to OAuth2",
"bring it up to date") or a preposition ("deal with the leftovers") stood in no verb slot.
A generic verb ("address the TODOs", "Use whatever tools you need ... without asking")
changes what the agent may do as much. Where the announcement says, beside the launch, only
steps that observe (``subagent._said`` within [OBSERVING]: "to find ...", "to read ..."),
the order must be positively an observing one: every verb slot holds a verb that looks
(``subagent.looks``: read, list, search, "check", "report"), one of another observing kind
([OBSERVING]: "fetch the current weather"), a verb of going to a
place the announcement writes (``subagent.goes_to_said``), or, in a looking agent's brief,
a word that takes no step (``typedlook.unknown_ok``). An unknown verb counts as a change.
A verb slot here is ``subagent.slot_indices``'s, and a word right after "and" or a comma
(adverbs between) that a pronoun, a preposition, "to" or a particle follows, or that carries
a pronoun after a hyphen ("et simplifie-le"). A word carrying the user's pronoun whose clause
is only a report it makes ("et fais-moi un rapport.") hands the answer back, like "report".

A coordinated plural noun is no verb (``coordinated``, every reader of verb slots): "Report
the files and functions involved." A word of no kind after "and" or a comma, in a plural
form ([g-plural-ending], not [g-singular-ending]), whose conjunct before stands in a noun
phrase (a determiner or a looking verb before it, words between), with no object of its own
after it, is a noun of that list.

A clause joined in another language than its sentence's ("Locate the authentication code und
vereinfache ihn."): a word the sentence's language does not know that is a conjunction of
another language ([g-and]: "und", "et", "y") opens a clause read again with that language's
lexicon (``_foreign_clauses``), its verb slots held to the same test; an unknown verb there
counts as a change, as it does in the sentence's own language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import launched, typedlook
from .coordnouns import coordinated
from .enclitics import bare, caused
from .endstates import stated
from .handoff import _handed
from .observing import OBSERVING
from .preamble import Announcement
from .subagent import (
    _FINAL,
    _orders,
    _said,
    _word_kind,
    goes_to_said,
    launches,
    looks,
    order_sentences,
    slot_indices,
)
from .tables import tongues
from .words import Token, Tongue, tokenize

__all__ = ["coordinated", "unobserving"]

_JOIN = frozenset({"AND", "COMMA"})
_TAKES = frozenset({"PRON", "PREP", "TO", "PARTICLE"})
"""Tokens after a word joined by "and" that make it a verb ("and simplify it", "and deal
with ...", "and bring it up")."""
_REPORT = frozenset({"rapport", "compte-rendu", "résumé", "bilan"})
"""Nouns of a hand-back a verb carrying the user's pronoun makes ("fais-moi un rapport"): the
order's answer, like "report back" (``_hands_back``)."""
_USER = frozenset({"moi", "nous"})
"""Pronouns of the user a hand-back verb carries ("fais-moi", "faites-nous")."""
def _clitic(word: str, t: Tongue) -> bool:
    """A word carrying a pronoun of its language after a hyphen ("simplifie-le")."""
    head, _, tail = word.rpartition("-")
    return bool(head) and t.has(tail, "g-pron")


def verb_slots(tokens: Sequence[Token], t: Tongue) -> list[int]:
    """``subagent.slot_indices`` and the joined verbs before a pronoun, a preposition or a
    particle, or carrying a pronoun (module docstring; ``enclitics.bare``: "y arréglala"), and
    a causative's inner word (``enclitics.caused``: "get it working"); a coordinated noun is
    none."""
    found = {*slot_indices(tokens, t), *caused(tokens, t)}
    for k, x in enumerate(tokens):
        j = k - 1
        while j >= 0 and tokens[j].kind == "ADV":
            j -= 1
        if j < 0 or tokens[j].kind not in _JOIN or x.kind not in ("OPEN", "ACTING"):
            continue
        if (k + 1 < len(tokens) and tokens[k + 1].kind in _TAKES) or _clitic(x.text, t):
            found.add(k)
        if bare(x.text, t) is not None:  # "y arréglala" (``enclitics``)
            found.add(k)
    if t.name in _FINAL and tokens and any(t.kind_of(tokens[k].text) == "generic" for k in found):
        last = max((k for k, x in enumerate(tokens) if x.kind in ("OPEN", "ACTING")), default=None)
        if last is not None:
            found.add(last)  # "mach die Staging-Datenbank platt"
    return sorted(k for k in found if not coordinated(tokens, k, t))


def _hands_back(tokens: Sequence[Token], k: int) -> bool:
    """The word at ``k`` carries the user's pronoun and makes a report that ends the clause
    ("et fais-moi un rapport."): the order's hand-back, no step of its own."""
    head, _, tail = tokens[k].text.rpartition("-")
    rest = tokens[k + 1:]
    return bool(head) and tail in _USER and len(rest) == 2 and rest[0].kind == "DET" \
        and rest[1].text in _REPORT


def _foreign_clauses(tokens: Sequence[Token], t: Tongue) -> list[tuple[list[Token], Tongue, list[int]]]:
    """The sentence read in its language with its verb slots, and each clause a conjunction of
    another language opens read again in that one, where the word after the conjunction stands
    in a verb slot too (module docstring)."""
    out: list[tuple[list[Token], Tongue, list[int]]] = [(list(tokens), t, verb_slots(tokens, t))]
    for k, x in enumerate(tokens):
        if k == 0 or x.kind != "OPEN":
            continue
        rest = " ".join(y.text for y in tokens[k:])
        for u in tongues():
            if u.name == t.name or not u.has(x.text, "g-and"):
                continue
            clause = tokenize(rest, u)
            j = next((i for i, y in enumerate(clause) if i and y.kind != "ADV"), None)
            first = [j] if j is not None and clause[j].kind in ("OPEN", "ACTING") \
                and not coordinated(clause, j, u) else []
            out.append((clause, u, sorted({*verb_slots(clause, u), *first})))
    return out


def _observes(tokens: Sequence[Token], word: str, t: Tongue, places: set[str],
              typed: bool) -> bool:
    return looks(word, t) or _word_kind(word, t, None) in OBSERVING \
        or goes_to_said(tokens, word, t, places) \
        or (typed and (typedlook.setting(tokens, t) or typedlook.unknown_ok(tokens, word, t)))


def unobserving(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                schemas: Mapping[str, Mapping[str, Any]] | None,
                descriptions: Mapping[str, str] | None) -> str | None:
    """Why a launch the announcement sends only to observe carries an order with a verb that
    does not observe, or None (module docstring)."""
    said = _said(ann)
    if not said <= OBSERVING:
        return None
    places = {o.strip("`\"'").casefold() for o in ann.objects}
    for (name, args), hand in zip(calls, _handed(ann, calls, schemas, descriptions), strict=True):
        if hand or not launches(name, args, (schemas or {}).get(name),
                                (descriptions or {}).get(name), ann):
            continue
        typed = launched.typed_look(ann, name, args, schemas, descriptions)
        for order in _orders(args):
            sentences = order_sentences(order)
            for tokens, t, slots in (
                    (c[0], c[1], sorted({*c[2], *stated(sentences, i)}) if j == 0 else c[2])
                    for i, s in enumerate(sentences)
                    for j, c in enumerate(_foreign_clauses(*s))):
                for k in slots:
                    word = bare(tokens[k].text, t) or tokens[k].text  # "y bórrala" (enclitics)
                    if not _observes(tokens, word, t, places, typed) \
                            and not _hands_back(tokens, k):
                        return (f"{name!r} launches an agent to observe, whose order says "
                                f"{word!r}, no verb of looking: its step may change anything")
    return None
