"""A "would" of a party's preference (h98c, issue 25; rule ``reasoning-cue``). The example cue
"would" ([example]) reads a call described, not made ("the call would be ...", "I would call
..."). With a ``[g-they]`` subject right before and a ``[g-prefer]`` verb right after ("it's
reasonable to infer they would want the temperature in Fahrenheit"), it says what a party
prefers, when the rest of the sentence only names what (prepositions, nouns, values: no
party, purpose, condition or second verb, ``shapedcall.qualifies``). "They would want me to
wait", "they would run it", "the call would be" and "would look like" stay cues."""

from __future__ import annotations

import re

from .detect import detect
from .shapedcall import qualifies

__all__ = ["judged"]

_SUBJECT = re.compile(r"(\w+)\s+$")
_VERB = re.compile(r"\s+(\w+)\b")


def judged(view: str, lo: int, hi: int) -> bool:
    """The cue at ``view[lo:hi]`` is "would" saying a party's preference."""
    if view[lo:hi] != "would":
        return False
    t = detect(view)
    subject = _SUBJECT.search(view[max(0, lo - 20) : lo])
    verb = _VERB.match(view, hi)
    return (t is not None and subject is not None and verb is not None
            and t.marked(subject.group(1), "g-they") and t.marked(verb.group(1), "g-prefer")
            and qualifies(view, lo, verb.end(), t))
