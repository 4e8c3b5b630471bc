"""A query language's text read whole: the one reading of the statements a call's SQL
carries ([statement-lead] in kinds.txt). A text is read-only only in a closed form: every
statement (``;`` apart, outside literals) opens with a reading word (``SELECT``, ``WITH``,
``SHOW``, ``EXPLAIN``...), no subquery opens with a changing word (``WITH d AS (DELETE...``)
and no comment can hide a word (``DELETE/**/FROM``). A statement that opens with a changing
word takes that word's kind, whatever follows it (``DELETE TOP (100) FROM``, ``UPDATE users
u SET``, ``DROP USER``); one whose opening word the table does not place runs something
(``run``): what the reading cannot place is not grounded by a look."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from .kindsfile import _kinds_file

_LITERAL = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|`[^`]*`|\$\$.*?\$\$", re.DOTALL)
"""A string literal or a quoted name: its words are no statement's words."""
_COMMENT = re.compile(r"--|/\*|\*/")
"""A comment's marks: a comment may hide a word between a statement's words."""
_WORD = re.compile(r"[A-Za-z_]+")
_READ = frozenset({"read", "procedure"})
"""Opening words that change nothing of their own: a reading one, and a procedure's call,
whose step its name says (``kinds.function_kinds``: ``EXEC sp_get_orders`` reads)."""
_SUBQUERY = re.compile(r"\(\s*([A-Za-z_]+)")
"""The first word of a parenthesised part (a subquery, a ``WITH`` part)."""


@cache
def _leads(lines: tuple[str, ...]) -> dict[str, str]:
    """[statement-lead] in kinds.txt: a statement's first word -> the kind of its step."""
    out = {}
    for line in lines:
        word, _, kind = line.partition("=")
        out[word.strip().casefold()] = kind.strip()
    return out


def is_query(tool: list[str], key: list[str], sql: frozenset[str],
             command: frozenset[str]) -> bool:
    """A value is a query's text to read whole: its key's words say so (``sql``), or it is
    under a command key (``query``) of a tool whose name's words do (``query_database``)."""
    return bool(sql.intersection(key) or (sql.intersection(tool) and command.intersection(key)))


def query_kinds(text: str, table: tuple[str, ...]) -> frozenset[str]:
    """The kinds of the steps a query's text takes, read whole (see the module) by the lines
    of [statement-lead]: empty for a closed read-only form, and for a text whose first word
    opens no statement (no query)."""
    bare = _LITERAL.sub("''", text[:20_000])
    leads = _leads(table)
    first = _WORD.search(bare)
    if first is None or first.group().casefold() not in leads:
        return frozenset()
    out: set[str] = set()
    if _COMMENT.search(bare):
        out.add("run")
    for statement in bare.split(";"):
        m = _WORD.search(statement)
        if m is None:
            continue
        out.add(leads.get(m.group().casefold(), "run"))
        out.update(leads.get(w.casefold(), "run") for w in _SUBQUERY.findall(statement)
                   if leads.get(w.casefold(), "read") not in _READ)
    return frozenset(out - _READ)


@cache
def _statements() -> list[tuple[re.Pattern[str], str]]:
    """[statement] in kinds.txt: statements of query languages and stores, as patterns."""
    out = []
    for line in _kinds_file().get("statement", ()):
        phrase, _, kind = line.rpartition("=")
        words = [r"[\w.\"`\[\]]+" if w == "*" else re.escape(w) for w in phrase.split()]
        out.append((re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])",
                               re.IGNORECASE), kind.strip()))
    return out


@cache
def _any_statement() -> re.Pattern[str]:
    """The words of every [statement] entry up to its first ``*``, as written: a string with
    none of them holds no statement (most strings), found in one search of literals ("to
    program" is no match inside "Boston, MA", where its first word alone was, and every
    statement pattern then searched the whole value)."""
    heads = set()
    for line in _kinds_file().get("statement", ()):
        words = line.rpartition("=")[0].split()
        lead = list(words[: words.index("*")] if "*" in words else words)
        if words and not lead:
            return re.compile("")  # an entry that opens with any word: every string is read
        if lead:
            heads.add(r"\s+".join(re.escape(w.casefold()) for w in lead))
    return re.compile("|".join(sorted(heads, key=len, reverse=True)) or r"(?!x)x")


def statement_kinds(value: str) -> frozenset[str]:
    """The kinds of the statements a string holds ([statement] in kinds.txt)."""
    if len(value) > 20_000:
        value = value[:20_000]
    return _statement_kinds(value)


@lru_cache(maxsize=32)
def _statement_kinds(value: str) -> frozenset[str]:
    """``statement_kinds`` of at most 20,000 characters, kept for the last values asked: the
    grounding checks ask it of the same argument several times per reply (a 2 KB value costs
    a casefold and a search of every statement lead)."""
    if _any_statement().search(value.casefold()) is None:
        return frozenset()
    return frozenset(kind for pattern, kind in _statements() if pattern.search(value))
