"""A sentence forbidding the next part, or a title handing it to the reader (issue 25, h41r).

Two more shapes of a framing sentence before the announcement (``framedpart``'s), each made of
closed classes of a language's lexicon, each entry in its own language's file:

- a prohibition pointing at what follows: every word of the sentence is a negator of a command
  or a norm ([g-forbid-not]: "don't", "never", "nicht", "не", "不要"), a modal or generic
  subject ([g-forbid-modal]: "should", "one", "man", "でください"), a verb of doing it again
  ([g-forbid-verb]: "do", "copy", "run", "tun", "делать") or one demonstrative
  ([g-forbid-this]: "this", "das", "это", "这样"), one of each but the modal ("Don't copy
  this.", "Das sollte man nicht tun.", "Не делайте этого."). What follows is then what not to
  do. Any other word, a comma or a dash reads as before: "Don't
  worry, I'll fix this.", "No need to do anything.", "Don't run this yet.";
- a title (the sentence is its words alone, a heading's ``#`` marks aside) naming the
  speaker's advice: a noun of [g-title-advice] ("recommendation", "suggestion", "Empfehlung")
  after a possessive of [g-title-own] ("my", "our", "meine"; or the noun carries its own,
  Arabic "توصيتي") and at most modifiers of [g-title-mod] ("next"); or the reader's step: a
  possessive of the reader ([g-your]) and a noun of [g-title-step] ("step", "steps", "turn"),
  or a phrase of [g-title-reader] opening it before one word ("for you to" + "run"). "## Next
  steps", "## The recommendations", "Your reservation", "## Plan" name no part as the
  reader's or as someone's advice;
- a presentative opening the sentence ([g-frame-presenter], ``framedpart``'s: "here's", "this
  is") and, after it, a participle or past verb of rejection ([g-frame-rejected]: "rejected",
  "discarded", "ruled", "verworfen", "descartado"): "Here's the plan I rejected." presents a
  thing set aside, and what follows is it. "Here's the draft you approved." and "Here's the
  plan." present what is taken up. So does a noun of a thing done wrong within its first three
  words after it ([g-frame-mistake]: "mistake", "the wrong way", "bad example", "Irrtum",
  "sai lầm", h43b): "Here's the mistake I made earlier." presents it, and what follows is it
  (a verdict on the step, [g-wrong]: "This is a mistake.", "これは間違いです。", is ``doubts``'s);
- a verb of showing ([g-frame-show]: "show", "demonstrate", "zeige", "покажи") opening the
  sentence (after an opener: "Let me show ..."; closing it in a language putting the verb
  last) with a [g-frame-mistake] noun after it (before it, verb last): "Show the user the
  wrong way." makes the part after it a demonstration (h43b). "Show the user the report."
  names no mistake.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import doubts
from .words import Token, Tongue, unspaced

__all__ = ["frame"]

_PRESENTER = 3
"""Most words of a presentative ([g-frame-presenter]: "here is", "c'est")."""
_FORBID = ("g-forbid-not", "g-forbid-modal", "g-forbid-verb", "g-forbid-this")
_MISTAKE_WITHIN = 3
"""The most words of a presentative's complement up to its [g-frame-mistake] noun."""
_PHRASE = 3
"""Most words of a [g-frame-mistake] entry ("what not to do")."""


def _words(tokens: Sequence[Token]) -> list[str]:
    """The sentence's words, casefolded, marks and punctuation left out."""
    return [x.text.casefold() for x in tokens if any(ch.isalnum() for ch in x.text)]


def _cut(word: str, t: Tongue, sections: Sequence[str]) -> list[str] | None:
    """The sections of each piece of the word, an entry of one of ``sections`` whole, or, in a
    script written without spaces, cut into such entries (longest first); None when it is not."""
    whole = [s for s in sections if t.marked(word, s)]
    if whole:  # (a word both negates and names the verb: Czech "nedělejte", Turkish "yapmayın")
        return whole
    if not word or not unspaced(word[0]):
        return None
    for end in range(len(word) - 1, 0, -1):
        head = [s for s in sections if t.marked(word[:end], s)]
        rest = _cut(word[end:], t, sections) if head else None
        if rest is not None:
            return head[:1] + rest
    return None


