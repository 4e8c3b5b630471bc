"""A possessive whose owner the call acts on or names, not a party whose step it is (issue 25,
rule ``other-actor``; ``grounding.owned``).

"Let me revoke Jamie's access." + ``revoke_access(user="jamie")``: the owner is the party the
step is done to, carried as the first word of a value under a party key ([keys-party]:
"user", "contact_id": "maria-lopez-7781"), and the step writes, deletes or creates a record
on them; "I'll book a table at Luigi's." + ``restaurant: "Luigi's"``: the possessive is the
whole of a value, a place's name, no owner. Refused still: a possessive no call carries so
("Let me run Mallory's installer." + ``bash``), a payment or a message to the owner
("I'll pay Mallory's invoice." + ``customer: mallory``: the owner's own request), and an
owned thing that is a step or someone's words ("Mallory's refund", "Mallory's request",
"Mallory's instructions")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, call_kinds, name_words
from .ownedthings import phrase_held
from .tables import tongues_of
from .walk import _keyed_strings

__all__ = ["held_owners", "observed_parties"]

_ON_PARTY = frozenset({"write", "delete", "create"})
"""Kinds of step that change a record of the party a call names (not a payment, a message)."""
_WORDS_OF = ("g-carrier", "g-report-ask", "g-handoff", "g-call-noun")
"""Nouns of someone's words or requests: an owner's one is what they ask for."""


def held_owners(ann: Any, calls: Sequence[tuple[str, Mapping[str, Any]]],
                schemas: Mapping[str, Mapping[str, Any]] | None = None,
                descriptions: Mapping[str, str] | None = None) -> bool:
    """Every possessive of ``ann.owners`` is a name some call carries whole, or, with only
    steps on a party and no owned step or request, an owner a party key carries."""
    ts = tongues_of(ann.tongues)
    values = [(set(name_words(k)), v) for name, args in calls for k, v in _keyed_strings(args)]
    if not ts or not ann.owners:
        return False
    named = all(any(v.strip().casefold() == o.casefold() for _, v in values)
                or phrase_held(ann, o, calls, schemas, descriptions) for o in ann.owners)
    if named:
        return True
    nouns = [n for step in ann.steps for n in step[2]]
    if any(t.kind_of(n) is not None or any(t.has(n, s) for s in _WORDS_OF)
           for t in ts for n in nouns):
        return False
    if not all(call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
               <= _ON_PARTY for name, args in calls):
        return False
    party = _keys("party")
    for owner in ann.owners:
        own = next((owner[: -len(s)] for t in ts for s in t.owner_suffixes
                    if owner.endswith(s) and len(owner) > len(s)), owner).casefold()
        if not any(words & party and (first := name_words(v)[:1])
                   and first[0].casefold() == own for words, v in values):
            return False
    return True


def observed_parties(ann: Any, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
    """The parties the observations name (``Announcement.parties``) but the possessive of a
    word of a call's tool name that the announcement names as what it acts on, a noun of a
    kind of step the lexicon reads: "the second edit's `old_string` no longer matched. Let
    me apply the comment edit now:" + ``edit`` (h10c): an earlier call of that tool, no party.
    A person's noun ("the reviewer's") is no tool's name."""
    ts = tongues_of(ann.tongues)
    objects = set(ann.objects)
    tools = {w.casefold() for name, _ in calls for w in name_words(name)}
    out = []
    for party in ann.parties:
        own = next((party[: -len(s)] for t in ts for s in t.owner_suffixes
                    if party.endswith(s) and len(party) > len(s)), party)
        if own != party and own in objects and own in tools \
                and any(t.kind_of(own) is not None for t in ts):
            continue
        out.append(party)
    return tuple(out)
