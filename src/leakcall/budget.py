"""The complexity budget: limits past which a reply is refused as ``too_complex``.

With ``MAX_TEXT_CHARS`` they bound the work and memory ``recover`` spends on any reply: the number
of candidate envelopes to parse, the tokens all parses read, the calls decoded and validated, and
the size and nesting of each call's arguments. Each limit is far above what a model writes (the
corpus stays orders of magnitude below), and each refusal names its rule (``budget-*``).
"""

from __future__ import annotations

from typing import Any

from .reasons import Reason, Refusal

__all__ = ["MAX_CALLS", "MAX_DEPTH", "MAX_ENVELOPES", "MAX_KEYS", "MAX_TOKENS", "TokenBudget",
           "check_arguments", "check_calls", "check_envelopes"]

MAX_ENVELOPES = 1_000
"""Candidate envelopes (one per family and segment whose opener occurs) in one reply."""

MAX_TOKENS = 100_000
"""Grammar tokens read by all the parses of one reply together."""

MAX_CALLS = 10_000
"""Invocations in the chosen envelope."""

MAX_KEYS = 10_000
"""Keys in one object of a call's arguments (the argument object included)."""

MAX_DEPTH = 100
"""Nesting of objects and arrays in a call's arguments (the argument object is depth 1)."""


class TokenBudget:
    """The tokens the parses of one reply may still read; ``spend`` refuses past the limit."""

    __slots__ = ("left",)

    def __init__(self, tokens: int | None = None) -> None:
        self.left = MAX_TOKENS if tokens is None else tokens

    def spend(self, family: str, start: int) -> None:
        """Count one token of the parse of ``family``'s envelope at ``start``."""
        self.left -= 1
        if self.left < 0:
            raise Refusal(Reason.TOO_COMPLEX,
                          f"{family}: the envelopes at offset {start} and before hold more than "
                          f"{MAX_TOKENS} tokens", "budget-tokens")

    def spend_many(self, family: str, start: int, n: int) -> None:
        """``spend`` ``n`` times (for a parse whose tokens were counted, not spent one by one)."""
        if 0 <= n <= self.left:
            self.left -= n  # none of them can refuse
            return
        for _ in range(n):
            self.spend(family, start)


def check_envelopes(n: int) -> None:
    """Refuse a reply with more candidate envelopes than ``MAX_ENVELOPES``."""
    if n > MAX_ENVELOPES:
        raise Refusal(Reason.TOO_COMPLEX,
                      f"more than {MAX_ENVELOPES} candidate envelopes", "budget-envelopes")


def check_calls(n: int) -> None:
    """Refuse an envelope with more invocations than ``MAX_CALLS``."""
    if n > MAX_CALLS:
        raise Refusal(Reason.TOO_COMPLEX, f"{n} calls in the envelope (limit {MAX_CALLS})",
                      "budget-calls")


def check_arguments(name: str, offset: int, args: Any) -> None:
    """Refuse arguments nested deeper than ``MAX_DEPTH`` or with an object of more than
    ``MAX_KEYS`` keys. Iterative: the walk itself never recurses."""
    if (type(args) is dict and len(args) <= MAX_KEYS
            and not any(isinstance(v, (dict, list)) for v in args.values())):
        return  # the usual flat object: one level, within the keys, nothing below to walk
    stack: list[tuple[Any, int]] = [(args, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
            if len(value) > MAX_KEYS:
                raise Refusal(Reason.TOO_COMPLEX, f"{name} (offset {offset}): an object has "
                              f"{len(value)} keys (limit {MAX_KEYS})", "budget-keys")
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise Refusal(Reason.TOO_COMPLEX, f"{name} (offset {offset}): arguments nest deeper "
                          f"than {MAX_DEPTH}", "budget-depth")
        stack.extend((c, depth + 1) for c in children)
