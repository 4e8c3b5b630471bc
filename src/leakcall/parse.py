"""Stage 2, parse: run the family's LALR grammar over a candidate region; classify failures."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedToken
from lark.grammar import Rule
from lark.lexer import ContextualLexer
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders
from lark.parsers.lalr_analysis import Shift

from ._partial import Partial, Unsupported
from .budget import TokenBudget
from .families import Family
from .locate import Candidate, trim_end
from .reasons import Reason

__all__ = ["Failure", "Parsed", "could_open", "parse_candidate", "structural_literals", "warm"]


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
_GUARD_TOKENS = 4


@cache
def _guardable(fam: Family) -> bool:
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
    lit_end = _opener_end(text, cand)
    guard = lit_end >= 0 and _guardable(fam)
    tables = _tables(fam)
    if tables is not None:
        fast = _drive(text, cand, region, tables, guard, lit_end, budget.left)
        if fast is not None:
            out, tokens = fast
            budget.spend_many(fam.name, cand.start, tokens)
            return out
    return _run_lark(text, cand, region, budget, guard, lit_end)


def _run_lark(text: str, cand: Candidate, region: str, budget: TokenBudget, guard: bool,
              lit_end: int) -> Tree[Token] | Failure:
    """``_run`` in Lark's interactive parser, the reference ``_drive`` is held to; the guard
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
        for _ in range(_GUARD_TOKENS):
            pos = line.char_pos
            if pos >= len(region) or (pos > lit_end and region[lit_end:pos].strip()):
                break  # the end (Lark says how), or past a token of substance: no mention
            lexer = lexers[ps.position]
            res = lexer.match(lex_state.text, pos)
            if res is None:
                allowed = lexer.scanner.allowed_types - lexer.ignore_types or {"<END-OF-FILE>"}
                at = cand.start + pos
                if (_closers(allowed) and _structural_at(fam, region, pos)) or not _is_mention(
                        text, cand, at):
                    break  # Lark words this error from the token its root lexer finds
                return Failure(cand, Reason.SHAPE, at, f"{fam.name}: unexpected "
                               f"{_snippet(region[pos:])} at offset {at}", mention=True)
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


# -- the same parse, driven here ------------------------------------------------------------
# Lark's interactive parser costs about 3 µs a token (a generator per layer, a Token built
# through keyword arguments, a line counter object), several times the regex match that reads
# the token. ``_drive`` runs the same algorithm on Lark's own objects: the contextual lexer's
# per-state scanners and their terminal order, the LALR table, the tree builder's callbacks, and
# tokens with the positions Lark's lexer gives them; so a parse that succeeds yields the tree
# Lark builds (tests/test_parse_driver.py compares them on the corpus and on mutated replies).
# Two steps are Lark's written out, where the call would cost more than the work: a state whose
# terminals are all plain literals is read with ``str.startswith`` in the scanner's order
# (``_literals``), and the plain tree builder's nodes are built in the loop (``_reduction``).
# It also gives the first-token guard's mention verdict. Anything else (no token matches past
# the guard, a token the table does not expect, an ignored or call-backed terminal) is left to
# Lark from the start: errors are worded by Lark alone.


@dataclass(frozen=True)
class _Tables:
    """A family parser's lexing and parsing tables, read once from the Lark object."""

    # parser state -> (its lexer, the lexer's compiled terminal patterns, terminals that are
    # ignored or have a callback, terminals that may hold a line break)
    lexers: dict[Any, tuple[Any, tuple[Any, ...], frozenset[str], frozenset[str]]]
    states: dict[Any, dict[str, tuple[Any, Any]]]
    start: Any
    end: Any
    callbacks: dict[Any, Any]
    # what ``_drive`` reads per token, by parser state: (the first pattern's ``match``, the other
    # patterns' ``match``, the terminals it may read there, each as ``_Term``, less those ignored
    # or call-backed: Lark decides those; and for a state whose terminals are all plain literals,
    # its ``_literals``, read with ``str.startswith`` in place of the patterns)
    steps: dict[Any, tuple[Any, tuple[Any, ...], dict[str, Any], Any]]
    # parser state -> its actions as in ``states``, a reduction's rule given as ``_reduction``:
    # nothing hashes a Rule
    actions: dict[Any, dict[str, tuple[Any, Any]]]
    # parser state -> the state a reduction to each rule (by name) goes to from it
    gotos: dict[Any, dict[str, Any]]
    # the terminals some rule keeps in its tree; every other token is dropped by the tree
    # builder, so ``_drive`` builds no Token for it
    kept: frozenset[str]


