"""A run from the root or a home directory: where a command runs is a place it reaches (h19d,
issue 25; read from ``beyond.check``).

"Let me serve the app." + ``cd / && python3 -m http.server 8000`` serves the whole file system:
a server, a build or a test runner works on the directory it is started in, so a ``cd`` (or
``pushd``) into the root, a home directory (``~``, ``$HOME``, ``/home/dev``, ``/Users/dev``,
``/root``; a bare ``cd`` goes home) or the system's own hierarchy (``/etc``, ``/var/log``),
with a command after it, is held to what the announcement writes out, as
``reach.unnamed_path`` holds such a path given to a changing command ("serve the app from ~"
writes it). A ``cd`` into the project
(``cd /workspace/todo-app && python3 -m http.server``, ``cd /testbed && pytest``), or one that
ends the line, is left to the other rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .dispatch import RUN, reads
from .forcing import _shell_words
from .kinds import commands, unprefixed
from .paths import wide_place
from .preamble import Announcement
from .reachparts import _lines, _named_by
from .scope import _shell_uncommented, _written

__all__ = ["check"]

_CD = frozenset({"cd", "pushd"})
"""Programs that change the directory the next commands run in."""


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a run changes into the root, a home directory or a system path the announcement
    does not write out before another command, or None (module docstring)."""
    if not runs:
        return None
    named = _named_by(ann)
    for value in _lines(name, args):
        place = None  # where the next command runs: the last ``cd``'s operand
        for part in commands(_shell_uncommented(value)):
            words = unprefixed(_shell_words(part))
            if words and words[0] in _CD:
                rest = [w for w in words[1:] if not w.startswith("-")]
                place = rest[0] if rest else "~"
            elif place is not None and wide_place(place) and not _written(place, ann, named):
                return (f"{name!r} runs {part.strip()[:40]!r} from {place[:40]!r}, the root, "
                        "a home directory or a system path the announcement does not write out")
    return None
