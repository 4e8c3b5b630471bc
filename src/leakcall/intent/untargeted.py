"""Looking without a target: an observing call that names nothing it looks at.

"I'll check the recommendation again using the tool." + ``best_language_to_learn()``: the
announcement names what it looks for, and the call, given no arguments, cannot carry it. A
call with no target has no object to be the wrong one: it reads what its tool reads, and it
carries nothing out (no query, no address, no path). So when every call of the reply only
reads, lists or searches and names no target, and the announcement names no one thing by a
number, a file, an identifier or an address ("order 7781", "main.go"), such a call is
grounded as after a pronoun object ("Let me check that."): an announced verb of its kind, or
of finding out, is enough (``grounding.check``).
A call given a target (a path, an id, a query, a command) must still be referenced, and a
fetch is never untargeted (its address is where it goes).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .observing import LOOKING
from .preamble import Announcement
from .walk import _strings

__all__ = ["looks"]


_HERE = frozenset({"", ".", "./"})
"""Values that name no target but the place the call already works in."""


def _targetless(args: Mapping[str, Any]) -> bool:
    """The arguments name nothing: none at all, or only flags, counts and the working
    directory itself (``{"path": "."}``, ``{"recursive": true}``)."""
    return all(s.strip() in _HERE for s in _strings(args, keys=False, numbers=False))


_SPECIFIC = re.compile(r"[\d`./_:@#]")
"""A character of a word that names one thing: a number ("order 7781"), a file ("main.go"), an
identifier (`` `resetState` ``), an address."""


def _names_one(ann: Announcement) -> bool:
    """The announcement names one thing by a number, a file, an identifier or an address: the
    step it announces has a target, which a call given none does not carry."""
    return any(_SPECIFIC.search(w) for w in (*ann.objects, *ann.named))


def looks(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          kinds_of: Sequence[frozenset[str]]) -> bool:
    """Every call of the reply only looks (read, list, search) and names no target, and the
    announcement names no one thing: what it names is what the calls look for."""
    return not _names_one(ann) and all(
        k and k <= LOOKING and _targetless(args)
        for (_name, args), k in zip(calls, kinds_of, strict=True))
