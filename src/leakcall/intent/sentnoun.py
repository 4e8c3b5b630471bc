"""An approval noun that is the thing a sending step sends (issue 25, rule ``conditional``).

"Ich schicke Herrn Weber die Bestätigung." sends a confirmation: the noun of approval
([g-deferral]: "Bestätigung", "confirmation") closes the sentence right after a determiner,
with no preposition before it, in the object of a verb of kind send. It is read as a word.
A condition keeps its preposition or its clause ("nach Ihrer Bestätigung", "the
confirmation after your approval", "once you confirm") and stays refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["sent_approval"]

_T = TypeVar("_T", bound=Token)

_OBJECT = ("OPEN", "CODE", "NAME")
"""Kinds of the words between the sending verb and the determiner (the recipient)."""


def sent_approval(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a closing noun of approval after a sending verb's determiner read as a
    word (see the module); else the tokens as they are."""
    out = list(tokens)
    k = len(out) - 1
    if k < 3 or out[k].kind != "!conditional" or not t.has(out[k].text, "g-deferral") \
            or out[k - 1].kind != "DET" or out[k - 2].kind not in _OBJECT:
        return out
    j = k - 2
    while j > 0 and out[j].kind in _OBJECT and t.kind_of(out[j].text) != "send":
        j -= 1
    if out[j].kind != "OPEN" or t.kind_of(out[j].text) != "send" or \
            out[j - 1].kind != "OPENER" or any(x.kind.startswith("!") for x in out[:k]):
        return out
    y: Any = out[k]
    out[k] = replace(y, kind="OPEN")
    return out
