"""Sibling candidates: families that share an opener (``<tool_call>`` opens Hermes, GLM and Qwen3
Coder) each get a candidate at the same place, and on one family's envelope the others fail on
the first token after the opener. ``parse_all`` tells that failure from the grammar's own tables
(the LALR state the opener leads to and its lexer's patterns) and parses such a candidate only
when the choice of the envelope reads how it failed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from lark.parsers.lalr_analysis import Shift

from .budget import TokenBudget
from .families import Family
from .lalr import Faster, Tables, tables
from .locate import Candidate
from .parse import guardable, may_start, parse_candidate
from .parse_outcome import GUARD_TOKENS, Failure, Parsed, closer_due, structural_at

__all__ = ["failing_tokens", "parse_all"]

@dataclass(frozen=True)
class _Plan:
    """What ``failing_tokens`` reads of a family, once: its ``drive`` tables, its opener
    literals in ``opener_end``'s order, and per parser state the characters ``_may_start``
    has answered for."""

    fam: Family
    tables: Tables
    opens: tuple[str, ...]
    starts: dict[Any, dict[str, bool]]


@cache
def _plan(fam: Family) -> _Plan | None:
    """None unless ``drive`` runs the family's first tokens as ``failing_tokens`` reads them:
    it has tables and the first-token guard, and no state's patterns look behind (they are
    matched here in the whole reply, not in a copy of the region)."""
    t = tables(fam)
    if t is None or not guardable(fam) or any(
            "(?<" in m.pattern for _, mres, _, _ in t.lexers.values() for m in mres):
        return None
    return _Plan(fam, t, fam.opens + fam.anchored_opens, {s: {} for s in t.lexers})


_MEMO_CHARS = 512
"""Characters remembered per parser state by ``_may_start`` (replies hold few distinct ones
right after an opener; past it each is read again)."""


def _may_start(plan: _Plan, state: Any, ch: str) -> bool:
    """Could a token of the state's lexer start with ``ch``? False only when certain: no
    terminal's match can (``parse.may_start``)."""
    memo = plan.starts[state]
    hit = memo.get(ch)
    if hit is None:
        hit = any(may_start(plan.fam, name, ch)
                  for mre in plan.tables.lexers[state][1] for name in mre.groupindex)
        if len(memo) < _MEMO_CHARS:
            memo[ch] = hit
    return hit


def failing_tokens(text: str, cand: Candidate) -> int:
    """How many tokens ``parse_candidate(text, cand, budget)`` reads before it returns the
    first-token guard's mention failure, when that is certain: ``drive`` reads the opener (a
    literal) and only whitespace tokens after it, each shifted, and then no terminal of the
    state it is in can start with the next character. 0 whenever anything else could happen
    (a token other than whitespace is not read here: a Hermes body is one 2 KB token)."""
    end = cand.end
    plan = _plan(cand.family)
    if end is None or plan is None:
        return 0
    start = cand.start
    for lit in plan.opens:  # opener_end
        if text.startswith(lit, start):
            lit_end = start + len(lit)
            break
    else:
        return 0
    steps = plan.tables.steps
    pos, state, tokens = start, plan.tables.start, 0
    while tokens < GUARD_TOKENS:
        if pos >= end:
            return 0
        match, more, terms, literals = steps[state]
        if tokens and not _may_start(plan, state, text[pos]):
            break  # no token here: the failure
        if literals is not None:
            for value, size, term in literals:  # noqa: B007 - the one matched, after break
                if text.startswith(value, pos, end):
                    break
            else:
                break  # no literal here: the failure
        elif not tokens or not text[pos].isspace():
            return 0  # the opener read by a pattern, or a token of substance may start here
        else:
            if isinstance(match, Faster):
                match = match.resolve()  # as drive's first lexing in the state does
            m = match(text, pos, end)
            if m is None:
                for other in more:
                    if (m := other(text, pos, end)) is not None:
                        break
                else:
                    break  # no pattern matches here: the failure
            term, size = terms.get(m.lastgroup), m.end() - pos
        if term is None or term[1][0] is not Shift:
            return 0  # drive hands it to Lark, or reduces first: not followed here
        pos += size
        state = term[1][1]
        tokens += 1
        if pos < lit_end or (pos > lit_end and not text[lit_end:pos].isspace()):
            return 0  # the opener is not one token, or a token of substance was read
    else:
        return 0
    # (there drive leaves the wording to Lark: not a certain mention)
    if closer_due(plan.tables.lexers[state][0]) and structural_at(
            plan.fam, text[start:end], pos - start):
        return 0
    return tokens


def parse_all(text: str, cands: list[Candidate], budget: TokenBudget) -> list[Parsed | Failure]:
    """``[parse_candidate(text, c, budget) for c in cands]`` as far as the pipeline reads it: a
    sibling that fails (``failing_tokens``) is charged its one token in its turn and parsed only if the
    other results do not settle the choice without it (``pipeline._choose``: one visible
    envelope parsed, every other candidate a failure of another family inside it); then the
    list holds that envelope alone, which ``_choose`` and the stages after it read alike."""
    if len(cands) < 2:
        return [parse_candidate(text, c, budget) for c in cands]
    seen: set[int] = set()
    shared: set[int] = set()
    for c in cands:
        (shared if c.start in seen else seen).add(c.start)
    out: list[Parsed | Failure | Candidate] = []
    deferred: list[int] = []
    for c in cands:
        if c.start in shared and (n := failing_tokens(text, c)):
            budget.spend_many(c.family.name, c.start, n)  # what its parse spends, as it does
            deferred.append(len(out))
            out.append(c)
        else:
            out.append(parse_candidate(text, c, budget))
    if deferred:
        alone = _alone(out)
        if alone is not None:
            return [alone]
        for i in deferred:
            cand = out[i]
            assert isinstance(cand, Candidate)
            out[i] = parse_candidate(text, cand, TokenBudget())  # its tokens are spent already
    return out  # type: ignore[return-value]


def _alone(out: list[Parsed | Failure | Candidate]) -> Parsed | None:
    """The one visible envelope ``_choose`` keeps without reading any failure, or None."""
    parsed = [r for r in out if isinstance(r, Parsed)]
    if len(parsed) != 1 or (p := parsed[0]).candidate.segment.reasoning:
        return None
    fam = p.candidate.family
    for r in out:
        if r is p:
            continue
        c = r if isinstance(r, Candidate) else r.candidate
        if c.family is fam or not p.start <= c.start < p.end:
            return None
    return p
