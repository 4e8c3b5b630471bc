"""A value naming another language than the text names (r42 gap 9; read by
``parties.swapped``).

kinds.txt's [language-names] gives each language a line of its names in the lexicon's
languages and its code. A call's value under a key of a language (a word "language" or "lang"
in it: ``target_language``, ``lang``) that is one of those names is held to the text: when the
text names a language (a name of three letters or more as its word, or written inside it in a
script without spaces) and none of the value's, the call acts in another language ("translate
that into German" + ``target_language: French``). A text that names no language leaves it to
the context; a code of two letters ("it", "de") is read in values only.

h29y (r52 gap 3): the keys are [language-keys]' words, a translation's direction besides a
language (``target``, ``to``: "translate "hello" into French" + ``target: de``); a name of
several words is written with ``_`` ("tiếng_anh"), a name marked ``=`` is read in values only
("=polish": a verb too).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .kinds import name_words
from .kindsfile import _kinds_file
from .walk import _keyed_strings

__all__ = ["other_language"]

_WORD = re.compile(r"[^\W\d_]+")


@cache
def _keys() -> frozenset[str]:
    return frozenset(w.casefold() for w in _kinds_file().get("language-keys", ()))


@cache
def _lines() -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Each language's (names and code, the names read in the text)."""
    out = []
    for line in _kinds_file().get("language-names", ()):
        names = [n.replace("_", " ") for n in line.casefold().split()]
        out.append((frozenset(n.lstrip("=") for n in names),
                    frozenset(n for n in names if not n.startswith("="))))
    return tuple(out)


def _groups() -> tuple[frozenset[str], ...]:
    return tuple(g for g, _said in _lines())


def _named(text: str) -> set[int]:
    """The languages (indices of their lines) the text names."""
    folded = text.casefold().replace("i\u0307", "i")  # "İngilizce": the dot Turkish keeps
    words = set(_WORD.findall(folded))
    return {i for i, (_g, said) in enumerate(_lines()) for n in said
            if (len(n) >= 3 and n in words) or (not n.isascii() and n in folded)}


def other_language(text: str, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a call's language value is another language than the one the text names, or None
    (module docstring)."""
    said: set[int] | None = None
    for name, args in calls:
        for key, value in _keyed_strings(args):
            if not _keys() & {w.casefold() for w in name_words(key)}:
                continue
            v = value.strip().casefold()
            mine = {i for i, g in enumerate(_groups()) if v in g}
            if not mine:
                continue
            if said is None:
                said = _named(text)
            if said and not said & mine:
                return (f"{name!r} sets {key!r} to {value.strip()!r}, another language than "
                        "the one the text names")
    return None
