"""Both sides of an event, named by a pair of opposite prefixes (issue 25, rule
``conditional``).

"Let me modify the fix to handle both pre-fit and post-fit scenarios:": a compound whose
prefix is a deferral ("post-fit", [g-deferral] "post-*") joined by "and" ([g-and]) to the
compound of the opposite prefix on the same base ([g-prefix-pair]: "pre post"), before the
noun both modify, names every case around the event, before and after, not a time the step
waits for: it is read as a word (``rereading``). A deferral compound alone ("the post-merge
cleanup", "deploy post-review"), a pair on two bases ("pre-fit and post-merge") and a pair
modifying no noun after it ("deploy pre-merge and post-merge") keep their refusal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["both_sides"]

_T = TypeVar("_T", bound=Token)


def _split(x: Token) -> tuple[str, str] | None:
    """A hyphenated compound's prefix and base ("post-fit": "post", "fit")."""
    head, dash, base = x.text.partition("-")
    return (head, base) if dash and head and base and "-" not in base else None


def _opposite(a: Token, b: Token, t: Tongue) -> bool:
    """Two compounds of one base whose prefixes are a pair of opposites."""
    x, y = _split(a), _split(b)
    return x is not None and y is not None and x[1] == y[1] and (
        t.marked(f"{x[0]} {y[0]}", "g-prefix-pair") or t.marked(f"{y[0]} {x[0]}", "g-prefix-pair"))


def both_sides(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a deferral compound paired with its opposite before a noun read as a
    word; else the tokens as they are."""
    out = list(tokens)
    for k in range(len(out) - 3):
        a, joint, b, noun = out[k : k + 4]
        if joint.kind != "AND" or noun.kind != "OPEN" or not _opposite(a, b, t):
            continue
        for j, x in ((k, a), (k + 2, b)):
            if x.kind == "!conditional":
                y: Any = x
                out[j] = replace(y, kind="OPEN")
    return out
