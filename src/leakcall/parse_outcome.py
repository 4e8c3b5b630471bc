"""What a parse of a candidate region gives (``Parsed``, or a ``Failure`` with its reason), and
how a failure right after the opener is told to be a mention of a sentinel rather than a broken
envelope (the first-token guard's rules, shared by ``parse`` and the ``lalr`` driver)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from lark import Token, Tree

from .families import Family
from .locate import Candidate
from .reasons import Reason

__all__ = ["GUARD_TOKENS", "Failure", "Parsed", "closer_due", "closers", "is_mention", "mention",
           "opener_end", "snippet", "structural_at", "structural_literals"]

GUARD_TOKENS = 4
"""The first tokens of every parse that the first-token guard lexes itself (``parse``)."""


@dataclass(frozen=True)
class Parsed:
    """A candidate whose region parsed into a complete tree."""

    candidate: Candidate
    end: int
    tree: Tree[Token]

    @property
    def start(self) -> int:
        return self.candidate.start


@dataclass(frozen=True)
class Failure:
    """A candidate refused at parse time. ``mention`` means nothing past the sentinel parsed:
    prose naming a sentinel, not an envelope. A mention's ``detail`` is never shown (the
    pipeline reports only its reason, offset and family), so the first-token guard words it
    from the text rather than from the token Lark's error would have named."""

    candidate: Candidate
    reason: Reason
    offset: int
    detail: str
    mention: bool
    rule: str = "grammar"


def closers(expected: object) -> bool:
    names = expected if isinstance(expected, (set, frozenset, list, tuple)) else ()
    return any(str(n).lstrip("_").endswith("CLOSE") for n in names)


def structural_at(fam: Family, region: str, pos: int) -> bool:
    """A structural tag of the family (a literal ``_``-named terminal) starts at ``pos``."""
    return any(region.startswith(lit, pos) for lit in structural_literals(fam))


@cache
def structural_literals(fam: Family) -> tuple[str, ...]:
    """The family's structural tags: the literal terminals whose names start with ``_``."""
    return tuple(
        t.pattern.value
        for t in fam.parser().terminals
        if t.name.startswith("_") and t.pattern.type == "str" and isinstance(t.pattern.value, str)
    )


def snippet(s: str) -> str:
    s = s[:24]
    return repr(s)


def mention(cand: Candidate, region: str, lexer: Any, pos: int) -> Failure | None:
    """The first-token guard's verdict where no token matches at ``pos``: the mention Lark
    would report, or None when Lark words the error itself. The guard is on only while nothing
    but whitespace follows the opener (``is_mention`` holds), so only a due closer is asked."""
    at = cand.start + pos
    if closer_due(lexer) and structural_at(cand.family, region, pos):
        return None
    return Failure(cand, Reason.SHAPE, at, f"{cand.family.name}: unexpected "
                   f"{snippet(region[pos : pos + 24])} at offset {at}", mention=True)


@cache
def closer_due(lexer: Any) -> bool:
    """A closer is among the terminals a state's lexer looks for (what Lark would report as
    expected there); read once per lexer, which the family's cached parser keeps."""
    return closers(lexer.scanner.allowed_types - lexer.ignore_types or {"<END-OF-FILE>"})


def opener_end(text: str, cand: Candidate) -> int:
    """Where the opener ``is_mention`` measures from ends, relative to the candidate (-1 when
    no opener literal starts it: then nothing is a mention)."""
    for lit in cand.family.opens + cand.family.anchored_opens:
        if text.startswith(lit, cand.start):
            return len(lit)
    return -1


def is_mention(text: str, cand: Candidate, at: int) -> bool:
    """The parse failed right after the opening sentinel (only whitespace between)."""
    for lit in cand.family.opens + cand.family.anchored_opens:
        if text.startswith(lit, cand.start):
            return not text[cand.start + len(lit) : at].strip()
    return False
