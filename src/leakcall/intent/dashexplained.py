"""A dash after the step's pronoun object before a clause that says what the pronoun is (audit
W-clause, issue 25): "Let me correct that - the parameter should be "symbol" instead of
"ticker"." The clause after the dash is the observation the pronoun points back at; the
sentence is read as that observation before the step it explains ("The parameter should be
"symbol" instead of "ticker". Let me correct that."), which the grammar already reads and
screens as any observation before an announcement.

Only the last sentence, and only when the whole preamble read as written is refused
(``preamble.announce``): an opener, one verb and a pronoun ([g-dem], [g-pron]: "that",
"this", "it") before the one dash; after it a clause led by an article ([g-article]: "the
parameter", "its name") with a finite verb form ([g-aux], [g-copula], [g-recap]: "should",
"is", "was"), no opener of its own, that alone announces no step. An imperative after the dash
("fix that - delete the cache") is a step spelled out (``preamblegrammar._undashed``), a bare noun
phrase ("run this - the deploy script") may name the markup (``dashnames``): both keep their
readings."""

from __future__ import annotations

from collections.abc import Callable

from .detect import detect
from .sentences import Refused, _sentences
from .words import Token, Tongue, tokenize

__all__ = ["explained"]

_DASHES = ("-", "\u2013", "\u2014")
"""The characters a dash token is written with (hyphen, en dash, em dash)."""
_FINITE = ("g-aux", "g-copula", "g-recap")
"""Classes of a finite verb form an explaining clause has ("should be", "is", "was")."""


def _head(tokens: list[Token], t: Tongue) -> bool:
    """An opener, one verb and a pronoun object ("let me correct that"), an adverb before the
    opener or not ("now let me fix it")."""
    rest = tokens[1:] if tokens and tokens[0].kind == "ADV" else tokens
    return len(rest) == 3 and rest[0].kind == "OPENER" and rest[1].kind == "OPEN" \
        and rest[2].kind in ("DEM", "PRON") and (
            t.has(rest[2].text, "g-dem") or t.has(rest[2].text, "g-pron"))


def _clause(tokens: list[Token], t: Tongue) -> bool:
    """An article first, a finite verb form in it, no opener: a statement, not a step."""
    return len(tokens) >= 3 and tokens[0].kind == "DET" and t.has(tokens[0].text, "g-article") \
        and any(t.has(x.text, c) for x in tokens[1:] for c in _FINITE) \
        and not any(x.kind in ("OPENER", "DASH") for x in tokens)


def explained(view: str, announce: Callable[[str], object]) -> object | None:
    """The announcement ``view`` makes with its last sentence's explaining dash clause read as
    an observation before its step (module docstring), or None (no such sentence, or the
    reading is refused too)."""
    if not any(d in view for d in _DASHES):
        return None  # (most refused preambles: no dash to read)
    sentences = _sentences(view)
    if not sentences:
        return None
    body, _end = sentences[-1]
    t = detect(body)
    if t is None:
        return None
    tokens = tokenize(body, t)
    dashes = [k for k, x in enumerate(tokens) if x.kind == "DASH"]
    if len(dashes) != 1 or not _head(tokens[: dashes[0]], t) \
            or not _clause(tokens[dashes[0] + 1:], t):
        return None
    at = view.rfind(body)
    if at < 0:
        return None
    head = body[: tokens[dashes[0]].start].rstrip()
    tail = body[tokens[dashes[0] + 1].start:].rstrip()
    if not isinstance(announce(tail + "."), Refused):
        return None  # the clause alone announces a step: no observation
    said = announce(f"{view[:at]}{tail}. {head}{view[at + len(body):]}")
    return None if isinstance(said, Refused) else said
