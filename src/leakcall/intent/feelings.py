"""Feelings: a sentence in which the speaker states a feeling announces no step.

"I'm sorry about the damaged item." opens with an opener ("I'm") the grammar reads as the
start of a step, and its adjective ("sorry") fills the verb slot. A feeling is no step the
calls must take: the sentence is read as an observation ("Sorry about the damaged item."
is one already), with every check an observation gets. Only the closed class of feeling
words ([g-feeling]) after the opener, adverbs between ("I'm so sorry"), and nothing after
that opens a step of its own (another opener, a "to" clause: "I'm sorry to delete it").
"""

from __future__ import annotations

from collections.abc import Sequence

from .described import thing_topic
from .gerundsubject import predicate
from .words import Token, Tongue

_STEP_OPENING = frozenset({"OPENER", "ACTING", "HELP", "TO", "CLITIC"})
"""Terminals that open a step or a purpose of its own after the feeling."""


def feeling(tokens: Sequence[Token], t: Tongue) -> Token | None:
    """The feeling word of a sentence that only states the speaker's feeling, as the token
    the grammar cannot place (the sentence is then read as an observation), or None: an
    opener of the speaker's own ([g-opener]), adverbs, a word of [g-feeling], and no word
    after it that opens a step."""
    if not tokens or tokens[0].kind != "OPENER":
        return None
    k = 1
    while k < len(tokens) and tokens[k].kind == "ADV":
        k += 1
    if k >= len(tokens) or not t.has(tokens[k].text, "g-feeling"):
        return None
    if any(x.kind in _STEP_OPENING for x in tokens[k + 1 :]):
        return None
    x = tokens[k]
    return Token("!unknown-preamble", x.text, x.start, x.end)


def no_step(tokens: Sequence[Token], t: Tongue) -> Token | None:
    """The token of a sentence that announces no step of the assistant's, as the token the
    grammar cannot place: what a program does (``described.thing_topic``), what a step did or
    needs (``gerundsubject``: "Deleting `prod.db` failed:"), or a feeling."""
    thing = thing_topic(tokens, t) or predicate(tokens, t)
    if thing is not None:
        return Token("!unknown-preamble", thing.text, thing.start, thing.end)
    return feeling(tokens, t)
