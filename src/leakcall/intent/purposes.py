"""A purpose clause after a step ("Let me push the branch so the PR can be opened.", "I'll
check the weather so you can compare."): a word of purpose ([g-purpose]: "so", "so that")
right after the step's object or adverb, before a word, opens a clause that says what the step
is for. It is read as a clause of inquiry (INQUIRY): its subject and auxiliaries are its own
("you", "we", "can"), its verbs take no step, so a call of that verb is not grounded by it; its
negations, conditions, deferrals and other actors refuse as anywhere else, and a clause whose
subject is another actor ("so they can ...") opens none. At a clause's start
the word opens nothing ("So let me ..."), and "so I can" is the assistant's own purpose
([g-to]). A comma or "for you" may stand between the step and the word ("I'll check the
weather for you, so you can decide ...").

A purpose whose subject is the user ("so you can start fresh", "чтобы вы знали"; a word of
[g-user] right after the word of purpose, or a [g-purpose-user] word that names it, "così
puoi") says what the user will do with the result: it grounds nothing, and the step may be
the user's to take, so only observing calls are grounded with one (``user_purposes``,
``grounding.purposed``)."""

from __future__ import annotations

from collections.abc import Sequence

from .protocols import Token, Tongue

__all__ = ["opens_purpose", "user_purposes", "user_time"]


_AFTER = ("OPEN", "CODE", "NUM", "PRON", "ADV", "COURTESY")
"""Tokens that end a step's object, its adverbs or its "for you": a word of purpose after one
(or after one and a comma) ends the step."""


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
    end = tokens[:-1] if tokens and tokens[-1].kind == "COMMA" else tokens
    if not (t.has(text, "g-purpose") and bool(after) and after[0][0] == "W"):
        return False
    if not (len(end) >= 2 and (end[-1].kind in _AFTER or _time(end[-1], t))):
        return False
    secs = after[0][4] or t.sections(after[0][1])
    return "g-actor" not in secs or "g-user" in secs


def _user(text: str, t: Tongue) -> bool:
    """The word of purpose names the user as its subject ("così puoi", "чтобы вы")."""
    return t.has(text, "g-purpose-user") or any(t.has(w, "g-user") for w in text.split()[1:])


def user_purposes(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The purpose clauses of the sentence whose subject is the user: a word of purpose that
    ``opens_purpose`` read (an INQUIRY of [g-purpose]) naming the user itself or right before
    a word of [g-user] ("so you can start fresh")."""
    return [x.text + (f" {tokens[k + 1].text}" if k + 1 < len(tokens) else "")
            for k, x in enumerate(tokens)
            if x.kind == "INQUIRY" and t.has(x.text, "g-purpose") and (
                _user(x.text, t) or (k + 1 < len(tokens) and t.has(tokens[k + 1].text, "g-user")))]


def user_time(tokens: Sequence[Token], x: Token, t: Tongue) -> bool:
    """The condition word ``x`` ends the sentence as the object of a verb in a purpose clause
    whose subject is the user ("щоб ви могли спланувати день", so you can plan the day): the
    time is the user's plan, not a wait of the step. It is read as a time
    (``grounding.timed``): only observing calls are grounded with it, as with the purpose."""
    k = next((j for j, y in enumerate(tokens) if y is x), None)
    if k is None or k != len(tokens) - 1 or k < 2 or tokens[k - 1].kind != "OPEN":
        return False
    j = max((i for i, y in enumerate(tokens[:k]) if y.kind in ("COMMA", "AND")), default=-1)
    return bool(user_purposes(tokens[j + 1 : k - 1], t))  # the clause runs on to ``x``
