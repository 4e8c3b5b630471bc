"""A direct question a looking agent's order asks with a question word (h39a, issue 25; read
by ``typedlook.brief``, rule ``ungrounded-call``).

"3. How does the onConfirm callback work - what arguments does it take?" in the order of an
``Explore`` launch: the verb of a question whose auxiliary follows its question word is what
the question's subject does ("take": what the callback takes), a thing the look finds out,
no step of the agent's. ``typedlook.asked`` reads a yes/no question ("Does it select the
session?"); this reads one a question word opens, in English only, and only in its plainest
shape:

- a question word ([g-inquiry], read as one: "what", "which", "how"; not "if" or "whether",
  which open a condition), then at most two words of no kind of step (its noun: "what
  arguments", "which props");
- an auxiliary of [g-yes-no] ("does", "is");
- a subject that is not the addressee: a pronoun ("it", "they"), code, or a determiner with
  at most two words of no kind ("the hook");
- one word, the verb, and at most a preposition after it ("what does it depend on"); nothing
  else: no comma, "and", second verb or object ("How does it work delete the logs", "What
  does it take, then delete it" stay read as steps).
"""

from __future__ import annotations

from collections.abc import Sequence

from .subagent import _word_kind
from .words import Token, Tongue

__all__ = ["wh_asked"]

_NOUNS = 2
"""Words of no kind a question word or a subject's determiner takes at most."""
_PLAIN_SUBJECT = frozenset({"PRON", "SUBJ", "CODE"})
"""A subject of one token: "it", "they", `f` (not "you": YOU)."""


def _plain(x: Token, t: Tongue) -> bool:
    return x.kind == "OPEN" and _word_kind(x.text, t, None) is None


def _nouns(tokens: Sequence[Token], k: int, t: Tongue) -> int:
    """Index after the words of no kind from ``k`` (at most ``_NOUNS``)."""
    j = k
    while j < len(tokens) and j - k < _NOUNS and _plain(tokens[j], t):
        j += 1
    return j


def wh_asked(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence is a direct question a question word opens (module docstring)."""
    if t.name != "en" or len(tokens) < 4 or tokens[0].kind != "INQUIRY" \
            or not t.has(tokens[0].text, "g-inquiry") or tokens[0].text in ("if", "whether"):
        return False
    j = _nouns(tokens, 1, t)
    if j >= len(tokens) or tokens[j].kind != "AUX" or not t.has(tokens[j].text, "g-yes-no"):
        return False
    j += 1
    if j < len(tokens) and tokens[j].kind in _PLAIN_SUBJECT:
        j += 1
    elif j < len(tokens) and tokens[j].kind == "DET":
        k = _nouns(tokens, j + 1, t)
        if k == j + 1:
            return False
        j = k
    else:
        return False
    rest = list(tokens[j:])
    return len(rest) in (1, 2) and rest[0].kind == "OPEN" and (
        len(rest) == 1 or rest[1].kind == "PREP")
