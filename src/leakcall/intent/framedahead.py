"""A sentence before the announcement that makes the text after it a contingency or another's
text (issue 25, h42d). Two cataphoric frames, read in any sentence before the announcement (the
paragraph before it too), each a closed class of a language's lexicon, each entry in its own
language's file:

- a condition opening the sentence (a word of the language's [conditional] section: "if",
  "should", "wenn", "如果", "場合", "면", "olursa") and, in the main clause after it, a
  demonstrative or presentative pro-form ([g-ahead-this]: "this", "here's", "das", "これ",
  "budur", "đây"): "If the migration fails, this is the fallback." names the part after it as
  what holds on that condition, not the assistant's step now. A condition outside
  [conditional] opens it too ([g-ahead-if], h43b): an inverted auxiliary ("Should the tests
  fail, this is plan B.", "Were it to fail, ...", "Sollte ..., ist das ...") or a conjunction of
  a hypothesis ("au cas où", "gdyby", "万一"), in a sentence that asks nothing; in a language
  whose condition closes its clause, that ending anywhere ("मैं होता तो यह करता।": "if I were
  (you), I would do this");
- a cataphoric determiner ([g-ahead-det]: "following", "folgende", "suivant", "次の", "berikut",
  "şu") next to a noun of a text someone writes ([g-ahead-text]: "message", "note", "Nachricht"):
  "Bob sent the following message." hands the text after it to its writer; so does a
  [g-ahead-this] demonstrative next to such a noun closing the sentence, at most one word
  (the verb of a language that puts it last) after it ("बॉब ने यह संदेश भेजा।", "Bob sent this
  message.", h43b); "This message means the build failed." names one before.
  A presentative opening the sentence ([g-frame-presenter]: "here is", "вот", "这是") before
  such a noun anywhere in the rest presents it the same way ("Here is the reply the other
  model gave.", "Here is the sentence to translate.", h46k), unless the noun is the
  assistant's own ("Here is my reply.") or a one-word demonstrative is its determiner.

Both refuse (``declared-example``). A condition without a pro-form in its main clause ("If the
build fails, we roll back.") and a message noun without a cataphoric determiner ("Bob sent a
message.") are read as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue, unspaced

__all__ = ["contingency", "handed_text"]

_LONGEST = 3
"""Most tokens of one entry of these sections."""
_MAIN_MOST = 7
"""The most tokens of the main clause that a pro-form names the part after it in."""


def _runs(tokens: Sequence[Token], i: int, t: Tongue, section: str) -> int | None:
    """Where the longest entry of ``section`` starting at ``i`` ends, or None (a run's text
    joined by spaces and, for scripts written without them, by nothing)."""
    for j in range(min(len(tokens), i + _LONGEST), i, -1):
        words = [x.text.casefold() for x in tokens[i:j]]
        if t.marked(" ".join(words), section) or (j - i > 1 and t.marked("".join(words), section)):
            return j
    return None


def _condition(x: Token, t: Tongue) -> bool:
    return x.kind == "!conditional" or t.has(x.text.casefold(), "conditional")


def _opening(tokens: Sequence[Token], t: Tongue) -> tuple[int, int] | None:
    """(start, end) of the condition: a [conditional] word in the first three tokens, else a
    [g-ahead-if] entry there (the sentence asking nothing); in a language putting the verb last,
    a conditional word or a [g-ahead-if] entry anywhere (it closes its clause: "失敗したら")."""
    c = next((i for i, x in enumerate(tokens[:3]) if _condition(x, t)), None)
    if c is not None:
        return c, c + 1
    asks = any(x.text in ("?", "？") for x in tokens[-2:])
    for i in range(min(3, len(tokens)) if not asks else 0):
        end = _runs(tokens, i, t, "g-ahead-if")
        if end is not None:
            return i, end
    if t.order != "sov":
        return None
    c = next((i for i, x in enumerate(tokens) if x.kind == "!conditional"), None)
    if c is not None:
        return c, c + 1
    return next(((i, end) for i in range(len(tokens))
                 if (end := _runs(tokens, i, t, "g-ahead-if")) is not None), None)


def contingency(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The condition and the pro-form when the sentence opens with a condition (``_opening``)
    whose main clause (after the comma or the conditional word closing the subordinate clause,
    at most ``_MAIN_MOST`` tokens) holds a [g-ahead-this] pro-form; else None."""
    opened = _opening(tokens, t)
    if opened is None:
        return None
    c, close = opened
    comma = next((i for i in range(close, len(tokens)) if tokens[i].kind == "COMMA"), None)
    main = comma + 1 if comma is not None else close if t.order == "sov" else None
    if main is None or not 0 < len(tokens) - main <= _MAIN_MOST:
        return None
    for i in range(main, len(tokens)):
        end = _runs(tokens, i, t, "g-ahead-this")
        if end is not None:
            return f"{tokens[c].text} ... {' '.join(x.text for x in tokens[i:end])}"
    return None


