"""Reasoning about a publication (issue 25): when screened reasoning is about a document (a
cheat sheet, a slide, a postmortem), only writing it or reading for it is grounded."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import OBSERVING, call_kinds
from .tables import lexicon
from .walk import _leaves

__all__ = ["documented"]


_REMOTE = re.compile(r"(?:https?|ftp|wss?)://", re.IGNORECASE)
_AUTHORING = frozenset({"write", "create"})
"""Kinds of step that may make the document reasoning is about (writing the cheat sheet)."""


def documented(reasoning: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None = None,
               descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call is no step of reasoning that is about a publication ([publication]: a cheat
    sheet, a slide, a postmortem, an article), or None: the task is the document, so only writing it
    (or reading for it) is grounded; a call that runs, deletes, sends or pays is its content."""
    if not reasoning:
        return None
    m = lexicon().clause_cues["publication"].search(reasoning)
    if m is None:
        return None
    for name, args in calls:
        # writing to an address on the network sends it away: no document is written there
        authoring = frozenset() if any(
            isinstance(v, str) and _REMOTE.match(v.strip()) for _k, v in _leaves(args)) \
            else _AUTHORING
        other = call_kinds(name, args, (schemas or {}).get(name),
                           (descriptions or {}).get(name)) - OBSERVING - authoring
        if other:
            return (f"the reasoning is about a document ({m.group(0).strip()!r}) and "
                    f"{name!r} takes a step of kind {sorted(other)[0]!r}, which does not write it")
    return None
