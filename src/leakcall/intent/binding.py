"""Binding: each announced verb is bound to its own object, and a call to the step it takes.

``grounding`` checks that some announced verb covers a call's kind and that some word of the
announcement occurs in it; with several steps ("read the database config and delete the temp
cache") that pairs a verb with another step's object. ``crossed`` reads the steps the
preamble parsed (``Announcement.steps``: verb, kind, own nouns) and refuses a changing call
that takes the object of a step whose verb does not cover it, and not its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .preamble import Announcement
from .references import _CALL_WORD, _referenced
from .scope import _uncommented
from .walk import _strings
from .words import covers

__all__ = ["crossed"]


def crossed(name: str, args: Mapping[str, Any], changing: frozenset[str], ann: Announcement,
            whole: tuple[str, frozenset[str]]) -> str | None:
    """Why a changing call is bound to another step than its own, or None: its values name
    the object of an announced step whose verb does not cover it, and its name, keys and
    values (``whole``) name not the object of any step whose verb does ("read the database
    config and delete the temp cache" + ``delete_file(config/database.yml)``). A step with a
    pronoun object grounds as before; words two steps both name bind neither."""
    if len(ann.steps) < 2:
        return None
    mine = [s for s in ann.steps if s[1] not in (None, "generic")
            and any(covers({s[1]}, k) for k in changing)]
    if not mine or any(s[3] or not s[2] for s in mine):
        return None
    bound = {w for s in mine for w in s[2]}
    rest = {w for s in ann.steps if s not in mine for w in s[2]}
    other, own = sorted(rest - bound), sorted(bound - rest)
    values = [_uncommented(x) for x in _strings(args)]
    text = " ".join(v.casefold() for v in values)
    words = frozenset(w.casefold() for v in values for w in _CALL_WORD.findall(v))
    hit = _referenced(other, text, words)
    if hit is None or _referenced(own, *whole) is not None:
        return None  # its own object anywhere in the call ("create the event" + its name)
    verbs = "/".join(s[0] for s in mine)
    return (f"{name!r} acts on {hit!r}, the object of another announced step, not on what "
            f"{verbs!r} is said of ({', '.join(own)})")
