"""A verb of any language names a tool whose name holds the word of its kind (h46w, issue 25).

An English verb names a tool whose name holds it: "I'll commit the changes." is referenced by
``git_commit``, "I'll search the notes." by ``search_files`` (the verb is a word of the
announcement, and it occurs in the tool's name). A verb of another language says the same step
in other letters ("Сейчас закоммичу изменения.", "Поищу погоду в Москве.", "Wyszukam pogodę w
Krakowie."), so its own word never occurs in an English name; what it shares with the name is
its kind, whose English word ("commit", "search") is the name's word. Such a verb references
the call as its English counterpart would: the kind's own word, a word of the tool's name.

Only the kinds whose word is the plain verb of the step: the observing ones (a look changes
nothing), and the steps that cannot be taken back when the announcement names nothing of its
own (``Announcement.named`` empty: "изменения", "the changes", are common words, and such an
object stands for the work at hand as "Let me commit." does; a named object, "the old logs",
"the deletion request for their records", must still occur in the call). Such a call still
passes every check of scope, recipient and amount. A write, a create, a run, a test or an
install is named by its words, as before: their kind's word is not the only verb of such a
step ("update" writes), so a name holding it is no sign of the step said.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import checked, recorded, shows
from .kinds import name_words
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .preamble import Announcement

__all__ = ["names"]

_NAMING = OBSERVING | EVERY_NOUN_KINDS
"""Kinds whose own word, in a tool's name, names the tool for a verb of that kind."""


def names(ann: Announcement, name: str, kinds: frozenset[str],
          args: Mapping[str, Any] | None = None) -> bool:
    """Some announced verb's kind is one of ``_NAMING``, its English word is a word of the
    tool's name, and the call takes that step with nothing named (or, for an observing verb,
    only observes); the announcement is in no English sentence (an English verb names a tool
    by its own word: "deletion" or "remove" is no word of ``delete_file``, nor its reference)."""
    if args is not None and shows.shown(ann, args, kinds):
        return True  # what an observing command prints ([shows])
    if checked.names(ann, kinds):
        return True  # the check a test-kind call runs (``checked``)
    words = set(name_words(name))
    # a noun the commit records (``recorded``: "закоммичу исправление") names nothing of its own
    own = bool(ann.named) and (args is None or bool(
        set(ann.named) - recorded.recorded(ann, [(name, args)], [kinds])))
    return bool(kinds) and "en" not in ann.tongues and any(
        k is not None and k in _NAMING and k in words
        and ((k in kinds and not own) or (k in OBSERVING and kinds <= OBSERVING))
        for _v, k in ann.verbs)
