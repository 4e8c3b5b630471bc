"""A command that changes files beyond the file the text writes (h99d, issue 25, round 39
``formatter-widened``; rule ``ungrounded-call``, read from ``beyond``).

"I'll format `src/app.py` with black." + ``black .``: a command that writes or deletes
(``kinds.command_kinds``) reaches exactly the files the text writes. When the text writes a
file (a path whose last segment has a suffix) and says no 'all' or 'every', an operand of such
a command that stands for more than that file widens the step: the working folder (``.``,
``./``, ``..``), a glob (``*.py``, ``src/**``), or a folder the written file lies in
(``src``, ``src/``). ``black src/app.py``, ``rm build/out.o`` after "delete build/out.o" are
the written step."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .commandscope import _command_texts
from .dispatch import RUN, reads
from .kinds import command_kinds, commands
from .looked import _flat, _split, _written_paths
from .preamble import Announcement

__all__ = ["check"]

_CHANGES = frozenset({"write", "delete"})
_HERE = frozenset({".", "./", "..", "../", "*", "**", "./*"})
_GLOB = re.compile(r"^(?![sy]/)[^=]*[*?]")
"""A glob among a command's operands (``*.py``, ``src/**``); a sed script (``s/a*/b/``) is
none."""
_FILE = re.compile(r"[^/]\.[A-Za-z0-9]{1,8}$")
"""A path whose last segment ends in a suffix: a file, not a folder."""


def _wider(operand: str, files: list[str]) -> bool:
    """The operand stands for more than the written files: the working folder, a glob, or a
    folder one of them lies in."""
    if operand in _HERE or _GLOB.search(operand):
        return True
    folder = _flat(operand).rstrip("/")
    return bool(folder) and folder not in files and any(
        f.startswith(folder + "/") for f in files)


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a changing command reaches files beyond the file the text writes, or None."""
    if not runs or ann.universal:
        return None
    files: list[str] | None = None
    for text in _command_texts(args):
        for part in commands(text):
            if not command_kinds(part) & _CHANGES:
                continue
            if files is None:
                files = [p for p in _written_paths(ann, {name.casefold()}) if _FILE.search(p)]
            if not files:
                return None
            words = _split(part)
            for operand in (w for w in words[1:] if not w.startswith("-")):
                if _wider(operand, files):
                    return (f"{name!r} runs {part[:50]!r}, whose {operand[:30]!r} reaches "
                            f"beyond {files[0][:40]!r}, the file the text writes")
    return None
