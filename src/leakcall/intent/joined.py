"""Tool names that join steps ("get_invoice_and_void", "fetch_then_rotate_key"): each step
the name joins is a step of the call, whatever its description says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

JOINERS = frozenset({"and", "then"})
"""Name words that join two steps ("get_and_delete_messages")."""

UNKNOWN = "unknown"


def steps(words: Sequence[str]) -> list[list[str]]:
    """The words of each step a tool's name says, split at its joiners."""
    out: list[list[str]] = [[]]
    for w in words:
        if w in JOINERS:
            out.append([])
        else:
            out[-1].append(w)
    return [part for part in out if part]


def unkinded_step(words: Sequence[str], table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """``{"unknown"}`` when a name joins steps and one of them has no word the kind ``table``
    knows ("void" in ``get_invoice_and_void``), else nothing. Such a step's kind is unknown
    even when the description's lead verb names the first step ("Gets an invoice and voids
    it."): the description is the tool author's prose, read for its known words only, and a
    verb it does not know is no observing step. Only an announced verb of each step, or the
    tool named, grounds the call (``grounding._names_tool``)."""
    parts = steps(words)
    if len(parts) < 2:
        return frozenset()
    return frozenset({UNKNOWN}) if any(not any(w in table for w in p) for p in parts) \
        else frozenset()
