"""A contact relative clause of the assistant's own past step (issue 25): "Let me delete the
temporary file I created earlier", "I'll run the linter on the file I just changed", "with the
helper we discussed".

English may drop the relative pronoun: a subject "I" or "we" right after a noun of the object
(a determiner within three words before it), an optional "just"/"already", one past form in
"-ed" of an open verb, an optional time gone by ([g-past], "earlier"), and then the end of the
clause (a comma or the sentence's end). Such a clause only tells which thing the object is, so
it is read as no words at all; the call must still be grounded in the object it describes.
Anything more stays unplaced and refused: another subject ("you", "they", "the admin"), a verb
of a refusing class or of a decision ("approved", "agreed", "confirmed"), a modal, a passive
("I was told"), a negation or an infinitive ("I promised not to touch"), a party or a time
after the verb ("I created for Mallory").

The user's search has the same form (``user_relative``): "find the information the user is
looking for", "the flight you're searching for" name what the user seeks, as "what the user is
looking for" does: the user's word ([g-user]) after the object's noun, "is"/"are" (or "you're"),
one -ing form of a verb that only looks (``LOOK_KINDS``: "looking", "searching"), an optional
preposition, then the clause's end, on the object of a step that only finds or reads
(``_SEEKING``: "delete the file you're looking for" stays unplaced). Any other verb
("deleting", "asking for"), subject ("the admin", "they"), tense, a negation or more words
after it stay unplaced."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .words import Token, Tongue

__all__ = ["own_relative", "user_relative"]

_T = TypeVar("_T", bound=Token)

_SUBJECTS = frozenset({"i", "we"})
"""The assistant alone or with the user: the clause reports a step of the conversation."""

_ALREADY = frozenset({"just", "already"})
_EARLIER = frozenset({"earlier", "before"})
_CLOSE = frozenset({"COMMA", "!non-prose"})
_BE = frozenset({"is", "are"})
LOOK_KINDS = frozenset({"read", "search"})
"""Kinds of a verb whose progressive says what the user seeks: a look, no step on a thing."""
_SEEKING = frozenset({"read", "search", "list", "fetch"})
"""Kinds of the step whose object the clause describes: one that only finds or reads it."""


def _verb(x: Token, t: Tongue) -> bool:
    return (x.kind == "OPEN" and len(x.text) > 4 and x.text.endswith("ed")
            and not t.has(x.text, "g-decision") and not t.has(x.text, "g-deferral"))


def own_relative(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens without one English contact relative clause whose subject is the assistant
    (see the module); else the tokens as they are."""
    out = list(tokens)
    if t.name != "en":
        return out
    for k in range(2, len(out)):
        if out[k].text not in _SUBJECTS or out[k - 1].kind != "OPEN":
            continue
        if not any(y.kind == "DET" for y in out[max(0, k - 4):k - 1]):
            continue
        j = k + 1 + (k + 1 < len(out) and out[k + 1].text in _ALREADY)
        if j >= len(out) or not _verb(out[j], t):
            continue
        j += 1
        if j < len(out) and (out[j].text in _EARLIER or t.has(out[j].text, "g-past")):
            j += 1
        if j == len(out) or out[j].kind in _CLOSE:
            return out[:k] + out[j:]
    return user_relative(out, t)


def _user(x: Token, t: Tongue) -> bool:
    """The user as a clause's subject: "you", "you're", "the user" ([g-user])."""
    return x.text == "you're" or (x.kind in ("YOU", "OPEN") and (
        t.has(x.text, "g-user") or t.has(x.text.removeprefix("the "), "g-user")))


def _looks(before: Sequence[Token], t: Tongue) -> bool:
    """The verb whose object the clause follows looks: the last word of a kind before it."""
    kind = next((t.kind_of(x.text) for x in reversed(before) if x.kind == "OPEN"
                 and t.kind_of(x.text) not in (None, "generic")), None)
    return kind in _SEEKING


def user_relative(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens without one English contact relative clause of what the user seeks (see the
    module); else the tokens as they are."""
    out = list(tokens)
    if t.name != "en":
        return out
    for k in range(2, len(out)):
        if not _user(out[k], t) or out[k - 1].kind != "OPEN":
            continue
        d = next((i for i in range(k - 2, max(-1, k - 5), -1) if out[i].kind == "DET"), None)
        if d is None or not _looks(out[:d], t):
            continue
        j = k + 1 + (out[k].text != "you're" and k + 1 < len(out) and out[k + 1].text in _BE)
        if j == k + 1 and out[k].text != "you're":
            continue
        if j >= len(out) or out[j].kind != "OPEN" or not out[j].text.endswith("ing") \
                or t.kind_of(out[j].text) not in LOOK_KINDS:
            continue
        j += 1 + (j + 1 < len(out) and out[j + 1].kind == "PREP")
        if len(out) == j or out[j].kind in _CLOSE:
            return out[:k] + out[j:]
    return out
