"""The article before a weekday that says on which day (round 46, rule ``conditional``).

Spanish writes the day of a step with an article where English writes "on": "voy a crear el
evento «Reunión» el jueves a las 10:00" (Portuguese "o", French "le", Italian "il" read so
too). After the event's noun phrase a second determined phrase has no place in the grammar,
so the sentence was refused at the weekday. An article ([g-det]) right before a weekday
([g-weekday]) of the sentence's language is read as the preposition it stands for: the
weekday stays a time to come (it refuses unless the preamble is read with its times as words,
``preamble._read``), and grounding still lets a call through only when it carries that time
as its value (``grounding.timed``: the event's day), never a deferral of the step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["day_article"]

_T = TypeVar("_T", bound=Token)


def day_article(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each article right before a weekday that refuses as a time read as a
    preposition (see the module); else the tokens as they are."""
    out = list(tokens)
    days = {f for forms in t.weekdays for f in forms}
    for k in range(1, len(out)):
        x, y = out[k - 1], out[k]
        if x.kind == "DET" and y.kind == "!conditional" and y.text in days:
            z: Any = x
            out[k - 1] = replace(z, kind="PREP")
    return out