def handed_text(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The determiner and the noun when a [g-ahead-det] entry stands next to a [g-ahead-text]
    noun (an article or another determiner between them at most); else None."""
    for i in range(len(tokens)):
        end = _runs(tokens, i, t, "g-ahead-det")
        if end is None:
            continue
        after = end + 1 if end < len(tokens) and tokens[end].kind == "DET" else end
        stop = _runs(tokens, after, t, "g-ahead-text") if after < len(tokens) else None
        if stop is not None:  # "the following message", "folgende Nachricht"
            return " ".join(x.text for x in tokens[i:stop])
        before = i - 1 if i > 0 and tokens[i - 1].kind == "DET" else i
        for k in range(max(0, before - _LONGEST), before):  # "le message suivant", "tin nhắn sau"
            if _runs(tokens, k, t, "g-ahead-text") == before:
                return " ".join(x.text for x in tokens[k:end])
    return _closing_this(tokens, t) or _presented(tokens, t)


_SKIP = ("ACK", "COURTESY", "ADV")
"""Kinds of token a sentence may open with before its presentative ("Okay, here is ...")."""
_BARE = ("DEM", "DET", "PRON")
"""Kinds of a one-token presentative that is a demonstrative too ("это", "bu", "هذا")."""


def _text_noun(x: Token, t: Tongue) -> bool:
    """The token is a [g-ahead-text] noun; in a language putting the verb last, also with its
    copula glued on ([g-function]: Korean "답변입니다"), or, in a script written without spaces,
    a noun of two letters or more closing it ("翻訳する返答")."""
    w = x.text.casefold()
    if t.marked(w, "g-ahead-text"):
        return True
    for k in range(len(w) - 1, 0, -1):
        if t.order == "sov" and t.marked(w[:k], "g-ahead-text") and t.has(w[k:], "g-function"):
            return True
        if unspaced(w[0]) and len(w) - k >= 2 and t.marked(w[k:], "g-ahead-text"):
            return True
    return False


def _presented(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The presentative and the noun when a [g-frame-presenter] entry opens the sentence (after
    acknowledgements, courtesy and adverbs) and a [g-ahead-text] noun stands in the rest ("Here
    is the reply the other model gave.", "Вот ответ другой модели.", "这是要翻译的句子。"): it
    presents another's text, or one handed over to work on, and what follows is that text. Not
    when a [g-title-own] possessive ("my", "our") stands before the noun (the assistant's own
    text), nor when a one-word demonstrative presentative stands right before it (then it is
    the noun's determiner: "Это сообщение означает ...")."""
    s = 0
    while s < len(tokens) and tokens[s].kind in _SKIP:
        s += 1
    end = _runs(tokens, s, t, "g-frame-presenter")
    if end is None:
        return None
    for k in range(end, len(tokens)):
        if not _text_noun(tokens[k], t) and _runs(tokens, k, t, "g-ahead-text") is None:
            continue
        if k == end and end - s == 1 and tokens[s].kind in _BARE:
            return None
        if any(t.marked(x.text.casefold(), "g-title-own") for x in tokens[end:k]):
            return None
        return f"{' '.join(x.text for x in tokens[s:end])} ... {tokens[k].text}"
    return None


def _closing_this(tokens: Sequence[Token], t: Tongue) -> str | None:
    """The demonstrative and the noun when a [g-ahead-this] word next to a [g-ahead-text] noun
    (either order) closes the sentence, at most one word after them; else None."""
    words = [x for x in tokens if any(ch.isalnum() for ch in x.text)]
    for i in range(len(words) - 1):
        pair = words[i : i + 2]
        this, noun = (pair[0], pair[1]) if t.marked(pair[0].text.casefold(), "g-ahead-this") \
            else (pair[1], pair[0])
        if not t.marked(this.text.casefold(), "g-ahead-this") or this.kind != "DEM" \
                or not t.marked(noun.text.casefold(), "g-ahead-text"):
            continue
        if len(words) - (i + 2) <= (1 if t.order == "sov" else 0):
            return f"{pair[0].text} {pair[1].text}"
    return None
