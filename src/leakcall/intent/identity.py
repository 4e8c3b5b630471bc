"""Identity: a changing call's identifier is the one the announcement writes, whole (issue 25,
round 33 ``identifier-drift``; read by ``beyond.check``).

Words ground a call by stem or prefix (``references._referenced``): "the duplicate events"
names ``duplicate_event``. An identifier the announcement writes out (a token with a digit or
a joiner, ``ACC-1029``, ``evt_4471``, ``user-88``; a code span, `` `web` ``) names one thing by
its spelling, so a call value of identifier form that the written one only reaches by prefix,
part or shape (``ACC-10299999``, ``ACC-1029-EVIL``, ``evt_4``, ``user-1``, ``web-prod``) is
another thing, and a value listing several (``ACC-1029; ACC-6666``) carries each of them.
Being the same identifier is equality (ASCII case folded, as the announcement is read; a
``#`` before a number, ``./`` and a closing ``/`` of a path aside); a path also names itself
by whole segments (`` `feature/login` `` is ``origin/feature/login``, `` `src/` `` is
``src``), never by a piece of one (``+fix/pager``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .amounts import _IDENTIFIER
from .hyphenated import split
from .kinds import _keys, name_words
from .preamble import Announcement

__all__ = ["drifted", "same_identifier"]

_QUOTES = "`'\""
_EDGE = "()[]{}<>.,;:!?"
_JOINER = re.compile(r"[^\W_][-_/.@:+#][^\W_]|^[.#]\w|\w/$")
"""A joiner inside a token (``acc-1029``, ``evt_4471``, ``fix/pager``, ``a.b``), a leading
dot or ``#`` (``.env``, ``#88213``), or a closing slash (``src/``)."""
_MONEY = re.compile(r"[$€£¥₹]|\d[.,]\d{2}$|^[+-]?\d+(?:[.,]\d+)?(?:%| ?°[a-z]?| ?[^\x00-\x7f]{1,3}"
                    r"|ms|s|secs?|mins?|h|hrs?|d|x|k|pcs)$")
"""A token that states an amount or a measure (``$50``, ``12.50``, ``21°c``, ``30%``,
``24度``, ``10min``, ``2x``): a number read by ``amounts``, ``written`` and the setting
rules, no identifier."""
_PART = re.compile(r"[^\W\d_]+|\d+")
_TOKEN = re.compile(r"[\w.\-/:@+#~]+")
_ADDRESS = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_SEPARATED = re.compile(r"\s*[,;]\s*|\s+")
_UNREAD = ("command", "sql", "prose", "note", "heading", "amount", "when", "schedule", "format",
           "target")
"""Key roles whose values are text, a command, an amount, a time or a file's path: read by
their own rules (a path names a file by the words of its name: "the `load` function" is in
``loader.py``)."""


def _bare(token: str) -> str:
    """A token as an identifier is compared: quotes and edge punctuation off, ASCII case
    folded, a ``#`` before a number and a path's ``./`` and closing ``/`` dropped."""
    t = token.strip().strip(_QUOTES).strip(_EDGE.replace(".", "")).rstrip(".").casefold()
    if t[:1] == "#" and t[1:].isdigit():
        t = t[1:]
    if re.fullmatch(r"v\d+(?:\.\d+)+", t):
        t = t[1:]  # a version, "v1.8.2" is 1.8.2
    t = re.sub(r"['’][^\W\d_]{1,4}$", "", t)  # a case ending after an apostrophe: "TR-1180'i"
    t = t.removeprefix("./")
    return t.rstrip("/") if len(t) > 1 else t


def _written_identifier(raw: str) -> bool:
    """A word the announcement writes as an identifier: a code span, or a token holding a
    digit (three or more when it is all digits: "6 replicas" is a count) or a joiner; an
    amount is none."""
    t = raw.strip().strip(_EDGE)
    if not t or _MONEY.search(t) or _measure(t):
        return False
    if t[:1] == "`" and t[-1:] == "`" and len(t) > 2:
        return True
    t = t.strip(_QUOTES)
    if t.lstrip("#").isdigit():
        return len(t.lstrip("#")) >= 3
    return any(ch.isdigit() for ch in t) or _JOINER.search(t) is not None


def _measure(t: str) -> bool:
    """An amount and its unit in one hyphenated word ("10-minute", "5-star", "$200-per-day";
    ``hyphenated``), read by ``written`` as a number: no identifier. One of more parts
    ("42-fix-login") stays one."""
    c = split(t)
    return c is not None and t.count("-") == (2 if c.rate else 1)


def _identifier_form(value: str) -> bool:
    """A call value of identifier form: one token holding a digit or a joiner."""
    return bool(value) and not any(ch.isspace() for ch in value) and (
        any(ch.isdigit() for ch in value) or _JOINER.search(value) is not None)


def same_identifier(written: str, value: str) -> bool:
    """``value`` is the identifier ``written`` (both ``_bare``): equal, or, for a path, the
    written one's whole segments in a row of its segments."""
    if written == value:
        return True
    if "/" not in written and "/" not in value:
        return False
    w, v = [s for s in written.split("/") if s], [s for s in value.split("/") if s]
    return bool(w) and any(v[i:i + len(w)] == w for i in range(len(v) - len(w) + 1))


