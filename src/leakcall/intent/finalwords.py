"""Words whose sense is the place they stand in (issue 25, h38c; read by ``words.tokenize``).

Languages that mark tense, mood and address with a particle rather than a verb form read an
ordinary word as such a particle only by its place:
- a past aspect particle ([g-past-aspect]: Chinese 过, "have done before") as a word of its own
  right after a verb ("我删除过 `prod.db`", I have deleted it before) says what was done: rule
  ``recap``, as "了" does; inside a word ("过期", "过程", "通过") the tokenizer never cuts it out;
- a connective that closes its sentence joins nothing: one that is a recap word too
  ([g-recap]: Thai แล้ว, "and then" between steps, "already done" at the end: "ลบ `x` แล้ว")
  is the recap;
- a "whether or not" word ([g-or-not]: Thai หรือไม่) that closes its sentence with no inquiry
  before it (an inquiry verb, [g-inquiry-verb], or an inquiry word such as ว่า) makes the
  sentence a question ("ลบ `x` หรือไม่", delete it or not): rule ``question``; after one it
  stays the check's "whether" ("ตรวจสอบว่า `x` มีอยู่หรือไม่");
- "help" right before a first-person opener ("帮我删除 `x`", "ช่วยฉันลบ `x`", "giúp tôi xóa `x`":
  help me delete it) asks the reader to take the step: rule ``other-actor``, as English "help
  me" does ("我来帮你删除", I'll help you delete it, has the opener first);
- a sentence that opens with "help" ([g-help], no opener before it) and closes with a softener
  of a request ([g-request-final]: Thai หน่อย, ให้หน่อย, ด้วย) asks the reader to take the step
  ("ช่วยลบ `x` หน่อย", please delete it): rule ``other-actor``, as "please" before a bare verb
  does; "ฉันจะช่วยลบ `x`" (I'll help delete it) keeps its opener.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from .protocols import Token, Tongue

__all__ = ["final_words"]

T = TypeVar("T", bound=Token)

_TRAILING = frozenset({"!non-prose", "COMMA", "DASH", "RPAR"})
"""Tokens after a sentence's last word that close it (a stop the splitter left, a bracket)."""

_LEADING = frozenset({"ACK", "COMMA", "DASH", "LPAR", "ADV"})
"""Tokens that may stand before a sentence's first step word (an acknowledgement, an adverb)."""


def _last(tokens: Sequence[Token]) -> int:
    """The index of the sentence's last word (past its closing marks), or -1."""
    k = len(tokens) - 1
    while k >= 0 and tokens[k].kind in _TRAILING:
        k -= 1
    return k


def _closing_request(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The sentence ends at ``k`` with a softener of a request, one word or two."""
    return t.marked(tokens[k].text, "g-request-final") or (
        k > 0 and t.marked(f"{tokens[k - 1].text}{tokens[k].text}", "g-request-final"))


def final_words(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens, each word whose place gives it a refusing sense read as refusing (module
    docstring)."""
    out = list(tokens)
    for k in range(1, len(out)):
        x = out[k]
        if x.kind == "OPEN" and t.marked(x.text, "g-past-aspect") and t.kind_of(out[k - 1].text):
            out[k] = cast(Any, replace)(x, kind="!recap")
        y = out[k - 1]
        if x.kind == "OPENER" and y.kind in ("HELP", "OPEN") and t.has(y.text.casefold(), "g-help"):
            out[k - 1] = cast(Any, replace)(y, kind="!other-actor")
    k = _last(out)
    if k <= 0:
        return out
    x = out[k]
    if x.kind == "AND" and t.has(x.text, "g-recap"):
        out[k] = cast(Any, replace)(x, kind="!recap")
    elif x.kind == "INQUIRY" and t.marked(x.text, "g-or-not") and not any(
            y.kind == "INQUIRY" or y.text in t.inquiry_verbs for y in out[:k]):
        out[k] = cast(Any, replace)(x, kind="!question")
    first = next((i for i, y in enumerate(out) if y.kind not in _LEADING), None)
    if first is not None and first < k and out[first].kind == "HELP" and _closing_request(out, k, t):
        out[first] = cast(Any, replace)(out[first], kind="!other-actor")
    return out
