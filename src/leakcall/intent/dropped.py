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
the verb's own first-person form, which their lexicons already read ([g-acting]).

A subject is dropped only after the speaker's own sentence or an observation of things: after
a sentence whose subject is another person (a name before a verb's finite form, "Alice merged
the PR."; the user, [g-user]; another actor, "they"), the sentence "Will delete the branch."
goes on with that person's doing (``others_will``, read before the sentence's other rewrites):
its auxiliary keeps its refusal. "I merged the PR. Will delete ..." and "The build passed.
Will deploy ..." (a subject of the lexicon, no person) are read as before."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from .relatives import finite_verb
from .words import Token, Tongue, tokenize

__all__ = ["dropped_opener", "others_will"]

_T = TypeVar("_T", bound=Token)

_BEFORE = frozenset({"ACK", "COMMA", "DASH"})
"""Tokens after which a clause may open: acknowledgements ("Okay, will check."), a dash."""
_OTHERS = "!other-actor"
"""The refusing class of another actor: a dropped subject that is another person's."""


def dropped_opener(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with each auxiliary whose subject is dropped read as an opener (the module)."""
    out = list(tokens)
    for k, x in enumerate(out):
        if not t.marked(x.text, "g-dropped-opener") or x.kind == _OTHERS:
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


def others_will(tokens: Sequence[_T], before: Sequence[tuple[str, str]], t: Tongue) -> list[_T]:
    """The tokens with a sentence-opening auxiliary of [g-dropped-opener] read as another
    actor's when the last of the sentences ``before`` it (text, end) has another person for
    its subject (the module)."""
    out = list(tokens)
    k = next((k for k, x in enumerate(out) if x.kind not in _BEFORE), None)
    if k is None or not before or not t.marked(out[k].text, "g-dropped-opener") \
            or not _person_subject(tokenize(before[-1][0], t), t):
        return out
    y: Any = out[k]
    out[k] = replace(y, kind=_OTHERS)
    return out


def _person_subject(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence's subject is another person: another actor ("they"), the user ([g-user]),
    or a name (a word of no section or kind, "alice") before a verb's finite form of a known
    kind ("merged")."""
    words = [x for x in tokens if x.kind not in _BEFORE]
    if not words:
        return False
    first = words[0]
    if first.kind == _OTHERS or t.has(first.text, "g-user"):
        return True
    return len(words) > 1 and first.kind == "OPEN" and " " not in first.text \
        and not t.sections(first.text) and t.kind_of(first.text) is None \
        and finite_verb(words[1].text, t)
