"""The LALR parse of a candidate region, driven here over Lark's own tables (``drive``), the
same parse as Lark's interactive parser at a fraction of the cost per token (``parse`` falls
back to Lark whenever this returns None)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from lark import Token, Tree
from lark.grammar import Rule
from lark.lexer import ContextualLexer
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders
from lark.parsers.lalr_analysis import Shift

from .families import Family
from .fast_patterns import faster
from .literals import keep_read, read_json_value
from .locate import Candidate
from .parse_outcome import GUARD_TOKENS, Failure, mention
from .reasons import Reason

__all__ = ["Faster", "JsonFirst", "Tables", "drive", "feed_eof", "tables"]

# -- the same parse, driven here ------------------------------------------------------------
# Lark's interactive parser costs about 3 µs a token (a generator per layer, a Token built
# through keyword arguments, a line counter object), several times the regex match that reads
# the token. ``drive`` runs the same algorithm on Lark's own objects: the contextual lexer's
# per-state scanners and their terminal order, the LALR table, the tree builder's callbacks, and
# tokens with the positions Lark's lexer gives them; so a parse that succeeds yields the tree
# Lark builds (tests/core/test_parse_driver.py compares them on the corpus and on mutated replies).
# Two steps are Lark's written out, where the call would cost more than the work: a state whose
# terminals are all plain literals is read with ``str.startswith`` in the scanner's order
# (``_literals``), and the plain tree builder's nodes are built in the loop (``_reduction``).
# It also gives the first-token guard's mention verdict. Anything else (no token matches past
# the guard, a token the table does not expect, an ignored or call-backed terminal) is left to
# Lark from the start: errors are worded by Lark alone.


@dataclass(frozen=True)
class Tables:
    """A family parser's lexing and parsing tables, read once from the Lark object."""

    # parser state -> (its lexer, the lexer's compiled terminal patterns, terminals that are
    # ignored or have a callback, terminals that may hold a line break)
    lexers: dict[Any, tuple[Any, tuple[Any, ...], frozenset[str], frozenset[str]]]
    states: dict[Any, dict[str, tuple[Any, Any]]]
    start: Any
    end: Any
    callbacks: dict[Any, Any]
    # what ``drive`` reads per token, by parser state: (the first pattern's ``match``, the other
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
    # builder, so ``drive`` builds no Token for it
    kept: frozenset[str]


_NOT_SPACE = re.compile(r"\S")
"""``_NOT_SPACE.search(region, a, b)``: ``region[a:b].strip()`` is not empty (what re reads as
a non-space character is what ``str.strip`` keeps, code point for code point), without copying
a long token to say so."""


