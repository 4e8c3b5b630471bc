"""A last clause that tells the reader what the step finds (h73g, issue 25).

"I'll fetch the Wikipedia page to tell you what it's about.", "I'll call the array tool with
the tags and then tell you the combined tags.": after a step of its own, the assistant says it
will report to the reader. The verb is one of directing ([g-report]: "tell"), which elsewhere
relays another party's order; here its object is the reader ([g-user]: "you", "the user") and
its subject the assistant announcing the step, so it directs nobody: it is the answer that
follows the call, no tool step. The clause is read as a slot, not parsed, and grounds nothing:
the sentence is parsed without it.

It opens only where the sentence fails to parse at that verb, after a purpose "to" or after
"and" (an opener of the assistant's may follow: "and then I will tell the user"), and only
when the rest of the sentence parses as an announcement. It runs to the sentence's end; what
follows the reader must hold no step of its own and nothing that refuses in a clause read
as a slot (``opened._refused``: a negation, a condition, another actor, a changing verb, a
display or relaying word ...), no "to" ("tell you to run it": an instruction to the reader)
and no "and" (a next step). A "to" right after an inquiry word ("tell you what to pack", "how
to set it up") opens an embedded question, what the answer says, and joins no step (h27a)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .opened import _refused
from .words import Token, Tongue

__all__ = ["reported", "untold"]

_JOIN = frozenset({"TO", "AND"})
"""Tokens that join the clause of telling to the step before it."""


def _reader(x: Token, t: Tongue) -> bool:
    return x.kind == "YOU" or t.has(x.text, "g-user")


def _asked(tail: Sequence[Token], k: int) -> bool:
    """The "to" at ``k`` follows an inquiry word: an embedded question ("what to pack")."""
    return tail[k].kind == "TO" and k > 0 and tail[k - 1].kind == "INQUIRY"


def _cut(tokens: list[Token], at: int, t: Tongue) -> tuple[list[Token], list[str]] | None:
    """The sentence without the clause telling the reader whose verb is at ``at``, and the
    clause's words, when the clause has the form of the module; else None."""
    if at + 1 >= len(tokens) or not _reader(tokens[at + 1], t):
        return None
    j = at - 1 if at >= 1 and tokens[at - 1].kind == "OPENER" else at
    if j < 2 or tokens[j - 1].kind not in _JOIN:
        return None
    start = j - 2 if tokens[j - 2].kind == "COMMA" else j - 1
    tail = tokens[at + 2 :]
    if any(x.kind in _JOIN and not _asked(tail, k) for k, x in enumerate(tail)) or (
            tail and _refused(tail, t)):
        return None
    rest = tokens[:start]
    if not any(x.kind in ("OPENER", "ACTING", "HELP") for x in rest):
        return None
    return rest, [x.text for x in tokens[start:]]


def _telling(x: Token, t: Tongue) -> bool:
    return x.kind == "!quoted-source" and t.has(x.text, "g-report")


def reported(tokens: list[Token], bad: Token, t: Tongue,
             parse: Callable[[Sequence[Token], Tongue], Token | None],
             ) -> tuple[list[Token], list[str]] | None:
    """The sentence without its last clause telling the reader (``bad``: its verb), and the
    clause's words, when the rest parses; else None."""
    at = next((k for k, x in enumerate(tokens) if x is bad), None)
    if at is None or not _telling(bad, t):
        return None
    cut = _cut(tokens, at, t)
    return None if cut is None or parse(cut[0], t) is not None else cut


def untold(tokens: list[Token], t: Tongue) -> list[Token]:
    """The sentence without its last clause telling the reader, read before its times are
    ("check the forecast for New York this weekend and then tell you what to pack": the times
    are read as words in what remains, which must still parse); else the tokens as they are."""
    at = next((k for k, x in enumerate(tokens) if _telling(x, t)), None)
    cut = None if at is None else _cut(tokens, at, t)
    return tokens if cut is None else cut[0]
