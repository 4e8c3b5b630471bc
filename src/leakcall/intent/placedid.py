"""A record a changing call picks by its identifier, where the text writes where the record is
but not which (issue 25, round 51 gap G3, h28x; rule ``ungrounded-call``, read by
``grounding`` beside ``binding.unwritten_id``).

"I'll merge the PR in acme/api." + ``merge_pr(repo="acme/api", number=666)``, "Je fusionne
la PR dans acme/api." + ``number: 13``, "I'll close the issue in acme/api." + ``number:
500``: the announcement writes the call's other argument as the call gives it, a name joined
by ``/`` (``acme/api``: the repository, the folder, the project the record is in), so the
call's target is the text's, not the context's; the record itself is one of many there, and
a number it never writes (nor an observation) is a guess. An identifier key is
``binding``'s (``number``, ``issue_id``, a one-word key the tool's name says), and its value
a number: a name under one (``from_ref: main`` beside the new branch ``fix/date-parsing``)
is a word the text may leave, read by the readers of names.

Kept, as ``binding.unwritten_id`` keeps them: a text that writes no place of the record ("I'll
merge it now as you asked." + ``pull_number: 482``, "Let me cancel the reservation for you
now." + ``reservation_id``): the step is the user's request, whose ids the reply does not
show; a place written as a word ("the api repo"), or with no joiner (``KC18K6`` is a record
itself); a call that runs a command (its line is read as a command).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .binding import _ID_WORDS
from .kinds import name_words
from .preamble import Announcement

__all__ = ["unsaid"]

_PLACE = re.compile(r"[^\W_][\w.-]*(?:/[\w.-]+)+")
"""A place written as a name joined by ``/`` (``acme/api``, ``src/app``)."""
_EDGE = "`'\"#()[].,;:!?「」『』“”‘’"


def _written(w: str) -> str:
    return w.strip(_EDGE).casefold()


def unsaid(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call gives a record's number the text does not write, where the text
    writes the place the record is in, or None (module docstring)."""
    said = {_written(w) for w in (*ann.objects, *ann.observed)}
    placed = [str(v) for k, v in args.items() if isinstance(v, str) and _PLACE.fullmatch(v.strip())
              and v.strip().casefold() in said]
    if not placed:
        return None
    text = ann.text.casefold()
    own = name_words(name)
    for key, leaf in args.items():
        if not isinstance(key, str) or isinstance(leaf, bool) \
                or not isinstance(leaf, (str, int)) or str(leaf).strip() in placed:
            continue
        words = name_words(key)
        if not set(words) & _ID_WORDS and (len(words) != 1 or words[0] not in own):
            continue
        value = str(leaf).strip().casefold()
        if not value.isdigit() or value in said or re.search(rf"(?<![\w.]){re.escape(value)}(?![\w])",
                                                    text):
            continue
        return (f"{name!r} acts on {key!r} {str(leaf).strip()!r} in {placed[0]!r}, which the "
                "announcement names while it writes no such identifier")
    return None
