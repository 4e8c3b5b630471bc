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
and no "and" (a next step)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .opened import _refused
from .words import Token, Tongue

__all__ = ["reported"]

_JOIN = frozenset({"TO", "AND"})
"""Tokens that join the clause of telling to the step before it."""


def _reader(x: Token, t: Tongue) -> bool:
    return x.kind == "YOU" or t.has(x.text, "g-user")


def reported(tokens: list[Token], bad: Token, t: Tongue,
             parse: Callable[[Sequence[Token], Tongue], Token | None],
             ) -> tuple[list[Token], list[str]] | None:
    """The sentence without its last clause telling the reader (``bad``: its verb), and the
    clause's words, when the rest parses; else None."""
    at = next((k for k, x in enumerate(tokens) if x is bad), None)
    if at is None or bad.kind != "!quoted-source" or not t.has(bad.text, "g-report"):
        return None
    if at + 1 >= len(tokens) or not _reader(tokens[at + 1], t):
        return None
    j = at - 1 if at >= 1 and tokens[at - 1].kind == "OPENER" else at
    if j < 2 or tokens[j - 1].kind not in _JOIN:
        return None
    start = j - 2 if tokens[j - 2].kind == "COMMA" else j - 1
    tail = tokens[at + 2 :]
    if any(x.kind in _JOIN for x in tail) or (tail and _refused(tail, t)):
        return None
    rest = tokens[:start]
    if not any(x.kind in ("OPENER", "ACTING", "HELP") for x in rest) or parse(rest, t) is not None:
        return None
    return rest, [x.text for x in tokens[start:]]
