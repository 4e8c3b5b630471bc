"""A repeat count the announcement states: how many times one step is taken (h19d, issue 25).

"I'll roll the dice 3 times." + one ``dice_roll()``: the 3 is no value of the step but the
number of times it is taken, and an agent taking one step a turn makes the first of them. A
number the announcement writes in digits right before a word of repeating
([g-repeat-count]: "times", "veces", "fois", "volte", "vezes", "keer", "раза", "razy") is
carried by the calls, as ``amounts._unsaid_numbers`` reads it, when

- the calls are that step repeated: one tool, each call with the same arguments;
- there are no more of them than the count says (and ``repeats.twice`` still takes the same
  call twice only when the text writes that count of steps);
- no changing call carries a number of its own (a count, an amount, an id in digits): such a
  number is held to the numbers the announcement states, as before ("ping it 3 times" +
  ``count: 30`` stays refused).

Every other rule still reads each call (a send or payment repeated with the same arguments is
never recovered, ``grounding``); a number before any other word ("delete the 3 files" + one
delete) still needs to be carried."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence, Set
from typing import Any

from .figures import figure
from .preamble import Announcement
from .tables import tongues_of

__all__ = ["counts", "repeated"]


def counts(ann: Announcement) -> set[float]:
    """The whole numbers the announcement writes in digits right before a word of repeating
    ([g-repeat-count] of one of its languages): "3 times", "5 veces"."""
    ts = tongues_of(ann.tongues)
    words = [w.casefold() for w in ann.objects]
    out: set[float] = set()
    for w, after in itertools.pairwise(words):
        n = figure(w) if w.isdigit() else None
        if n is not None and n >= 1 and any(t.marked(after, "g-repeat-count") for t in ts):
            out.add(n)
    return out


def repeated(n: float, ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             carried: Set[float]) -> bool:
    """``n`` is a repeat count the announcement states (``counts``) and the calls are that one
    step taken at most ``n`` times: one tool, the same arguments, and ``carried`` (the numbers
    the changing calls carry) empty."""
    if not calls or len(calls) > n or carried or n not in counts(ann):
        return False
    name, args = calls[0]
    return all(other == name and dict(a) == dict(args) for other, a in calls[1:])
