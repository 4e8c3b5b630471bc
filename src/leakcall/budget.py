"""The complexity budget: limits past which a reply is refused as ``too_complex``.

With ``MAX_TEXT_CHARS`` they bound the work and memory ``recover`` spends on any reply: the number
of candidate envelopes to parse, the tokens all parses read, the calls decoded and validated, and
the size and nesting of each call's arguments. Each limit is far above what a model writes (the
corpus stays orders of magnitude below), and each refusal names its rule (``budget-*``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .reasons import Reason, Refusal

__all__ = ["MAX_CALLS", "MAX_DEPTH", "MAX_ENVELOPES", "MAX_INTENT_CHARS", "MAX_INTENT_RUN",
           "MAX_KEYS", "MAX_TOKENS", "TokenBudget", "check_arguments", "check_calls",
           "check_envelopes", "check_intent"]

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

MAX_INTENT_RUN = 64
"""Longest run of one repeated character in the calls' argument text that the intent stage
reads (replies with a preamble or reasoning only). Measured: 1,000 newlines in a row cost the
readers ~2 s of CPU; 31,900 characters of 64-newline runs ~0.8 s, of 64-";" runs ~1.5 s. The
sets' and corpus's longest run of one character is 17, their longest reply 750 characters."""

MAX_INTENT_CHARS = 32_000
"""Characters of argument text (string values and keys of all calls) the intent stage reads;
a 30,000-character file write after a preamble still recovers."""

_RUN = re.compile(rf"(.)\1{{{MAX_INTENT_RUN}}}", re.S)
_STRIDE = 16
_SAMPLED_RUN = re.compile(rf"(.)\1{{{(MAX_INTENT_RUN + 1) // _STRIDE - 1}}}", re.S)
"""``_RUN``'s exact precheck on every ``_STRIDE``-th character (``s[::_STRIDE]``): a run of
``MAX_INTENT_RUN + 1`` characters holds at least ``(MAX_INTENT_RUN + 1) // _STRIDE``
consecutive multiples of ``_STRIDE``, so text whose sample has no run that long has no run
``_RUN`` finds (one search of a sixteenth of the text instead of a try at every character)."""


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
    if _within(args, 1):
        return  # (the walk below would find nothing to refuse; it words what it finds)
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


_JSON_SCALARS = frozenset({str, int, float, bool, type(None)})


def _within(value: Any, depth: int) -> bool:
    """``value`` (at ``depth``) is made of JSON's own types and holds no object of more than
    ``MAX_KEYS`` keys and no container deeper than ``MAX_DEPTH``: ``check_arguments``' walk
    would refuse nothing. False also on any other type (the walk then reads it). A recursion
    over the containers, without a pair per value; it stops past ``MAX_DEPTH``."""
    t = type(value)
    if t is not dict and t is not list:
        return t in _JSON_SCALARS
    if depth > MAX_DEPTH or (t is dict and len(value) > MAX_KEYS):
        return False
    for c in value.values() if t is dict else value:
        tc = type(c)
        if tc is dict or tc is list:
            if not _within(c, depth + 1):
                return False
        elif tc not in _JSON_SCALARS:
            return False
    return True


def _gather(value: Any, out: list[str], depth: int) -> bool:
    """Append the keys and string values of ``value`` to ``out`` (any order); False on a type
    JSON does not decode to, or past ``MAX_DEPTH``."""
    t = type(value)
    if t is str:
        out.append(value)
        return True
    if t is not dict and t is not list:
        return t in _JSON_SCALARS
    if depth > MAX_DEPTH:  # (past it: check_arguments refuses; nothing is told here)
        return False
    if t is dict:
        for k in value:
            if type(k) is str:
                out.append(k)
            elif not isinstance(k, (int, float, bool)) and k is not None:
                return False
    for x in value.values() if t is dict else value:
        tx = type(x)
        if tx is str:
            out.append(x)
        elif tx is dict or tx is list:
            if not _gather(x, out, depth + 1):
                return False
        elif tx not in _JSON_SCALARS:
            return False
    return True


_FEW = 32
"""An object of at most this many scalar members is read string by string (``strings_hold``)."""


def strings_hold(args: Any, chars: frozenset[str]) -> bool | None:
    """Does a key or a string value of ``args``, at any depth, hold one of ``chars``? The
    strings joined once and one memchr a character, rather than a test a string; True when
    that cannot be told so (a type JSON does not decode to, nesting past ``MAX_DEPTH``); None
    for an object of at most ``_FEW`` scalar members (a test a string costs less there)."""
    if type(args) is dict and len(args) <= _FEW and not any(
            type(x) is dict or type(x) is list for x in args.values()):
        return None
    out: list[str] = []
    if not _gather(args, out, 1):
        return True
    joined = "\n".join(out)
    return any(map(joined.__contains__, chars))


def _strings(args: Any) -> Iterable[str]:
    """The keys and string values of ``args`` (nesting is bounded by ``check_arguments``)."""
    stack = [args]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            yield from (k for k in value if isinstance(k, str))
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def check_intent(arguments: Iterable[Any]) -> None:
    """Refuse, before the intent readers run, calls whose argument text holds a run of one
    character longer than ``MAX_INTENT_RUN`` (``budget-intent-run``) or more than
    ``MAX_INTENT_CHARS`` characters in all (``budget-intent-chars``): some readers are
    super-linear on such text. Bare markup does not run the readers and is not checked."""
    total = 0
    for args in arguments:
        for s in _strings(args):
            total += len(s)
            if total > MAX_INTENT_CHARS:
                raise Refusal(Reason.TOO_COMPLEX, f"the calls' argument text passes "
                              f"{MAX_INTENT_CHARS} characters, more than the intent stage reads",
                              "budget-intent-chars")
            if _SAMPLED_RUN.search(s[::_STRIDE]) is None:
                continue  # (no run the full search finds: ``_SAMPLED_RUN``)
            if (m := _RUN.search(s)) is not None:
                raise Refusal(Reason.TOO_COMPLEX, f"the calls' argument text repeats "
                              f"{m.group(1)!r} more than {MAX_INTENT_RUN} times in a row",
                              "budget-intent-run")
