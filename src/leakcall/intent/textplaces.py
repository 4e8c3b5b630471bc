"""A place in a source text that an edit lands beside (h24c, issue 25).

"Add `slashCommandsLenRef` near the other refs (after line 329)." and "Now add the
`useEffect` right after the `useImperativeHandle` block:" + an ``Edit`` whose old text is the
line the new one follows: the phrase "line 329", "the `useImperativeHandle` block" says where
the edit lands, and an edit tool carries a place only as the old text it keeps (no argument
holds a line number; the old text is the block's last lines, not its name). Such a phrase is
read as carried (``looking.carried_phrases``) only where

- it is a noun of [text-place] in kinds.txt ("line", "block", "function"; in the languages
  the section lists) beside a number or a code name, and nothing else: "line 329",
  "`useImperativeHandle` block", "function `load`"; "line 329 of prod.py" names a file too,
  and that file is carried as before;
- the reply makes one call (one place in one text), an edit that only adds text: its one
  old text is kept whole in its new text, which is longer, split at most once by what is
  added (an insertion at one point), and the call takes no kind of step but writing. A
  replacement or a removal "after line 329" changes what stands there, and the phrase is
  carried as before.

What the edit writes, in which file, is still read by every other rule (the object named, the
text carried); only the place, which no argument could hold, is left unread. A time ("after
the deploy") is no [text-place] noun and stays a phrase some call must carry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .walk import _keyed_strings

__all__ = ["placed"]

_PAIR = 2
"""A place's phrase: its noun and the number or code name beside it."""


def _named(word: str) -> bool:
    """A line's number ("329") or a code name written in backquotes ("`useimperativehandle`")."""
    return word.isdigit() or (len(word) > 2 and word[0] == word[-1] == "`")


def _place(group: Sequence[str]) -> bool:
    """The phrase is a [text-place] noun and a number or a code name, in either order."""
    if len(group) != _PAIR:
        return False
    nouns = section("text-place")
    a, b = (w.casefold() for w in group)
    return (a in nouns and _named(b)) or (b in nouns and _named(a))


def _shared(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` share from their start."""
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


def _inserts(args: Mapping[str, Any]) -> bool:
    """The edit only adds text: one old and one new text, the old one non-empty and kept whole
    in the longer new one, split at most once by what is added (its head at the new text's
    start, its tail at the end)."""
    keyed = list(_keyed_strings(args))
    olds = [v for k, v in keyed if "old" in name_words(k)]
    news = [v for k, v in keyed if "new" in name_words(k)]
    if len(olds) != 1 or len(news) != 1:
        return False
    old, new = olds[0], news[0]
    if not old.strip() or len(new) <= len(old):
        return False
    return _shared(old, new) + _shared(old[::-1], new[::-1]) >= len(old)


def placed(group: Sequence[str], calls: Sequence[tuple[str, Mapping[str, Any]]],
           kinds_of: Sequence[frozenset[str]]) -> bool:
    """The phrase is a place in a text that the one call, an edit that only adds text, lands
    beside (see the module): no call need carry it."""
    if len(calls) != 1 or not _place(group):
        return False  # one place in one text: one edit lands there
    return kinds_of[0] == {"write"} and _inserts(calls[0][1])
