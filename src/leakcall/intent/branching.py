"""A new branch: ``git checkout -b NAME`` and ``git switch -c NAME`` create a branch.

``git checkout`` and ``git switch`` are of kind commit in the kind table (``[subcommand]``):
they move HEAD and may rewrite the working tree. Given only ``-b``/``-c`` (``--create``) and one
new name, git's manual says what they do: a branch is created at HEAD and checked out, and the
working tree and the index stay as they are, so nothing is changed but a new name added. That
form is a step of kind create (``rekinded``), which a verb of that kind announces ("I'll
create a new branch for the fix.", "现在创建新分支") and which, unlike a commit, can be taken
back, so the announcement's nouns need not all be in it. Only that form, word for word: a
start point after the name (``origin/main``) checks another tree out, a pathspec overwrites
files, ``-B``/``-C`` reset an existing branch (they force), and a wrapper, an assignment or a
redirection says more than a new branch. Every command of the call of kind commit is of that
form (``git checkout -b x && git push`` still pushes), and the call still carries a word of
the announcement (``grounding``: "a new branch for the fix" + ``fix/login-redirect``).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _command_values, command_kinds, commands

_NEW_BRANCH = {("git", "checkout", "-b"), ("git", "switch", "-c"), ("git", "switch", "--create")}
"""git's forms that create a branch at HEAD and check it out (its manual, git-checkout(1) and
git-switch(1)); the uppercase forms reset an existing branch and are not among them."""

_FORM = 4
"""The program, the subcommand, the flag and the new name: nothing else."""


def _new_branch(part: str) -> bool:
    try:
        words = shlex.split(part, comments=False)
    except ValueError:
        return False
    return len(words) == _FORM and tuple(words[:3]) in _NEW_BRANCH and not words[3].startswith(
        "-") and not any(c in ":^~" or c.isspace() for c in words[3])


def rekinded(calls: Sequence[tuple[str, Mapping[str, Any]]],
             kinds_of: list[frozenset[str]]) -> list[frozenset[str]]:
    """Each call's kinds, with kind commit read as create for a call whose every command of
    kind commit only makes a branch (``git checkout -b NAME``, ``git switch -c NAME``)."""
    out = []
    for (_name, args), kinds in zip(calls, kinds_of, strict=True):
        parts = [p for v in _command_values(args) for p in commands(v)
                 if "commit" in command_kinds(p)] if "commit" in kinds else []
        out.append((kinds - {"commit"}) | {"create"} if parts and all(
            _new_branch(p) for p in parts) else kinds)
    return out
