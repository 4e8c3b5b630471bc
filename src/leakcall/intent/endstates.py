"""A stated end state in a sub-agent's order is an order of the change (h18e, round 45 gap 7;
read by ``orderobserve``).

"Find the retry logic. The end state: it uses exponential backoff." and "... It should use
exponential backoff." order no step by a verb in a slot, yet say what the agent is to bring
about. In an order, the verb right after a modal of obligation ([g-goal-modal]: "should",
"must", "doit", "debe") that opens its sentence (its subject before it: "it", "they"), or
right after the subject pronoun of a sentence that follows an end-state label ([g-end-state]:
"The end state:", "Goal:", a sentence of that label alone, determiners aside), stands in a verb
slot (``stated``), a word of no kind as one that may change anything: "It should report the
files" looks, "it uses exponential backoff" and "it evicts the oldest keys" do not. A copula
adds no slot ("The end result should be a list of files."), nor does a pronoun sentence after
any other sentence ("It lives in src/net.")."""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["stated"]

_SUBJECT = frozenset({"PRON", "SUBJ", "!other-actor"})
"""Token kinds of a subject pronoun ("it", "they", "il")."""


def _label(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence is an end-state label alone ("The end state", "Goal")."""
    words = [x.text for x in tokens if x.kind != "DET"]
    return bool(words) and t.marked(" ".join(words), "g-end-state")


def stated(sentences: Sequence[tuple[Sequence[Token], Tongue]], i: int) -> list[int]:
    """Indices, in sentence ``i`` of an order, of the verbs an end state says (module
    docstring)."""
    tokens, t = sentences[i]
    k = 1 if tokens and tokens[0].kind in _SUBJECT and not t.marked(tokens[0].text, "g-goal-modal") \
        else 0
    if k + 1 < len(tokens) and t.marked(tokens[k].text, "g-goal-modal"):
        k += 1
    elif not (k == 1 and i > 0 and sentences[i - 1][1].name == t.name
              and _label(sentences[i - 1][0], t)):
        return []
    return [k] if k < len(tokens) and (tokens[k].kind in ("OPEN", "ACTING")
                                       or t.kind_of(tokens[k].text) is not None) else []