@cache
def tables(fam: Family) -> Tables | None:
    """The tables ``drive`` reads, or None when the parser is not the plain kind it replays
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
        else:  # Lark's patterns until the state is first lexed in: see Faster
            steps[state] = (Faster(steps, state, tuple(mres), terms, _json_body(scanner, mres[0])),
                            tuple(m.match for m in mres[1:]), terms, _literals(scanner, terms))
    return Tables(lexers, table.states, table.start_states[starts[0]],
                   table.end_states[starts[0]], callbacks, steps, actions, gotos, kept)


# A terminal as ``drive`` reads it in one parser state: its name, the parser's action on it,
# whether some tree keeps its token, whether it may hold a line break (Lark counts lines only in
# those).
_Term = tuple[str, tuple[Any, Any], bool, bool]


def _reduction(rule: Rule, callback: Any) -> tuple[int, str, Any, Any, Any]:
    """A reduction as ``drive`` runs it: (the rule's length, the name of the rule it reduces
    to, the tree's ``data``, the children kept, the callback). When the callback is Lark's plain
    tree builder (``partial(Tree, data)``), alone or behind ``ChildFilterLALR_NoPlaceholders``,
    ``drive`` builds that very Tree itself: ``data`` names it and the children kept are None
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


# -- a JSON body read by the JSON scanner -----------------------------------------------------
# A Hermes body is one token (``BODY: /\{(?:[^"<]++|"(?:[^"\\]++|\\[\s\S])*+"|<(?!...))*+/``):
# re reads a 200 KB one at about 5 ns a character, four times what json's C scanner takes to
# decode it, and ``calls`` decodes it again. Where such a terminal is the first alternative of a
# state's first pattern and the text there starts with "{", the token is read by the scanner
# ``strict_json`` uses (``JsonFirst``), and the value it decoded is kept for ``strict_json`` to
# hand out (``literals.keep_read``). The token is the one re reads: the pattern is a possessive
# loop whose alternative is decided by the next character (``"`` a string, ``<`` a tag test,
# any other a run), so it reads left to right without backtracking; on a valid JSON value it
# reads every string exactly as JSON does (to the first quote no backslash escapes) and meets
# no ``<`` outside a string (JSON has none there), so at the value's end it stands between
# iterations or inside a run, and reading on from there with the loop alone (the pattern less
# its ``\{``) ends where the whole pattern ends. A text the scanner refuses is read by re.

_JSON_BODY = (r'\{(?:[^"<]++|"(?:[^"\\]++|\\[\s\S])*+"|<(?!', r"))*+")


def _closed(look: str) -> bool:
    """``look`` is a group body of its own: its unescaped parentheses outside classes pair up,
    so the lookahead ``(?!look)`` ends where it is written to end."""
    depth, i, n = 0, 0, len(look)
    while i < n:
        c = look[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":  # a class: to its closing bracket (one first, or escaped, is a member)
            i += 2 if look.startswith("[^", i) else 1
            i += 1 if look.startswith("]", i) else 0
            while i < n and look[i] != "]":
                i += 2 if look[i] == "\\" else 1
            if i >= n:
                return False
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return False
        i += 1
    return depth == 0


def _json_body(scanner: Any, mre: Any) -> tuple[str, Any] | None:
    """(the terminal's name, its loop's ``match``) when the first alternative of the state's
    first pattern is a JSON body terminal of the shape above, written as Lark writes it."""
    if not isinstance(mre, re.Pattern) or mre.flags & ~(re.UNICODE | re.MULTILINE | re.DOTALL):
        return None
    names = sorted(mre.groupindex, key=mre.groupindex.__getitem__)
    term = next((t for t in scanner.terminals if names and t.name == names[0]), None)
    if term is None or term.pattern.type != "re" or term.pattern.flags:
        return None
    p = term.pattern.value
    head, tail = _JSON_BODY
    if (not isinstance(p, str) or not p.startswith(head) or not p.endswith(tail)
            or len(p) <= len(head) + len(tail) or not _closed(p[len(head) : -len(tail)])
            or not (mre.pattern == f"(?P<{term.name}>{p})"
                    or mre.pattern.startswith(f"(?P<{term.name}>{p})|"))):
        return None
    return term.name, re.compile(p[2:], mre.flags).match


class _Read:
    """What ``drive`` reads of a match (``lastgroup``, ``end()``, ``group()``), for a token
    ``JsonFirst`` read."""

    __slots__ = ("_end", "_value", "lastgroup")

    def __init__(self, name: str, value: str, end: int) -> None:
        self.lastgroup, self._value, self._end = name, value, end

    def end(self) -> int:
        return self._end

    def group(self) -> str:
        return self._value


class JsonFirst:
    """A state's first ``match`` whose first alternative is a JSON body terminal (see above):
    a body that starts at "{" read by the JSON scanner, anything else by ``regex``."""

    __slots__ = ("loop", "name", "regex")

    def __init__(self, regex: Any, name: str, loop: Any) -> None:
        self.regex, self.name, self.loop = regex, name, loop

    def __call__(self, region: str, pos: int, *endpos: int) -> Any:
        # with an end (siblings' first tokens) the value might run past it: re reads those
        if endpos or not region.startswith("{", pos):
            return self.regex(region, pos, *endpos)
        read = read_json_value(region, pos)
        if read is None:
            return self.regex(region, pos)
        value, at = read
        end = self.loop(region, at).end()
        token = region[pos:end]
        keep_read(token, value, at - pos)
        return _Read(self.name, token, end)


class Faster:
    """A state's first ``match`` until the state is first lexed in: then its step takes the
    ``faster`` patterns. Compiling a positive class costs re a few milliseconds (its compiler
    walks every BMP code point in the set), so only the states a process reaches pay it, once.
    ``json``: the state's ``_json_body``, whose first ``match`` is then a ``JsonFirst``."""

    __slots__ = ("json", "mres", "state", "steps", "terms")

    def __init__(self, steps: dict[Any, Any], state: Any, mres: tuple[Any, ...],
                 terms: dict[str, _Term], json: tuple[str, Any] | None = None) -> None:
        self.steps, self.state, self.mres, self.terms = steps, state, mres, terms
        self.json = json

    def __call__(self, region: str, pos: int, *endpos: int) -> Any:
        return self.resolve()(region, pos, *endpos)

    def resolve(self) -> Any:
        """Put the ``faster`` patterns in the state's step now; their first ``match``."""
        fast = tuple(faster(m) for m in self.mres)
        first = fast[0].match if self.json is None else JsonFirst(fast[0].match, *self.json)
        self.steps[self.state] = (first, tuple(m.match for m in fast[1:]),
                                  self.terms, self.steps[self.state][3])
        return first


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


_new_str = str.__new__

_LONG_TOKEN = 4096
_FEW_NEWLINES = 64


def _newlines(value: str) -> int:
    """``value.count("\n")``, each found by memchr while there are few (a long JSON body holds
    one or two, and ``count`` reads every character at a fraction of memchr's speed)."""
    n, i = 0, value.find("\n")
    while i != -1:
        n += 1
        if n > _FEW_NEWLINES:
            return n + value.count("\n", i + 1)
        i = value.find("\n", i + 1)
    return n
_new_obj = object.__new__


def drive(text: str, cand: Candidate, region: str, t: Tables,  # noqa: PLR0915 - one loop:
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
        if guard and (tokens >= GUARD_TOKENS
                      or (pos > lit_end and _NOT_SPACE.search(region, lit_end, pos))):
            guard = False
        match, more, terms, literals = steps[state]
        if literals is not None:
            for value, size, term in literals:  # noqa: B007 - the one matched, after break
                if startswith(value, pos):
                    break
            else:
                found = mention(cand, region, t.lexers[state][0], pos) if guard else None
                return None if found is None else (found, tokens)
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
                    found = mention(cand, region, t.lexers[state][0], pos) if guard else None
                    return None if found is None else (found, tokens)
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
                newlines = value.count("\n") if len(value) < _LONG_TOKEN else _newlines(value)
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
    tree = feed_eof(t, state_stack, value_stack) if tokens else None
    return None if tree is None else (tree, tokens)


def feed_eof(t: Tables, state_stack: list[Any], value_stack: list[Any]) -> Tree[Token] | None:
    """``feed_eof``: reduce to the end state; None where Lark would raise."""
    actions = t.actions
    while True:
        action = actions[state_stack[-1]].get("$END")
        if action is None or action[0] is Shift:
            return None
        size, origin, data, include, callback = action[1]
        if data is None:  # a callback of another kind: Lark's own
            node = callback(value_stack[-size:] if size else [])
        else:  # Lark's tree builder, inline as in drive (see _reduction)
            node = _built(value_stack, size, data, include)
        if size:
            del state_stack[-size:]
            del value_stack[-size:]
        value_stack.append(node)
        state_stack.append(actions[state_stack[-1]][origin][1])
        if state_stack[-1] == t.end:
            tree: Tree[Token] = value_stack[-1]
            return tree


def _built(value_stack: list[Any], size: int, data: str, include: Any) -> Tree[Token]:
    """The node Lark's plain tree builder makes of the top ``size`` values (``drive``'s inline
    reduction, for the few reductions at the end of the input)."""
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
    node: Tree[Token] = _new_obj(Tree)  # Tree.__init__, attribute by attribute
    node.data, node.children, node._meta = data, children, None
    return node
