"""A compound of a deferral prefix that modifies the noun after it (issue 25, rule
``conditional``).

"Now let me also add the post-fix dependency chain.": a word whose deferral is a prefix of a
hyphenated compound ([g-deferral] "post-*": "post-fix"), between an article and a content word
it modifies (one no lexicon class lists and no verb of a kind: "dependency"), names a kind of
thing, as "the after-hours job" does (``words.tokenize`` reads a compound of a condition or
deferral word so): it is read as a word (``rereading``). Closing a clause ("I'll deploy api
post-review."), before a noun of a step ("the post-merge cleanup": a step to come), after no
article ("the logs post-audit completion"), on a base that is a time or an approval of its
own ("the post-approval job") or as a whole entry of its own ("the sign-off process": an
approval) it keeps its refusal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .words import Token, Tongue

__all__ = ["attributive"]

_T = TypeVar("_T", bound=Token)


_WAITS = ("g-deferral", "g-wait", "g-condition", "g-next", "g-month")
"""Sections of a base that is itself a time, an approval or a condition ("post-approval")."""


def _prefixed(word: str, t: Tongue) -> bool:
    """The word is a deferral only by a hyphenated prefix pattern ("post-*"), not an entry,
    and its base is no time, approval or condition of its own ("post-approval", "post-5pm")."""
    return "g-deferral" not in t.words.get(word, ()) and any(
        sec == "g-deferral" and pre.endswith("-") and not suf and word.startswith(pre)
        and word[len(pre) :].isalpha() and not any(t.has(word[len(pre) :], s) for s in _WAITS)
        for sec, pre, suf in t.patterns)


def attributive(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a deferral prefix compound between an article and a noun it modifies
    read as a word; else the tokens as they are."""
    out = list(tokens)
    for k in range(1, len(out) - 1):
        x, noun = out[k], out[k + 1]
        if (x.kind == "!conditional" and out[k - 1].kind == "DET" and t.has(out[k - 1].text, "g-article")
                and noun.kind == "OPEN" and not t.sections(noun.text) and t.kind_of(noun.text) is None
                and _prefixed(x.text, t)):
            y: Any = x
            out[k] = replace(y, kind="OPEN")
    return out
