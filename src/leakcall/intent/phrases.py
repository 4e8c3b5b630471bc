"""A written phrase carried with a word swapped (issue 25, round 36 ``address-partial-swap``;
read by ``parties.swapped`` with the text as written).

An address, a name or a title the announcement writes out is one thing by its words, as an
identifier is by its spelling (``identity``): "12 Elm Street, Springfield" names no street in
Shelbyville. Grounding by words reaches a value that shares most of them, so a changing call's
value of several words that lines up with a run of the text, word for word, yet puts another
proper word (capitalised, or holding a digit) where the text has one, is another thing: "40 Oak
Avenue, Portland, OR" + ``40 Oak Avenue, Portland, ME``; "2026-12-08" + ``2026-12-09``. An
edit's old and new text differ from the text by design (the change itself), and a value that
only goes on where the text stops, or replaces a lower-case word of the prose around the
phrase ("…, Springfield for you" + ``…, Springfield, IL``), swaps nothing the text wrote;
scripts without letter case compare no words here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from .casednames import cased_in
from .identity import _values
from .kinds import name_words
from .memo import per_reply
from .named import _keys
from .tables import english

__all__ = ["altered", "misnamed"]

_WORD = re.compile(r"[^\W_]+")
_SIDES = frozenset({"old", "new"})
"""Words of an edit's keys (``old_string``, ``new_string``): its sides, read by the edit rules."""
_STOP = re.compile(r"[.!?。！？]\s|\n")
"""A sentence's end: the aligned run of the text stays inside one sentence."""


def _proper(word: str) -> bool:
    """A word that names by its spelling: a capital first letter, or a digit in it."""
    return word[:1].isupper() or any(ch.isdigit() for ch in word)


def _sentences(text: str) -> list[list[str]]:
    return [_WORD.findall(s) for s in _STOP.split(text)]


def _swap(value: list[str], sentence: list[str]) -> tuple[str, str] | None:
    """(written, carried) of the proper word ``value`` puts in place of one of ``sentence``
    where the two line up best (most words equal at one offset, at least two and half of
    the value's), or None."""
    best, at = 0, 0
    for j in range(-len(value) + 1, len(sentence)):
        same = sum(1 for k, w in enumerate(value)
                   if 0 <= j + k < len(sentence) and sentence[j + k].casefold() == w.casefold())
        if same > best:
            best, at = same, j
    if best < 2 or 2 * best < len(value):
        return None
    for k, w in enumerate(value):
        if 0 <= at + k < len(sentence):
            s = sentence[at + k]
            a, b = s.casefold(), w.casefold()
            # one glued to more ("08" in ``08T15:00``) is that word, written on
            if not (a.startswith(b) or b.startswith(a)) and _proper(s) and _proper(w):
                return s, w
    return None


def altered(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a changing call (``calls`` are those) carries a phrase of the text, as written,
    with one of its proper words swapped for another, or None."""
    sentences = _sentences(text)
    folded = text.casefold()
    for name, args in calls:
        for key, value in _values(args):
            words = _WORD.findall(value)
            if len(words) < 3 or "\n" in value or value.casefold() in folded \
                    or _SIDES & set(name_words(key)):
                continue
            for sentence in sentences:
                swap = _swap(words, sentence)
                if swap is not None:
                    return (f"{name!r} gives {value[:60]!r} ({key!r}): {swap[1]!r} where the "
                            f"text writes {swap[0]!r}")
    return None


@per_reply  # a value's scripts: read by half a dozen rules
def _scripts(text: str) -> set[str]:
    """The scripts of a text's letters (``LATIN``, ``CYRILLIC``)."""
    return {unicodedata.name(ch, "?").split()[0] for ch in text if ch.isalpha()}


def _named(word: str, text: set[str], folded: str) -> bool:
    """``word`` (folded) is a word of the text, inflected ("lights") or heading a compound
    ("Wohnzimmerlicht"); a word of a script without spaces is found inside the text."""
    if not any(ch.isascii() or ch.isupper() or ch.islower() for ch in word):
        return word in folded
    return any(t == word or (t.startswith(word) and (len(word) >= 4 or len(t) - len(word) <= 2))
               or (word.startswith(t) and len(t) >= 3 and len(word) - len(t) <= 2) for t in text)


def _bare(order: list[str], kind: set[str]) -> bool:
    """The text names the thing by its kind alone, after an article ("turn on the light"):
    which one is left open, as the user's request settles it."""
    article = english()
    return any(w in kind and article.has(p, "g-article") for p, w in pairwise(order))


def misnamed(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a changing call acts on a thing under a key of one ([keys-thing]: ``door``,
    ``room``) that the text does not name, every word of it (another of its kind: "the shed
    door" + ``front door``; or more: "the garage door" + ``garage door, front door``), or
    None. The words of the key and of the tool's name ("door" of ``unlock_door``) name the
    kind, not the thing."""
    things = _keys("thing")
    folded = text.casefold()
    words = {w.casefold() for w in _WORD.findall(text)}
    seen = _scripts(text)
    order = [w.casefold() for w in _WORD.findall(text)]
    seen_ascii = {"LATIN"} if all(ch.isascii() for ch in text if ch.isalpha()) else set()
    for name, args in calls:
        kind = {w.casefold() for w in name_words(name)}
        for key, value in _values(args):
            own = {w.casefold() for w in name_words(key)}
            if not own & things or _bare(order, own):
                continue
            # a word is compared in its own script: "الباب الأمامي" names ``front``
            left = [w for w in (x.casefold() for x in _WORD.findall(value))
                    if w not in own | kind and _scripts(w) & seen
                    and not _named(w, words, folded) and not cased_in(w, words, text)]
            # a value sharing no word with a text of letters it has none of may be the
            # thing's name in another tongue ("in der Küche" + ``kitchen``): left open
            if left and (len(left) < len(_WORD.findall(value)) or not _scripts(text) - seen_ascii
                         or any(not w.isascii() for w in left)):
                return (f"{name!r} acts on {key!r} {value[:60]!r}: {left[0]!r} is no word "
                        "of the thing the text names")
    return None
