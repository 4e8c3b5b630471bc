"""A part of a sentence that its own language reads as well as another (h99f): "alle 09:00"
in an Italian sentence is Italian ("alle", at the), though German writes "alle" too. A part is
read in another language only when that language gives it more evidence than the sentence's
own (``detect._weights``); on a tie the sentence's own grammar reads it, as it reads the rest."""

from __future__ import annotations

from .detect import _weights
from .pieces import _pieces
from .words import Tongue


def own_part(part: str, t: Tongue, other: Tongue) -> bool:
    """The sentence's own language ``t`` reads ``part`` with at least the evidence ``other``
    (the language detected for it) does, and with some."""
    words = [x[1] for x in _pieces(part) if x[0] == "W" and not x[1].startswith("!non")]
    if not words:
        return False
    mine = sum(_weights(t, words)[0])
    return mine > 0 and mine >= sum(_weights(other, words)[0])
