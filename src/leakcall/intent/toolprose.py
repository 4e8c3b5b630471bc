"""A look whose object the tool's description names (h74a, issue 25).

"Let me check your calendar for next week." + ``list_events`` ("List calendar events in a date
range."): "check" names no kind of step, and "calendar" is no word of the tool's name, but the
first sentence of the tool's description says it. A call that only looks (read, list, search,
compute; never a fetch, which reaches the network) is grounded when the announcement takes an
observing or finding-out step (``looks``) and a noun of its own (``Announcement.named``: no
verb, no common word) is a whole word of that sentence. A look changes nothing, so naming its
object in the tool's own words is enough, as for a name; every check of sensitive places,
hosts and secrets still reads the call. A step that changes something is never grounded so."""

from __future__ import annotations

import re

from .observing import OBSERVING
from .preamble import Announcement
from .references import _referenced

__all__ = ["grounds"]

_LOOKS = OBSERVING - {"fetch"}
"""Kinds of a call that only looks at what the workspace or an account holds."""

_FIRST = re.compile(r"[^.!?\n]*")
_WORD = re.compile(r"[a-z][a-z0-9]+")


def grounds(ann: Announcement, kinds: frozenset[str], looks: bool,
            description: str | None) -> bool:
    """The call's first description sentence names a noun of the announcement's own."""
    if not (looks and kinds and kinds <= _LOOKS and description):
        return False
    m = _FIRST.match(description.strip())
    first = (m.group(0) if m else "").casefold()
    words = frozenset(_WORD.findall(first))
    said = [w for w in ann.named if len(w) >= 3 and w.isalpha()]
    return bool(said) and _referenced(said, " ".join(sorted(words)), words, ann.tongues) is not None
