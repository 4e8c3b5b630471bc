"""A relative clause that restricts the object of a step that makes or edits something
(issue 25): "Now let's create a test case that specifically tests our fix", "Let me write a
helper that parses the header".

``relatives`` reads a relative clause with no subject of its own on the object of a step that
only observes. On a step that changes something the clause is where a wider scope or a
described harm hides ("delete the files that ...", "create a job that emails every customer"),
so it is read here only in a closed shape, and refused as before otherwise:

- every step of the sentence before the pronoun makes or edits a thing (``MADE``: write,
  create) or only observes; a step that cannot be taken back, runs or installs refuses;
- the clause opens with its finite verb ("tests", "changes"; an adverb may stand before it),
  never with an auxiliary, a copula or a modal ("that are merged", "that could be hit",
  "that was made": a state or a recap, not what the thing does);
- no word of the clause, up to the sentence's end or a comma, is of a step kind beyond what a
  check or test does (``SAYS``) or the announced step's own kind ("fix the replacement that
  changes the string"), so "that deletes everything" or "and emails the team" refuses; nor
  speaks of every thing ([g-universal]), addresses or names a party, or is of a refusing
  class (negation, condition, recap ...).

The clause then says which thing the object is, read as a clause of inquiry (its verbs take no
step); the call is grounded in the object and the step as before."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .protocols import Token, Tongue
from .relatives import _nominal, finite_verb, relative_shape

__all__ = ["MADE", "SAYS", "restricts"]

MADE = frozenset({"write", "create"})
"""Kinds of step whose object a relative clause may restrict: making or editing a thing, which
can be taken back."""

SAYS = OBSERVING | {"generic", "test"}
"""Kinds of verb the clause may say the thing does beyond the step's own: look or check."""

_BARRED = ("g-universal", "g-you", "g-addressee", "g-actor", "g-user", "g-aux", "g-copula",
           "g-negation", "g-condition", "g-recap", "g-deferral", "g-wait", "g-question",
           "g-report", "g-report-ask", "g-framing", "g-for-instance", "g-harm", "g-danger")
"""Classes a word of the clause may not have: every thing, a party, a state or a modal, a
word that refuses anywhere."""

_CLAUSE_END = frozenset({",", ";", ":", "—", "–"})

Piece = tuple[str, str, int, int, list[str]]


def restricts(text: str, after: Sequence[Piece], tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text``, whose next pieces are ``after`` (to the sentence's end), opens a
    relative clause restricting the object of a step that makes or edits something (see the
    module); ``tokens`` are the tokens before it, ending with the object's noun."""
    if not relative_shape(text, after[:1], tokens, t):
        return False
    steps = set()
    for k, x in enumerate(tokens):
        kind = t.kind_of(x.text) if x.kind in ("OPEN", "ACTING") else None
        if kind is None or kind in SAYS or _nominal(tokens, k):
            continue
        if kind not in MADE:
            return False  # "delete the files that ...", "run the script that ..."
        steps.add(kind)
    if not steps:
        return False
    words: list[tuple[str, str, list[str]]] = []
    for kind, piece, _a, _b, sections in after:
        if kind == "P" and piece in _CLAUSE_END:
            break
        if kind != "P":
            words.append((kind, piece, sections or list(t.sections(piece))))
    j = 0
    while j < len(words) and "g-adverb" in words[j][2] and t.kind_of(words[j][1]) is None:
        j += 1  # "that specifically tests"
    if j >= len(words) or words[j][0] != "W" or not finite_verb(words[j][1], t):
        return False  # "that are merged", "that could be hit", "that the user left"
    allowed = SAYS | steps
    noun = False  # inside a noun phrase an article opens ("our fix"): its words are nouns
    for kind, word, secs in words:
        if any(s in secs for s in _BARRED):
            return False
        if kind == "W" and not noun:
            own = t.kind_of(word) or _stem_kind(word, t)
            if own is not None and own not in allowed:
                return False  # "that deletes everything", "and emails the team"
        noun = "g-det" in secs or (noun and kind in ("W", "CODE") and not secs)
    return True


def _stem_kind(word: str, t: Tongue) -> str | None:
    """The kind of a finite verb's stem ("deletes": delete), or None."""
    for n in (1, 2, 3):
        if len(word) > n and t.has(word[-n:], "g-finite-ending"):
            kind = t.kind_of(word[:-n])
            if kind is not None:
                return kind
    return None
