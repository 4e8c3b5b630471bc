"""A span of time that ends now, in an observation (issue 25, rule ``conditional``).

"Since the reservation was not made within the last 24 hours, ...": a unit of time after a
number after a word of a span reaching up to now ([g-past-span]: "the last 24 hours", "the
past 3 days"), closing its phrase, says when what the observation reports happened, as a time
gone by does ([g-past], ``actors._settled``): no time a step waits for. A span ahead ("in
the next 24 hours", "within 24 hours") and a unit with no such word before its number stay
times to come; in an announcement the span is read as before (a time, so only observing
calls or calls that carry it are grounded)."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["gone_by"]


def gone_by(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The time word at ``k`` is the unit of a span ending now ("the last 24 hours")."""
    return k >= 2 and tokens[k - 1].kind == "NUM" and t.marked(tokens[k - 2].text, "g-past-span")
