"""A first-person subject dropped before the future auxiliary (session 31, h15b): the
diary-style English announcement "Will continue waiting.", "Still running — will check again."

A word of [g-dropped-opener] ("will") opening a clause (the sentence's first word, or the first
after its acknowledgements, or the first after a dash) right before a verb in its base form
that the lexicon knows (a kind or [generic]; adverbs may stand between: "will also check") is
read as the opener it stands for ("I will"). It is read so only where the grammar places an
opener: the sentence's start, or after a dash that follows a clause of the assistant's own
("Running the tests — will check the output."), so the subject dropped is the speaker's, as in
"Still running — I'll continue waiting.". A word before it of any other class keeps its
refusal: "the user will ...", "Bob will ..." have a subject of their own; a past or third
person after it ("Will deleted the branch.", "Will runs it", a name) is no base form
(``relatives.finite_verb``), nor a copula ("will be ..."). Its times, conditions, negations,
deferrals and other actors refuse as after any opener. Pro-drop languages say the same with
the verb's own first-person form, which their lexicons already read ([g-acting])."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .relatives import finite_verb
from .words import Token, Tongue

__all__ = ["dropped_opener"]

_T = TypeVar("_T", bound=Token)

_BEFORE = frozenset({"ACK", "COMMA", "DASH"})
"""Tokens after which a clause may open: acknowledgements ("Okay, will check."), a dash."""


def dropped_opener(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each auxiliary whose subject is dropped read as an opener (the module)."""
    out = list(tokens)
    for k, x in enumerate(out):
        if not t.marked(x.text, "g-dropped-opener"):
            continue
        if k and not (out[k - 1].kind == "DASH" or all(y.kind in _BEFORE for y in out[:k])):
            continue  # "the user will send it": a subject of its own
        verb = next((y for y in out[k + 1:] if y.kind != "ADV"), None)
        if verb is None or verb.kind != "OPEN" or t.kind_of(verb.text) is None or finite_verb(
                verb.text, t):
            continue  # "will be", "Will deleted the branch", "will the tests"
        y: Any = x
        out[k] = replace(y, kind="OPENER")
    return out
