"""What an observing command shows ([shows] of kinds.txt): "Let me check disk usage." + ``df -h``.

A generic verb ("check", "look at") or an observing one grounds a call through a word of its
object that the call carries (``grounding``), and a command that only observes rarely carries
it: ``df`` prints disk usage, ``git log`` commits, ``ps`` processes. [shows] says, from each
program's manual, what it prints as English nouns; an announced object word that names one of
them (by the stem matching of ``references``, other languages through the [concept] maps)
grounds the call. Only a call the command model reads as looking (read, list, search), only
one simple command (no pipe, list or substitution), and only after verbs that are generic,
observing, or that run ("run the migration status command" + ``alembic current``): a
program's nouns never ground a step that changes something ("check the crontab" is no
``crontab -r``)."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from functools import cache
from typing import Any

from .kinds import _command_values, commands
from .kindsfile import _kinds_file
from .observing import LOOKING, OBSERVING
from .preamble import Announcement
from .references import _CALL_WORD, _referenced


@cache
def _table() -> dict[tuple[str, ...], str]:
    """[shows]: a program (or program and subcommand) and the nouns of what it prints."""
    out: dict[tuple[str, ...], str] = {}
    for line in _kinds_file().get("shows", ()):
        head, _, nouns = line.partition("=")
        out[tuple(head.split())] = nouns.strip().casefold()
    return out


def _shown(command: str) -> str | None:
    """The nouns of what one simple command shows: its program, or program and subcommand."""
    parts = commands(command)
    if len(parts) != 1 or any(c in command for c in "`$<>;&|\n"):
        return None
    try:
        words = shlex.split(parts[0])
    except ValueError:
        return None
    if not words:
        return None
    table = _table()
    program = words[0].rsplit("/", 1)[-1]
    sub = next((w for w in words[1:] if not w.startswith("-")), None)
    if sub is not None and (program, sub) in table:
        return table[(program, sub)]
    if any(len(k) > 1 and k[0] == program for k in table):
        return None  # a program read by its subcommand (``git``): none of [shows]
    return table.get((program,))


def shown(ann: Announcement, args: Mapping[str, Any], kinds: frozenset[str]) -> bool:
    """A word of the announced object names what the call's observing command shows."""
    if not kinds or not kinds <= LOOKING or not ann.verbs or not ann.objects or not all(
            k in ("generic", "run") or (k is not None and k in OBSERVING) for _v, k in ann.verbs):
        return False
    values = _command_values(args)
    if len(values) != 1:
        return False
    nouns = _shown(values[0])
    if nouns is None:
        return False
    return _referenced(ann.objects, nouns, frozenset(_CALL_WORD.findall(nouns)),
                       ann.tongues) is not None
