"""Regexes over a text that may still grow: could a pattern match there once more text comes?

``Partial(pattern, flags)`` compiles two regexes from a pattern's syntax tree (``re._parser``):

- ``within``: matches wherever the pattern could match on *some* continuation of the text, with
  every test that looks past the end of the text read as passing: a lookahead ``(?=Y)`` passes
  when ``Y`` matches or the rest of the text is a beginning of a ``Y`` match; ``\\b`` and ``\\B``
  pass at the end. Used with ``fullmatch(text, pos, end)``: "a match could span exactly
  ``text[pos:end]``" (``endpos`` hides what follows ``end``, so tests there pass too);
- ``prefix``: matches, from a position to the end of the text, what is the beginning of some
  match of the pattern (``fullmatch(text, pos)``: "a match could start at ``pos`` and run on past
  the end").

Both are over-approximations, never under: a ``False`` is certain, a ``True`` may be wrong.
Relaxed to that end: lazy quantifiers (read as greedy: the same strings), a possessive or atomic
group whose body holds a test (read as greedy and plain; one without reads the same whatever
follows the text, and is kept: greedy, it would backtrack exponentially where its body nests
another repeat), a negative lookahead whose body holds a test (dropped; one without keeps its
meaning: its match inside the known text is final); and, in ``prefix``, the repeat whose last
turn the end of the text cuts (greedy: a shorter turn may be the one that goes on). Lookbehinds
read only the known text and are kept as written. A pattern with a backreference is
``Unsupported``.
"""

from __future__ import annotations

import re
from re import _constants as _c
from re import _parser as _p
from typing import Any

__all__ = ["Partial", "Unsupported"]


class Unsupported(ValueError):
    """A construct the rewrite does not read (a backreference, a conditional group)."""


_CATEGORY = {
    _c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W",
}
_AT = {
    _c.AT_BEGINNING: "^", _c.AT_BEGINNING_STRING: r"\A", _c.AT_END: "$",
    _c.AT_END_STRING: r"\Z", _c.AT_BOUNDARY: r"\b", _c.AT_NON_BOUNDARY: r"\B",
}
_FLAG_LETTERS = ((re.IGNORECASE, "i"), (re.MULTILINE, "m"), (re.DOTALL, "s"), (re.ASCII, "a"))
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)


def _char(c: int) -> str:
    return re.escape(chr(c))


def _class(items: Any) -> str:
    out = []
    for op, av in items:
        if op is _c.NEGATE:
            out.append("^")
        elif op is _c.LITERAL:
            out.append(_char(av))
        elif op is _c.RANGE:
            out.append(_char(av[0]) + "-" + _char(av[1]))
        elif op is _c.CATEGORY and av in _CATEGORY:
            out.append(_CATEGORY[av])
        else:
            raise Unsupported(f"class item {op} {av}")
    return "[" + "".join(out) + "]"


def _flags(add: int, remove: int) -> str:
    on = "".join(ch for f, ch in _FLAG_LETTERS if add & f)
    off = "".join(ch for f, ch in _FLAG_LETTERS if remove & f)
    return on + ("-" + off if off else "")


def _repeat(lo: int, hi: int) -> str:
    if hi == _c.MAXREPEAT:
        return "*" if lo == 0 else "+" if lo == 1 else f"{{{lo},}}"
    return f"{{{lo},{hi}}}"


def _pure(items: Any) -> bool:
    """No test inside (lookaround, anchor, boundary) and no backreference."""
    for op, av in items:
        if op in (_c.ASSERT, _c.ASSERT_NOT, _c.AT, _c.GROUPREF, _c.GROUPREF_EXISTS):
            return False
        if op is _c.BRANCH and not all(_pure(b) for b in av[1]):
            return False
        if op is _c.SUBPATTERN and not _pure(av[3]):
            return False
        if op in _REPEATS and not _pure(av[2]):
            return False
        if op is _c.ATOMIC_GROUP and not _pure(av):
            return False
    return True


