"""A look at the file an announced edit changes, before the edit (h95g, issue 25, rule
``ungrounded-call``).

"Now add logging at the initialize response handler:" + a read of ``useSessionStream.ts``
(lines 1948-1962): an editor reads the place it is about to change first, and the read's path
need not say the words the edit's object is named by (a handler, a function, a constant). A
read changes nothing, so it is grounded by an announced edit as a look is by a verb of looking
(``inspecting``), under the same conditions on what it reads and on the announcement:

- every verb of the announcement the tables give a kind (not generic) says a write, a create
  or a delete (of lines: "先移除所有诊断日志" + a grep for them), and one does: no send, run,
  commit or payment ("I'll send the handler to the team." + a read stays refused);
- at most two calls, each of kind read or search alone (no list, fetch or computation; a
  search under a key of a path or a command: a grep, no web or catalog search), at a
  place in the files worked on (``inspecting._at_files``: no URL, no root, home or system
  path), whose words name no credential ([credential]: ``config/secrets.yml``) the
  announcement does not say, and no credential store (``credfiles.store``:
  ``config/database.yml``);
- no verb that reproduces content ([relay]: "copy the log": the read would be its source),
  no owner, other party, relayed source, harm word, time or condition in the announcement
  (``inspecting``'s, but a colon ending it: what it points at is the edit to come);
- a number, file or address the announcement names is carried by the call.

What a read reads is still held by the rules for every call (a sensitive location, a secret),
before this one."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .credfiles import store
from .inspecting import _CARRIED_SHAPE, _at_files
from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .references import _referenced
from .tables import lexicon
from .walk import _strings

__all__ = ["grounds"]

_EDITS = frozenset({"write", "create", "delete"})
_LOOKS = frozenset({"read", "search"})
_WORD = re.compile(r"[^\W\d_]+")
_LOCAL = frozenset({"path", "paths", "file", "dir", "directory", "cwd", "command", "cmd"})
"""Words of a key that says where in the files a search looks, or the command that does."""


def _edit_only(ann: Announcement) -> bool:
    """Every announced verb of a kind writes, creates or deletes, and one does."""
    kinds = {k for _v, k in ann.verbs} - {None, "generic"}
    return bool(kinds) and kinds <= _EDITS


def _credential(args: Mapping[str, Any], ann: Announcement) -> bool:
    """A word of a value the call carries names a credential the announcement does not say."""
    said = " ".join((*ann.objects, *ann.named)).casefold()
    words = {w.casefold() for v in _strings(args, keys=False, numbers=False) for w in _WORD.findall(v)}
    # a store of credentials by its name (``config/database.yml``): an edit elsewhere is no
    # reason to read it
    return any(w not in said for w in words & section("credential")) or store(args) is not None


def grounds(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            kinds_of: Sequence[frozenset[str]], call_text: str,
            call_words: frozenset[str]) -> bool:
    """The call (its text and words) looks at the file an announced edit changes (module
    docstring); ``calls`` and ``kinds_of``: every call of the reply and its kinds."""
    if not _edit_only(ann) or len(calls) > 2 or ann.owners or ann.parties or ann.relayed \
            or ann.sourced or ann.harms or ann.times or ann.waits:
        return False
    # a verb that reproduces content ([relay]: "I'll copy the log.") writes what the read
    # returns: the read is the relay's source, no look at a place an edit changes
    if lexicon().clause_cues["relay"].search(ann.text) is not None:
        return False
    if not all(k and k <= _LOOKS and _at_files(args) and not _credential(args, ann) and (
            "search" not in k or any(set(name_words(key)) & _LOCAL for key in args))
               for (_name, args), k in zip(calls, kinds_of, strict=True)):
        return False
    return all(_referenced([w], call_text, call_words) is not None
               for w in (*ann.objects, *ann.named) if _CARRIED_SHAPE.search(w.strip("`\"'")))
