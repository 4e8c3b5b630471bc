"""A dash between a statement and an announcement: "You mentioned a flight from JFK — let me
pull up the details of all three reservations."

A dash inside an announcement joins the step it spells out or the next step ("use it -- let
me start by loading it", the grammar's ``dashed``); a dash after a clause that announces
nothing, before an opener (after adverbs of time or order: "— now let me ..."), ends a
statement and starts the next sentence, as a stop would. The sentence is read as those two
sentences: the clause before as an observation, screened as one (a party, a question, a time,
a quotation keep refusing there), the clause after as the announcement. The clause before
is set apart only when it holds a word that is no acknowledgement, adverb or punctuation
("Sure — I'll ..." is read as it is), opens with no step of the assistant's own ("I'll back
up the db — let me ..." stays one announcement) nor with the verb of a changing step ("Delete
the build — I'll do it": a bare imperative tells the reader what to do), and holds no
condition ("If the tests pass — I'll deploy" is one conditional sentence, as after a comma
and "so", ``clauses._conditioned``) and no question ("Should I delete it — I'll ...").
"""

from __future__ import annotations

from .actors import _changes
from .sentences import _timed
from .words import Token, Tongue, tokenize

__all__ = ["dash_apart"]

_STEP = ("OPENER", "ACTING", "HELP")
"""The first token of a clause that announces a step of the assistant's own."""

_BARE = ("ACK", "ADV", "COMMA", "DASH")
"""Tokens that make no statement on their own ("Sure —", "Now —")."""


def dash_apart(body: str, t: Tongue) -> tuple[str, str] | None:
    """(the statement before, the announcement after) of a sentence whose first dash stands
    between a clause that announces nothing and an opener; else None."""
    tokens = tokenize(body, t)
    at = next((k for k, x in enumerate(tokens) if x.kind == "DASH"), None)
    if at is None or at == 0:
        return None
    head = tokens[:at]
    after = at
    while after < len(tokens) and tokens[after].kind == "DASH":
        after += 1  # "--" and "— —" are one dash
    opened = after
    while opened < len(tokens) and tokens[opened].kind == "ADV":
        opened += 1  # "— now let me ..."
    # a verb-final language closes the announcement with its intent ending ("例——`x` を削除
    # します。", h35w): the clause after the dash is one when it ends with one, no dash in it
    final = t.order == "sov" and opened < len(tokens) and tokens[-1].kind == "FINAL" and not any(
        x.kind == "DASH" for x in tokens[opened:])
    if opened >= len(tokens) or (tokens[opened].kind not in _STEP and not final) \
            or not _statement(head, t):
        return None
    before, rest = body[: tokens[at].start].strip(), body[tokens[after].start :].strip()
    return (before, rest) if before and rest else None


def _statement(head: list[Token], t: Tongue) -> bool:
    """The clause before the dash states something and announces nothing, on no condition."""
    said = [x for x in head if x.kind not in _BARE]
    if not said or said[0].kind in _STEP or said[0].kind == "CLITIC":
        return False
    if said[0].kind == "OPEN" and _changes(t.kind_of(said[0].text)):
        return False  # "Delete the old build — I'll ...": a bare imperative, no statement
    # a condition there governs the step after the dash ("If it passes — I'll deploy"); a time
    # is read in the observation, as after a comma and "so" (``clauses._conditioned``); a
    # question asks whether to take it ("Should I delete it — ...")
    return not any(x.kind == "!question" or (x.kind == "!conditional" and not _timed(x, t))
                   for x in head)

