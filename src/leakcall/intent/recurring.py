"""A step announced on a schedule in English: "I'll delete `prod.db` every day." (issue 25,
h39k).

Other languages list their habit and frequency words in [g-condition] (h38b), read in every
sentence; English lists none there, since an observation says "every month" of what a
scheduled payment carries or of a job that runs by itself ("The backup runs every day."). So
only the announcement reads it: a [g-universal] determiner ("every", "each") before a word of
[g-recurring-unit] ("day", "time"; the other periods, "week", "night", are named nouns a call
must carry already) closing the sentence says the step is taken on a schedule or on each
occasion, not now: it is read as a time the announcement names (``grounding``: a changing
call that does not carry it waits, rule ``conditional``). After a preposition ("create an
event for each day that has a lunch invite") or before more words it picks out items, no
time.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["recurring"]

_TAIL = frozenset({"COMMA", "DASH", "STOP", "PUNCT"})
"""Kinds of the tokens that may follow the phrase at the sentence's end."""


def recurring(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The phrase ("every day") when the announcement closes with one; else empty."""
    low = [x.text.casefold() for x in tokens]
    for k in range(len(tokens) - 1):
        if not (t.has(low[k], "g-universal") and t.marked(low[k + 1], "g-recurring-unit")):
            continue
        if k and (tokens[k - 1].kind == "PREP" or t.has(low[k - 1], "g-prep")):
            continue
        if all(x.kind in _TAIL or not any(c.isalnum() for c in x.text) for x in tokens[k + 2:]):
            return [f"{low[k]} {low[k + 1]}"]
    return []
