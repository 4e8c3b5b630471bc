"""A look's findings listed after its colon (issue 25, audit W-plan).

"Let me confirm:\\n1. **FDZ0T5**: ...\\n2. **SE9KEL**: ...\\n\\nI will proceed with canceling
them now." An announcement inside the preamble whose colon opens a list (``itemized.fold``
marks its terminator ``JOIN``) and whose step only looks or finds out writes out what the look
finds: its items are read as an observation's list is (``itemized``: an item that parses as an
announcement refuses), the look itself grounds no call (the list is its result, written before
the markup, as after "I found your reservation:"), and an announcement must still follow.

The step finds out when each verb is a verb of finding out ([g-inquiry-verb]: "check",
"verify", "confirm", of no kind or of kind test) or of computing (kind compute), or a generic
verb whose means ([g-means] before an -ing form: "let's continue by checking ...") is such a
verb; and no word of the sentence is of another kind. A verb that reads, lists, searches or
fetches a thing ("I'll read the checklist:", "Let me fetch the page:") introduces that thing's
text, a source's, not the assistant's findings; it, a changing step's colon ("I'll make these
changes:"), a run's, a generic verb's alone ("Let's continue:") and a colon inside a line are
read as before: a colon inside the preamble refuses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from .announcement import Announcement
from .itemized import JOIN
from .means import gerund
from .words import Token, Tongue

__all__ = ["introduces"]

_FINDING = frozenset({"compute"})
"""Kinds of step whose result a list can write out (a read's, a search's, a fetch's list is
the text it reads: a source's)."""

_UNKINDED = (None, "generic", "test")
"""Kinds a verb of finding out may carry ("verify" is of kind test)."""


def introduces(tokens: Sequence[Token], t: Tongue, steps: bool, end: str,
               announcement: Callable[[Sequence[Token], Tongue, bool], Announcement]) -> bool:
    """The announcement ``tokens`` (its terminator ``end``) only looks, and its colon opens the
    list of what it finds (module docstring)."""
    if JOIN not in end or not (":" in end or "\uff1a" in end):
        return False
    if any(t.kind_of(x.text) not in (*_UNKINDED, *_FINDING) for x in tokens if x.kind == "OPEN"):
        return False  # a word of a step of another kind ("check the deletion")
    verbs = announcement(tokens, t, steps).verbs
    means = [y.text for x, y in pairwise(tokens)
             if x.kind == "PREP" and t.has(x.text, "g-means") and gerund(y, t)]
    if not verbs or not all(_finds(v, k, t) or k == "generic" for v, k in verbs):
        return False
    found = [k for v, k in verbs if _finds(v, k, t)]
    return all(_finds(m, t.kind_of(m), t) for m in means) and bool(found or means)


def _finds(verb: str, kind: str | None, t: Tongue) -> bool:
    """A verb (or its -ing form) that finds out or computes."""
    if kind in _FINDING:
        return True
    word = verb.casefold()
    stems = {word, *(word[: -len(s)] for s in t.participle_suffixes if word.endswith(s))}
    return kind in _UNKINDED and any(
        s == w or s.startswith(w + " ") for s in stems for w in t.inquiry_verbs)