@cache
def _tables(fam: Family) -> _Tables | None:
    """The tables ``_drive`` reads, or None when the parser is not the plain kind it replays
    (contextual lexer, no post-lexer, one start rule, a tree-builder callback per rule and none
    per terminal)."""
    lark = fam.parser()
    front: Any = lark.parser
    lexer = getattr(front, "lexer", None)
    if not isinstance(lexer, ContextualLexer) or lark.options.postlex is not None:
        return None
    starts = lark.options.start
    if not isinstance(starts, list) or len(starts) != 1:
        return None
    parser = front.parser.parser
    table = parser.parse_table
    callbacks = parser.callbacks
    if not callbacks or not all(isinstance(r, Rule) for r in callbacks):
        return None
    actions: dict[Any, dict[str, tuple[Any, Any]]] = {}
    for state, acts in table.states.items():
        actions[state] = mine = {}
        for sym, (kind, arg) in acts.items():
            if kind is Shift:
                mine[sym] = (kind, arg)
            elif arg in callbacks:
                mine[sym] = (kind, _reduction(arg, callbacks[arg]))
            else:
                return None
    gotos = {state: {sym: arg for sym, (kind, arg) in acts.items() if kind is Shift}
             for state, acts in table.states.items()}
    lexers = {}
    steps: dict[Any, tuple[Any, tuple[Any, ...], dict[str, Any], Any]] = {}
    kept = _kept(callbacks)
    sub: Any
    for state, sub in lexer.lexers.items():
        scanner: Any = sub.scanner  # built here, with the lexer's callbacks
        mres = getattr(scanner, "_mres", None)
        if not isinstance(mres, list):
            return None
        special = frozenset(sub.callback) | sub.ignore_types
        newline_types = frozenset(sub.newline_types)
        lexers[state] = (sub, tuple(mres), special, newline_types)
        terms = {k: (k, a, k in kept, k in newline_types)
                 for k, a in actions[state].items() if k not in special}
        if not mres:
            steps[state] = (_NOTHING.match, (), terms, None)
        else:  # Lark's patterns until the state is first lexed in: see _Faster
            steps[state] = (_Faster(steps, state, tuple(mres), terms),
                            tuple(m.match for m in mres[1:]), terms, _literals(scanner, terms))
    return _Tables(lexers, table.states, table.start_states[starts[0]],
                   table.end_states[starts[0]], callbacks, steps, actions, gotos, kept)


# A terminal as ``_drive`` reads it in one parser state: its name, the parser's action on it,
# whether some tree keeps its token, whether it may hold a line break (Lark counts lines only in
# those).
_Term = tuple[str, tuple[Any, Any], bool, bool]


def _reduction(rule: Rule, callback: Any) -> tuple[int, str, Any, Any, Any]:
    """A reduction as ``_drive`` runs it: (the rule's length, the name of the rule it reduces
    to, the tree's ``data``, the children kept, the callback). When the callback is Lark's plain
    tree builder (``partial(Tree, data)``), alone or behind ``ChildFilterLALR_NoPlaceholders``,
    ``_drive`` builds that very Tree itself: ``data`` names it and the children kept are None
    (every child) or the filter's ``to_include``, counted from the stack's end; otherwise
    ``data`` is None and the callback builds the node."""
    size, origin = len(rule.expansion), rule.origin.name
    builder, include = callback, None
    if type(callback) is ChildFilterLALR_NoPlaceholders:
        builder = callback.node_builder
        include = tuple((i - size, expand) for i, expand in callback.to_include)
    if (type(builder) is partial and builder.func is Tree and len(builder.args) == 1
            and isinstance(builder.args[0], str) and not builder.keywords):
        return size, origin, builder.args[0], include, callback
    return size, origin, None, None, callback


