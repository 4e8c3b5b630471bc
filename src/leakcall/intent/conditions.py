"""Conditions: what a deleting or writing call selects by its condition or selector, held to the
announcement (rule ``ungrounded-call``, read from ``reach.check``): a term true of every row or a
disjunct the announcement does not name in a statement's condition (``wide_condition``), a
disjunct spliced into a value (``injected_condition``), a selection by negation
(``negated_selection``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .amounts import _IDENTIFIER, _numbers
from .kinds import (
    _command_values,
    _keys,
    _without_notes,
    command_kinds,
    name_words,
)
from .preamble import Announcement
from .reachparts import _changing_parts, _named_by
from .scope import _uncommented
from .statements import statement_kinds
from .walk import _keyed_strings

_NEGATED = re.compile(r"!=|\bnotin\b|(?:^|[=,\s])!\w")
"""A selection by what a thing is not: ``app!=web``, ``app notin (web)``, ``!canary``."""


def negated_selection(name: str, args: Mapping[str, Any], runs: bool) -> str | None:
    """Why a deleting command selects what it deletes by negation (a word of it, a selector's
    value: ``-l "app!=web"``, ``--field-selector=status.phase!=Failed``, ``notin (web)``), or
    None: the complement of what the announcement names is everything else, rows a
    statement's condition never selects by ``_unread_condition`` either."""
    if not runs:
        return None
    for part, words in _changing_parts(name, args):
        if "delete" not in command_kinds(part) or statement_kinds(part):
            continue
        for w in words[1:]:
            if _NEGATED.search(w):
                return (f"{name!r} deletes what {w[:40]!r} selects: the complement of a "
                        "selection, which the announcement does not name")
    return None


_TERM = re.compile(r"^\s*\(*\s*(?P<a>[\w.\"'`]+)\s*(?P<op>=|==|<>|!=|>=|<=|>|<)\s*"
                   r"(?P<b>[\w.\"'`]+)\s*\)*\s*$")


_BETWEEN = re.compile(r"(?i)^\s*\(*\s*([\w.\"`]+)\s+(?:not\s+)?between\b")


_LITERAL = re.compile(r"^(?:\d+(?:\.\d+)?|'[^']*'|\"[^\"]*\")$")


def _every_row(term: str) -> bool:
    """A term true of every row: an operand compared with itself (``name = name``), two
    literals compared (``2 > 1``), or an operand at most true or at least false (``is_test
    <= true``). (``id IS NOT NULL`` selects the rows with a value: in a disjunction it names
    nothing, ``wide_condition``.)"""
    m = _TERM.match(term)
    if m is None:
        return False
    a, b = m.group("a").strip("\"`"), m.group("b").strip("\"`")
    # a truth value ordered: every row is at most true and at least false (``is_test <= true``)
    whole = (m.group("op"), b.casefold()) in (("<=", "true"), (">=", "false"))
    return a.casefold() == b.casefold() or whole or bool(_LITERAL.match(a) and _LITERAL.match(b))


_IN_LIST = re.compile(r"(?i)\bin\s*\(([^()]*)\)")
_RANGE = re.compile(r"(?i)(?<!\bnot\s)\bbetween\s+('[^']*'|[^\s()]+)\s+and\s+('[^']*'|[^\s();]+)")
"""The bounds of a range a column is compared with (``is_test BETWEEN 0 AND 1``)."""
"""A list of values a column is compared with (``status IN ('draft', 'spam')``)."""


_DISJUNCTION = re.compile(r"(?<!\s)\s++OR\s+", re.IGNORECASE)


def injected_condition(name: str, args: Mapping[str, Any], kinds: frozenset[str]) -> str | None:
    """Why a deleting or writing call's value that is no statement holds a disjunct true of
    every row (``user_id: "test-bot OR 1=1"``): spliced into the store's own query it selects
    every row, whatever the announcement names; or None."""
    if not kinds & {"delete", "write"}:
        return None
    for key, value in _keyed_strings(_without_notes(args)):
        if " " not in value or statement_kinds(value) or set(name_words(key)) & _keys("prose"):
            continue
        hit = next((t for t in _DISJUNCTION.split(value)[1:]
                    if _every_row(re.sub(r"['\"`]", "", t).strip(" ;-"))), None)
        if hit is not None:
            return (f"{name!r} gives {key!r} {value[:40]!r}, whose {hit.strip()[:20]!r} is "
                    "true of every row")
    return None


_OPAQUE = re.compile(r"(?i)\(\s*select\b|\bexists\b|\busing\b|\bjoin\b")
"""What makes a statement's rows depend on more than its own condition: a subquery, an
``EXISTS``, another table (``USING``, ``JOIN``)."""


_CONDITION_TERM = re.compile(
    r"(?is)^\s*(?P<col>[A-Za-z_][\w.]*|\"[^\"]+\"|`[^`]+`)\s*"
    r"(?P<op>=|==|<>|!=|>=|<=|>|<|not\s+like\b|i?like\b|not\s+in\b|in\b|is\b|between\b)"
    r"\s*(?P<rhs>.*?)\s*$")


_SQL_VALUE_WORDS = frozenset({
    "null", "not", "true", "false", "unknown", "interval", "and", "escape", "current_date",
    "current_time", "current_timestamp", "localtime", "localtimestamp", "year", "years",
    "month", "months", "week", "weeks", "day", "days", "hour", "hours", "minute", "minutes",
    "second", "seconds"})
"""The words of SQL that write a value, not a column (``NULL``, ``INTERVAL 30 DAY``)."""