def _shape(t: str) -> str:
    return re.sub(r"\d+", "0", t)


def _reaches(written: str, value: str) -> bool:
    """The written identifier reaches ``value`` as grounding by prefix or part would: one holds
    the other, or both are of one shape (letters and joiners alike, numbers apart: ``user-88``
    and ``user-1``)."""
    if len(written) < 2 or len(value) < 2:
        return False
    return written in value or value in written or (
        any(ch.isdigit() for ch in written) and not written.isdigit()
        and _shape(written) == _shape(value))


def _numbered(written: str, value: str, identifying: bool) -> bool:
    """A number written names a value whose one number it is, tagged by letters before it
    (``pay_5187``, ``UA1542`` for "5187", "1542") or, under a key that is no identifier's,
    followed by a slug (``0042_drop_legacy``: "the 0042 migration"); never with another
    digit beside it (``882130``, ``88213-1``)."""
    if not written.isdigit() or re.findall(r"\d+", value) != [written]:
        return False
    if re.fullmatch(r"[^\W\d_]+[-_#]?" + written, value):
        return True
    return not identifying and re.fullmatch(written + r"[-_][^\W\d_][^\W\d]*", value) is not None


def _composed(value: str, words: set[str]) -> bool:
    """Each piece of ``value`` between its joiners is a word of ``words``, or its letters and
    its digits are (``ua1542``: "UA 1542")."""
    pieces = [p for p in re.split(r"[-_/.:@+#]", value) if p]
    return bool(pieces) and all(p in words or (_PART.findall(p) and set(_PART.findall(p)) <= words)
                                for p in pieces)


def _items(value: str) -> list[str]:
    """The identifiers a value gives: itself, or each piece of a list it joins with commas,
    semicolons or spaces when every piece is of identifier form."""
    if "\n" in value.strip() or "://" in value:
        return []  # a text, or a URL (``hosts`` reads its server)
    pieces = [p for p in _SEPARATED.split(value.strip()) if p]
    if len(pieces) > 1 and all(_identifier_form(p.strip(_QUOTES)) for p in pieces):
        items = [p.strip(_QUOTES) for p in pieces]
    else:
        items = [value.strip()] if len(pieces) == 1 else []
    # a token of word characters and joiners (code, ``host='0.0.0.0'``, is none); an email
    # address is read by ``scope._unnamed_address``
    return [x for x in items if _TOKEN.fullmatch(x) and not _ADDRESS.fullmatch(x)]


def _values(args: Mapping[str, Any], key: str = "") -> Iterable[tuple[str, str]]:
    """(key, value) of each string or integer a call gives under a key of no text, command,
    amount or time role, at any depth (a list's items under its key)."""
    if isinstance(args, Mapping):
        for k, v in args.items():
            words = set(name_words(k)) if isinstance(k, str) else set()
            # a file's id (``file_id``) is an identifier, as its path is not
            if words and not any(words & _keys(r) for r in _UNREAD if r != "target" or not (
                    words & _IDENTIFIER)):
                yield from _values(v, k)
    elif isinstance(args, list):
        for x in args:
            yield from _values(x, key)
    elif isinstance(args, str) or (isinstance(args, int) and not isinstance(args, bool)):
        yield key, str(args)


def drifted(name: str, args: Mapping[str, Any], said: Sequence[str]) -> str | None:
    """Why a changing call gives an identifier that an identifier the announcement writes
    (``said``: its objects and observations) reaches by prefix, part or shape but is not
    (``same_identifier``), or None."""
    written = {_bare(w) for w in said if _written_identifier(w)}
    written.discard("")
    if not written:
        return None
    words = {_bare(w) for w in said}
    pushes = "push" in name_words(name)
    for key, value in _values(args):
        for item in _items(value):
            # a "+" before a pushed ref forces it (``forcing``), naming no other ref
            bare = _bare(item[1:] if pushes and item[:1] == "+" and len(item) > 1 else item)
            if not _identifier_form(bare) and not any(_reaches(w, bare) for w in written
                                                      if not _identifier_form(w)):
                continue
            identifying = bool(set(name_words(key)) & _IDENTIFIER)
            if any(same_identifier(w, bare) or _numbered(w, bare, identifying)
                   for w in written) or (
                    _composed(bare, words) and not any(_shape(w) == _shape(bare) for w in written)):
                # (an identifier spelled of words the announcement says, none written in its
                # shape: "the Q3 report" is ``q3-report``, "UA 1542" ``UA1542``)
                continue
            near = next((w for w in sorted(written) if _reaches(w, bare)), None)
            if near is not None:
                return (f"{name!r} gives {item[:40]!r} ({key!r}), which is not {near!r}, the "
                        "identifier the announcement writes")
    return None


def drifted_announced(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """``drifted`` with the announcement's objects and observations."""
    return drifted(name, args, (*ann.objects, *ann.observed))
