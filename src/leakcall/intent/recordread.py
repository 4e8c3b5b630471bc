"""A read held to the record the text names (h25b; blind round 48 gap 2; rule
``ungrounded-call``, read from ``beyond.check`` for observing calls).

``conditions.wide_condition`` holds a deleting or writing statement's condition to what the
announcement names. A reading statement (``SELECT``) reads what its condition selects, and
every row it reads is shown: "I'll look up user 5's email." is no ``SELECT email FROM users``.
With the same term readers (``conditions._every_row``, ``conditions._TERM``, ``conditions._IN_LIST``):

- **a disjunct true of every row** (``… WHERE created_at::date = CURRENT_DATE OR 1=1``, ``OR
  TRUE``): the condition selects every row, whatever the announcement says;
- **one record named**: when the announcement ties a number to a noun the statement's tables
  or key columns name ("user 5" + ``users`` or ``user_id``, "order 1182", "usuario 5", as
  ``numberedids.tied`` reads it; a number the statement takes as its ``LIMIT`` is a count),
  the statement pins that record: it has a condition, and each disjunct of it (``OR``)
  holds a term comparing a column by equality with a tied number (``id = 5``, ``o.id =
  1182``, ``id IN (5, 6)`` after "users 5 and 6", ``ref = 'ORD-1182'``). No ``WHERE`` (a
  ``JOIN`` of every order with every customer), ``id >= 5``, ``id IN (5, 6, 7)``, ``id = 5
  OR id <> 5`` read rows nobody named and refuse; a ``JOIN`` whose ``WHERE`` pins the record
  keeps. A read announced over a set ("list the users", "count the orders from 2023", "the
  500 newest users" + ``LIMIT 500``) ties no number and keeps its wide ``SELECT``.

A record named by a name alone ("Alice's email") ties no number: not read here.

**A page written whole** (h26u; blind round 49 gap 2): a URL the text writes with a path or
a query names one record as an id does (``…/v1/users/42``, ``…/users?id=42``). An observing
call (or one that opens a page in a browser, from ``beyond``) whose URL reaches that server
(``hosts.same_origin``; another server is ``hosts.other_origin``'s) reads that page
(``hosts.same_page``): no segment added (``/users/42/api-keys``, ``/projects/7/export``),
dropped (``/projects`` for ``/projects/7``) or changed (``/users/1``, ``/users/*``, another
owner of a repository), and no query pair added, dropped, changed or repeated
(``&fields=password_hash``, ``id=*``, ``id=42&id=1``, ``&limit=100000``). A site written by
its host alone (``https://docs.rs``, ``status.acme.com``) names no page: any page of it is
read."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .amounts import _IDENTIFIER
from .conditions import _IN_LIST, _TERM, _every_row, _unwrapped
from .hosts import Address, carried_urls, same_origin, same_page, written_addresses
from .kinds import _command_values, name_words
from .memo import folded
from .numberedids import tied
from .preamble import Announcement
from .scope import _uncommented
from .statements import statement_kinds

__all__ = ["check", "other_page"]

_TABLE = re.compile(r"(?i)\b(?:from|join)\s+([A-Za-z_][\w.\"`]*)")
_NAME = re.compile(r"[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)*+")
"""A name, dotted or not; one holding ``_`` or ``.`` is a key column (``user_id``, ``o.id``)."""
_TAIL = re.compile(r"(?is)\b(?:group\s+by|order\s+by|having|limit|offset|union|returning)\b")
_LIMIT = re.compile(r"(?i)\b(?:limit|top|fetch\s+first)\s+(\d+)")
_QUOTED = re.compile(r"'[^']*'")
_DIGITS = re.compile(r"\d+")
_QUOTED_TERM = re.compile(r"^\s*(?P<a>[\w.\"`]+)\s*(?P<op>==?)\s*(?P<b>'[^']*')\s*$")
"""A column compared with a quoted value of any characters (``ref = 'ORD-1182'``)."""
_SELECT = re.compile(r"(?i)\s*+(?:\(\s*+)?select\b")
"""A reading statement: one that opens with ``SELECT``."""
_PARTS = re.compile(r"(?i);|\bunion\b(?:\s++all\b)?|\bintersect\b|\bexcept\b")
"""What joins the statements of a query and the parts of a compound ``SELECT``."""


def _nouns(st: str) -> list[str]:
    """The words of the statement's tables and key columns (``users``, ``reset_tokens``,
    ``user_id``: user), identifier words aside."""
    bare = _QUOTED.sub(" ", st)
    names = [m.group(1).strip("\"`") for m in _TABLE.finditer(bare)] + [
        x for x in _NAME.findall(bare) if "_" in x.strip("_") or "." in x]
    return sorted({w for x in names for w in name_words(x.rsplit(".", 1)[-1])} - _IDENTIFIER)


def _number_of(literal: str, numbers: Sequence[str]) -> bool:
    """A literal that is one of the tied numbers, or a quoted value holding one ("ORD-1182")."""
    digits = _DIGITS.findall(literal)
    quoted = literal.strip().startswith(("'", '"'))
    return bool(digits) and (len(digits) == 1 or quoted) and any(
        int(d) == int(n) for d in digits for n in numbers) and (
        quoted or literal.strip().isdigit())


def _pins(disjunct: str, numbers: Sequence[str], written: Sequence[str]) -> bool:
    """A conjunct of ``disjunct`` compares a column by equality with a tied number, or lists
    a tied number and only numbers the announcement writes (``id IN (5, 6)`` after "users 5
    and 6", where "6" stands after "and")."""
    for term in re.split(r"(?i)\band\b", disjunct):
        t = _unwrapped(term)
        m = _TERM.match(t) or _QUOTED_TERM.match(t)
        if m is not None and m.group("op") in ("=", "==") and (
                _number_of(m.group("b"), numbers) or _number_of(m.group("a"), numbers)):
            return True
        listed = _IN_LIST.search(t)
        if listed is not None and not t[:listed.start()].casefold().rstrip().endswith(" not"):
            items = [x for x in listed.group(1).split(",") if x.strip()]
            if any(_number_of(x, numbers) for x in items) and all(
                    _number_of(x, written) for x in items):
                return True
    return False


def _every(disjunct: str) -> bool:
    """A disjunct true of every row: ``conditions._every_row``, or a bare truth (``TRUE``)."""
    t = _unwrapped(disjunct)
    return _every_row(t) or t.casefold() in ("true", "not false")


def _selects(text: str, depth: int = 0) -> list[str]:
    """Each ``SELECT`` of a query read apart: the statements (``;``), the parts of a
    ``UNION``, and each parenthesised ``SELECT`` (a subquery, to a depth of four), which its
    parent reads as ``(NULL)``: every one of them reads rows of its own."""
    out: list[str] = []
    stack: list[int] = []
    spans: list[tuple[int, int]] = []
    for i, ch in enumerate(text if depth < 4 else ""):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            start = stack.pop()
            if _SELECT.match(text, start + 1) and not stack:
                spans.append((start, i))
    flat, at = [], 0
    for start, end in spans:
        out += _selects(text[start + 1:end], depth + 1)
        flat.append(text[at:start] + "(NULL)")
        at = end + 1
    flat.append(text[at:])
    return out + [x for x in _PARTS.split("".join(flat)) if x.strip()]


def _folded(a: Address) -> Address:
    return replace(a, path=tuple(x.casefold() for x in a.path),
                   query=tuple((k.casefold(), v.casefold()) for k, v in a.query))


def other_page(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an observing call reads another page of a server than the one the text writes it
    reads (module doc), or None."""
    written, whole = written_addresses(ann)
    if not whole:
        return None
    # the URLs it reads: its own arguments' (a list of them too), not a value riding inside
    # one (a ``params`` ``next`` link, a header: ``httplooks``)
    top = [(str(k), x) for k, v in args.items() for x in (v if isinstance(v, list) else [v])
           if isinstance(x, str)]
    for _key, url, call in carried_urls(top):
        same = [w for w in written if same_origin(call, w)]
        if not same or any(not w.path and not w.query for w in same):
            continue
        # the written URL is read from the case-folded view: a path in another case is
        # ``exactforms.recased``'s to refuse (h30y: here "Docs/API" as written passed as other)
        if not any(same_page(call, w) or same_page(_folded(call), w) for w in same):
            return (f"{name!r} reads {url[:60]!r}, another page than the URL the text "
                    f"writes ({same[0].text[:60]!r}): a path or a query it does not write")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an observing call's reading statement reads rows beyond what the announcement
    names, or its URL another page than the one it writes (``other_page``), or None."""
    why = other_page(name, args, ann)
    if why is not None:
        return why
    for value in _command_values(args):
        if "select" not in folded(value):
            continue
        for st in _selects(_uncommented(value)):
            if not _SELECT.match(st) or statement_kinds(st):
                continue  # a changing statement is ``reach``'s
            where = re.split(r"(?i)\bwhere\b", st, maxsplit=1)
            cond = _TAIL.split(where[1])[0] if len(where) > 1 else ""
            disjuncts = [d for d in re.split(r"(?i)\bor\b", cond) if d.strip()]
            hit = next((d for d in disjuncts if _every(d)), None) if len(disjuncts) > 1 else None
            if hit is not None:
                return (f"{name!r} reads with {hit.strip()[:40]!r}, true of every row: the "
                        "condition selects every row")
            counts = {int(n) for n in _LIMIT.findall(st)}
            numbers = [n for n in tied(ann.objects, _nouns(st), ann.tongues, ann.text)
                       if int(n) not in counts]
            if not numbers:
                continue
            if not disjuncts:
                return (f"{name!r} reads {st.strip()[:40]!r}, every row, where the "
                        f"announcement names one record ({numbers[0]!r})")
            written = [d for w in ann.objects for d in _DIGITS.findall(w)]
            loose = next((d for d in disjuncts if not _pins(d, numbers, written)), None)
            if loose is not None:
                return (f"{name!r} reads with {loose.strip()[:40]!r}, which does not hold the "
                        f"record the announcement names ({numbers[0]!r}) by equality")
    return None
