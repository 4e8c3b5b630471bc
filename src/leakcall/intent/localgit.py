"""A local git record, taken back where it was made (issue 25, read by ``grounding.joint``).

After a step narrated after a sequencing adverb ("Now commit the lint fixes and push.", a
how-to's words too, ``imperatives``) a call that takes a step that cannot be taken back is
refused: the step may be the reader's. A shell call whose every command of such a kind is a
git step of [local-record] (kinds.txt: ``git add``, ``git commit``, ``git stash push``/``pop``,
``git checkout -b``) changes only the local repository, where it is taken back (a commit
reset, a stash popped, a new branch deleted): it is no such step, there or after a phrase
that may be a label (``verbless``: "No debug logs remain." + a commit). Matched
case-sensitively on the command's first words; a subcommand with entries of three words takes
only those after it when a bare word follows ("git stash drop", "git stash clear" are none); an option of
[local-record-unsafe] anywhere (``--amend``, ``-f``, ``--hard``, ``-B``) makes it one that
loses work or rewrites a record. ``git push``, ``git reset``, ``git merge``, a program before
git (``git -C dir``) or a command it cannot split stay steps that cannot be taken back.

A commit's verb narrated after a sequencing adverb ("Now commit the changes.", "All checks
pass. Now commit the lint fixes and push.", ``imperatives.refused``) announces only a call of
git in the local repository (``local``: every command git's, each that cannot be taken back a local record);
beside any other call it is a how-to's step of its own (``grounding.joint``).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .kinds import _command_values, command_kinds, commands
from .kindsfile import _kinds_file
from .observing import EVERY_NOUN_KINDS
from .toolkinds import tool_kinds

__all__ = ["local", "records", "unrecorded"]


@cache
def _entries() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(e.split()) for e in _kinds_file().get("local-record", ()))


@cache
def _unsafe() -> frozenset[str]:
    return frozenset(_kinds_file().get("local-record-unsafe", ()))


def _local(command: str) -> bool:
    """One simple command is a local record: [local-record] opens it, no unsafe option."""
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    if any(w in _unsafe() for w in words):
        return False
    entries = _entries()
    for entry in entries:
        n = len(entry)
        if tuple(words[:n]) != entry:
            continue
        longer = any(len(e) == n + 1 and e[:n] == entry for e in entries)
        if longer and len(words) > n and not words[n].startswith("-"):
            continue  # "git stash drop": a subcommand the entries do not list
        return True
    return False


def records(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
            description: str | None) -> bool:
    """The call runs commands, and every simple command of a kind that cannot be taken back
    (``EVERY_NOUN_KINDS``) is a local git record (module docstring)."""
    if "run" not in tool_kinds(name, schema, description):
        return False
    lines = _command_values(args)
    parts = [c for line in lines for c in commands(line)]
    hits = [c for c in parts if command_kinds(c) & EVERY_NOUN_KINDS]
    return bool(hits) and all(_local(c) for c in hits)


def unrecorded(calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None) -> list[tuple[str, Mapping[str, Any]]]:
    """The calls that are no local git record (``records``): those a check of steps that
    cannot be taken back reads (``grounding.joint``, ``verbless``)."""
    return [(n, a) for n, a in calls if not records(
        n, a, (schemas or {}).get(n), (descriptions or {}).get(n))]


def local(name: str, args: Mapping[str, Any], schema: Mapping[str, Any] | None,
          description: str | None) -> bool:
    """The call runs git in the local repository only: every simple command is git's, and each
    of a kind that cannot be taken back is a local record (``records``): "git stash pop",
    "git add x && git commit -m ..." (the call a narrated commit's verb announces,
    ``grounding.joint``)."""
    if "run" not in tool_kinds(name, schema, description):
        return False
    parts = [c for line in _command_values(args) for c in commands(line)]
    return bool(parts) and all(
        _git(c) and (not command_kinds(c) & EVERY_NOUN_KINDS or _local(c)) for c in parts)


def _git(command: str) -> bool:
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    return len(words) > 1 and words[0] == "git" and not words[1].startswith("-")
