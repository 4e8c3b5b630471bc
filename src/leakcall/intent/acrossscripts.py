"""A value in a script the text writes no letter of (r42 gap 5; read by ``parties.swapped``
with the text as written).

A thing a changing call acts on ([keys-thing]: ``room``, ``door``) or a place any call acts at
([keys-place]: ``city``) is named by the text's words. A value whose words are in the text's
script is compared with them there (``phrases.misnamed``, ``namedpieces.unheld_name``); a value
in a script the text writes no letter of (``room: garage`` after "غرفة النوم", ``city: Tel
Aviv`` after "القاهرة", ``room: nursery`` after "в спальне") is compared with what the text's
words mean through the lexicon's [concept] maps ("الأمامي = front", "спальн = bedroom"): a
word of it no word of the text means is unmatched, and the call ungrounded, as an unmatched
Latin value is after a Latin text. A place is a name: after an Arabic or Hebrew text it is
matched by its consonants too (``skeletons``: ``Dubai`` for "دبي", ``Tel Aviv`` for "בתל
אביב"; ``Tel Aviv`` for "القاهرة" is refused); after a text in a script no table spells (Han,
Hangul, Thai, Devanagari) a Latin place is left open. Left open: a value naming the
thing by its kind (the key's or the tool's words: ``door`` of ``front door``) and a text that
writes letters of the value's script too (a mixed text is read by the checks of that script).
A place in a script without case (Arabic, Hebrew), where no capital marks a name, is written in
the text (inside a word too: "بدبي" holds ``دبي``) or refused (``city: الرياض`` after "دبي").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .memo import folded
from .named import _keys
from .phrases import _scripts
from .references import _meanings, _stem
from .skeletons import SPELLED, spelled_in
from .walk import _keyed_strings

__all__ = ["unmatched_across", "verb_meanings"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]
_WORD = re.compile(r"[^\W\d_]+")
_UNSPACED = frozenset({"CJK", "HIRAGANA", "KATAKANA", "THAI", "HANGUL", "LAO", "KHMER", "MYANMAR"})
"""Scripts (``phrases._scripts``) written without spaces between words: a place is found
inside the text by other checks."""


def _meant(text: str) -> frozenset[str]:
    """Every word the text's words mean through the [concept] maps (a term of several words,
    "غرفة النوم", is read inside the whole text)."""
    folded = text.casefold()
    out: set[str] = set(_meanings(folded))
    for w in _WORD.findall(folded):
        out |= _meanings(w)
    return frozenset(out | {_stem(m) for m in out})


def _foreign(word: str, seen: set[str]) -> bool:
    """A word of letters, all in scripts the text writes none of."""
    own = _scripts(word)
    return bool(own) and not own & seen


def _uncased(word: str) -> bool:
    """A word of letters of a script without case (Arabic, Hebrew) that is not written
    without spaces (Han, Kana, Thai: read by their own checks)."""
    return all(ch.isalpha() and not ch.isupper() and not ch.islower() for ch in word) \
        and not _scripts(word) & _UNSPACED


def _words_if(value: str, named: set[str], ok: Callable[[str], bool]) -> list[str] | None:
    """The value's words (folded) but ``named``, or None at the first that is not ``ok``."""
    out = []
    for m in _WORD.finditer(folded(value)):
        if m[0] not in named:
            if not ok(m[0]):
                return None
            out.append(m[0])
    return out


def unmatched_across(text: str, calls: _Calls, changing: _Calls) -> str | None:
    """Why a call's thing (a changing call's) or place (any call's) is a value in a script the
    text does not write that no word of the text means, or None (module docstring)."""
    seen = _scripts(text)
    if not seen:
        return None
    things, places = _keys("thing"), section("keys-place")
    meant: frozenset[str] | None = None
    for name, args in calls:
        kind = {w.casefold() for w in name_words(name)}
        for key, value in _keyed_strings(args):
            own = {w.casefold() for w in name_words(key)}
            if not (own & places or (own & things and (name, args) in changing)):
                continue
            words = _words_if(value, own | kind, lambda w: _uncased(w) or _foreign(w, seen))
            if words is None:
                continue  # a word cased and in a script the text writes: neither test below
            if own & places and words and all(_uncased(w) for w in words):
                # a place in a script without case: written in the text, inside a word too
                # ("بدبي" holds ``دبي``), or another place (no cased name marks one there)
                missing = [w for w in words if len(w) >= 2 and w not in text.casefold()]
                if missing:
                    return (f"{name!r} acts at {key!r} {value[:60]!r}: {missing[0]!r} is not "
                            "written in the text")
                continue
            if not words or not all(_foreign(w, seen) for w in words):
                continue  # a value in the text's script is compared there
            # a place is a name: spelled by its consonants in Arabic or Hebrew; in a script no
            # table spells (Han, Hangul, Thai, Devanagari) it is left open
            if own & places and not own & things and (
                    not seen & SPELLED or spelled_in(words, _WORD.findall(text.casefold()))):
                continue
            if meant is None:
                meant = _meant(text)
            left = [w for w in words if w not in meant and _stem(w) not in meant]
            if left:
                return (f"{name!r} acts on {key!r} {value[:60]!r}: {left[0]!r} is no word of "
                        "the thing the text names, in no script it writes")
    return None


def verb_meanings(verbs: Sequence[str]) -> list[str]:
    """What the announced verbs written outside ASCII mean through the [concept] maps
    (Arabic "سأقفل": lock): a switch a verb turns on by its meaning is crossed when set off, as
    after the English verb (``setvalues``)."""
    return sorted({m for v in verbs if not v.isascii() for m in _meanings(v.casefold())})
