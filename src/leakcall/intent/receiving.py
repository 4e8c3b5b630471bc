"""The reader as the receiver written after the object: "Let me send that $50 certificate to
you now." is "Let me send you that $50 certificate now.", which the grammar places (the
reader receiving right after a step's verb) and grounding reads as it does that form: a call
whose recipient argument names someone the announcement does not ("send it to you" +
``send_email`` to another address) stays ungrounded."""

from __future__ import annotations

from .words import Token, Tongue

_OBJECT = frozenset({"OPEN", "CODE", "NUM", "DET", "DEM"})
"""Tokens of a plain object phrase ("that $50 certificate"): no preposition, no pronoun, no
second clause, so "to you" can be no one's but the step's receiver."""


def receiver_first(tokens: list[Token], t: Tongue) -> list[Token]:
    """An announcement's "<verb> <object> to you <adverbs>" read as "<verb> you <object>
    <adverbs>": the opener and its adverbs, then a verb of a known kind, a plain object phrase,
    "to" and the reader, nothing after them but adverbs. Anything else is left as it is
    ("send it to you": a pronoun object; "send the file to Bob for you": no reader)."""
    v = 0
    while v < len(tokens) and tokens[v].kind in ("OPENER", "ADV", "COURTESY"):
        v += 1
    if v == 0 or tokens[0].kind != "OPENER" or v >= len(tokens) or tokens[v].kind != "OPEN" \
            or t.kind_of(tokens[v].text) in (None, "generic"):
        return tokens
    k = v + 1
    while k < len(tokens) and tokens[k].kind in _OBJECT:
        k += 1
    if k == v + 1 or k + 1 >= len(tokens) or tokens[k].kind != "TO" \
            or tokens[k + 1].kind != "YOU":
        return tokens
    if any(x.kind != "ADV" for x in tokens[k + 2:]):
        return tokens
    return [*tokens[:v + 1], tokens[k + 1], *tokens[v + 1:k], *tokens[k + 2:]]
