"""A tool named outright after a generic verb: "I'll use the test tool with the passphrase
you provided." + ``test_tool`` (Mirascope, h39b).

The tool's own name says the step it takes ("test" of ``test_tool``), and an announcement
whose every verb is generic ("use", "call": kind ``generic``) and that names the tool by every
word of its name ("the test tool") or as code (`` `test_tool` ``; ``grounding._names_tool``
without its verb reading) announces that step as surely as "I'll test it" does: the reader
expects that tool's step. A kind of the tool's name is grounded so, only where it can be taken
back and runs no command of its own: never a delete, send, payment, deploy or commit
(``EVERY_NOUN_KINDS``: "use the delete tool" is no announced delete) nor a run (the command a
runner runs is announced by its own rules). Every other check of the call (its scope, its
values, its target) still holds. A verb of another kind ("I'll read the test tool's notes.")
or a kind the name does not say (a description's) is read as before.
"""

from __future__ import annotations

from collections.abc import Callable

from .announcement import Announcement
from .observing import EVERY_NOUN_KINDS
from .toolkinds import tool_kinds

__all__ = ["named_kind"]

_NEVER = EVERY_NOUN_KINDS | {"run"}
"""Kinds a tool's name alone never grounds (see the module)."""


def named_kind(ann: Announcement, name: str, kind: str,
               names_tool: Callable[..., bool]) -> bool:
    """The call's step of ``kind`` is announced by naming the tool after generic verbs
    (module docstring); ``names_tool``: ``grounding._names_tool``."""
    return (kind not in _NEVER and kind in tool_kinds(name) and bool(ann.verbs)
            and all(k == "generic" for _v, k in ann.verbs)
            and names_tool(ann, name, by_verb=False))
