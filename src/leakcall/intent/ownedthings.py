"""A possessive whose owner is a thing or a place the call carries, or the user's own, not
another party whose step it is (h10c; rule ``other-actor``, ``grounding.owned``).

- "compare it to London's temperature." + ``compare_values(label2="London's Temperature")``:
  the possessive with the noun it owns is the whole of a value, the label or target the call
  gives, for a call that computes, looks or takes a step its name does not say. A call that
  pays, sends, writes, deletes or runs is refused still ("I'll pay Mallory's invoice." +
  ``memo="Mallory's invoice"``: the step may be the owner's), and so is an owned noun that is
  a step or someone's words ("Mallory's request").
- "search for the UK's GDP data" + ``query="UK GDP ..."``: an owner the call writes as a whole
  word is carried, however short.
- "checking your phone's network status": an owner after a second-person possessive
  ([g-addressee]) is the user's own thing; only observing calls are grounded with it still, but
  they need not carry it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import call_kinds
from .observing import OBSERVING
from .tables import tongues_of
from .walk import _keyed_strings

__all__ = ["bare_owner", "carried_whole", "phrase_held", "users_own"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]

_QUIET = OBSERVING | {"compute", "unknown"}
"""Kinds of call a possessive phrase it carries whole may label: it changes nothing named."""
_WORDS_OF = ("g-carrier", "g-report-ask", "g-handoff", "g-call-noun")
"""Nouns of someone's words or requests: an owner's one is what they ask for."""
_WORD = re.compile(r"[^\W_]+")


def bare_owner(ann: Any, owner: str) -> str:
    """The owner of a possessive without its suffix ("london's" -> "london")."""
    return next((owner[: -len(s)] for t in tongues_of(ann.tongues) for s in t.owner_suffixes
                 if owner.endswith(s) and len(owner) > len(s)), owner)


def _around(ann: Any, owner: str) -> tuple[str, str] | None:
    """The word before the possessive and the one after it in the announcement's text."""
    text = getattr(ann, "text", "") or ""
    m = re.search(rf"(?:^|(\S+)\s+){re.escape(owner)}(?:\s+([^\W_][\w-]*))?", text)
    return None if m is None else (m.group(1) or "", m.group(2) or "")


def users_own(ann: Any, owner: str) -> bool:
    """The possessive follows a second-person possessive ("your phone's")."""
    got = _around(ann, owner)
    return got is not None and any(t.has(got[0], "g-addressee") for t in tongues_of(ann.tongues))


def carried_whole(ann: Any, owner: str, calls: _Calls) -> bool:
    """Some call's value writes the owner as a whole word ("UK" of "UK GDP data")."""
    own = bare_owner(ann, owner).casefold()
    return any(own in {w.casefold() for w in _WORD.findall(v)}
               for _, args in calls for _, v in _keyed_strings(args))


def phrase_held(ann: Any, owner: str, calls: _Calls,
                schemas: Mapping[str, Mapping[str, Any]] | None = None,
                descriptions: Mapping[str, str] | None = None) -> bool:
    """The possessive and the noun it owns are the whole of a call's value, the noun is no
    step or someone's words, and every call only computes, looks, or says no kind."""
    got = _around(ann, owner)
    if got is None or not got[1]:
        return False
    noun = got[1]
    ts = tongues_of(ann.tongues)
    if any(t.kind_of(noun) is not None or any(t.has(noun, s) for s in _WORDS_OF) for t in ts):
        return False
    if not all(call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
               <= _QUIET for name, args in calls):
        return False
    phrase = f"{owner} {noun}".casefold()
    return any(" ".join(v.split()).casefold() == phrase
               for _, args in calls for _, v in _keyed_strings(args))
