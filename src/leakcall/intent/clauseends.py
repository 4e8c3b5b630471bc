"""Clauses of time or condition that a language ends with a word (issue 25, rule
``conditional``): Chinese "CI 通过后，让我删除 `a.md`。" (after CI passes, let me delete it),
"测试通过的话。", Japanese "CI が通った後。", Korean "테스트가 통과한 후.". A clause whose last
word, as the tokenizer cuts it, is one of the language's [g-clause-end] endings holds the
step after it until then, so only observing steps are grounded after it. The ending is read
on a word, never as a substring ("后端服务挂了": 后端, the backend, is a word of its own)."""

from __future__ import annotations

from .detect import detect
from .observing import OBSERVING
from .sentences import _sentences
from .words import KINDS, Token, Tongue, tokenize

_CHANGING = tuple(k for k in KINDS if k not in OBSERVING)


def ending(tokens: list[Token], t: Tongue) -> str | None:
    """The [g-clause-end] word that ends a clause of the tokens (before a comma or at their
    end), or None."""
    for k, x in enumerate(tokens):
        closes = k + 1 == len(tokens) or tokens[k + 1].kind == "COMMA"
        if closes and t.marked(x.text, "g-clause-end"):
            return x.text
    return None


def held(view: str) -> tuple[tuple[str, str, str], ...]:
    """(ending, kind, "conditional") for every changing kind when a clause of the preamble ends
    in a [g-clause-end] word (``ending``): what follows waits for that time or condition."""
    for body, _end in _sentences(view):
        t = detect(body)
        if t is None:
            continue
        word = ending(tokenize(body, t), t)
        if word is not None:
            return tuple((word, kind, "conditional") for kind in _CHANGING)
    return ()
