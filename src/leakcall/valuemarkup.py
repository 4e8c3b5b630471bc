"""Markup inside a call's values, read like markup in the reply (``markup_in_values``, read by
``pipeline._finish``): a complete envelope there may name only advertised tools, and markup whose
names cannot be read refuses the reply. A value written verbatim in the reply is found where it
sits (``_find``) so the locate scan can skip it when it holds no opener (``_opener_marks``);
``names_of`` reads the calls an envelope holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from lark.exceptions import LarkError

from .budget import TokenBudget, strings_hold
from .calls import RawCall, extract
from .families import Family, LastFamilies
from .locate import (
    Candidate,
    Scanned,
    Segment,
    candidates,
    has_opener,
    segments,
)
from .parse import Failure, Parsed, parse_candidate
from .reasons import Reason, Refusal
from .tools import Toolset


def names_of(p: Parsed, text: str) -> list[RawCall]:
    try:
        return extract(p.tree, text[p.start : p.end], p.start)
    except Refusal:
        return []


def _strings(value: object) -> Iterable[str]:
    """Every string inside a decoded argument value (keys too)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


# A value at least this long is first looked up in the reply (one ``find``) rather than scanned.
_LOOKUP_CHARS = 64


def _find(text: str, s: str, start: int, end: int) -> int:
    """``text.find(s, start, end)`` for a long ``s``: its first ``_LOOKUP_CHARS`` characters are
    looked for first (a long needle costs find a pass over it before it starts); every
    occurrence of ``s`` starts with one of them, so when the first does not start ``s``, ``s``
    starts after it."""
    at = text.find(s[:_LOOKUP_CHARS], start, end)
    if at == -1 or text.startswith(s, at, end):
        return at
    return text.find(s, at + 1, end)


@cache
def _opener_marks(fams: tuple[Family, ...]) -> frozenset[str] | None:
    """One character of every opener literal of these families, plain or anchored (its first
    that is neither a letter, a digit nor a space, else its first): a text holding none of them
    holds no opener literal, so ``has_opener`` is False on it (its anchored search needs an
    anchored literal too). None when a literal is empty (it occurs in every text)."""
    marks: set[str] = set()
    for f in fams:
        for lit in (*f.opens, *f.anchored_opens):
            if not lit:
                return None
            marks.add(next((ch for ch in lit if not (ch.isalnum() or ch.isspace())), lit[0]))
    return frozenset(marks)


_opener_marks_of = LastFamilies(_opener_marks)


def markup_in_values(name: str, offset: int, args: dict[str, object],
                      advertised: Toolset, fams: tuple[Family, ...],
                      where: tuple[str, Segment, Scanned] | None = None) -> None:
    """Markup inside an argument value is read like markup in the reply: a complete envelope
    there may name only advertised tools, and markup that is neither a mere mention of a
    sentinel nor a complete envelope (its names cannot be read) refuses the reply.

    ``where`` (the reply, the envelope's segment, the locate scan of the reply): a value written
    verbatim in a stretch of the segment where the scan matched no opener literal holds none
    either, so only anchored openers are looked for in it; and none after a reasoning closer
    when the reply holds no reasoning tag at all."""
    marks = _opener_marks_of(fams)
    if marks is not None and strings_hold(args, marks) is False:
        return  # (no string holds one: the loop below would skip each)
    for s in _strings(args):
        free = notag = False
        if marks is not None and (marks.isdisjoint(s) if len(s) < _LOOKUP_CHARS
                                  else not any(map(s.__contains__, marks))):  # memchr each
            continue  # holds no character of any opener: has_opener would say so
        if where is not None and len(s) >= _LOOKUP_CHARS:
            text, seg, scanned = where
            at = _find(text, s, seg.start, seg.end)
            free = at != -1 and scanned.free(at, at + len(s))
            notag = at != -1 and scanned.tagless
        if not has_opener(s, fams, no_literal=free, no_tag=notag):
            continue
        budget = TokenBudget()
        for c in candidates(s, fams, segments(s)):
            # One-character openers anchored at the reply's start ("{", "[") are ordinary text in
            # a value: a JSON document there is data, not a call.
            lits = [lit for lit in c.family.opens if len(lit) > 1 and s.startswith(lit, c.start)]
            if not lits:
                continue
            r = parse_candidate(s, c, budget)
            if isinstance(r, Failure):
                # markup that broke before any name token names no tool ("<tool_call> tags")
                if _reaches_name(s, c, budget):
                    raise Refusal(Reason.UNADVERTISED, f"{name} (offset {offset}): an argument value "
                                  f"holds {c.family.name} markup that does not parse ({r.detail}); "
                                  "its tool names cannot be checked", "markup-in-value")
                continue
            for rc in names_of(r, s):
                known = rc.name in advertised
                if not known:
                    raise Refusal(Reason.UNADVERTISED,
                                  f"tool {rc.name!r} named by {c.family.name} markup inside an "
                                  f"argument of {name} (offset {offset}) is not advertised",
                                  "unadvertised-name")


@cache
def _name_terminals(fam: Family) -> frozenset[str]:
    """The terminals a tool name is read from: those under the ``name``, ``call_json`` and
    ``call_list`` rules of the family's grammar (the rule-name contract, no per-family code)."""
    rules = fam.parser().rules
    todo, seen, out = ["name", "call_json", "call_list"], set(), set()
    while todo:
        origin = todo.pop()
        if origin in seen:
            continue
        seen.add(origin)
        for r in rules:
            if r.origin.name == origin:
                for sym in r.expansion:
                    if sym.is_term:
                        out.add(sym.name)
                    else:
                        todo.append(sym.name)
    return frozenset(out)


def _reaches_name(s: str, c: Candidate, budget: TokenBudget) -> bool:
    """Does the parse of the markup at ``c`` read a token a tool name comes from before it
    fails? (Then the markup names a tool that cannot be checked.)"""
    names = _name_terminals(c.family)
    ip = c.family.parser().parse_interactive(s[c.start : c.end or len(s)])
    try:
        for tok in ip.iter_parse():
            budget.spend(c.family.name, c.start)
            if tok.type in names:
                return True
    except LarkError:
        pass
    return False
