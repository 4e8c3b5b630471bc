"""The calls after a framing word read as the thing a tool makes are that tool (audit W-kind;
``namedcue``, read by ``beyond.check``): each call's name holds the framing word and the
reporting verb read with it ("tell you a programming joke" + ``tell_joke``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .named import name_words
from .preamble import Announcement
from .tables import tongues
from .words import Tongue

__all__ = ["check"]

_TEXT_WORD = re.compile(r"[\w'-]+")
"""A word of the announcement's text ("programming-related", "i'll")."""


def _made(text: str, word: str, t: Tongue) -> bool:
    """The framing word stands after a determiner in the text, past plain words of no kind ("a
    programming-related joke"): the object ``namedcue`` reads, never a sought one."""
    words = [w.casefold() for w in _TEXT_WORD.findall(text)]
    for i, w in enumerate(words):
        if w != word:
            continue
        j = i - 1
        while j >= 0 and t.kind_of(words[j]) is None and not t.has(words[j], "g-det"):
            j -= 1
        if j >= 0 and t.has(words[j], "g-det"):
            return True
    return False


def check(name: str, _args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call after a framing word read as the thing made is not the tool that makes it, or
    None: each such word of the announcement (an object's framing word, a verb's reporting
    word) is a word of the call's name. A framing word with no determiner before it is what a
    search looks for (``soughtexamples``), which ``soughtcarried`` reads."""
    langs = [t for t in tongues() if t.name in ann.tongues]
    words = [w.casefold() for w in ann.objects
             if any(t.has(w, "g-framing") and _made(ann.text, w, t) for t in langs)]
    if words:  # the reporting verb read as one only before such a word ("tell you a joke")
        words += [v.casefold() for v, _k in ann.verbs if any(t.has(v, "g-report") for t in langs)]
    held = set(name_words(name))
    for word in words:
        if word not in held and not (len(word) > 4 and word.rstrip("s") in held):
            return (f"the announcement says {word!r} as the thing a tool makes, and {name!r} "
                    "has no such word in its name")
    return None
