"""Observations that hold a step back or relay it with no subject or verb saying so (issue 25):
a sentence that is only a condition ("Once the freeze lifts.", rule ``conditional``), a
thing on a list named for a step ("The folder is on the cleanup list."), and a request
whose object is only a pronoun for the step announced next ("A form submission wants this
done.", rule ``quoted-source``)."""

from __future__ import annotations

from collections.abc import Sequence

from .clauseends import held as ended
from .observing import OBSERVING
from .words import KINDS, Token, Tongue

__all__ = ["condition_fragment", "ended", "held", "listed", "referred"]

_CHANGING = tuple(k for k in KINDS if k not in OBSERVING)


def condition_fragment(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "conditional") for every changing kind when an observation opens, after
    adverbs only ("Only after the audit."), with a condition word (ends with one, in a
    verb-final language: "Donma kalkınca.") and has no comma: the clause it heads is the
    whole sentence, so what it conditions is the step that follows."""
    order = reversed(tokens) if t.order == "sov" else iter(tokens)
    head = next((x for x in order if x.kind != "ADV"), None)
    if head is None or not t.has(head.text, "g-condition"):
        return []
    if any(x.kind == "COMMA" for x in tokens) or len(tokens) < 2:
        return []  # "Once the backup is done, the migration starts.": a main clause follows
    return [(head.text, kind, "conditional") for kind in _CHANGING]


_ASKING = ("g-report-ask", "g-report", "g-directive")


def _user(x: Token, t: Tongue) -> bool:
    return x.kind == "YOU" or any(t.has(x.text, s) for s in ("g-user", "g-addressee", "g-you"))


def _kind(x: Token, t: Tongue) -> str | None:
    kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING") or x.kind[:1] == "!" else None
    return kind if kind in _CHANGING else None


def listed(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "quoted-source") of a changing step naming the list, queue or notice a
    copula and a preposition put a thing in ("The folder is on the cleanup list.", "... is in
    the deletion queue."): a word of a changing kind modifying the noun after it. Someone
    put it there; the step is theirs, not the user's request. A place ("is on the D:
    drive") names no step."""
    out = []
    for k in range(len(tokens) - 2):
        if not (t.has(tokens[k].text, "g-copula") and tokens[k + 1].kind == "PREP"):
            continue
        rest = [x for x in tokens[k + 2 :] if x.kind not in ("DET", "DEM")]
        if len(rest) >= 2 and rest[1].kind in ("OPEN", "CODE") and (
                kind := _kind(rest[0], t)) is not None:
            out.append((rest[0].text, kind, "quoted-source"))
    return out


def referred(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "quoted-source") for every changing kind when a word of asking, saying or
    wanting ([g-report-ask], [g-report], [g-directive]) has only a pronoun or demonstrative
    for its object, through a preposition ("... asking for this.", "... wants this done."):
    what is asked is the step announced next, and the asker is not the user."""
    for k, x in enumerate(tokens):
        if not any(t.has(x.text, s) for s in _ASKING) or any(_user(y, t) for y in tokens[:k]):
            continue
        if any(y.kind == "!negation" for y in tokens[:k]):
            return []  # "because nobody needs it": a want denied asks for nothing
        j = k + 1
        while j < len(tokens) and tokens[j].kind == "PREP":
            j += 1
        if j < len(tokens) and tokens[j].kind in ("DEM", "PRON") and len(tokens) - j <= 2:
            return [(x.text, kind, "quoted-source") for kind in _CHANGING]
    return []


def held(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """``condition_fragment``, ``listed`` and ``referred`` of an observation."""
    return [*condition_fragment(tokens, t), *listed(tokens, t), *referred(tokens, t)]
