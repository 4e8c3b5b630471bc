"""A launched agent's order that changes without a verb of a changing kind (h22e, round 47 gap 5).

``subagent`` reads an order word by word against the verb tables; three ways of ordering a
change pass that reading, and each is read here as a step of its own:

- a phrasal idiom of removing ([g-order-idiom]: "get rid of the old helpers", "do away with
  the wrapper", "wipe out", "deshazte de"): a step of kind delete;
- an end state of removal the agent is to leave ([g-result-state]: "make sure the old module
  is gone", "should no longer exist", "ends up empty", "danach leer ist"): a single word of it
  counts beside a copula or a linking verb ([g-result-link]: "ends up", "bleibt"), a phrase
  ("no longer exist") anywhere; an end state asked about in an indirect question ("Find out
  whether the module is gone", an inquiry word of its clause before it) is a look, no step;
- a hand-over of the choice of action: a verb of doing ([g-handover-verb]: "do", "handle",
  "mach") followed by a free relative ([g-handover-what]: "whatever", "what", "was") whose
  clause ends in a verb of asking or finding ([g-handover-source]: "ask", "say", "find",
  "verlangen"): "do whatever the TODO comments ask for", "handle whatever problems you find".
  What the agent then does is unbounded: a step of kind write, which an observing launch never
  covers ("report whatever you find": "report" is no verb of doing, and stays a look)."""

from __future__ import annotations

from collections.abc import Sequence

from .markedrun import marked_run
from .words import Token, Tongue

__all__ = ["idiom_step"]

_CLAUSE_END = frozenset({"AND", "COMMA"})
"""Tokens that end the clause an inquiry word or a hand-over's relative stands in."""



def _linked(tokens: Sequence[Token], k: int, n: int, t: Tongue) -> bool:
    """A copula or a linking verb ([g-result-link]) stands right before the word at ``k``, or
    right after its ``n`` tokens (a verb-final clause: "danach leer ist"), adverbs aside."""
    j = k - 1
    while j >= 0 and tokens[j].kind == "ADV":
        j -= 1
    if j >= 0 and (tokens[j].kind == "COPULA" or any(
            j - m + 1 >= 0 and marked_run(tokens, j - m + 1, t, "g-result-link") == m
            for m in (1, 2))):
        return True
    j = k + n
    while j < len(tokens) and tokens[j].kind == "ADV":
        j += 1
    return j < len(tokens) and (tokens[j].kind == "COPULA"
                                or marked_run(tokens, j, t, "g-result-link") > 0)


def _asked(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """An inquiry word stands before ``k`` in its clause ("whether the module is gone")."""
    for j in range(k - 1, -1, -1):
        if tokens[j].kind in _CLAUSE_END or t.has(tokens[j].text, "g-then"):
            return False
        if tokens[j].kind == "INQUIRY":
            return True
    return False


def _handed_over(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is a verb of doing, then (commas aside) a free relative, then, before
    the clause ends, a verb of asking or finding ("do whatever the comments ask for")."""
    if not t.marked(tokens[k].text, "g-handover-verb"):
        return False
    j, what = k + 1, False
    while j < len(tokens):
        n = marked_run(tokens, j, t, "g-handover-what")
        if n:
            what, j = True, j + n
        elif tokens[j].kind == "COMMA":
            j += 1
        else:
            break
    if not what:
        return False
    for x in tokens[j:]:
        if x.kind in _CLAUSE_END or t.has(x.text, "g-then"):
            return False
        if t.marked(x.text, "g-handover-source"):
            return True
    return False


def idiom_step(tokens: Sequence[Token], k: int, t: Tongue) -> tuple[str, str] | None:
    """(the words, the kind) of a step an idiom, an end state or a hand-over starting at ``k``
    orders, or None."""
    n = marked_run(tokens, k, t, "g-order-idiom")
    if n:
        return " ".join(x.text for x in tokens[k:k + n]), "delete"
    n = marked_run(tokens, k, t, "g-result-state")
    if n and (n > 1 or _linked(tokens, k, n, t)) and not _asked(tokens, k, t):
        return " ".join(x.text for x in tokens[k:k + n]), "delete"
    if _handed_over(tokens, k, t):
        return tokens[k].text, "write"
    return None
