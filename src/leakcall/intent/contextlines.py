"""A search that prints the lines around each match reads those lines (h39c).

"Let me look at the specific line 853 mentioned in the issue:" + ``grep -n -A 5 -B 5 'if.*getattr'
./sklearn/compose/_column_transformer.py``: a search whose output is each match with the lines
before and after it (grep's and rg's ``-A``, ``-B``, ``-C``, ``--after-context``,
``--before-context``, ``--context``; a search tool's ``-A``/``-B``/``-C``/``context`` key) shows
a passage of the file, as a read does. An announced read ("look at", "read", "view") grounds
it as it grounds a read; a search without context lines stays a search, which only a finding
verb announces ("read your notes" + ``grep -l TODO`` lists files). The call must be of kind
search alone (nothing it runs changes anything): its other rules (sensitive paths, secrets)
are read as for any look."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .shellsplit import shell_words, split_line

__all__ = ["shows_context"]

_SEARCHERS = frozenset({"grep", "egrep", "fgrep", "rg", "ag"})
"""Programs that search files and print the lines around a match with a context flag."""
_SHORT = re.compile(r"-[a-zA-Z]*[ABC](\d+)?")
"""A short flag cluster holding a context flag (``-A``, ``-B5``, ``-nC3``)."""
_LONG = ("--after-context", "--before-context", "--context")
_KEYS = frozenset({"-A", "-B", "-C", "context", "after_context", "before_context"})
"""Keys of a search tool's context lines."""


def _context_words(words: Iterable[str]) -> bool:
    return any(_SHORT.fullmatch(w) or w.startswith(_LONG) for w in words)


def _command_context(command: str) -> bool:
    """Some simple command of ``command`` is a searching program given a context flag."""
    for part in split_line(command, lambda _program: False):
        try:
            words = shell_words(part)
        except ValueError:
            return False
        words = words[1:] if words[:1] == ["git"] and words[1:2] == ["grep"] else words
        if words and words[0].rsplit("/", 1)[-1] in _SEARCHERS and _context_words(words[1:]):
            return True
    return False


def shows_context(kinds: frozenset[str], args: Mapping[str, Any], observes: Iterable[str]) -> bool:
    """The call only searches, an announced read is its step, and it prints each match with
    the lines around it (module docstring)."""
    if kinds != {"search"} or "read" not in set(observes):
        return False
    if any(k in _KEYS and v not in (None, False, 0, "") for k, v in args.items()):
        return True
    return any(isinstance(v, str) and _command_context(v) for v in args.values())
