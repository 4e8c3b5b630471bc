"""A span of time that ends now, in an observation (issue 25, rule ``conditional``).

"Since the reservation was not made within the last 24 hours, ...": a unit of time after a
number after a word of a span reaching up to now ([g-past-span]: "the last 24 hours", "the
past 3 days"), closing its phrase, says when what the observation reports happened, as a time
gone by does ([g-past], ``actors._settled``): no time a step waits for. A span ahead ("in
the next 24 hours", "within 24 hours") and a unit with no such word before its number stay
times to come; in an announcement the span is read as before (a time, so only observing
calls or calls that carry it are grounded).

"Since ... the cancellation is within 24 hours of booking, you are eligible ...": in an
observation (a reason clause is read as one, ``clauses._reasons_apart``), a unit of time after
a number after a preposition of nearness ([g-near-prep]: "within"), measured from a thing named
right after it ([g-near-from]: "of booking"), said of a subject by a present copula ([g-copula]:
"is"), says how near two things are now, no time to wait for. Without the copula or the thing
it is measured from ("the purge runs within 2 hours of the standup", "will be within 24 hours
of booking", "the order ships within 24 hours") it stays a time to come, and so does one
measured from an approval or a time ("within 24 hours of approval": that word still waits).

"Since the booking was made more than 24 hours ago, ...": in an observation, a unit of time
after a number, followed by a word that counts it back from now ([g-ago]: "ago"), says when
what the observation reports happened: no time a step waits for ("2 days ago or later" still
waits for its "later")."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["ago", "gone_by", "measured"]


def gone_by(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The time word at ``k`` is the unit of a span ending now ("the last 24 hours")."""
    return k >= 2 and tokens[k - 1].kind == "NUM" and t.marked(tokens[k - 2].text, "g-past-span")


def measured(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The time word at ``k`` is the unit of a nearness a present copula says holds now ("the
    cancellation is within 24 hours of booking")."""
    return (3 <= k < len(tokens) - 2 and tokens[k - 1].kind == "NUM"
            and t.marked(tokens[k - 2].text, "g-near-prep") and t.has(tokens[k - 3].text, "g-copula")
            and t.marked(tokens[k + 1].text, "g-near-from") and tokens[k + 2].kind in ("OPEN", "DET"))


def ago(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The time word at ``k`` is the unit of a span counted back from now ("24 hours ago")."""
    return (0 < k < len(tokens) - 1 and tokens[k - 1].kind == "NUM"
            and t.marked(tokens[k + 1].text, "g-ago"))
