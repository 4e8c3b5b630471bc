"""Where a token stands among the ones before it, read by the tokenizer (``words``): right
after an object's preposition, a preposition of means, a verb of checking, the announced
verb's object slot, inside a determined noun phrase."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import LOOKING
from .protocols import Token, Tongue


def _adjunct_after_object(tokens: Sequence[Token]) -> bool:
    """A preposition (and determiners) right after an object ends the tokens: "next" in the
    phrase says when ("run the migration in the next window"), not which ("the next file")."""
    k = len(tokens)
    while k and tokens[k - 1].kind == "DET":
        k -= 1
    return k >= 2 and tokens[k - 1].kind == "PREP" and tokens[k - 2].kind in (
        "OPEN", "CODE", "NUM", "PRON")


def _prepositioned(tokens: Sequence[Token], t: Tongue) -> bool:
    """The tokens end in a preposition of means, alone or closing an opener ("by", "let me
    start by"): an adverb after it ("by first checking") starts no clause, and the -ing word
    after the adverb is the preposition's verb (``means``), no -ing opener."""
    return bool(tokens) and tokens[-1].kind in ("PREP", "OPENER") and t.has(
        tokens[-1].text.rsplit(" ", 1)[-1], "g-means")


def _checked(tokens: Sequence[Token], t: Tongue) -> bool:
    """The last token is the verb of a check ([g-inquiry-verb], [g-complement])."""
    if not tokens or tokens[-1].kind != "OPEN":
        return False
    text = tokens[-1].text
    return text in t.inquiry_verbs or "g-complement" in (
        t.phrases.get(tuple(text.split())) or t.sections(text))


def _asking(before: Sequence[Token], t: Tongue) -> bool:
    """The last token is a verb whose object can be a question, so that an interrogative that
    is a condition too ("when", "if") right after it asks rather than waits: a verb of finding
    out ([g-inquiry-verb]: "see when"), of kind compute ("calculate if"), or of a looking kind
    heading a purpose ("to find when this broke": what the look finds out; "I'll search when
    the build passes" still waits, and a purpose's changing verb, "to deploy when", too)."""
    if not before:
        return False
    prev = before[-1].text
    if before[-1].kind == "PARTICLE" and len(before) > 1 and before[-2].kind == "OPEN":
        # a phrasal verb of finding out, its particle split off ("find out if", "figure out when")
        prev = f"{before[-2].text} {prev}"
    return prev in t.inquiry_verbs or t.kind_of(prev) == "compute" or (
        len(before) > 1 and before[-2].kind == "TO" and t.kind_of(prev) in LOOKING)


def _object_slot(before: Sequence[Token]) -> bool:
    """The next word stands right after the announced verb, where its object starts: after an
    opener-verb form ("Installing"), or after the first content word past an opener with only
    adverbs and courtesies between ("I'll install", "let me quickly install")."""
    if not before:
        return False
    if before[-1].kind == "ACTING":
        return True
    if before[-1].kind != "OPEN":
        return False
    k = len(before) - 2
    while k >= 0 and before[k].kind in ("ADV", "COURTESY"):
        k -= 1
    return k >= 0 and before[k].kind == "OPENER"


def _in_noun_phrase(before: Sequence[Token]) -> bool:
    """The last token is a noun inside a determined phrase: content words back to a determiner
    or a demonstrative, never the verb slot."""
    k = len(before) - 1
    while k >= 0 and before[k].kind == "OPEN":
        k -= 1
    return k < len(before) - 1 and k >= 0 and before[k].kind in ("DET", "DEM")
