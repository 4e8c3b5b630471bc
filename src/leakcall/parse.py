"""Stage 2, parse: run the family's LALR grammar over a candidate region; classify failures.

The parse itself is driven over Lark's tables by ``lalr.drive`` (Lark's interactive parser is
the fallback and the reference); ``parse_outcome`` holds what a parse gives and the mention
rules; ``could_open`` (here) asks the grammar whether a text can still become an envelope."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedToken
from lark.lexer import ContextualLexer
from lark.parsers.lalr_analysis import Shift

from ._partial import Partial, Unsupported
from .budget import TokenBudget
from .families import Family
from .lalr import Faster, drive, tables
from .locate import Candidate, trim_end
from .parse_outcome import (
    GUARD_TOKENS,
    Failure,
    Parsed,
    closers,
    is_mention,
    opener_end,
    snippet,
    structural_at,
    structural_literals,
)
from .reasons import Reason

__all__ = ["Failure", "Parsed", "could_open", "guardable", "may_start", "parse_candidate",
           "structural_literals", "warm"]


def parse_candidate(text: str, cand: Candidate, budget: TokenBudget | None = None
                    ) -> Parsed | Failure:
    """Parse ``text[cand.start:cand.end]``; the whole region must be one closed envelope.

    Every token read is spent from ``budget`` (a fresh one when None): past it, raises the
    ``too_complex`` Refusal (internal; ``recover`` returns it)."""
    if budget is None:
        budget = TokenBudget()
    fam = cand.family
    if cand.end is None:
        # No closer: still parse to the segment's end, so that prose merely naming a sentinel
        # reads as a mention rather than a truncated envelope.
        end = trim_end(text, cand.start, cand.segment.end)
        probe = _parse(text, cand, end, budget)
        if isinstance(probe, Failure) and probe.mention:
            return probe
        # How far the probe got tells families that share an opener apart.
        reached = probe.offset if isinstance(probe, Failure) else end
        return Failure(
            cand,
            Reason.TRUNCATED,
            reached,
            f"{fam.name}: envelope opened at offset {cand.start} is never closed",
            mention=False,
            rule="unclosed",
        )
    return _parse(text, cand, cand.end, budget)


# -- the first-token guard ------------------------------------------------------------------
# Three grammars share ``<tool_call>``: on a Hermes body the other two fail right after the
# opener, and Lark builds that error by re-lexing the rest of the region with its root lexer,
# which costs as much as the parse that succeeds. So the first few tokens of every parse are
# lexed here, with Lark's own objects exactly as its contextual lexer would (the state's lexer,
# its line counter, the parser state they are fed to); the parse then goes on in Lark from
# there. When a state's lexer matches nothing at a point where only whitespace follows the
# opener, Lark's outcome is already certain (a mention, ``shape``) and is returned without the
# re-lex. Anything else (a match that is no plain token, a failure that may not be a mention)
# is left to Lark at that same point.


@cache
def guardable(fam: Family) -> bool:
    """The family's parser is the kind the guard replays: contextual lexer, nothing ignored,
    no lexer callbacks, no post-lexer."""
    lark = fam.parser()
    front: Any = lark.parser
    return (isinstance(getattr(front, "lexer", None), ContextualLexer)
            and lark.options.postlex is None and not lark.options.lexer_callbacks
            and not getattr(front.lexer_conf, "ignore", ()))


def _run(text: str, cand: Candidate, region: str, budget: TokenBudget) -> Tree[Token] | Failure:
    """``parser.parse(region)``, token by token so that the budget can stop it; or the mention
    Lark would report, when its first tokens decide it."""
    fam = cand.family
    lit_end = opener_end(text, cand)
    guard = lit_end >= 0 and guardable(fam)
    driven = tables(fam)
    if driven is not None:
        fast = drive(text, cand, region, driven, guard, lit_end, budget.left)
        if fast is not None:
            out, tokens = fast
            budget.spend_many(fam.name, cand.start, tokens)
            return out
    return _run_lark(text, cand, region, budget, guard, lit_end)


def _run_lark(text: str, cand: Candidate, region: str, budget: TokenBudget, guard: bool,
              lit_end: int) -> Tree[Token] | Failure:
    """``_run`` in Lark's interactive parser, the reference ``drive`` is held to; the guard
    lexes the first tokens with Lark's own objects."""
    fam = cand.family
    ip = fam.parser().parse_interactive(region)
    last: Token | None = None
    if guard:
        lexers = ip.lexer_thread.lexer.lexers  # type: ignore[attr-defined]
        lex_state = ip.lexer_thread.state
        assert lex_state is not None
        line = lex_state.line_ctr
        ps = ip.parser_state
        for _ in range(GUARD_TOKENS):
            pos = line.char_pos
            if pos >= len(region) or (pos > lit_end and region[lit_end:pos].strip()):
                break  # the end (Lark says how), or past a token of substance: no mention
            lexer = lexers[ps.position]
            res = lexer.match(lex_state.text, pos)
            if res is None:
                allowed = lexer.scanner.allowed_types - lexer.ignore_types or {"<END-OF-FILE>"}
                at = cand.start + pos
                if (closers(allowed) and structural_at(fam, region, pos)) or not is_mention(
                        text, cand, at):
                    break  # Lark words this error from the token its root lexer finds
                return Failure(cand, Reason.SHAPE, at, f"{fam.name}: unexpected "
                               f"{snippet(region[pos:])} at offset {at}", mention=True)
            value, type_ = res
            if type_ in lexer.callback or type_ in lexer.ignore_types:
                break
            # the token exactly as BasicLexer.next_token makes it
            tok = Token(type_, value, pos, line.line, line.column)
            line.feed(value, type_ in lexer.newline_types)
            tok.end_line, tok.end_column, tok.end_pos = line.line, line.column, line.char_pos
            lex_state.last_token = tok
            last = tok
            budget.spend(fam.name, cand.start)
            ip.feed_token(tok)
    for tok in ip.iter_parse():
        last = tok
        budget.spend(fam.name, cand.start)
    tree: Tree[Token] = ip.feed_eof(last)  # type: ignore[no-untyped-call]
    return tree


