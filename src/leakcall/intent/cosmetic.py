"""Edits after an announcement of a change that keeps what a text does, read as a diff of the
edit's old and new text: a layout change ([g-layout]: "fix the indentation") changes only
indentation, blank lines and the width of spacing; a spelling fix of a written word ("fix the
spelling of "recieved"") changes only that word into a slip of it; a value set to a written
figure ("update the year to 2026") changes only tokens into that figure. Anything else the
edit changes refuses (rule ``ungrounded-call``): "fix the indentation" never turns
``requires_approval: true`` off."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .announcement import Announcement
from .doubts import _pattern
from .kinds import _keys, name_words
from .tables import english, tongues_of
from .values import _LITERALS, _PIECE
from .walk import _keyed_strings

__all__ = ["check"]

_QUOTED = re.compile(r"[\"“”«»'‘’`「」]([^\W\d_]{2,})[\"“”«»'‘’`「」]")
"""A single word written in quotes in the preamble: the word a spelling fix names."""
_FIGURE = r"\d+(?:[.,:/\-]\d+)*"
"""A number as written (a year, a version, a time)."""


def _pairs(args: Mapping[str, Any]) -> tuple[list[tuple[str, str]], list[str]]:
    """(old, new) texts of an edit, and the keys of whole texts it writes with no old one."""
    keyed = list(_keyed_strings(args))
    olds = [v for k, v in keyed if "old" in name_words(k)]
    news = [v for k, v in keyed if "new" in name_words(k)]
    wholes = [] if olds else [k for k, _ in keyed if set(name_words(k)) & _keys("prose")]
    return list(zip(olds, news, strict=False)), wholes


def _laid(text: str) -> list[str]:
    """The lines of a text that are not blank, each with its spacing read as one space: what a
    layout change keeps (``rm -rf / tmp`` is no ``rm -rf /tmp``)."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def _said(ann: Announcement, section: str) -> str | None:
    """The first entry of ``section`` the preamble says, in its languages."""
    text = ann.text.casefold()
    for t in tongues_of(ann.tongues):
        m = _pattern(t, section).search(text)
        if m is not None:
            return m.group(0)
    return None


def _distance(a: str, b: str) -> int:
    """The letters added, dropped or changed between two spellings (a swap counts two)."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def _respelled(x: str, y: str, words: Sequence[str]) -> bool:
    """``y`` is ``x`` with one written word in it (or in ``y``) respelled by a slip, or turned
    into another written word (a rename: "rename `tmp` to `total`")."""
    a, b = x.casefold(), y.casefold()
    for w in words:
        for one, other in ((a, b), (b, a)):
            i = one.find(w)
            if i < 0:
                continue
            pre, suf = one[:i], one[i + len(w):]
            if (other.startswith(pre) and other.endswith(suf)
                    and len(other) >= len(pre) + len(suf)):
                mid = other[len(pre):len(other) - len(suf)]
                if mid in _LITERALS or not mid.replace("_", "").isalpha():
                    continue
                if (mid != w and mid in words) or 0 < _distance(w, mid) <= min(2, len(w) - 1):
                    return True
    return False


def _changed(old: str, new: str, same: Callable[[str, str], bool]) -> str | None:
    """The first token the edit changes that ``same(x, y)`` does not allow, or None."""
    a: list[str] = _PIECE.findall(old)
    b: list[str] = _PIECE.findall(new)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op != "replace" or i2 - i1 != j2 - j1:
            return (a[i1:i2] or b[j1:j2] or [""])[0]
        for x, y in zip(a[i1:i2], b[j1:j2], strict=True):
            if not same(x, y):
                return x
    return None


def _set_figure(ann: Announcement) -> str | None:
    """The figure an announcement sets a thing to ([g-set-to] before it: "to 2026")."""
    text = ann.text.casefold()
    for t in tongues_of(ann.tongues):
        for m in _pattern(t, "g-set-to").finditer(text):
            f = re.match(rf"\s*({_FIGURE})(?!\w|[.,:/\-]\d)", text[m.end():])
            if f is not None:
                return f.group(1)
    return None


_NOTE = re.compile(r"[ \t]+(?:#|//)[ \t]*([^\n]*)$", re.MULTILINE)
"""A comment at the end of a line of code."""


def _unnoted(old: str, new: str, ann: Announcement) -> str:
    """``new`` without the line-end comments that only recall what ``old`` held ("# was 1":
    [g-recap] words and words of ``old``)."""
    known = {w.casefold() for w in _PIECE.findall(old)}
    recaps = [english(), *tongues_of(ann.tongues)]
    return _NOTE.sub(lambda m: "" if all(
        w.casefold() in known or any(t.has(w.casefold(), "g-recap") for t in recaps)
        for w in _PIECE.findall(m.group(1))) else m.group(0), new)


def _refigured(old: str, new: str, figure: str) -> bool:
    """``new`` is ``old`` with some figures or words replaced by ``figure``, whitespace aside."""
    if figure not in new:
        return False
    pieces = ["".join(p.split()) for p in new.split(figure)]
    body = r"(?:\w+(?:[.,:/\-]\w+)*)".join(re.escape(p) for p in pieces)
    return re.fullmatch(body, "".join(old.split())) is not None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit does more than the layout change, spelling fix or figure the announcement
    names, or None: with one step announced, or (a spelling fix) on an edit of text holding
    the written word ("fix the typo: replacing "recieve" with "receive"")."""
    pairs, wholes = _pairs(args)
    if not pairs and not wholes:
        return None
    one = len({v for v, _ in ann.verbs}) == 1
    written = sorted({w.casefold() for w in _QUOTED.findall(ann.text)}, key=len, reverse=True)
    if ann.cosmetic and written:
        for old, new in pairs:
            if not one and not any(w in old.casefold() for w in written):
                continue
            x = _changed(old, new, lambda p, q: p == q or _respelled(p, q, written))
            if x is not None:
                return (f"{name!r} changes {x!r}, more than the {ann.cosmetic[0]!r} of "
                        f"{written[0]!r} announced")
    if not one:
        return None
    layout = _said(ann, "g-layout")
    if layout is not None:
        if wholes:
            return (f"{name!r} writes its whole {wholes[0]!r}, more than the {layout!r} "
                    "announced")
        for old, new in pairs:
            if _laid(old) != _laid(new):
                moved = _changed(old, new, lambda p, q: p == q) or "the spacing inside a line"
                return f"{name!r} changes {moved!r}, more than the {layout!r} announced"
    figure = _set_figure(ann) if pairs else None
    if figure is not None:
        for old, new in pairs:
            if figure in new and figure not in old and not _refigured(old, _unnoted(old, new, ann),
                                                                     figure):
                got = _changed(old, new, lambda p, q: q in (p, figure))
                return f"{name!r} changes {got!r}, more than setting {figure!r} as announced"
    return None
