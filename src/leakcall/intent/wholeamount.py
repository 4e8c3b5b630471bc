"""A word that says a payment is the whole amount (issue 25): "I'll process a full refund of
$59.99 for order 88213." The amount is written, and the call pays it: "full" says how much of
it the step pays, the amount the text states, and names no other thing the call must carry.

A word of [g-whole-amount] ("full", "entire", "complete", "whole"; "vollständig", "intégral")
the announcement names is aside in the check that every noun of a step that cannot be taken
back is carried (``carriednouns._unnamed_noun``) only when the announcement states an amount
beside a currency ("$59.99", "80 €") and a paying call carries that very amount
(``amounts.paid_numbers`` holds every number a payment carries to those the text states).
With no amount written ("a full refund for order 88213") the word stays a noun to carry, and
a payment of any amount stays refused by the amount check."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .amounts import _amount_numbers, _carried_numbers
from .preamble import Announcement
from .tables import tongues_of

__all__ = ["whole_words"]


def whole_words(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                kinds_of: Sequence[frozenset[str]]) -> set[str]:
    """The [g-whole-amount] words the announcement names, when a paying call carries the
    amount it states beside a currency; else none."""
    stated = _amount_numbers(ann.objects)
    if not stated or not any("pay" in kinds and stated & _carried_numbers(args)
                             for (_name, args), kinds in zip(calls, kinds_of, strict=True)):
        return set()
    ts = tongues_of(ann.tongues)
    return {w for w in ann.named if any(t.marked(w.casefold(), "g-whole-amount") for t in ts)}
