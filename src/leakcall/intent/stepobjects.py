"""Each step that cannot be taken back on its own object (issue 25, round 60, gaps 1 and 2).

``binding.crossed`` refuses a changing call that takes another step's object and not its own,
by any word of the call; a name of one shape ("`a.txt`" and "`b.txt`" share ``txt``) or a
recipient the step also names ("share `public.pdf` with alice@…") lets a swapped object by.
``unpaired`` pairs a call that cannot be taken back (``observing.EVERY_NOUN_KINDS``: a
deletion, a send, a payment, a deploy, a commit) with the steps whose verb covers its kind, and
reads the values that name what it acts on (a target or identifier key, or a value of one word:
a path, a name, an address): when one of them writes the object of another announced step
(written as a name: quoted, or with a joiner or a digit; or the whole value one of its words)
and none of its own step's words, while that step writes a name of its own, the call is not
that step. "I'll read `a.txt` and delete `b.txt`." + ``delete_file(a.txt)`` (the objects
swapped, or the read's object taken twice) refuses; "read `a.txt` and delete it" (a pronoun)
and "read the config and delete the temp cache" (no name written) are not compared, and a
value that writes its own step's name as well ("read `notes.txt` and delete
`old/notes.txt`") is its own step's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _keys, _without_notes, name_words
from .observing import EVERY_NOUN_KINDS
from .preamble import Announcement
from .walk import _leaves
from .words import covers

__all__ = ["unpaired"]

_ID_WORDS = frozenset({"id", "ids", "key", "ref", "reference", "number", "no", "num"})


def _bare(w: str) -> str:
    return w.strip("`'\"()[],;:!?").rstrip(".").casefold()


def _named(raw: str) -> bool:
    """A step's word written as a name: quoted, or with a joiner or a digit (``a.txt``,
    ``alice@example.com``, ``build-42``)."""
    w = _bare(raw)
    return len(w) >= 2 and (raw[:1] in "`'\"" or re.search(r"[\d./@_:\\]", w) is not None)


def _carries(value: str, w: str) -> bool:
    """The value writes ``w`` whole, not inside a longer word ("old/a.txt" writes "a.txt",
    "ba.txt" does not)."""
    return re.search(rf"(?<![^\W_]){re.escape(w)}(?![^\W_])", value) is not None


def _handles(name: str, args: Mapping[str, Any]) -> list[str]:
    """The values that say what the call acts on: under a target or identifier key or a word
    of the tool's name (``user`` of ``delete_user``), or of one word (no free text)."""
    own = set(name_words(name))
    out = []
    for key, leaf in _leaves(_without_notes(args)):
        if isinstance(leaf, bool) or not isinstance(leaf, (str, int)):
            continue
        value, words = str(leaf).strip().casefold(), set(name_words(str(key)))
        if value and (words & (_keys("target") | _ID_WORDS | own) or not re.search(r"\s", value)):
            out.append(value)
    return out


def unpaired(name: str, args: Mapping[str, Any], kinds: frozenset[str],
             ann: Announcement) -> str | None:
    """Why a call that cannot be taken back acts on another announced step's object, not its
    own step's, or None (module docstring)."""
    final = kinds & EVERY_NOUN_KINDS
    if len(ann.steps) < 2 or not final:
        return None
    mine = [s for s in ann.steps if s[1] not in (None, "generic")
            and any(covers({s[1]}, k) for k in final)]
    if not mine or len(mine) == len(ann.steps) or any(s[3] or not s[2] for s in mine):
        return None
    own = {_bare(w) for s in mine for w in s[2]} - {""}
    if not any(_named(w) for s in mine for w in s[2]):
        return None  # no name of its own written: "delete the temp cache"
    others = {(w, _named(raw)) for s in ann.steps if s not in mine for raw in s[2]
              if (w := _bare(raw)) and w not in own}
    for value in _handles(name, args):
        if any(_carries(value, w) for w in own):
            continue
        hit = next((w for w, named in sorted(others)
                    if (named and _carries(value, w)) or (len(w) >= 3 and value == w)), None)
        if hit is not None:
            verbs = "/".join(s[0] for s in mine)
            said = ", ".join(w for s in mine for w in s[2])
            return (f"{name!r} acts on {hit!r}, the object of another announced step, and "
                    f"on none of {said}, what {verbs!r} is said of")
    return None