# -- could a text still become the family's envelope? ------------------------------------------
# The stream recoverer holds a reply that starts with an anchored opener ("[", "{") while it can
# still be the family's envelope, and shows it once it cannot (issue 27: a reply starting "[1]"
# or "{curly}" showed nothing until its end). The question is asked of the family's own LALR
# table and terminals, never of per-family code: every way the grammar could read the text is
# followed (a terminal could match any span its ``Partial`` allows, the lexer's choice among them
# is not assumed), so a "no" is certain whatever text follows; any doubt, or more than
# ``_PROBE_CONFIGS`` ways, is a "yes".
_PROBE_CONFIGS = 128


@dataclass(frozen=True)
class _Probe:
    states: dict[Any, dict[str, tuple[Any, Any]]]
    start: Any
    ignore: frozenset[str]
    terminals: dict[str, tuple[str, int]]  # name -> (regex, flags)
    partials: dict[str, Partial | None]  # filled on first use; None: not readable, "maybe"


@cache
def _probe_tables(fam: Family) -> _Probe | None:
    lark = fam.parser()
    starts = lark.options.start
    if lark.options.postlex is not None or not isinstance(starts, list) or len(starts) != 1:
        return None
    table = lark.parser.parser.parser.parse_table
    flags = lark.lexer_conf.g_regex_flags
    return _Probe(table.states, table.start_states[starts[0]],
                  frozenset(lark.lexer_conf.ignore),
                  {t.name: (t.pattern.to_regexp(), flags) for t in lark.terminals}, {})


def _partial(probe: _Probe, name: str) -> Partial | None:
    if name not in probe.partials:
        regex, flags = probe.terminals[name]
        try:
            probe.partials[name] = Partial(regex, flags)
        except (Unsupported, re.error, RecursionError):
            probe.partials[name] = None
    return probe.partials[name]


def _shifted(states: dict[Any, dict[str, tuple[Any, Any]]], stack: tuple[Any, ...], term: str
             ) -> tuple[Any, ...] | None:
    """The LALR stack after reading ``term`` (its reductions, then its shift); None when the
    table has no action for it."""
    out = list(stack)
    while True:
        act = states[out[-1]].get(term)
        if act is None:
            return None
        kind, arg = act
        if kind is Shift:
            out.append(arg)
            return tuple(out)
        size = len(arg.expansion)
        if size:
            del out[-size:]
        goto = states[out[-1]].get(arg.origin.name)
        if goto is None:  # pragma: no cover - a reduction always has its goto
            return None
        out.append(goto[1])


