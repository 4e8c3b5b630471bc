"""The task's closing message, announced as the last message to the user (issue 25, h36b).

"Let's provide a final message to the user." + ``finish(message=..., task_completed=...)``:
agent frameworks end a task with a tool whose whole name is one verb of ending it
([_TOOLS]: ``finish``, ``complete``) and whose text argument is the message the user is left
with. An announcement whose step gives that message ([_GIVING]: "provide", "give", "send",
"write") with an object whose head is a message noun ([_NOUNS]: "message", "summary",
"answer") right after an adjective of closing ([_CLOSING]: "final", "closing") announces that
step, for every tool of that shape: the tool's kind is unknown, and its name is no verb the
announcement says.

Everything else stays refused: no closing adjective ("provide a message to the user": a
message in the middle of a task ends nothing), a tool named by another word (``shutdown``,
``end_session``, ``finish_and_deploy``: two words), a call that carries another text of more
than one word than the message's (under a key no message noun names: "command": "rm -rf
build/"), or a nested value, and a verb of no giving ("delete the final summary").

The words are English and kept here, not in a lexicon section: a section of their own would
change how the screens read "answer" and "summary" everywhere ("Golden answer." is a label
only while the word has no entry of its own, ``verbless``)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from .kinds import name_words

__all__ = ["closing"]

Announcement = Any
"""``preamble.Announcement`` (named here only: ``preamble`` reads this module's callers)."""

_TOOLS = frozenset({"finish", "complete"})
"""A closing tool's whole name: one verb of ending the task."""
_GIVING = frozenset({"provide", "give", "send", "write"})
"""Verbs that give the user the message."""
_NOUNS = frozenset({"message", "summary", "answer"})
"""The message's nouns, and the keys the call carries its text under."""
_CLOSING = frozenset({"final", "closing"})
"""Adjectives that make the message the task's last."""


def closing(ann: Announcement, name: str, args: Mapping[str, Any]) -> bool:
    """The announcement gives the user the task's closing message and the call to ``name``
    (``args``) is the closing tool carrying it (module docstring)."""
    words = name_words(name)
    if len(words) != 1 or words[0].casefold() not in _TOOLS:
        return False
    texts = [k for k, v in args.items() if isinstance(v, str) and len(v.split()) > 1]
    if not texts or any(k.casefold() not in _NOUNS for k in texts):
        return False  # the message is the only text the call carries
    if any(not isinstance(v, (str, bool, int, float)) for v in args.values()):
        return False  # a status flag or a one-word status beside it, nothing nested
    said = [o.casefold() for o in ann.objects]
    closed = {b for a, b in pairwise(said) if a in _CLOSING}  # "final message": its head
    return any(verb.casefold() in _GIVING
               and head.casefold() in closed and head.casefold() in _NOUNS
               for verb, head in ann.heads)
