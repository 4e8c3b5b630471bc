"""A commit message whose verb says a delete, in any language (issue 25, round 54 gap 4).

A commit message describes the work done, which real agents never say before committing ("I'll
commit the changes." + ``Fix off-by-one in paginator`` is kept, ``docs/limits.md``). One whose
English verb says a delete ("Remove audit logging", "Drop the rate limit") is read as a step
of kind delete by the command reading of a git tool (``kinds.call_kinds``) and refuses unless
the announcement says one. This holds the same boundary in every other language the lexicon
has: a word of the message that a tongue's verb table ([kind-delete]) reads as a delete
("Audit-Logging entfernen", "Rimuovi audit log", "監査ログを削除", "移除审计日志") refuses a
commit the announcement does not say a delete for. English is left to the command reading, so
its boundary is exactly today's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .kinds import _keys, name_words
from .tables import tongues
from .walk import _leaves
from .words import covers, tokenize

__all__ = ["deleted"]


def _deletes(text: str) -> str | None:
    """A word of ``text`` some tongue but English reads as a verb of kind delete, or None."""
    for t in tongues():
        if t.name == "en":
            continue
        for x in tokenize(text, t):
            if "delete" in (t.kind_of(x.text.casefold()), t.kind_of(x.text)):
                return x.text
    return None


def deleted(name: str, args: Mapping[str, Any], kinds: frozenset[str],
            said: set[str]) -> str | None:
    """Why a commit whose message says a delete is not grounded by an announcement whose verbs'
    kinds (``said``) say none, or None."""
    if "commit" not in kinds or "delete" in kinds or covers(said, "delete"):
        return None
    for key, value in _leaves(args):
        if not isinstance(value, str) or not set(name_words(str(key))) & _keys("prose"):
            continue
        word = _deletes(value)
        if word is not None:
            return (f"{name!r} takes a step of kind 'delete' ({word!r} in its message), which "
                    "the announcement does not")
    return None