def _literals(scanner: Any, terms: dict[str, _Term]) -> tuple[tuple[str, int, Any], ...] | None:
    """A state's terminals as ``(literal, its length, its _Term or None)`` in the order its
    scanner tries them, when every one is a plain literal: the scanner's patterns are then
    exactly ``(?P<NAME>escaped literal)|...`` (checked here, text for text), and re takes the
    first alternative that matches, which is the first literal the text starts with. None for
    any other state."""
    by_name = {t.name: t for t in scanner.terminals}
    out = []
    for mre in scanner._mres:
        if not isinstance(mre, re.Pattern) or mre.flags & ~(re.UNICODE | re.MULTILINE | re.DOTALL):
            return None
        names = sorted(mre.groupindex, key=mre.groupindex.__getitem__)
        if mre.groups != len(names):
            return None
        written = []
        for name in names:
            term = by_name.get(name)
            if (term is None or term.pattern.type != "str" or term.pattern.flags
                    or not isinstance(term.pattern.value, str) or not term.pattern.value):
                return None
            lit = term.pattern.value
            written.append(f"(?P<{name}>{re.escape(lit)})")
            out.append((lit, len(lit), terms.get(name)))
        if mre.pattern != "|".join(written):
            return None
    return tuple(out) if out else None


class _Faster:
    """A state's first ``match`` until the state is first lexed in: then its step takes the
    ``_faster`` patterns. Compiling a positive class costs re a few milliseconds (its compiler
    walks every BMP code point in the set), so only the states a process reaches pay it, once."""

    __slots__ = ("mres", "state", "steps", "terms")

    def __init__(self, steps: dict[Any, Any], state: Any, mres: tuple[Any, ...],
                 terms: dict[str, _Term]) -> None:
        self.steps, self.state, self.mres, self.terms = steps, state, mres, terms

    def __call__(self, region: str, pos: int) -> Any:
        return self.resolve()(region, pos)

    def resolve(self) -> Any:
        """Put the ``_faster`` patterns in the state's step now; their first ``match``."""
        faster = tuple(_faster(m) for m in self.mres)
        self.steps[self.state] = (faster[0].match, tuple(m.match for m in faster[1:]),
                                  self.terms, self.steps[self.state][3])
        return faster[0].match


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
    """Build now what the family's first parses would build: its parser, the tables ``_drive``
    reads with every state's ``_faster`` patterns, its structural literals and the guard's
    check, and for a family with anchored openers what ``could_open`` reads (``leakcall serve``
    does this for every family before it says it is ready)."""
    structural_literals(fam)
    _guardable(fam)
    probe = _probe_tables(fam) if fam.anchored_opens else None
    if probe is not None:  # what the stream recoverer asks of a reply that starts with one
        for name in probe.terminals:
            _partial(probe, name)
    tables = _tables(fam)
    if tables is not None:
        for step in list(tables.steps.values()):
            if isinstance(step[0], _Faster):
                step[0].resolve()


_NOTHING = re.compile("(?!)")  # the pattern of a state whose lexer has no terminal


def _kept(callbacks: dict[Any, Any]) -> frozenset[str]:
    """The terminals some rule's callback puts in its tree. Lark's child filter lists the
    children it keeps (``to_include``); any other callback is taken to keep every child."""
    kept: set[str] = set()
    for rule, callback in callbacks.items():
        if type(callback) is ChildFilterLALR_NoPlaceholders:
            included = {i for i, _ in callback.to_include}
        else:
            included = set(range(len(rule.expansion)))
        kept.update(sym.name for i, sym in enumerate(rule.expansion)
                    if sym.is_term and i in included)
    return frozenset(kept)


