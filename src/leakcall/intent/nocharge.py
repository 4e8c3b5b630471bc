""""Without any additional charges": a step's manner that says it charges nothing (issue 25,
audit W-kind, tau2-5-31; read by ``words.tokenize`` through ``later`` and by ``grounding``).

A preposition of absence ([g-without]) has no place in an announcement: "deploy without
running the tests" says a safeguard is skipped. One shape of it names no step left out: right
after the step's words, "without", at most two words of more ([g-charge-extra]: "any",
"additional", "extra"), then a noun of a charge ([g-charge-noun]: "charges", "fees", "cost")
that closes its clause (the sentence's end, a comma, a dash): "I will proceed with updating
your reservation without any additional charges." says what the step costs the user, nothing,
and is dropped. What it says still binds: a call of kind pay after it is refused
(``charged``), whatever other word grounds it. A verb after "without" ("without charging your
card"), an article or an owner ("without the fees", "without your fees"), a noun of no charge
("without any checks"), a phrase that goes on ("without charges to the card") keep the
negation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from .protocols import Token, Tongue

__all__ = ["charged", "uncharged"]

T = TypeVar("T", bound=Token)

_CLOSING = frozenset({"COMMA", "DASH"})
"""Tokens that close the phrase when the sentence goes on."""
_EXTRA = 2
"""Words of more between "without" and the charge's noun, at most ("any additional")."""


def _span(words: Sequence[str], k: int, t: Tongue) -> int | None:
    """The end of the phrase of no charge opening with the word at ``k``, or None."""
    if not t.marked(words[k], "g-without"):
        return None
    j = k + 1
    while j < len(words) and j - k - 1 < _EXTRA and t.marked(words[j], "g-charge-extra"):
        j += 1
    return j + 1 if j < len(words) and t.marked(words[j], "g-charge-noun") else None


def uncharged(tokens: Sequence[T], t: Tongue) -> list[T]:
    """The tokens without each phrase of no charge that closes its clause (module docstring)."""
    out = list(tokens)
    words = [x.text.casefold() for x in out]
    k = 0
    while k < len(out):
        end = _span(words, k, t) if out[k].kind == "!negation" else None
        if end is not None and (end == len(out) or out[end].kind in _CLOSING):
            del out[k:end]
            del words[k:end]
            continue
        k += 1
    return out


def said(texts: Iterable[str], t: Tongue) -> str | None:
    """The first phrase of no charge some text says, as written there, or None."""
    for text in texts:
        words = [w.strip(".,;:!?()\"'") for w in text.casefold().split()]
        for k in range(len(words)):
            end = _span(words, k, t)
            if end is not None:
                return " ".join(words[k:end])
    return None


def charged(texts: Iterable[str], tongues: Iterable[Tongue],
            paying: Sequence[str]) -> str | None:
    """Why a call of kind pay (``paying``: their names) comes after a phrase of no charge, or
    None."""
    if not paying:
        return None
    texts = tuple(texts)
    for t in tongues:
        phrase = said(texts, t)
        if phrase is not None:
            return (f"the announcement says {phrase!r}, and {paying[0]!r} takes a step of kind "
                    "'pay': the step said to charge nothing would charge")
    return None
