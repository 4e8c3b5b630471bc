"""A record opened by a definite object is one that exists (session 34, h23p; read by
``senses.object_sense``).

"Open" is [kind-read] and [kind-create]: "open an issue", "open a support ticket" make one.
With a definite object ([g-definite] right after the verb: "the", "this", "that", a
possessive: "I'll open the ticket.", "open your issue") the record is one already there, and
opening it is a look: no call that makes a record is that step. An indefinite object ("a",
"an", "a new") keeps the making.
"""

from __future__ import annotations

import re

from .words import Tongue

__all__ = ["existing"]

_TOKEN = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
_SPAN = 4
"""Words from the determiner to the object's head ("the old support ticket")."""


def existing(text: str, verb: str, head: str, ts: list[Tongue]) -> bool:
    """The verb's object ``head`` stands after a [g-definite] word right after the verb."""
    words = [w.casefold() for w in _TOKEN.findall(text)]
    v, h = verb.casefold(), head.casefold()
    for k, w in enumerate(words[:-1]):
        if w != v or not any(t.has(words[k + 1], "g-definite") for t in ts):
            continue
        if h in words[k + 2:k + 2 + _SPAN]:
            return True
    return False
