"""The consonants of a name, read alike in Latin, Arabic and Hebrew letters (h11d; read by
``acrossscripts``): Arabic and Hebrew write a name's consonants and few of its vowels, so a
place written in one ("دبي", "תל אביב") and in Latin letters (``Dubai``, ``Tel Aviv``) share
their consonants' classes (b/v, p/f, k/q/c, s/z/sh, t/th, d/dh, g/j/gh), vowels, h, w, y and
the glottal letters aside, a doubled class read once. A prefix a word of the text carries (the
Arabic article "ال", a one-letter preposition or conjunction: "بتل", "والقاهرة") is tried off.
Another place shares no skeleton ("القاهرة": k-r; ``Tel Aviv``: t-l-b-b). No table spells Han,
Kana, Hangul, Thai or Devanagari here."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["SPELLED", "skeleton", "spelled_in"]

SPELLED = frozenset({"ARABIC", "HEBREW"})
"""Scripts whose words ``skeleton`` reads (``phrases._scripts`` names)."""

_LATIN = [("sh", "s"), ("ch", "k"), ("kh", "k"), ("gh", "g"), ("th", "t"), ("dh", "d"),
          ("ph", "p"), ("tz", "s"), ("ts", "s"), ("x", "ks")]
_CLASS = {"b": "b", "v": "b", "p": "p", "f": "p", "c": "k", "k": "k", "q": "k", "g": "g",
          "j": "g", "s": "s", "z": "s", "t": "t", "d": "d", "l": "l", "m": "m", "n": "n",
          "r": "r"}
_ARABIC = dict(zip("بتثجخدذرزسشصضطظغفقكلمن",
                   "bttgkddrssssdtsgpkklmn", strict=True))
_HEBREW = dict(zip("בגדזטכךלמםנןסעפףצץקרשתח",
                   "bgdstkklmmnns" + "\0" + "ppsskrstk", strict=True))
_ARABIC_PREFIX = ("وال", "فال", "بال", "كال", "لل", "ال", "و", "ف", "ب", "ك", "ل")
_HEBREW_PREFIX = ("וב", "ול", "ומ", "וה", "ב", "ה", "ו", "כ", "ל", "מ", "ש")


def _collapse(s: str) -> str:
    return re.sub(r"(.)\1+", r"\1", s)


def skeleton(word: str) -> str:
    """The classes of a word's consonants, in order, a doubled one once ("" for none)."""
    w = word.casefold()
    if w.isascii():
        for a, b in _LATIN:
            w = w.replace(a, b)
        return _collapse("".join(_CLASS.get(ch, "") for ch in w))
    table = {**_ARABIC, **_HEBREW}
    return _collapse("".join(table.get(ch, "").strip("\0") for ch in w))


def _forms(word: str) -> set[str]:
    """The word's skeleton, and its skeleton with each prefix it may carry taken off."""
    out = {skeleton(word)}
    for p in (*_ARABIC_PREFIX, *_HEBREW_PREFIX):
        if word.startswith(p) and len(word) > len(p) + 1:
            out.add(skeleton(word[len(p):]))
    return out


def spelled_in(value_words: Sequence[str], text_words: Sequence[str]) -> bool:
    """The Latin value's consonants are those of a run of up to three of the text's words."""
    want = skeleton("".join(value_words))
    if len(want) < 2:
        return False
    for i in range(len(text_words)):
        for n in (1, 2, 3):
            run = text_words[i:i + n]
            if len(run) < n:
                break
            heads = _forms(run[0])
            rest = "".join(skeleton(w) for w in run[1:])
            if any(_collapse(h + rest) == want for h in heads):
                return True
    return False
