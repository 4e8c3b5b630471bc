"""A sentence that is a time alone (issue 25; read by ``actors._awaits``).

"At 7am. I'll delete the logs." and "Today at 5. I'll restart it.": the time stands in a
sentence of its own, read as an observation, yet it says when the step after it is taken. A
sentence whose words are all a time's (times of day and dates the tokenizer refuses, "at 5",
prepositions, numbers, commas, words of the day itself, [g-day-today]: "today", "tonight") is
a time the step may wait for: grounding then lets only observing calls through, or calls that
carry that time (``grounding.timed``). An observation with a verb or a noun ("UA 1184
departs at 8:05", "the loop starts at 1") says what a thing does; its number stays a word.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

_TIME_PHRASE = frozenset({"!conditional", "PREP", "COMMA", "DASH", "AND", "NUM"})
"""The kinds of a time phrase's tokens: a refused time, its preposition, a number, a comma."""


def clocked(tokens: Sequence[Token]) -> bool:
    """Are ``tokens`` a time alone, with no verb and no noun ("at 7am", "today, at 5")?"""
    return any(x.kind == "!conditional" for x in tokens) and all(
        x.kind in _TIME_PHRASE for x in tokens)


def day_words(tokens: Sequence[Token], t: Tongue) -> list[Token]:
    """``tokens`` with a word of the day itself ([g-day-today]: "today") read as a time."""
    return [Token("!conditional", x.text, x.start, x.end)
            if x.kind == "OPEN" and t.marked(x.text, "g-day-today") else x for x in tokens]