# -- the same scanner patterns, written the way re runs fastest --------------------------------
# Python's re tests a negated class of several characters (``[^"\\]``) one alternative at a time:
# about 5 ns a character on a 2 KB JSON string, against 1.7 ns for the very same set written as
# positive ranges (measured with timeit on Python 3.11), and a Hermes body is one such run. So
# each scanner pattern ``_drive`` matches with is compiled again (when its state is first lexed
# in: ``_Faster``) with every negated class of two or more characters written as the ranges of
# its complement over all code points. A class
# stands only for its set of characters (membership is all re asks of it when no flag changes
# it), so the rewritten pattern matches exactly what the original matches, at every position,
# with the same groups. Only classes written with plain characters, the escapes ``_ESCAPED``,
# ``\x``/``\u``/``\U`` and escaped ASCII punctuation are rewritten; a class with a category
# (``\s``), a pattern with an inline flag or comment, or a case-insensitive or verbose one is
# kept as Lark compiled it. ``[^"]`` (one character) is kept too: re has a fast opcode for it.
# tests/test_parse_patterns.py holds the rewrite to re itself over every code point.

_ESCAPED = {"n": "\n", "r": "\r", "t": "\t", "f": "\f", "v": "\v", "a": "\a", "b": "\b"}
_HEX = {"x": 2, "u": 4, "U": 8}
_HEXDIGITS = frozenset("0123456789abcdefABCDEF")
_MAX = 0x10FFFF


def _class_char(body: str, i: int) -> tuple[int, int] | None:
    """The code point written at ``body[i]`` inside a class and the index after it; None when
    it is anything but one plain character."""
    c = body[i]
    if c != "\\":
        return None if c in "[]" else (ord(c), i + 1)
    if i + 1 >= len(body):
        return None
    e = body[i + 1]
    if e in _ESCAPED:
        return ord(_ESCAPED[e]), i + 2
    if e in _HEX:
        digits = body[i + 2 : i + 2 + _HEX[e]]
        if len(digits) != _HEX[e] or not _HEXDIGITS.issuperset(digits) or int(digits, 16) > _MAX:
            return None
        return int(digits, 16), i + 2 + _HEX[e]
    if e.isascii() and not e.isalnum():  # re reads a backslashed non-alphanumeric as itself
        return ord(e), i + 2
    return None