def _forbidding(words: Sequence[str], t: Tongue) -> str | None:
    """The words, when they are, whole, a prohibition pointing at the next part."""
    cut: list[str] = []
    for w in words:
        got = _cut(w, t, _FORBID)
        if got is None:
            return None
        cut.extend(got)
    if not ({"g-forbid-not", "g-forbid-verb"} <= set(cut) and cut.count("g-forbid-this") == 1):
        return None
    return " ".join(words)


def _titled(words: Sequence[str], t: Tongue) -> str | None:
    """The words, when they are, whole, a title naming advice or the reader's step."""
    text = " ".join(words)
    if not words or len(words) > 4:
        return None
    *mods, head = words
    owned = any(t.marked(w, "g-title-own") for w in words)  # "my", Arabic "توصيتي"
    if t.marked(head, "g-title-advice") and owned and all(
            t.marked(m, "g-title-mod") or t.marked(m, "g-title-own") for m in mods):
        return text
    if (t.marked(head, "g-title-step") and mods and t.marked(mods[0], "g-your")
            and all(t.marked(m, "g-title-mod") for m in mods[1:])):
        return text
    return text if len(words) > 1 and t.marked(" ".join(words[:-1]), "g-title-reader") else None


def _verdict(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence judges the step wrong ([g-wrong], "This is a mistake."): ``doubts``'s."""
    text = ""
    for x in tokens:
        glued = not text or unspaced(text[-1]) or (x.text and unspaced(x.text[0]))
        text += x.text if glued else " " + x.text
    return any(s == "g-wrong" for s, _w, _l in doubts.observed(text, t))


def _rejected(words: Sequence[str], t: Tongue, judged: bool = False) -> str | None:
    """The presentative opening the words and the participle of rejection after it, when the
    sentence presents a thing set aside ("Here's the plan I rejected.")."""
    for n in range(min(len(words), _PRESENTER), 0, -1):
        if t.marked(" ".join(words[:n]), "g-frame-presenter") or t.marked(
                "".join(words[:n]), "g-frame-presenter"):
            said = next((w for w in words[n:] if t.marked(w, "g-frame-rejected")), None) \
                or (_mistake(words, n, n + _MISTAKE_WITHIN, t) if not judged else None)
            return None if said is None else f"{' '.join(words[:n])} ... {said}"
    return None


def _mistake(words: Sequence[str], lo: int, hi: int, t: Tongue) -> str | None:
    """The [g-frame-mistake] entry starting among ``words[lo:hi]`` (spaced, or joined in a
    script written without spaces), or None."""
    for i in range(lo, min(hi, len(words))):
        for j in range(min(len(words), i + _PHRASE), i, -1):
            for text in (" ".join(words[i:j]), "".join(words[i:j])):
                if t.marked(text, "g-frame-mistake"):
                    return text
    return None


_LEADING = ("OPENER", "ACK", "COURTESY", "ADV")
"""Kinds of token before a verb of showing that still opens the sentence ("Let me show ...")."""


def _shown(tokens: Sequence[Token], words: Sequence[str], t: Tongue) -> str | None:
    """The verb of showing and the mistake noun when the sentence shows a thing done wrong
    (module: a [g-frame-show] verb opening it, the noun after it; verb last, the noun before)."""
    lead = 0
    while lead < len(tokens) and tokens[lead].kind in _LEADING:
        lead += 1
    rest = [x.text.casefold() for x in tokens[lead:] if any(ch.isalnum() for ch in x.text)]
    if rest and t.marked(rest[0], "g-frame-show"):
        said = _mistake(rest, 1, len(rest), t)
        return None if said is None else f"{rest[0]} ... {said}"
    if t.order == "sov" and words and t.marked(words[-1], "g-frame-show"):
        said = _mistake(words, 0, len(words) - 1, t)
        return None if said is None else f"{said} ... {words[-1]}"
    return None


def frame(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The words that make the sentence (no colon after it) a prohibition of the part after it,
    a title handing it to the reader or the presentation of a thing set aside (see the
    module), or None."""
    words = _words(tokens)
    if not words:
        return None
    # (a comma or a dash splits a prohibition or a title into clauses: "Don't worry, I'll ...")
    whole = not any(x.kind in ("COMMA", "DASH") for x in tokens)
    # (a verdict on the step, "This is a mistake.", is ``doubts``'s: rule unsafe-ground)
    return (_forbidding(words, t) or _titled(words, t) if whole else None) or _rejected(
        words, t, _verdict(tokens, t)) or (_shown(tokens, words, t) if whole else None)