class _Writer:
    """The three renderings of a parsed pattern: ``exact`` (its own meaning, groups made
    non-capturing), ``within`` and ``prefix`` (module docstring)."""

    def exact(self, items: Any) -> str:
        return "".join(self._one(op, av, "exact") for op, av in items)

    def within(self, items: Any) -> str:
        return "".join(self._one(op, av, "within") for op, av in items)

    def prefix(self, items: Any) -> str:
        """A beginning of a ``within`` match of the sequence: the beginning of its first item,
        or its first item whole and a beginning of the rest (built from the end)."""
        items = list(items)
        if not items:
            return ""
        acc = self._prefix_one(*items[-1])
        for op, av in reversed(items[:-1]):
            acc = f"(?:{self._one(op, av, 'within')}{acc}|{self._prefix_one(op, av)})"
        return acc

    def _lookahead(self, body: Any) -> str:
        """``(?=Y)`` read on a text that may grow: Y matches, or the rest is a beginning of Y."""
        return f"(?=(?:{self.within(body)})|(?:{self.prefix(body)})\\Z)"

    def _one(self, op: Any, av: Any, mode: str) -> str:
        if op is _c.LITERAL:
            return _char(av)
        if op is _c.NOT_LITERAL:
            return "[^" + _char(av) + "]"
        if op is _c.ANY:
            return "."
        if op is _c.IN:
            return _class(av)
        if op is _c.BRANCH:
            return "(?:" + "|".join(self._seq(b, mode) for b in av[1]) + ")"
        if op is _c.SUBPATTERN:
            _group, add, remove, body = av
            flags = _flags(add, remove)
            return f"(?{flags}:{self._seq(body, mode)})"
        if op in _REPEATS:
            lo, hi, body = av
            suffix = ""
            if op is _c.POSSESSIVE_REPEAT and (mode == "exact" or _pure(body)):
                suffix = "+"  # a pure body reads the same up to the end of the text: kept
            elif op is _c.MIN_REPEAT and mode == "exact":
                suffix = "?"
            return f"(?:{self._seq(body, mode)}){_repeat(lo, hi)}{suffix}"
        if op is _c.ATOMIC_GROUP:
            if mode == "exact" or _pure(av):
                return f"(?>{self.exact(av)})"
            return f"(?:{self._seq(av, mode)})"
        if op is _c.ASSERT:
            direction, body = av
            if direction < 0 or mode == "exact":
                return f"(?{'<' if direction < 0 else ''}={self.exact(body)})"
            return self._lookahead(body)
        if op is _c.ASSERT_NOT:
            direction, body = av
            if direction < 0 or mode == "exact" or _pure(body):
                return f"(?{'<' if direction < 0 else ''}!{self.exact(body)})"
            return ""  # it might pass on some continuation: read as passing
        if op is _c.AT:
            if av not in _AT:
                raise Unsupported(f"anchor {av}")
            if mode != "exact" and av in (_c.AT_BOUNDARY, _c.AT_NON_BOUNDARY):
                return f"(?:{_AT[av]}|\\Z)"
            return _AT[av]
        raise Unsupported(f"{op}")

    def _seq(self, items: Any, mode: str) -> str:
        return self.exact(items) if mode == "exact" else self.within(items)

    def _prefix_one(self, op: Any, av: Any) -> str:
        if op in (_c.LITERAL, _c.NOT_LITERAL, _c.ANY, _c.IN):
            return f"(?:{self._one(op, av, 'within')})?"
        if op is _c.BRANCH:
            return "(?:" + "|".join(self.prefix(b) for b in av[1]) + ")"
        if op is _c.SUBPATTERN:
            _group, add, remove, body = av
            return f"(?{_flags(add, remove)}:{self.prefix(body)})"
        if op in _REPEATS:
            _lo, hi, body = av
            if hi == 0:
                return ""
            return f"(?:{self.within(body)})*(?:{self.prefix(body)})"
        if op is _c.ATOMIC_GROUP:
            return self.prefix(av)
        # zero-width: a test at the point where the text so far ends
        return self._one(op, av, "within")


class Partial:
    """A pattern read on a text that may still grow (module docstring)."""

    __slots__ = ("pattern", "prefix", "within")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        parsed = _p.parse(pattern, flags)
        flags = (flags | parsed.state.flags) & ~re.VERBOSE
        w = _Writer()
        self.pattern = pattern
        self.within = re.compile(w.within(parsed), flags)
        self.prefix = re.compile(w.prefix(parsed), flags)

    def could_span(self, text: str, pos: int, end: int) -> bool:
        """Could a match span exactly ``text[pos:end]``, whatever follows ``end``?"""
        return self.within.fullmatch(text, pos, end) is not None

    def could_run_on(self, text: str, pos: int) -> bool:
        """Could a match start at ``pos`` and reach the end of ``text`` (or run past it)?"""
        return self.prefix.fullmatch(text, pos) is not None
