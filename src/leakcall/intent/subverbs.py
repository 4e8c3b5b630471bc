"""A command's subcommand said by the announced verb itself (h15a).

A program's subcommand has a kind of its own ([subcommand] in kinds.txt: ``git stash``
commits; or, for a program no table lists, the kind table's own word: ``git revert`` commits,
as ``kinds.command_kinds`` reads it, running that program), which is not always the kind the
same English verb has alone ("revert" writes). "Let me revert commit `f2d7ccc`." + ``git
revert --no-edit f2d7ccc``: the verb announced is the subcommand's own word, so the step the
subcommand takes is the one announced, in its own words, as a tool's name said by the
announcement's verb and object is (``spelled``). Only

- one command, one segment (no chain: "revert it" is no ``git revert x && git push``);
- the subcommand's own kind (a kind its flags or other words add, ``--force``, a redirection,
  still needs a verb of that kind), and never a delete: a deleting subcommand said by a verb
  of another kind ("I'll sync the build folder" + ``rclone sync``) still needs a verb of deleting;
- a verb of a kind the lexicon knows ([generic] "do" or a verb no table knows says no step),
  written as the subcommand is ("revert" for ``revert``, not "reverted" or "undo");
- every word after the subcommand that is no flag is a name the announcement says (h16g):
  "revert commit `f2d7ccc`" is no ``git revert f2d7ccc a1b2c3d`` (a second commit), "stop the
  `web` container" no ``docker stop web db``; a flag's value is such a word too (``-m 1``).

Every other check (the object named, scope, an observation's pronoun) still reads the call."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import Any

from .kinds import _command_values, _kind_table, _subcommand_kind, commands
from .preamble import Announcement

__all__ = ["said"]


def _announced(word: str, ann: Announcement) -> bool:
    """An operand the announcement names (its objects), or, when its one step's object is a
    pronoun alone ("Let me revert it."), a word with a digit an observation names (h36a: "The
    last commit `f2d7ccc` added ...": the pronoun's antecedent)."""
    said = {w.strip("`\"'").casefold() for w in ann.objects}
    word = word.strip("`\"'").casefold()
    if word in said:
        return True
    pronoun = len(ann.steps) == 1 and ann.steps[0][3] and not ann.steps[0][2]
    return pronoun and any(c.isdigit() for c in word) and word in {
        w.strip("`\"'").casefold() for w in ann.observed}


def said(ann: Announcement, args: Mapping[str, Any], kind: str) -> bool:
    """A step of ``kind`` is the subcommand of the one command the call runs, and an announced
    verb of a known kind is that subcommand's word (module docstring)."""
    values = _command_values(args)
    segments = commands(values[0]) if len(values) == 1 else []
    if len(segments) != 1:
        return False
    try:
        words = shlex.split(segments[0])
    except ValueError:
        return False
    if not words:
        return False
    rest = [w for w in words[1:] if not w.startswith("-")]
    prog = words[0].rsplit("/", 1)[-1].casefold()
    if not rest:
        return False
    table, sub = _kind_table()
    own = _subcommand_kind(prog, rest, words, sub)
    kinds = {own} if own is not None else set() if prog in table else (
        set(table.get(rest[0].casefold(), frozenset())) | {"run"})
    if kind not in kinds or kinds == {"run"}:
        return False
    if not all(_announced(w, ann) for w in rest[1:]):
        return False  # an operand nobody named: a second target (h16g)
    if kind == "delete":
        return False  # ("rclone sync" deletes what the source lacks; "sync" announced writes)
    return any(k not in (None, "generic") and v.casefold() == rest[0].casefold()
               for v, k in ann.verbs)