def _class_set(body: str) -> list[tuple[int, int]] | None:
    """The ranges of code points a class body (between ``[^`` and ``]``) names, read as re
    reads them (``a-b`` a range, a ``-`` first or last a character); None when the body is
    not of the plain kind."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(body):
        first = _class_char(body, i)
        if first is None:
            return None
        lo, i = first
        if body.startswith("-", i) and i + 1 < len(body):
            second = _class_char(body, i + 1)
            if second is None or second[0] < lo:
                return None
            out.append((lo, second[0]))
            i = second[1]
        else:
            out.append((lo, lo))
    return out


def _positive(body: str) -> str | None:
    """``[^body]`` written as the positive class of its complement; None to keep it."""
    excluded = _class_set(body)
    if excluded is None or sum(hi - lo + 1 for lo, hi in excluded) < 2:
        return None
    ranges, nxt = [], 0
    for lo, hi in sorted(excluded):
        if lo > nxt:
            ranges.append((nxt, lo - 1))
        nxt = max(nxt, hi + 1)
    if nxt <= _MAX:
        ranges.append((nxt, _MAX))
    if not ranges:
        return None
    return "[" + "".join(f"\\U{lo:08x}" if lo == hi else f"\\U{lo:08x}-\\U{hi:08x}"
                         for lo, hi in ranges) + "]"


def _class_end(pattern: str, i: int) -> int:
    """The index after the class opened by the ``[`` at ``i`` (a ``]`` right after ``[`` or
    ``[^`` is a character, as re reads it); -1 when it is never closed."""
    j = i + 1
    if pattern.startswith("^", j):
        j += 1
    if pattern.startswith("]", j):
        j += 1
    while j < len(pattern):
        if pattern[j] == "\\":
            j += 2
        elif pattern[j] == "]":
            return j + 1
        else:
            j += 1
    return -1


_INLINE_FLAG = re.compile(r"\(\?[aiLmsux#-]")


def positive_classes(pattern: str) -> str:
    """``pattern`` with every rewritable negated class of two or more characters written as
    positive ranges (see above); ``pattern`` itself when nothing is rewritten."""
    if _INLINE_FLAG.search(pattern):
        return pattern
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i : i + 2])
            i += 2
        elif c == "[":
            end = _class_end(pattern, i)
            if end < 0:
                return pattern
            cls = pattern[i:end]
            new = _positive(cls[2:-1]) if cls.startswith("[^") else None
            out.append(cls if new is None else new)
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


@cache
def _faster(mre: Any) -> Any:
    """A scanner pattern recompiled with ``positive_classes``: the same matches, the same
    groups; the pattern itself when nothing changes or it is not a plain ``re`` pattern."""
    if (not isinstance(mre, re.Pattern) or not isinstance(mre.pattern, str)
            or mre.flags & (re.IGNORECASE | re.VERBOSE)):
        return mre
    new = positive_classes(mre.pattern)
    if new == mre.pattern:
        return mre
    out = re.compile(new, mre.flags)
    if out.groupindex != mre.groupindex or out.groups != mre.groups:  # pragma: no cover
        return mre
    return out


_new_str = str.__new__
_NOT_SPACE = re.compile(r"\S")
"""``_NOT_SPACE.search(region, a, b)``: ``region[a:b].strip()`` is not empty (what re reads as
a non-space character is what ``str.strip`` keeps, code point for code point), without copying
a long token to say so."""
_new_obj = object.__new__


def _drive(text: str, cand: Candidate, region: str, t: _Tables,  # noqa: PLR0915 - one loop:
           guard: bool, lit_end: int,  # a call per token would cost more than most bodies
           limit: int) -> tuple[Tree[Token] | Failure, int] | None:
    """Lark's parse of ``region`` (its tree, or the guard's mention Failure) and the number of
    tokens it read; None when Lark must decide (see above). It stops as soon as it has read
    more than ``limit`` tokens (the budget left), so a reply costs the budget, not its size."""
    actions, steps, gotos = t.actions, t.steps, t.gotos
    state = t.start
    state_stack = [state]
    value_stack: list[Any] = []
    push_state, push_value = state_stack.append, value_stack.append
    startswith = region.startswith
    n = len(region)
    pos, line, line_start, tokens = 0, 1, 0, 0
    tok: Any
    while pos < n:
        if guard and (tokens >= _GUARD_TOKENS
                      or (pos > lit_end and _NOT_SPACE.search(region, lit_end, pos))):
            guard = False
        match, more, terms, literals = steps[state]
        if literals is not None:
            for value, size, term in literals:  # noqa: B007 - the one matched, after break
                if startswith(value, pos):
                    break
            else:
                mention = _mention(cand, region, t.lexers[state][0], pos) if guard else None
                return None if mention is None else (mention, tokens)
            if term is None:
                return None
            end = pos + size
        else:
            m = match(region, pos)
            if m is None:
                for match in more:
                    m = match(region, pos)
                    if m:
                        break
                else:
                    mention = _mention(cand, region, t.lexers[state][0], pos) if guard else None
                    return None if mention is None else (mention, tokens)
            term = terms.get(m.lastgroup)
            if term is None:
                return None
            end = m.end()
            value = m.group() if term[2] else ""
        type_, action, keep, newline = term
        if keep:
            # the token exactly as BasicLexer.next_token makes it (Token._future_new's slots)
            tok = _new_str(Token, value)
            tok.type, tok.value, tok.start_pos, tok.line = type_, value, pos, line
            tok.column = pos - line_start + 1
            if newline:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = pos + value.rindex("\n") + 1
            tok.end_line, tok.end_column, tok.end_pos = line, end - line_start + 1, end
        else:  # a token no tree holds: only the line count goes on
            tok = None
            if newline:
                newlines = region.count("\n", pos, end)
                if newlines:
                    line += newlines
                    line_start = region.rindex("\n", pos, end) + 1
        pos = end
        while True:  # ParserState.feed_token
            kind, arg = action
            if kind is Shift:
                state = arg
                push_state(arg)
                push_value(tok)
                break
            size, origin, data, include, callback = arg
            if data is None:  # a callback of another kind: Lark's own
                children = value_stack[-size:] if size else []
                node = callback(children)
            else:  # Lark's tree builder, inline (see _reduction)
                if include is None:
                    children = value_stack[-size:] if size else []
                else:  # ChildFilterLALR_NoPlaceholders.__call__, indices from the stack's end
                    children = []
                    for i, expand in include:
                        if expand:
                            if children:
                                children += value_stack[i].children
                            else:  # Lark's own shortcut for left recursion: the same list
                                children = value_stack[i].children
                        else:
                            children.append(value_stack[i])
                node = _new_obj(Tree)  # Tree.__init__, attribute by attribute
                node.data, node.children, node._meta = data, children, None
            if size:
                del state_stack[-size:]
                del value_stack[-size:]
            push_value(node)
            state = gotos[state_stack[-1]][origin]
            push_state(state)
            action = actions[state].get(type_)
            if action is None:
                return None
        tokens += 1
        if tokens > limit:  # past the budget: the caller's spend refuses, the rest is not read
            return Failure(cand, Reason.TOO_COMPLEX, cand.start, "budget", False), tokens
    tree = _feed_eof(t, state_stack, value_stack) if tokens else None
    return None if tree is None else (tree, tokens)


def _mention(cand: Candidate, region: str, lexer: Any, pos: int) -> Failure | None:
    """The first-token guard's verdict where no token matches at ``pos``: the mention Lark
    would report, or None when Lark words the error itself. The guard is on only while nothing
    but whitespace follows the opener (``_is_mention`` holds), so only a due closer is asked."""
    at = cand.start + pos
    if _closer_due(lexer) and _structural_at(cand.family, region, pos):
        return None
    return Failure(cand, Reason.SHAPE, at, f"{cand.family.name}: unexpected "
                   f"{_snippet(region[pos : pos + 24])} at offset {at}", mention=True)


@cache
def _closer_due(lexer: Any) -> bool:
    """A closer is among the terminals a state's lexer looks for (what Lark would report as
    expected there); read once per lexer, which the family's cached parser keeps."""
    return _closers(lexer.scanner.allowed_types - lexer.ignore_types or {"<END-OF-FILE>"})


