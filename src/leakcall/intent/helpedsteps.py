"""A call that takes the step a helping frame governs (issue 25, h44a, read by
``grounding.joint``): "I'll help you delete `prod.db`." + ``delete_file`` is the user's step,
taken with the assistant's help (``helping``), so a call that cannot be taken back is not
grounded. A hand-off to a party its own name names, and nothing more (``transfer_to_human_agents``,
``handoff._hands_off``: no amount, no other step), is the assistant's own means of helping ("I
can help you with that; I'll transfer you to an advisor."), no step the user takes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .announcement import Announcement
from .handoff import _hands_off
from .kinds import call_kinds, name_words
from .observing import EVERY_NOUN_KINDS
from .tables import tongue


def _handoff(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
             description: str | None) -> bool:
    """The call only hands the conversation on: a hand-off to words of its own name
    (``handoff._hands_off``: a [handoff] word first, no amount), none of them a verb of a kind
    of step ("escalate_and_delete")."""
    en = tongue("en")
    words = tuple(name_words(name))
    return en is not None and all(en.kind_of(w) in (None, "generic") for w in words[1:]) \
        and _hands_off(name, args, words, description, schema)


def helped_step(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                schemas: Mapping[str, Mapping[str, Any]] | None = None,
                descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call takes a step that cannot be taken back after a helping frame that governs a
    verb of a known kind (``Announcement.helped``), or None."""
    if not ann.helped:
        return None
    for name, args in calls:
        schema, description = (schemas or {}).get(name), (descriptions or {}).get(name)
        if call_kinds(name, args, schema, description) & EVERY_NOUN_KINDS and not _handoff(
                name, args, schema, description):
            return (f"{ann.helped[0][0]!r} makes the step the user's too, and {name!r} takes a "
                    "step that cannot be taken back")
    return None
