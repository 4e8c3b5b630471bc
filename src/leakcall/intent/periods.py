"""A possessive of a period names a span of time, not an owner ("today's orders", "last
week's revenue", "this month's signups").

Any other possessive of a word the lexicon does not know may name another party ("Mallory's
installer"): only observing calls are grounded with one, and they must carry its owner
(``grounding.owned``). A period ([g-period]) is no party, and the call reads it as a range
it computes (``CURRENT_DATE``, ``interval '7 days'``), not as the period's name: it keeps the
first restriction and drops the second for calls shown to observe: a statement or command
whose reading says so (``run_sql`` + ``SELECT``), or a name that opens with an observing verb
("get_orders"). A name whose first word is a noun the kind table reads ("time_off_request":
"time") may submit anything; its owner stays to be carried."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import call_kinds, name_words
from .observing import OBSERVING
from .ownedthings import carried_whole, users_own
from .tables import tongues, tongues_of
from .toolkinds import tool_kinds

Announcement = Any
"""``preamble.Announcement`` (named here only: ``grounding`` reads this module)."""


def owners(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
           schemas: Mapping[str, Mapping[str, Any]] | None,
           descriptions: Mapping[str, str] | None) -> list[str]:
    """The announcement's possessives that name an owner the calls must carry: all of them,
    but those whose word is a [g-period] entry of its languages when every call takes a step
    of a known observing kind."""
    # an owner a call writes whole need not be shown carried, nor the user's own thing
    # before calls that observe (``ownedthings``)
    kept = [o for o in ann.owners if not carried_whole(ann, o, calls)]
    if not all(_observes(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
               for name, args in calls):
        return kept
    kept = [o for o in kept if not users_own(ann, o)]
    ts = tongues_of(ann.tongues)
    out = []
    for owner in kept:
        own = next((owner[: -len(s)] for t in ts for s in t.owner_suffixes
                    if owner.endswith(s) and len(owner) > len(s)), owner)
        if not any(t.has(own, "g-period") for t in ts):
            out.append(owner)
    return out


def _observes(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
              description: str | None) -> bool:
    """The call observes, as what it runs reads or as its name's first word is a verb of an
    observing kind in some lexicon."""
    kinds = call_kinds(name, args, schema, description)
    if not kinds or not kinds <= OBSERVING:
        return False
    if "run" in tool_kinds(name, schema, description):
        return True  # the statement or command it runs was read: "SELECT ..."
    words = name_words(name)
    return bool(words) and any(t.kind_of(words[0]) in OBSERVING for t in tongues())
