"""An object that restates its step (h10d, rule ``ungrounded-call``; read by ``grounding.check``).

"Let me apply all three changes:" + an edit, "I'll implement the fix now." + an edit: the
object of the verb is a noun of the change itself ([g-change-noun]: "changes", "fix", "edits",
"updates"), which names the step again, not a thing it acts on. Such an object stands for the
work at hand as a pronoun does ("Let me fix it:"), so the calls are grounded as after one: a
call of a kind an announced verb covers (``grounding.check``'s pronoun branch), and every other
check of scope, target and content still reads it.

``restated``: the announcement names nothing of its own (``Announcement.named`` empty), every
announced verb writes ([kind-write]: "apply", "implement", "make" is a making verb and stays
out), and every content word of the announcements beside the verbs is a change noun of that
kind or a count ("three", "3"). A named file, identifier or thing ("apply the changes to
config.py", "the README changes") is a target the call must carry, as before; a step of
another kind ("apply the changes and deploy") is no restated change; an observation ("I have
all the context") grounds nothing either way.
"""

from __future__ import annotations

from .figures import CARDINALS
from .preamble import Announcement
from .tables import tongues_of

__all__ = ["restated"]

_KIND = "write"
"""The kind of step a change noun restates: a change written into what exists."""


def restated(ann: Announcement) -> bool:
    """Every announced step writes and takes a change noun of that kind (with a count at
    most) as its whole object, and the announcement names nothing of its own."""
    if ann.named or not ann.verbs or any(k != _KIND for _v, k in ann.verbs):
        return False
    found = tongues_of(ann.tongues)
    verbs = {v.casefold() for v, _k in ann.verbs}
    nouns = [w for w in (o.casefold() for o in ann.objects) if w not in verbs]
    changes = [w for w in nouns if any(t.marked(w, "g-change-noun") and t.kind_of(w) == _KIND
                                       for t in found)]
    return bool(changes) and all(w in changes or w in CARDINALS or w.isdigit() for w in nouns)
