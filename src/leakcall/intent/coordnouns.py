"""A coordinated plural noun is no verb (h16c, moved out of ``orderobserve`` by h24g so that
``launched`` reads it too): "Report the files and functions involved." A word of no kind after
"and" or a comma, in a plural form ([g-plural-ending], not [g-singular-ending]), whose conjunct
before stands in a noun phrase (a determiner or a looking verb before it, words between), with
no object of its own after it, is a noun of that list, whatever verb slot it stands in
(``orderobserve``, ``orderverbs``, ``launched._looking``).

So is an adjective of kinship ([g-kin-adjective]: "similar", "related", "relevant") opening a
conjunct after "and", "or" or a comma before its noun (``kin``, h32a): "in `ui/web/` or similar
paths", "the exact file paths and relevant code snippets" name more of the sort before them;
no imperative opens with one."""

from __future__ import annotations

from collections.abc import Sequence

from .subagent import _word_kind, looks
from .words import Token, Tongue

__all__ = ["coordinated", "kin"]

_JOIN = frozenset({"AND", "COMMA"})
_NOUN_END = frozenset({"PREP", "COMMA", "AND", "RPAR"})
"""Tokens a coordinated noun stands before (``coordinated``)."""


def _entries(t: Tongue, section: str) -> list[str]:
    return [w for s, w in t.marks if s == section]


def _plural(word: str, t: Tongue) -> bool:
    """``word`` has a plural form of its language ("functions", "Funktionen")."""
    return len(word) > 3 and word.isalpha() and any(
        word.endswith(e) for e in _entries(t, "g-plural-ending")) and not any(
        word.endswith(e) for e in _entries(t, "g-singular-ending"))


def kin(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is an adjective of kinship ([g-kin-adjective]) right after "and",
    "or" or a comma and before a word or code, its noun (module docstring): no verb."""
    return 1 <= k < len(tokens) - 1 and tokens[k].kind == "OPEN" \
        and tokens[k - 1].kind in _JOIN and tokens[k + 1].kind in ("OPEN", "CODE") \
        and t.marked(tokens[k].text.casefold(), "g-kin-adjective")


def coordinated(tokens: Sequence[Token], k: int, t: Tongue) -> bool:
    """The word at ``k`` is a plural noun joined to a noun phrase by "and" or a comma, or an
    adjective of kinship opening such a conjunct (``kin``; module docstring): no verb,
    whatever slot it stands in."""
    if kin(tokens, k, t):
        return True
    if not 2 <= k < len(tokens) or tokens[k].kind != "OPEN" or tokens[k - 1].kind not in _JOIN \
            or _word_kind(tokens[k].text, t, None) is not None or not _plural(tokens[k].text, t):
        return False
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if nxt is not None and nxt.kind not in _NOUN_END and not (
            k + 2 == len(tokens) and nxt.kind == "OPEN" and t.kind_of(nxt.text) is None):
        return False  # an object of its own: "and nukes staging-db now"
    j = k - 2
    if tokens[j].kind != "OPEN":
        return False
    while j >= 0 and tokens[j].kind == "OPEN" and not looks(tokens[j].text, t):
        j -= 1
    return j >= 0 and j < k - 2 and (tokens[j].kind == "DET" or (
        tokens[j].kind == "OPEN" and looks(tokens[j].text, t)))
