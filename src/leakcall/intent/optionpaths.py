"""The paths outside the working directory a command's word gives, and which of them an option
that writes is given (session 31, h16e; r44 gap 8).

A word gives a path as itself (``/srv/data``, ``~/x``), as an option's or an assignment's value
(``--basetemp=/home/dev``, ``-o cache_dir=/etc``), or behind a format prefix inside that value
(``--cov-report=html:/etc``, ``--html=report.html:/root``): the value is split on ``=`` and
``:`` and every absolute or home piece is a path. A mount's value (``-v /:/host``) starts with
its host side, the path it reaches; a URL's value (``--url=https://x/y``) gives no path.

An option whose name has a word of [output-option-words] in kinds.txt ("report", "output",
"cache", "html": ``--html-report``, ``--cache-dir``, ``--output-file``, ``-o cache_dir=``)
writes the place it is given, whatever program takes it: ``reach.unnamed_path`` holds such a
path to being written out, as it holds a directory near the root: a word that names the
program ("the type checker", mypy) names no ``/etc/mypy``."""

from __future__ import annotations

import re

from .kindsfile import in_class, section
from .outputs import DISCARDED
from .paths import home_path

__all__ = ["word_paths"]

_QUIET = DISCARDED | {"/dev/stdin"}
"""Device paths a command names that reach no file outside the working directory."""

_NAME_WORDS = re.compile(r"[^a-z0-9]+")

_URL = re.compile(r"[A-Za-z][\w+.-]*://[^\s:]*")

_PIECE = re.compile(r"[^=:\s]+")
"""The pieces of an option's value between ``=`` and ``:``."""


def _is_path(value: str) -> bool:
    return (value.startswith("/") or home_path(value)) and value not in _QUIET


def _writes(option: str) -> bool:
    """Whether an option's name (``--cache-dir``, ``cache_dir``) has a word of
    [output-option-words]."""
    words = section("output-option-words")
    return any(w and in_class(w, words) for w in _NAME_WORDS.split(option.casefold()))


def word_paths(word: str) -> list[tuple[str, bool]]:
    """Each path outside the working directory ``word`` gives (``/srv/data``, ``~/x``,
    ``${HOME}/``, ``--basetemp=/home/dev``, ``--cov-report=html:/etc``; ``/:/host``: a
    mount's host side), with whether an option that writes gives it (a word of
    [output-option-words] in the word before the path: ``--html=report.html:/root``)."""
    if _is_path(word):
        return [(word.split(":", 1)[0] if word.startswith("/") else word, False)]
    if "=" not in word:
        return []
    value = _URL.sub(" ", word.split("=", 1)[1])  # a URL's path is a server's, no file here
    if value.startswith("/"):  # a mount's host side, or a path with a colon in it
        value = value.split(":", 1)[0]
    out: list[tuple[str, bool]] = []
    for m in _PIECE.finditer(value):
        if _is_path(m.group()):
            before = word.split("=", 1)[0] + "=" + value[: m.start()]
            out.append((m.group(), _writes(before)))
    return out