def _feed_eof(t: _Tables, state_stack: list[Any], value_stack: list[Any]) -> Tree[Token] | None:
    """``feed_eof``: reduce to the end state; None where Lark would raise."""
    actions = t.actions
    while True:
        action = actions[state_stack[-1]].get("$END")
        if action is None or action[0] is Shift:
            return None
        size, origin, _, _, callback = action[1]
        if size:
            s = value_stack[-size:]
            del state_stack[-size:]
            del value_stack[-size:]
        else:
            s = []
        value_stack.append(callback(s))
        state_stack.append(actions[state_stack[-1]][origin][1])
        if state_stack[-1] == t.end:
            tree: Tree[Token] = value_stack[-1]
            return tree


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


def _opener_end(text: str, cand: Candidate) -> int:
    """Where the opener ``_is_mention`` measures from ends, relative to the candidate (-1 when
    no opener literal starts it: then nothing is a mention)."""
    for lit in cand.family.opens + cand.family.anchored_opens:
        if text.startswith(lit, cand.start):
            return len(lit)
    return -1


def _is_mention(text: str, cand: Candidate, at: int) -> bool:
    """The parse failed right after the opening sentinel (only whitespace between)."""
    for lit in cand.family.opens + cand.family.anchored_opens:
        if text.startswith(lit, cand.start):
            return not text[cand.start + len(lit) : at].strip()
    return False
