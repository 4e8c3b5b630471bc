"""An object that restates its step (h10d, rule ``ungrounded-call``; read by ``grounding.check``).

"Let me apply all three changes:" + an edit, "I'll implement the fix now." + an edit: the
object of the verb is a noun of the change itself ([g-change-noun]: "changes", "fix", "edits",
"updates"), which names the step again, not a thing it acts on. Such an object stands for the
work at hand as a pronoun does ("Let me fix it:"), so edits of files are grounded as after one
(``grounding.check``'s pronoun branch: a call of a kind an announced verb covers), and every
other check of scope, sensitive place and content still reads them.

``edits``: every announced verb writes ([kind-write]: "apply", "implement"; "make" is a
making verb and stays out), every content word and own noun of the announcements
(``Announcement.named``) beside the verbs is a change noun or a count ("three", "три"), and
every call of the reply only writes, each an edit of a file's text (an old and a new text with
the file's path, ``removal._pairs``). A named file, identifier or thing ("apply the changes to
config.py", "the proposed changes") is a target the call must carry, as before; a step of
another kind ("commit the changes", "discard the fix") is no restated change; and a write-kind
call that edits no file's text (an approval, a lock, a setting, a new file, a command) is not
the change at hand, whatever "fix it" grounds.

``unnamed`` (h26c): such an object, or one after a making verb ("Let me create the fix:"),
names no target other than the file an observation names, so an edit of that file's text is
not refused as changing what only an observation names (``scope._observed_target``), where
the observations say no change of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .figures import CARDINALS
from .kinds import OBSERVING
from .preamble import Announcement
from .removal import _pairs
from .tables import tongues_of

__all__ = ["edits", "unnamed"]

_KIND = "write"
"""The kind of step a change noun restates: a change written into what exists."""


def _restated(ann: Announcement, kind: str = _KIND) -> bool:
    """Every announced step writes (or takes ``kind``) and takes a change noun (with a count at
    most) as its whole object: every content word and own noun of the announcements beside the
    verbs is one."""
    if not ann.verbs or any(k != kind for _v, k in ann.verbs):
        return False
    found = tongues_of(ann.tongues)
    verbs = {v.casefold() for v, _k in ann.verbs}
    nouns = [w for w in (o.casefold() for o in (*ann.objects, *ann.named)) if w not in verbs]
    changes = [w for w in nouns if any(t.marked(w, "g-change-noun") for t in found)]
    return bool(changes) and all(w in changes or w in CARDINALS or w.isdigit() for w in nouns)


def edits(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          kinds_of: Sequence[frozenset[str]]) -> bool:
    """The announcement restates a change (``_restated``) and every call only writes, each an
    edit of a file's text."""
    return _restated(ann) and all(
        kinds == {_KIND} and bool(pairs) and all(path for _old, _new, path in pairs)
        for (_name, args), kinds in zip(calls, kinds_of, strict=True)
        for pairs in [_pairs(args)])


def unnamed(ann: Announcement, args: Mapping[str, Any]) -> bool:
    """The announcement restates a change, written or made ("Let me create the fix:", "I'll
    implement the fix."), and the call edits a file's text: the object names no target, so
    the file the observation names is the one changed, as after "fix it"
    (``scope._observed_target``). Only where the observations say no change of their own (no
    word of a changing kind: "The method doesn't handle the case ..."): after "You should:\n1.
    Update the import in `app.py`" the changes restated may be the reader's list, someone
    else's. A new file written, or a thing named, is read as before."""
    pairs = _pairs(args)
    ts = tongues_of(ann.tongues)
    return (_restated(ann) or _restated(ann, "create")) and bool(pairs) and all(
        path for _old, _new, path in pairs) and not any(
        t.kind_of(w) not in (None, "generic", *OBSERVING) for w in ann.observed for t in ts)
