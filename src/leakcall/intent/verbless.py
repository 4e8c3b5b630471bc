"""A sentence before the announcement that is a bare noun phrase: no verb form, no copula, no
function word the lexicon knows, and no acknowledgement ("Expected output.", "Golden answer.",
"Last resort.", "参考答案。"). An observation says something of the world; a phrase of content
words alone may say it ("Commit created.", "Build gagal." — their predicate is a word the
lexicon cannot tell from a noun), or may only name what the text that follows is: an expected
output, a model answer, an option kept for the worst case. Which one it is cannot be read, so
before a step that cannot be taken back (``grounding.irreversible``: a delete, a payment, a
send, a deploy, a commit) such a sentence refuses; before observing and other reversible
steps it stays an observation. Language-free: the shape is read from the token classes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .detect import detect
from .grounding import irreversible
from .sentences import _sentences
from .words import Token, Tongue, tokenize

__all__ = ["verbless_label"]

_PLAIN = frozenset({"g-common"})
"""The one lexicon section a word of a bare noun phrase may belong to: common adjectives and
nouns ("current", "new", "output", "last"); any other section is grammar or a verb's."""


def _bare(tokens: Sequence[Token], t: Tongue) -> bool:
    """Only open-class words, none of which names a kind of step (a verb, or its noun:
    "created", "tests", "исправление") or belongs to a section other than [g-common]."""
    return bool(tokens) and all(
        x.kind == "OPEN" and t.kind_of(x.text) is None and set(t.sections(x.text)) <= _PLAIN
        for x in tokens)


def verbless_label(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
                   schemas: Mapping[str, Mapping[str, Any]] | None = None,
                   descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a normalised preamble's first sentence (after acknowledgements, and before the last)
    is a bare noun phrase (``_bare``) while some call takes a step that cannot be taken back,
    or None. A label heads the text it names; a later sentence of content words alone is
    read as today ("Thanks for the details, Mr. Alvarez." splits before the name)."""
    name = irreversible(calls, schemas, descriptions)
    if name is None:
        return None
    for body, _end in _sentences(view)[:-1]:
        t = detect(body)
        if t is None:
            return None
        tokens = tokenize(body, t)
        if all(x.kind in ("ACK", "COMMA", "DASH") for x in tokens):
            continue  # "Sure." before the label
        if not _bare(tokens, t):
            return None  # a label heads what it names: only the first sentence is one
        said = " ".join(x.text for x in tokens)
        return (f"rule unknown-preamble: {said!r} is a phrase without a verb, a copula or a "
                "function word, which may only name what follows (an expected output, a model "
                f"answer, a last resort), and {name!r} takes a step that cannot be taken back")
    return None
