"""A purpose clause after a step ("Let me push the branch so the PR can be opened.", "I'll
check the weather so you can compare."): a word of purpose ([g-purpose]: "so", "so that")
right after the step's object or adverb, before a word, opens a clause that says what the step
is for. It is read as a clause of inquiry (INQUIRY): its subject and auxiliaries are its own
("you", "we", "can"), its verbs take no step, so a call of that verb is not grounded by it; its
negations, conditions, deferrals and other actors refuse as anywhere else, and a clause whose
subject is another actor ("so they can ...") opens none. At a clause's start
the word opens nothing ("So let me ..."), and "so I can" is the assistant's own purpose
([g-to])."""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["opens_purpose"]


_AFTER = ("OPEN", "CODE", "NUM", "PRON", "ADV")
"""Tokens that end a step's object or its adverbs: a word of purpose after one ends the step."""


def _time(x: Token, t: Tongue) -> bool:
    """A time closing the step's object ("the events for tomorrow", "at 17"): a deferral
    word, a time to come ([g-next]) or one in digits. It still refuses unless the sentence is
    read with its times as words, which grounds only observing calls (``grounding.timed``);
    a condition word ("if", "when") ends no step."""
    return x.kind == "!conditional" and (
        t.has(x.text, "g-deferral") or "g-next" in t.sections(x.text) or x.text[:1].isdigit())


def opens_purpose(text: str, after: Sequence[tuple[str, str, int, int, list[str]]],
                  tokens: Sequence[Token], t: Tongue) -> bool:
    """The word ``text`` opens a purpose clause: it is a [g-purpose] word right after the end
    of a step (``tokens``, the tokens before) and a word follows (``after``: the next piece)
    that is no other actor ([g-actor]: "so they can help you" has someone else act)."""
    return (t.has(text, "g-purpose") and len(tokens) >= 2
            and (tokens[-1].kind in _AFTER or _time(tokens[-1], t))
            and bool(after) and after[0][0] == "W"
            and "g-actor" not in (after[0][4] or t.sections(after[0][1])))
