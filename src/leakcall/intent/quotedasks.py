"""A quoted question is the text a call carries (issue 25, round 39; rule ungrounded-call).

A question inside a quotation after a word ('the text "¿Nos vemos el lunes?"') is no question
to the reader (``prose._asks`` reads none): it is the text of the step, so some call carries
it word for word, its question mark too. A hesitation written in quotes ('delete the repo
"old-site?"') is carried by no call and refuses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .announcement import Announcement
from .walk import _strings

__all__ = ["uncarried_question"]

_MARKS = ("?", "？")
_QUOTES = "\"“”«»„ "


def _plain(text: str) -> str:
    return " ".join(text.casefold().split())


def uncarried_question(said: Announcement,
                       calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a quoted question of the text is carried word for word by no call, or None."""
    values: list[str] | None = None  # (read once a quoted question is found)
    for word in (*said.objects, *said.observed):
        if word[:1] not in "\"“«„" or not any(m in word for m in _MARKS):
            continue
        if values is None:
            values = [_plain(v) for _n, args in calls
                      for v in _strings(args, keys=False, numbers=False)]
        inside = _plain(word.strip(_QUOTES))
        if not any(inside in v for v in values):
            return (f"the text quotes the question {word[:40]!r}, which no call carries "
                    "word for word")
    return None
