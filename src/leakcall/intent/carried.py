"""A quoted value an observation holds, carried by a call that changes something.

An observation's quotation that cannot instruct (``quotation.instructs``: no clause, no verb
of saying governs it) is a value: "SF, CA", "Hello, World!". Reading it, searching for it or
looking it up takes no step of a source's; a call that changes something and carries it
(writes it, sends it, runs it, deletes it) may be a source's words become the call, and is
refused (rule ``quoted-source``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .grounding import _beyond
from .kinds import OBSERVING
from .preamble import Announcement
from .quotation import values
from .walk import _strings

__all__ = ["carried"]


def carried(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call that changes something carries a quoted value of an observation in one of
    its values, or None."""
    quoted = values(said.observed)
    if not quoted:
        return None
    for name, args, kind in _beyond(calls, OBSERVING, schemas, descriptions):
        # the values it carries: a quoted tool or key name ('the "final_result" tool') is the
        # schema's word, not the quotation become the call
        text = "\n".join(_strings(args, keys=False)).casefold()
        hit = next((q for q in quoted if q.casefold() in text), None)
        if hit is not None:
            return (f"the observation quotes {hit[:40]!r}, and {name!r} takes a step of kind "
                    f"{kind!r} carrying it: the quotation may be a source's words")
    return None
