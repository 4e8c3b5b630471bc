"""A day the text never says on a record whose title it quotes (issue 25, round 54 gap 4; rule
``ungrounded-call``, read by ``beyond.check`` for a changing call).

"I'll create the event "Lunch"." + ``date: 2026-12-24``, "Je vais créer l'événement
« Déjeuner »." , "「ランチ」という予定を作成します。": the text writes the record's title as the
call gives it, between quote marks of any script, so it copies the record's fields from the
request here; a day it then leaves out is nobody's word. A create step (kind ``create``) that
carries an ISO date under a key of time (``dated._carried``) is refused when its title is so
quoted and the text says no time and writes no figure at all. The boundary is the data's: every
control that quotes an event's title writes its day ("I'll create the event "Design review" on
March 12 at 3pm.", "2026-12-06 の 10:00〜11:00 に「週次定例」を…"), and those that leave the day
to the request do not quote the title ("I'll create an event for the standup.", "Let me add
the dentist appointment to your calendar.", "会議の招待を作成します。"), which stay grounded.
Bodies are not read here: a quoted title with an unsaid body is a control's shape ("Ich
erstelle ein Ticket „Export-Button defekt“ mit hoher Priorität.", ``docs/limits.md``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .dated import _carried
from .kinds import _keys, name_words
from .walk import _keyed_strings

__all__ = ["unsaid"]

_DIGITS = re.compile(r"\d")
_QUOTES = "\"'`“”„‟«»‹›‘’‚「」『』＂"
"""Quote marks of the scripts the lexicons read."""


def _quoted(value: str, text: str) -> bool:
    """The value is written in the text between quote marks (spaces inside: « Déjeuner »)."""
    v = value.strip()
    if not v:
        return False
    q = f"[{re.escape(_QUOTES)}]"
    return re.search(rf"{q}\s*{re.escape(v)}\s*{q}", text, re.IGNORECASE) is not None


def unsaid(name: str, args: Mapping[str, Any], kinds: frozenset[str], times: Sequence[str],
           text: str) -> str | None:
    """Why a create step whose title the text quotes carries a day the text never says, or
    None."""
    if "create" not in kinds or times or _DIGITS.search(text):
        return None
    if not any(isinstance(v, str) and set(name_words(k)) & _keys("heading") and _quoted(v, text)
               for k, v in _keyed_strings(args)):
        return None
    carried = sorted(_carried(args))
    if not carried:
        return None
    y, m, d = carried[0]
    return (f"{name!r} makes the record whose title the text quotes on {y:04d}-{m:02d}-{d:02d}, "
            "and the text says no day or date")
