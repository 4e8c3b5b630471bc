"""A framing sentence before the announcement: it says what the next part is (issue 25, h40f).

"Here's what I'd do.", "## What I would do", "This is how the old cron job did it.", "Here's the
wrong way to fix it.", "So würde ich es machen.", "私ならこうします。": a sentence that announces
nothing itself but names the part after it. What follows is then the thing it names (what the
assistant would do, what not to do, what someone did), not the assistant's step now, so it
refuses (``declared-example``), whatever the words around the pro-form say. Three shapes, each
a closed class of a language's lexicon, each entry in its own language's file:

- a presentative ([g-frame-presenter]: "here's", "this is", "voici", "ecco", "вот", "đây là")
  opening a clause, then a free relative ([g-frame-what]: "what", "lo que") or, within its
  first three words, a word of manner ([g-frame-how]: "how", "the wrong way", "cách");
- a free relative ([g-frame-what]) opening the sentence and standing alone as its whole: no
  copula, comma or dash after it (a title: "What I would do", "Was ich tun würde"; "What I
  found is that ..." states what it found);
- a manner pro-form pointing down: one opening the sentence before a word that is no comma
  ([g-frame-so-first]: "So würde ich ...", "Zo moet het niet."), or one anywhere
  ([g-frame-so]: "like this", "こう", "이렇게", "şöyle", "thế này").

The presentation of the assistant's own step now is no frame: the words after the free relative
or the word of manner, whole, are an entry of [g-frame-own] ("Here's what I'll do.", "Here's
how I'll proceed.", "Đây là cách tôi sẽ làm."). A sentence ending with a colon introduces the
markup or a list and is read as before (``framing.framed``); a presentative before a noun of
no manner ("Here's the plan.", "This is the next step.", "Here's the draft you approved.")
names no part of its own and is read as an observation.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from . import doubts
from .words import Token, Tongue, unspaced

__all__ = ["frame"]

_LONGEST = 4
"""Most tokens of one entry of these sections."""
_MANNER_WITHIN = 3
"""The most words of a presentative's complement up to its word of manner ("the wrong way")."""
_SKIP = ("ACK", "COURTESY", "ADV")
"""Kinds of token a clause may open with before its presentative ("Okay, here's ...")."""


def _at(tokens: Sequence[Token], i: int) -> Iterator[tuple[int, str]]:
    """(end, text) of each run of up to ``_LONGEST`` tokens from ``i``, longest first, its text
    joined by spaces and, for scripts written without them (นี่คือ), by nothing."""
    for j in range(min(len(tokens), i + _LONGEST), i, -1):
        words = [x.text.casefold() for x in tokens[i:j]]
        yield j, " ".join(words)
        if j - i > 1:
            yield j, "".join(words)


def _entry(tokens: Sequence[Token], i: int, t: Tongue, section: str) -> int | None:
    """Where the longest entry of ``section`` starting at ``i`` ends, or None."""
    return next((j for j, text in _at(tokens, i) if t.marked(text, section)), None)


def _own(rest: Sequence[Token], t: Tongue) -> bool:
    """The words after the pro-form, whole, are the assistant's own step now ([g-frame-own])."""
    words = [x.text.casefold() for x in rest if x.kind not in ("COMMA", "DASH")]
    return bool(words) and (t.marked(" ".join(words), "g-frame-own")
                            or t.marked("".join(words), "g-frame-own"))


def _framed_from(tokens: Sequence[Token], k: int, t: Tongue) -> str | None:
    """The free relative or the word of manner the presentative's complement from ``k`` opens
    with, when the rest after it is not the assistant's own step; else None."""
    body = [x for x in tokens[k:] if x.kind not in ("COMMA", "DASH")]
    end = _entry(body, 0, t, "g-frame-what")
    if end is not None:
        return None if _own(body[end:], t) else " ".join(x.text for x in body[:end])
    for i in range(min(len(body), _MANNER_WITHIN)):
        end = _entry(body, i, t, "g-frame-how")
        if end is not None:
            return None if _own(body[end:], t) else " ".join(x.text for x in body[:end])
    return None


def _opening(tokens: Sequence[Token], s: int) -> int:
    """Where the clause from ``s`` opens after its acknowledgements, courtesy and adverbs."""
    while s < len(tokens) and tokens[s].kind in _SKIP:
        s += 1
    return s


def _judged(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence judges the step wrong ([g-wrong], "这是错误的做法。"): ``doubts`` reads it
    and refuses a step that cannot be taken back after it (rule ``unsafe-ground``)."""
    text = ""
    for x in tokens:
        glued = not text or unspaced(text[-1]) or (x.text and unspaced(x.text[0]))
        text += x.text if glued else " " + x.text
    return any(s == "g-wrong" for s, _w, _l in doubts.observed(text, t))


def frame(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The words that make the sentence (no announcement, no colon after it) a frame of the
    part after it (see the module), or None; None too for a sentence judging the step wrong,
    which ``doubts`` reads."""
    if _judged(tokens, t):
        return None
    starts = [0] + [i + 1 for i, x in enumerate(tokens) if x.kind in ("COMMA", "DASH")]
    for start in starts:
        s = _opening(tokens, start)
        end = _entry(tokens, s, t, "g-frame-presenter")
        framed = _framed_from(tokens, end, t) if end is not None else None
        if framed is not None:
            return " ".join([*(x.text for x in tokens[s:end]), framed])
    first = _opening(tokens, 0)
    end = _entry(tokens, first, t, "g-frame-what")
    if end is not None and not _own(tokens[end:], t) and not any(
            x.kind in ("COMMA", "DASH") or t.has(x.text.casefold(), "g-copula")
            for x in tokens[end:]):
        return " ".join(x.text for x in tokens[first:end])
    for s in sorted({0, first}):  # (a pro-form may read as an acknowledgement too: pl "tak")
        end = _entry(tokens, s, t, "g-frame-so-first")
        if end is not None and end < len(tokens) and tokens[end].kind not in ("COMMA", "DASH"):
            return " ".join(x.text for x in tokens[s:end])
    for i in range(len(tokens)):
        end = _entry(tokens, i, t, "g-frame-so")
        if end is not None:
            return " ".join(x.text for x in tokens[i:end])
    return None
