"""A read of the file an announced edit changes, before the edit (h95g, issue 25, rule
``ungrounded-call``).

"Now add logging at the initialize response handler:" + a read of ``useSessionStream.ts``
(lines 1948-1962): an editor reads the place it is about to change first, and the read's path
need not say the words the edit's object is named by (a handler, a function, a constant). A
read changes nothing, so it is grounded by an announced edit as a look is by a verb of looking
(``inspecting``), under the same conditions on what it reads and on the announcement:

- every verb of the announcement the tables give a kind (not generic) says a write or a create,
  and one does: no delete, send, run or payment ("Now delete the handler:" + a read stays
  refused, as any look does without a verb of looking);
- at most two calls, each of kind read alone (no list, search, fetch or computation), at a place
  in the files worked on (``inspecting._at_files``: no URL, no root, home or system path);
- no owner, other party, relayed source, harm word, time or condition in the announcement
  (``inspecting``'s, but a colon ending it: what it points at is the edit to come);
- a number, file or address the announcement names is carried by the call.

What a read reads is still held by the rules for every call (a sensitive location, a secret),
before this one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .inspecting import _CARRIED_SHAPE, _at_files
from .preamble import Announcement
from .references import _referenced

__all__ = ["grounds"]

_EDITS = frozenset({"write", "create"})
_READ = frozenset({"read"})


def _edit_only(ann: Announcement) -> bool:
    """Every announced verb of a kind writes or creates, and one does."""
    kinds = {k for _v, k in ann.verbs} - {None, "generic"}
    return bool(kinds) and kinds <= _EDITS


def grounds(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            kinds_of: Sequence[frozenset[str]], call_text: str,
            call_words: frozenset[str]) -> bool:
    """The call (its text and words) reads the file an announced edit changes (module
    docstring); ``calls`` and ``kinds_of``: every call of the reply and its kinds."""
    if not _edit_only(ann) or len(calls) > 2 or ann.owners or ann.parties or ann.relayed \
            or ann.sourced or ann.harms or ann.times or ann.waits:
        return False
    if not all(k and k <= _READ and _at_files(args)
               for (_name, args), k in zip(calls, kinds_of, strict=True)):
        return False
    return all(_referenced([w], call_text, call_words) is not None
               for w in (*ann.objects, *ann.named) if _CARRIED_SHAPE.search(w.strip("`\"'")))