def may_start(fam: Family, name: str, ch: str) -> bool:
    """Could a match of the family's terminal ``name`` start with ``ch``? False only when
    certain (``Partial.prefix``; a terminal that cannot be read so counts as one that could)."""
    probe = _probe_tables(fam)
    part = None if probe is None else _partial(probe, name)
    return part is None or part.could_run_on(ch, 0)


def could_open(fam: Family, text: str) -> bool:
    """Could ``text`` be the beginning of a region the family's grammar reads whole, whatever
    text follows it? False only when certain (see above)."""
    probe = _probe_tables(fam)
    if probe is None:
        return True
    n = len(text)
    todo: list[tuple[int, tuple[Any, ...]]] = [(0, (probe.start,))]
    seen: set[tuple[int, tuple[Any, ...]]] = set()
    while todo:
        pos, stack = todo.pop()
        if pos == n:
            return True  # every character read: anything may follow
        if (pos, stack) in seen:
            continue
        seen.add((pos, stack))
        if len(seen) > _PROBE_CONFIGS:
            return True
        for name in (*probe.states[stack[-1]], *probe.ignore):
            if name not in probe.terminals:
                continue  # $END, or a rule's goto
            part = _partial(probe, name)
            if part is None:
                return True
            # every span the terminal could take from pos: while the text read is still the
            # beginning of a match (once it is not, no longer span is one)
            after: tuple[Any, ...] | None = None
            end = pos + 1
            while end <= n and part.prefix.fullmatch(text, pos, end) is not None:
                if end == n:
                    return True  # the terminal could still be reading when the text ends
                if part.could_span(text, pos, end):
                    if after is None:
                        after = (stack if name in probe.ignore
                                 else _shifted(probe.states, stack, name) or ())
                    if after:
                        todo.append((end, after))
                end += 1
    return False


def warm(fam: Family) -> None:
    """Build now what the family's first parses would build: its parser, the tables ``drive``
    reads with every state's ``faster`` patterns, its structural literals and the guard's
    check, and for a family with anchored openers what ``could_open`` reads (``leakcall serve``
    does this for every family before it says it is ready)."""
    structural_literals(fam)
    guardable(fam)
    probe = _probe_tables(fam) if fam.anchored_opens else None
    if probe is not None:  # what the stream recoverer asks of a reply that starts with one
        for name in probe.terminals:
            _partial(probe, name)
    driven = tables(fam)
    if driven is not None:
        for step in list(driven.steps.values()):
            if isinstance(step[0], Faster):
                step[0].resolve()


def _parse(text: str, cand: Candidate, end: int, budget: TokenBudget) -> Parsed | Failure:
    fam = cand.family
    region = text[cand.start : end]
    try:
        tree = _run(text, cand, region, budget)
        if isinstance(tree, Failure):
            return tree
    except UnexpectedToken as e:
        at = cand.start + (e.token.start_pos or 0) if e.token.type != "$END" else end
        if e.token.type == "$END":  # LALR reports the end of input as this token
            reason, what, rule = Reason.TRUNCATED, "ends before the envelope is closed", "unclosed"
        elif closers(e.expected) and structural_at(fam, region, e.token.start_pos or 0):
            # A structural tag where a closer was due: the element before it was never closed.
            reason, what = Reason.TRUNCATED, f"element not closed before {snippet(str(e.token))}"
            rule = "unclosed-element"
        else:
            reason, what, rule = Reason.SHAPE, f"unexpected {snippet(str(e.token))}", "grammar"
        return Failure(cand, reason, at, f"{fam.name}: {what} at offset {at}",
                       mention=reason is Reason.SHAPE and is_mention(text, cand, at), rule=rule)
    except UnexpectedCharacters as e:
        at = cand.start + (e.pos_in_stream or 0)
        reason, what = Reason.SHAPE, f"unexpected {snippet(region[at - cand.start:])}"
        return Failure(cand, reason, at, f"{fam.name}: {what} at offset {at}",
                       mention=reason is Reason.SHAPE and is_mention(text, cand, at))
    except (LarkError, RecursionError) as e:  # pragma: no cover - grammar bugs surface here
        return Failure(cand, Reason.SHAPE, cand.start, f"{fam.name}: {type(e).__name__}",
                       mention=False)
    return Parsed(cand, end, tree)
