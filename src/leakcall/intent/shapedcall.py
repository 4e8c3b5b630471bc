"""Shaping the call's own markup (h98c, issue 25; rule ``reasoning-cue``): "I'll format the tool
call with the given coordinates", "make sure to format the JSON correctly". A display cue
([display]: "format") says the text is laid out to be shown. With a ``[g-shape-verb]`` verb
whose object is the call's own markup (a definite noun phrase of at most two words ending in a
``[g-call-markup]`` noun, after a ``[g-tool-doc]`` one at most: "the tool call", "the JSON",
"the arguments"), and a rest of the sentence that only qualifies the writing (a preposition, a
noun, a value, "using": "with the given coordinates", "correctly, using the parameters as
strings"), it says how the call is written, which is making it. "I'll format the tool call for
the user to copy", "... so Alice can review it", "... and show them", "format the command",
"format it", "format a tool call" and any other display verb ("show the tool call") stay cues."""

from __future__ import annotations

import re

from .detect import detect
from .words import Tongue, tokenize

__all__ = ["qualifies", "shaped"]

_OBJECT = re.compile(r"\s+the\s+(\w+)\b(?:\s+(\w+)\b)?")
_REST = re.compile(r"[^.!?\n]*")
_QUALIFYING = frozenset({"PREP", "DET", "OPEN", "COMMA", "CODE", "ACTING", "!non-prose"})
"""Token kinds the rest of the sentence may hold: how the call is written, no party, no purpose
("to", "so"), no second verb ("and show them"), no pronoun."""


def qualifies(view: str, lo: int, after: int, t: Tongue) -> bool:
    """The rest of the sentence after the object (from ``after``) only qualifies the writing:
    tokens of the qualifying kinds, no word of a step's kind ("copy", "run") and none for the
    user. The sentence is read whole, as the screens read it."""
    start = max(view.rfind(ch, 0, lo) for ch in ".!?\n") + 1
    end = start + len(_REST.match(view, start).group(0))  # type: ignore[union-attr]
    return all(x.kind in _QUALIFYING and (x.kind != "OPEN" or (
        t.kind_of(str(x.text)) is None and not t.has(str(x.text), "g-user")))
               for x in tokenize(view[start:end], t) if x.start >= after - start)


def shaped(view: str, lo: int, hi: int) -> bool:
    """The display cue at ``view[lo:hi]`` is a verb shaping the call's own markup."""
    t = detect(view)
    obj = _OBJECT.match(view, hi)
    if t is None or obj is None or not t.marked(view[lo:hi], "g-shape-verb"):
        return False
    first, second = obj.group(1), obj.group(2)
    # "the tool call", "the function call": the tool's own word may name the call's markup
    if second is not None and t.marked(second, "g-call-markup") and (
            t.marked(first, "g-call-markup") or t.marked(first, "g-tool-doc")):
        return qualifies(view, lo, obj.end(), t)
    return t.marked(first, "g-call-markup") and qualifies(view, lo, obj.end(1), t)
