"""The scanner patterns the ``lalr`` driver matches with, written the way ``re`` runs fastest:
``positive_classes`` (and ``faster``, a compiled pattern recompiled so)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

__all__ = ["faster", "positive_classes"]


# -- the same scanner patterns, written the way re runs fastest --------------------------------
# Python's re tests a negated class of several characters (``[^"\\]``) one alternative at a time:
# about 5 ns a character on a 2 KB JSON string, against 1.7 ns for the very same set written as
# positive ranges (measured with timeit on Python 3.11), and a Hermes body is one such run. So
# each scanner pattern ``drive`` matches with is compiled again (when its state is first lexed
# in: ``Faster``) with every negated class of two or more characters written as the ranges of
# its complement over all code points. A class
# stands only for its set of characters (membership is all re asks of it when no flag changes
# it), so the rewritten pattern matches exactly what the original matches, at every position,
# with the same groups. Only classes written with plain characters, the escapes ``_ESCAPED``,
# ``\x``/``\u``/``\U`` and escaped ASCII punctuation are rewritten; a class with a category
# (``\s``), a pattern with an inline flag or comment, or a case-insensitive or verbose one is
# kept as Lark compiled it. ``[^"]`` (one character) is kept too: re has a fast opcode for it.
# tests/core/test_parse_patterns.py holds the rewrite to re itself over every code point.

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
def faster(mre: Any) -> Any:
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


