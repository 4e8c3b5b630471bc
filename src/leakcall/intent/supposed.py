"""A framing word that qualifies a value the assistant supposes, not the call: "I will assume
a generic image file for demonstration purposes.", "I will assume a generic audio file name
for the purpose of this example." The reasoning fills in what the user left out, and the
framing says what the supposed value is for; the call is still the step the user asked for.

``supposed`` reads it: the framing word closes a prepositional adjunct ("for", "for the
purpose of this") that ends the sentence, at most one word after it ("purposes"), and the
adjunct's verb is one of supposing ([g-suppose]: "assume") with the assistant as its subject
(its opener, "I will", or a first-person subject right before it), with nothing between that
verb and the adjunct but determiners, words of no class, prepositions and a copula: a
joiner, a clause break or a "to" ("I will assume the path and delete it for the demo") makes
the adjunct another verb's. The screen then leaves the word to
grounding (``reasoning.observing_cue``): only calls that change nothing are grounded after
it, since a supposed value under a frame may be the example's, not the user's. "I will call
delete_user for demonstration purposes." (no verb of supposing) still frames the call."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["supposed"]

_BETWEEN = frozenset({"DET", "DEM", "OPEN", "PREP", "COPULA"})
"""Token classes between the verb of supposing and the framing word: the supposed value and
the adjunct ("a generic image file for", "any file is acceptable for this")."""
_OWN = frozenset({"OPENER", "ACTING"})


def supposed(toks: Sequence[Token], k: int, t: Tongue) -> bool:
    """The framing word at ``k`` qualifies a value the assistant supposes (above)."""
    if len(toks) - k > 2 or (len(toks) - k == 2 and toks[k + 1].kind != "OPEN"):
        return False  # the adjunct ends the sentence ("... for demonstration purposes")
    v = k - 1
    while v >= 0 and not t.marked(str(toks[v].text), "g-suppose"):
        if toks[v].kind not in _BETWEEN:
            return False
        v -= 1
    if v < 1 or not any(y.kind == "PREP" for y in toks[v + 1 : k]):
        return False
    own = toks[v - 1]
    return own.kind in _OWN or _first_person(own, t) or (
        own.kind == "AUX" and v >= 2 and _first_person(toks[v - 2], t))


def _first_person(x: Token, t: Tongue) -> bool:
    """A first-person subject ([g-own-subject]: "i", "we")."""
    return x.kind == "SUBJ" and t.marked(str(x.text), "g-own-subject")
