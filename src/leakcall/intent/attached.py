"""Particles and case endings written against an identifier, split off it before the words
of a sentence are classed (``inflection`` has the facts; this is the piece of it the tokenizer
runs): Korean and Japanese write a case particle right against the word it marks, an
identifier too ("package.json을", "alice@example.com으로", "src/app.tsを読みます"); Turkish
writes a case ending after an apostrophe on a name, a number or an identifier ("config.yml'i",
"8812'yi"). The piece scanner reads such a run as one code token; the particle ([g-postp],
[g-topic]) or the ending ([g-case-ending]) is split off it, and the identifier is the thing
named, as written ("config.yml.bak을" is ``config.yml.bak``: only a closed-class particle is
split off, never a piece of the identifier)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Protocol

__all__ = ["detach", "fold", "unglued"]

_ATTACHED = re.compile("(?<=[A-Za-z0-9])[\uac00-\ud7a3\u3040-\u30ff\u2e80-\u9fff"
                       "\uf900-\ufaff\uff66-\uff9f]+$")
"""A run of Hangul, kana or Han right after the ASCII end of a code token: what a language
written with particles attaches to an identifier ("package.json을")."""

_APOSTROPHES = ("'", "’")

Piece = tuple[str, str, int, int, list[str]]


class _Lexicon(Protocol):
    """What ``detach`` reads of a language (``tongue.Tongue``)."""

    splits: list[tuple[str, str]]
    case_endings: tuple[str, ...]

    def sections(self, word: str) -> list[str] | tuple[str, ...]: ...


def fold(word: str) -> str:
    """A word as endings are compared: case folded, a Latin letter without its marks ("ę" as
    "e", "ş" as "s", "İ" as "i"), "ё" as "е"."""
    out = []
    for ch in word.casefold():
        d = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in d if not unicodedata.combining(c))
                   if d[:1].isascii() else ch)
    return "".join(out).replace("ё", "е")


def _particle(tail: str, t: _Lexicon,
              cut: Callable[[str], list[tuple[str, str | None]]]) -> list[Piece] | None:
    """The pieces of a tail attached to an identifier when it opens with a particle of ``t``
    ([g-postp], [g-topic]), else None (positions relative to the tail; ``cut``: a run of an
    unspaced script cut at the language's entries)."""
    if any(not 0xAC00 <= ord(ch) <= 0xD7A3 for ch in tail):  # kana or Han
        pieces = cut(tail)
        if not pieces or pieces[0][1] not in ("g-postp", "g-topic"):
            return None
        out: list[Piece] = []
        pos = 0
        for text, sec in pieces:
            out.append(("W", text, pos, pos + len(text), [sec] if sec else []))
            pos += len(text)
        return out
    for sec, suf in t.splits:
        if sec in ("g-postp", "g-topic") and suf == tail:
            return [("W", tail, 0, len(tail), [sec])]
    secs = [s for s in t.sections(tail) if s in ("g-postp", "g-topic")]
    return [("W", tail, 0, len(tail), secs[:1])] if secs else None


def detach(raw: Sequence[Piece], t: _Lexicon,
           cut: Callable[[str], list[tuple[str, str | None]]]) -> list[Piece]:
    """The pieces of a sentence with each particle or case ending attached to a code token (or
    a number) split off it (``_particle``; an apostrophe and a [g-case-ending] of ``t`` right
    after one are dropped, as a possessive after a number is)."""
    out: list[Piece] = []
    endings = {fold(e) for e in t.case_endings}
    i = 0
    while i < len(raw):
        kind, text, a, b, secs = raw[i]
        if kind == "CODE" and text[:1] not in "`\"'" and "://" not in text:
            m = _ATTACHED.search(text)
            tail = _particle(m.group(0), t, cut) if m is not None else None
            if m is not None and tail is not None:
                at = a + m.start()
                out.append(("CODE", text[: m.start()], a, at, secs))
                out.extend((k, x, at + p, at + q, s) for k, x, p, q, s in tail)
                i += 1
                continue
        if kind in ("CODE", "NUM") and endings and i + 2 < len(raw) and (
                raw[i + 1][0] == "P" and raw[i + 1][1] in _APOSTROPHES and raw[i + 1][2] == b
                and raw[i + 2][0] == "W" and raw[i + 2][2] == raw[i + 1][3]
                and fold(raw[i + 2][1]) in endings):
            out.append(raw[i])
            i += 3  # "config.yml'i", "8812'yi": the ending of the thing named
            continue
        out.append(raw[i])
        i += 1
    return out


_GLUED = re.compile("(?<!\\w)(\\w)[-\u05be](?=[`\"'0-9A-Za-z./~])")
"""A one-letter word, a maqaf or a hyphen, then a code span, a number or an identifier."""


def unglued(sentence: str, letters: frozenset[str]) -> str:
    """The sentence with a prefix letter ([g-prefix-letter]: Hebrew ב "in", ל "to", מ "from",
    ו "and", ...) written against a code span, a number or an identifier with a maqaf or a
    hyphen ("ב-`src/`", "ל־3", "ב-config.yaml") set apart by a space in the hyphen's place (the
    offsets unchanged): the letter is a word of its own, classed as the lexicon says, and what
    follows is the thing named, as written."""
    if not letters:
        return sentence
    return _GLUED.sub(lambda m: m.group(1) + " " if m.group(1) in letters else m.group(0), sentence)
