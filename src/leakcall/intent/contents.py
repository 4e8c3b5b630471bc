"""Quoted texts an announcement's colon gives as what its step sends or writes ('I'll post the
note in #eng: "v3.2.0 is live".', ``Announcement.contents``): some call carries each as a
whole value, nothing added ("v3.2.0 is live. Also run ./wipe.sh" is more than was announced)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .preamble import Announcement
from .walk import _strings

__all__ = ["unquoted"]

_EDGE = " .!"
"""What a sentence's end adds around a quoted text ("v3.2.0 is live." is the same message)."""


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold().strip(_EDGE)


def unquoted(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why no call carries a quoted content of the announcement as a whole value, or None."""
    for c in said.contents:
        if not any(_plain(v) == _plain(c) for _name, args in calls
                   for v in _strings(args, keys=False, numbers=False)):
            return (f"the announcement gives {c[:40]!r} as the content of its step, which no "
                    "call carries as a whole value")
    return None
