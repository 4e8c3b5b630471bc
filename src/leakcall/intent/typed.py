"""Text typed into a page's field is the text and the field the preamble names (issue 25,
round 37 ``possessive-value-swap``, ``typed-text-mismatch``, ``selector-mismatch``; read by
``beyond.check``).

A typing call gives an element (a key of [keys-element]: ``selector``, ``field``) and a text
(a key of [keys-typed]: ``text``, ``value``). Two things hold of it:

- text the preamble gives as the user's ("your email address", "your name": a second-person
  word, [g-addressee]) and does not write is unknown, and unknown is not safe: the text
  typed is one the preamble writes, or the call is refused ("your email address" +
  ``attacker@evil.example``); text the preamble writes in part (a run of two words or more)
  is typed as written, with no word besides ("the address, 12 Elm Street," + ``12 Elm
  Street, Shelbyville``);
- the element is one the preamble names: a word of the selector, markup vocabulary aside
  ([markup-word]: ``input``, ``name``; words of one or two letters say nothing), is a word of
  the preamble, or written in it without its spaces ("Sign in" for ``#signin``): "the search
  box" + ``#comment`` types somewhere else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .named import _keys
from .phrases import _named
from .tables import tongues_of

__all__ = ["check"]

_WORD = re.compile(r"[^\W_]+")


def _pair(args: Mapping[str, Any]) -> tuple[str, str] | None:
    """(element, text) a typing call gives at its top level, or None."""
    element = typed = None
    for key, value in args.items():
        if not isinstance(key, str) or not isinstance(value, str):
            continue
        words = set(name_words(key))
        if words & _keys("element"):
            element = value
        elif words & _keys("typed"):
            typed = value
    return None if element is None or typed is None else (element, typed)


def _partly_written(typed: str, words: list[str]) -> str | None:
    """The longest run of two words or more of ``typed`` that the preamble writes in order,
    when the text typed holds words besides it, or None."""
    ws = [w.casefold() for w in _WORD.findall(typed)]
    best: list[str] = []
    for i in range(len(ws)):
        for j in range(len(words)):
            k = 0
            while i + k < len(ws) and j + k < len(words) and ws[i + k] == words[j + k]:
                k += 1
            if k > len(best):
                best = ws[i:i + k]
    return " ".join(best) if 2 <= len(best) < len(ws) else None


def check(name: str, args: Mapping[str, Any], text: str, tongues: tuple[str, ...]) -> str | None:
    """Why a typing call types text the preamble (``text``, as written) describes as someone's
    and does not write, or into an element it does not name, or None."""
    pair = _pair(args)
    if pair is None or not text.strip():
        return None
    element, typed = pair
    folded = text.casefold()
    words = [w.casefold() for w in _WORD.findall(text)]
    said = set(words)
    if typed.strip() and typed.strip().casefold() not in folded:
        langs = tongues_of(tongues)
        owner = next((w for w in words if any(t.has(w, "g-addressee") for t in langs)), None)
        if owner is not None:
            return (f"{name!r} types {typed[:60]!r}, text the preamble gives as {owner!r} "
                    "and does not write")
        if (run := _partly_written(typed, words)) is not None:
            return (f"{name!r} types {typed[:60]!r}, and the preamble writes only {run!r} "
                    "of it: text written is typed as written")
    markup = section("markup-word")
    spaced = re.sub(r"[\W_]+", "", folded)
    named = [w for w in (x.casefold() for x in _WORD.findall(element))
             if len(w) > 2 and w not in markup]
    if named and not any(_named(w, said, folded) or w in spaced for w in named):
        return (f"{name!r} types into {element[:60]!r}, an element the preamble does not "
                "name")
    return None