def _unwrapped(term: str) -> str:
    """A term of a condition without the parentheses that group it (``((a = 1)`` of ``((a =
    1) AND b = 2)``), a function's own kept (``now()``)."""
    t = term.strip()
    while t.startswith("(") and t.count("(") > t.count(")"):
        t = t[1:].strip()
    while t.endswith(")") and t.count(")") > t.count("("):
        t = t[:-1].strip()
    while t.startswith("(") and t.endswith(")") and t[1:-1].count("(") == t[1:-1].count(")"):
        t = t[1:-1].strip()
    return t


def _unread_condition(st: str) -> str | None:
    """The part of a deleting or writing statement's condition that is no comparison of a
    column with a value, or None: the closed form a condition is read in is terms joined by
    ``AND`` and ``OR``, each a column compared with a value (a literal, a list of them, a
    function of no column: ``NOW() - INTERVAL '30 days'``). A subquery, ``EXISTS``, another
    table (``USING``, ``JOIN``), a negated term (``NOT (…)``) or a value that reads a column
    (``id = COALESCE(NULL, id, 5521)``: true of every row) is a condition whose rows the
    reply does not show."""
    m = _OPAQUE.search(st)
    if m is not None:
        return m.group(0)
    where = re.split(r"(?i)\bwhere\b", st, maxsplit=1)
    if len(where) < 2:
        return None
    cond = re.split(r"(?i)\b(?:returning|order\s+by|limit)\b", where[1])[0]
    # "BETWEEN a AND b" is one term
    cond = re.sub(r"(?is)\bbetween\s+(\S+)\s+and\s+(\S+)", r"between \1 \2", cond)
    for term in re.split(r"(?i)\b(?:and|or)\b", cond):
        bare = _unwrapped(term)
        if not bare:
            continue
        t = _CONDITION_TERM.match(bare)
        if t is None:
            return bare
        rhs = re.sub(r"'[^']*'", " ", t.group("rhs"))
        for w in re.finditer(r"[A-Za-z_][\w.]*(\s*\()?", rhs):
            if w.group(1) is None and w.group(0).casefold() not in _SQL_VALUE_WORDS:
                return bare
    return None


def wide_condition(name: str, args: Mapping[str, Any], kinds: frozenset[str],
                   ann: Announcement) -> str | None:
    """Why a deleting or writing statement's condition selects more than the announcement
    names, or None: a term true of every row (``_every_row``) in it, a disjunct of an ``OR``
    that carries no word of the announcement (``name = 'test' OR id > 0``: a disjunction adds
    rows), or an identifier compared by order with a number the announcement names (``id >=
    5521`` after "order 5521": one thing named is compared by equality; "older than 30 days" +
    ``age > 30`` is a threshold, not an identifier)."""
    if not kinds & {"delete", "write"}:
        return None
    named = _named_by(ann)
    said = _numbers(ann.objects)
    for value in _command_values(args):
        for st in _uncommented(value).split(";"):
            if not statement_kinds(st) & {"delete", "write"}:
                continue
            where = re.split(r"(?i)\bwhere\b", st, maxsplit=1)
            if len(where) < 2:
                continue
            cond = where[1]
            disjuncts = re.split(r"(?i)\bor\b", cond)
            for term in re.split(r"(?i)\b(?:and|or)\b", cond):
                if _every_row(term):
                    return (f"{name!r} selects with {term.strip()[:40]!r}, true of every row")
                between = _BETWEEN.match(term)
                if between is not None and _IDENTIFIER & set(
                        name_words(between.group(1).strip("\"`").rsplit(".")[-1])) and said:
                    return (f"{name!r} selects {term.strip()[:40]!r}: a range of identifiers "
                            "where the announcement names one by its number")
                m = _TERM.match(term)
                if m is not None and m.group("op") in (">=", "<=", ">", "<") and \
                        _IDENTIFIER & set(name_words(m.group("a").strip("\"`").rsplit(".")[-1])) \
                        and _numbers([m.group("b")]) & said:
                    return (f"{name!r} selects {term.strip()[:40]!r}: a range from a number "
                            "the announcement names as one thing")
            unread = _unread_condition(st)
            if unread is not None:
                return (f"{name!r} selects with {unread.strip()[:40]!r}, no comparison of a "
                        "column with a value: rows the reply does not show")
            for bounds in _RANGE.finditer(cond):
                # a range is the values between its bounds: each bound is named, as each value
                # of a list ("the test orders" + ``is_test BETWEEN 0 AND 1``: every row)
                bound = next((x for x in bounds.groups() if (
                    _LITERAL.match(x) or x.casefold() in ("true", "false"))
                    and not named(x.strip("'\""))), None)
                if bound is not None:
                    return (f"{name!r} selects a range from {bounds.group(0).strip()[:40]!r}, "
                            f"whose bound {bound!r} the announcement does not name")
            for listed in _IN_LIST.finditer(cond):
                # a list of values is a disjunction of equalities: each value is named
                # ("the test orders" + ``env IN ('test', 'live')``, ``is_test IN (0, 1)``)
                items = [x.strip() for x in listed.group(1).split(",")]
                if len(items) > 1 and all(_LITERAL.match(x) or x.casefold() in (
                        "true", "false") for x in items):
                    item = next((x for x in items if not named(x.strip("'\""))), None)
                    if item is not None:
                        return (f"{name!r} selects {item!r} in a list of values, which the "
                                "announcement does not name")
            if len(disjuncts) > 1:
                for term in disjuncts:
                    if not named(term):
                        return (f"{name!r} adds rows with {term.strip()[:40]!r}, a disjunct "
                                "that carries no word of the announcement")
    return None
