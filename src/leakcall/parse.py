"""Stage 2, parse: run the family's LALR grammar over a candidate region; classify failures."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedToken
from lark.lexer import ContextualLexer
from lark.parsers.lalr_parser_state import ParseConf, ParserState

from .budget import TokenBudget
from .families import Family
from .locate import Candidate, trim_end
from .reasons import Reason

__all__ = ["Failure", "Parsed", "parse_candidate", "structural_literals"]


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


def _closers(expected: object) -> bool:
    names = expected if isinstance(expected, (set, frozenset, list, tuple)) else ()
    return any(str(n).lstrip("_").endswith("CLOSE") for n in names)


def _structural_at(fam: Family, region: str, pos: int) -> bool:
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


def _snippet(s: str) -> str:
    s = s[:24]
    return repr(s)


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


def _run(parser: Lark, region: str, budget: TokenBudget, cand: Candidate) -> Tree[Token]:
    """``parser.parse(region)``, token by token, so that the budget can stop it."""
    ip = parser.parse_interactive(region)
    last: Token | None = None
    for tok in ip.iter_parse():
        last = tok
        budget.spend(cand.family.name, cand.start)
    tree: Tree[Token] = ip.feed_eof(last)  # type: ignore[no-untyped-call]
    return tree


# -- the first-token guard ------------------------------------------------------------------
# Three grammars share ``<tool_call>``: on a Hermes body the other two fail right after the
# opener, and Lark builds that error by re-lexing the rest of the region with its root lexer,
# which costs as much as the parse that succeeds. The guard replays Lark's own first steps with
# Lark's own objects (the contextual lexer of each parser state, the LALR table) for at most
# ``_GUARD_TOKENS`` tokens. When the state's lexer matches nothing at a position that is right
# after the opener, Lark's outcome is already certain (a mention refused as ``shape``), so the
# guard returns it without the re-lex. In every other case it returns None and Lark parses.
_GUARD_TOKENS = 4
_GUARD_MEMO = 4096


@dataclass(eq=False)
class _Guard:
    lexers: dict[int, Any]  # parser state -> the contextual lexer's BasicLexer for it
    conf: ParseConf[int]
    after: dict[tuple[str, ...], int | None] = field(default_factory=dict)

    def state_after(self, types: tuple[str, ...]) -> int | None:
        """The parser state once tokens of these types are fed from the start (None: the
        parser rejects one of them), from Lark's own ParserState, memoised."""
        if types in self.after:
            return self.after[types]
        ps: ParserState[int] = ParserState(self.conf, None)  # type: ignore[arg-type]
        try:
            for t in types:
                ps.feed_token(Token(t, ""))
            out: int | None = ps.position
        except LarkError:
            out = None
        if len(self.after) < _GUARD_MEMO:
            self.after[types] = out
        return out


@cache
def _guard(fam: Family) -> _Guard | None:
    """The family's guard, or None when its parser is not the shape the guard replays."""
    lark = fam.parser()
    try:
        front: Any = lark.parser
        lexer = front.lexer
        inner = front.parser.parser
        if (not isinstance(lexer, ContextualLexer) or lark.options.postlex is not None
                or lark.options.lexer_callbacks or front.lexer_conf.ignore):
            return None
        return _Guard(dict(lexer.lexers), ParseConf(inner.parse_table, inner.callbacks, "start"))
    except (AttributeError, KeyError, TypeError):  # another Lark's internals: no guard
        return None


def _guarded(text: str, cand: Candidate, region: str, budget: TokenBudget) -> Failure | None:
    """The mention Lark would report for ``region``, when its first tokens already decide it;
    else None (then Lark parses, from the start)."""
    g = _guard(cand.family)
    if g is None:
        return None
    fam = cand.family
    view: Any = _TextSlice(region, 0, len(region)) if _TextSlice is not None else region
    types: tuple[str, ...] = ()
    state: int | None = g.conf.start_state
    pos = 0
    while pos < len(region) and state is not None:
        lexer = g.lexers[state]
        res = lexer.match(view, pos)
        if res is None:
            allowed = lexer.scanner.allowed_types - lexer.ignore_types or {"<END-OF-FILE>"}
            at = cand.start + pos
            if (_closers(allowed) and _structural_at(fam, region, pos)) or not _is_mention(
                    text, cand, at):
                return None
            for _ in types:  # Lark spends a token for each one it read before failing
                budget.spend(fam.name, cand.start)
            return Failure(cand, Reason.SHAPE, at, f"{fam.name}: unexpected "
                           f"{_snippet(region[pos:])} at offset {at}", mention=True)
        value, type_ = res
        if type_ in lexer.callback or type_ in lexer.ignore_types or len(types) == _GUARD_TOKENS:
            return None
        types += (type_,)
        state = g.state_after(types)
        pos += len(value)
    return None


try:
    from lark.utils import TextSlice as _TextSlice  # what Lark >= 1.2 hands its scanners
except ImportError:  # pragma: no cover - Lark < 1.2 scans plain strings
    _TextSlice = None  # type: ignore[assignment,misc]


def _parse(text: str, cand: Candidate, end: int, budget: TokenBudget) -> Parsed | Failure:
    fam = cand.family
    region = text[cand.start : end]
    fast = _guarded(text, cand, region, budget)
    if fast is not None:
        return fast
    try:
        tree = _run(fam.parser(), region, budget, cand)
    except UnexpectedToken as e:
        at = cand.start + (e.token.start_pos or 0) if e.token.type != "$END" else end
        if e.token.type == "$END":  # LALR reports the end of input as this token
            reason, what, rule = Reason.TRUNCATED, "ends before the envelope is closed", "unclosed"
        elif _closers(e.expected) and _structural_at(fam, region, e.token.start_pos or 0):
            # A structural tag where a closer was due: the element before it was never closed.
            reason, what = Reason.TRUNCATED, f"element not closed before {_snippet(str(e.token))}"
            rule = "unclosed-element"
        else:
            reason, what, rule = Reason.SHAPE, f"unexpected {_snippet(str(e.token))}", "grammar"
        return Failure(cand, reason, at, f"{fam.name}: {what} at offset {at}",
                       mention=reason is Reason.SHAPE and _is_mention(text, cand, at), rule=rule)
    except UnexpectedCharacters as e:
        at = cand.start + (e.pos_in_stream or 0)
        reason, what = Reason.SHAPE, f"unexpected {_snippet(region[at - cand.start:])}"
        return Failure(cand, reason, at, f"{fam.name}: {what} at offset {at}",
                       mention=reason is Reason.SHAPE and _is_mention(text, cand, at))
    except (LarkError, RecursionError) as e:  # pragma: no cover - grammar bugs surface here
        return Failure(cand, Reason.SHAPE, cand.start, f"{fam.name}: {type(e).__name__}",
                       mention=False)
    return Parsed(cand, end, tree)


def _is_mention(text: str, cand: Candidate, at: int) -> bool:
    """The parse failed right after the opening sentinel (only whitespace between)."""
    for lit in cand.family.opens + cand.family.anchored_opens:
        if text.startswith(lit, cand.start):
            return not text[cand.start + len(lit) : at].strip()
    return False
