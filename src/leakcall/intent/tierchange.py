"""A record moved to another level (audit W-kind, issue 25): "I'll process the downgrade to
basic economy now." + ``update_reservation_flights(cabin="basic_economy")``.

A word of changing a thing's level ([g-tier-change]: "upgrade", "downgrade") is read as
[kind-install] ("upgrade numpy"). Followed in its clause by "to" and a level ("to business
class", "to basic economy"), it writes that level into a record: a call whose one changing
kind is write, one of whose values is that level's first one to three words (joined by a
space, "_" or "-": "business class" + cabin "business"), takes it (``moved``). Between the
word and "to" stand at most five words of no kind of step and no joining word ("upgrade
your reservation GV1N64 to"), so "upgrade X and cancel Y to ..." is no such clause.

The same step done on the next thing (``done_again``): "NM1VX1 has been successfully
upgraded to business class. Now let me do KC18K6." The announcement is only a verb of
performing ([g-perform] "do", "process"; never "check") whose one object is an id of the
same shape (letters and digits, same length) as the id the sentence right before reports
so moved ("<id> has been / was <word of the level> to <level>"); the call carries the new
id and the level. Never another kind (a booking, a cancellation, a payment), a level the
call does not carry, another id, or a sentence that does not report the move done ("the
user wants NM1VX1 upgraded", "if NM1VX1 is upgraded": the grammar refuses a condition).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .observing import OBSERVING
from .preamble import Announcement
from .tables import tongues_of
from .walk import _leaves
from .words import Tongue

__all__ = ["done_again", "moved"]

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_WORD = re.compile(r"[\w'`-]+")
_JOINING = frozenset({"and", "or", "then", "but", "&"})
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "your", "its"})
_ID = re.compile(r"(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{4,}")
_DO = re.compile(r"(?:(?:now|next|then),?\s+)?(?:let me|let's|i'll|i will)\s+(?P<verb>\w+)\s+"
                 r"`?(?P<id>[A-Za-z0-9]+)`?(?:\s+(?:now|next))?\s*[.!]?", re.I)
_DONE = re.compile(r"(?:(?:the\s+)?(?:reservation|booking|order|ticket|account)\s+)?"
                   r"`?(?P<id>[A-Za-z0-9]+)`?\s+(?:has been|have been|was|is now)\s+"
                   r"(?:\w+ly\s+)?(?P<word>\w+)\s+to\s+(?P<rest>.*)", re.I)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def _values(args: Mapping[str, Any]) -> set[str]:
    """The call's string values, their "_" and "-" read as spaces, case folded."""
    return {re.sub(r"[_-]+", " ", v).casefold().strip()
            for _key, v in _leaves(args) if isinstance(v, str)}


def _level_carried(words: list[str], values: set[str]) -> bool:
    """The level's first one to three words are a value of the call."""
    return any(" ".join(words[:n]).casefold() in values for n in range(1, min(3, len(words)) + 1))


def _level_after(sentence: str, t: Tongue, verbs: dict[str, str | None]) -> list[str] | None:
    """The words of the level after a word of [g-tier-change] and "to" in ``sentence``, or None:
    the word is an announced verb, or the noun an announced verb of [g-perform] takes ("process
    the downgrade", "proceed with the upgrade"; only a determiner between: "check the
    downgrade" finds out, it takes no step)."""
    words = _WORD.findall(sentence)
    for i, w in enumerate(words):
        if not t.has(w.casefold(), "g-tier-change"):
            continue
        before = [x.casefold() for x in words[max(0, i - 3): i]]
        while before and before[-1] in _DETERMINERS:
            before.pop()
        if before and before[-1] == "with":  # "proceed with the upgrade"
            before.pop()
        if w.casefold() not in verbs and not (
                before and before[-1] in verbs and t.has(before[-1], "g-perform")):
            continue
        for j in range(i + 1, min(i + 7, len(words))):
            if words[j].casefold() == "to":
                return [x.replace("-", " ") for x in words[j + 1: j + 4]] or None
            if words[j].casefold() in _JOINING or t.kind_of(words[j].casefold()) is not None:
                break
    return None


def _changes_write(kinds: frozenset[str] | set[str], kind: str) -> bool:
    return kind == "write" and set(kinds) - OBSERVING == {"write"}


def moved(ann: Announcement, args: Mapping[str, Any], kind: str,
          kinds: frozenset[str] | set[str]) -> bool:
    """The last sentence moves a record to a level the call writes (module docstring)."""
    if not _changes_write(kinds, kind):
        return False
    verbs = {v.casefold(): k for v, k in ann.verbs}
    sentences = _sentences(ann.text)
    if not sentences:
        return False
    values = _values(args)
    for t in tongues_of(ann.tongues):
        if t.name != "en":
            continue  # (the level's clause is read in English only)
        level = _level_after(sentences[-1].rstrip(":"), t, verbs)
        if level is not None and _level_carried(level, values):
            return True
    return False


def done_again(ann: Announcement, args: Mapping[str, Any], kind: str,
               kinds: frozenset[str] | set[str]) -> bool:
    """"Now let me do <id>." after "<other id> has been upgraded to <level>." (module
    docstring)."""
    if not _changes_write(kinds, kind):
        return False
    sentences = _sentences(ann.text)
    if len(sentences) < 2:
        return False
    said = _DO.fullmatch(sentences[-1])
    done = _DONE.fullmatch(sentences[-2])
    if said is None or done is None:
        return False
    new, old = said["id"], done["id"]
    if not (_ID.fullmatch(new) and _ID.fullmatch(old)) or len(new) != len(old) \
            or new.casefold() == old.casefold():
        return False
    values = _values(args)
    if new.casefold() not in values:
        return False
    for t in tongues_of(ann.tongues):
        if t.name != "en" or not t.has(said["verb"].casefold(), "g-perform") \
                or not t.has(done["word"].casefold(), "g-tier-change"):
            continue
        level = [x.replace("-", " ") for x in _WORD.findall(done["rest"])[:3]]
        if level and _level_carried(level, values):
            return True
    return False
