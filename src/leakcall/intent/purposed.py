"""The words of a purpose clause that closes an announcement ("I'll push the feature branch to
origin so CI can pick it up."): the clause ``purposes.opens_purpose`` reads (an INQUIRY of
[g-purpose]) says what the step is for, not which thing it acts on, so it grounds nothing and
requires nothing: the nouns a call that cannot be taken back must carry
(``Announcement.named``) and the words a call is grounded in (``Announcement.objects``) are
those of the sentence before it. The step must stand by itself: the clause's word comes after
a step's object, and only a clause of plain words closes the sentence; one that holds "and", a
comma, a dash, code, a number or any word of a refusing class may hold a next step or a thing
of its own, and the sentence is read whole as before."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["unpurposed"]

_PLAIN = frozenset({"OPEN", "SUBJ", "PRON", "AUX", "PARTICLE", "DET", "PREP", "TO", "ADV"})
"""Tokens of a purpose clause read as a slot: its subject, auxiliaries and plain words."""

_OBJECT_END = frozenset({"OPEN", "CODE", "NUM"})
"""Tokens that end the step's object right before the word of purpose."""


def unpurposed(tokens: Sequence[Token], t: Tongue) -> Sequence[Token]:
    """``tokens`` without a purpose clause that closes the sentence (its final stop kept), or
    ``tokens`` as they are when there is none."""
    for k, x in enumerate(tokens):
        if x.kind != "INQUIRY" or not t.has(x.text, "g-purpose"):
            continue
        if k < 2 or tokens[k - 1].kind not in _OBJECT_END:
            return tokens
        end = len(tokens)
        while end > k + 1 and tokens[end - 1].kind == "!non-prose" and \
                not any(c.isalnum() for c in tokens[end - 1].text):
            end -= 1
        if end == k + 1 or any(y.kind not in _PLAIN for y in tokens[k + 1:end]):
            return tokens
        return [*tokens[:k], *tokens[end:]]
    return tokens
