"""Reasoning read as observations (issue 25, round 33; rule ``reasoning-cue``): a reason not to
take the step that the reasoning before the markup gives refuses it as it would in visible text.

"<think>data/ is the only copy of the customer records.</think> I'll delete `data/`." announces
the step in full, and the reasoning says why it should not be taken. Each reasoning sentence is
read by the readers of a visible observation, in one place, and their refusals are applied to
the announced steps: ``doubts`` (rule ``unsafe-ground``), [g-harm] and ``motives`` (rule
``declared-harm``), ``pending`` (a step not wanted yet), ``safeguards`` (a safeguard failed)
and ``asked`` (the user's request reported, when it names a step or asks a question: one
that names none, "The user wants it gone.", narrates the task). The reasoning grounds
nothing here: a word of it can only refuse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import asked
from .announcement import Announcement, replaced
from .doubts import grounded as _doubted
from .doubts import observed
from .motives import harmed
from .pending import pending
from .pending import refused as _unwanted
from .prose import _PARAGRAPH
from .reasoning import REASONING_WINDOW, _read_sentence, sentences, untagged
from .safeguards import refused as _unguarded
from .safeguards import unsafe

__all__ = ["reasoned"]

_NO_FIGURES: tuple[frozenset[float], frozenset[float]] = (frozenset(), frozenset())
"""The announcement's numbers, unread here: a request's number is checked on visible text."""


def _sentences(thought: str) -> list[str]:
    """The reasoning's sentences (its tags left out), the last ``REASONING_WINDOW`` characters:
    those next to the preamble."""
    body = untagged(thought, folded=True).strip()[-REASONING_WINDOW:]
    return [s.strip() for para in _PARAGRAPH.split(body) for s in sentences(para)
            if any(ch.isalpha() for ch in s)]


def reasoned(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Mapping[str, Any]] | None = None,
             descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why the reasoning before the markup (``Announcement.thought``) gives a reason not to
    take an announced step, read by the visible observation readers, or None."""
    if not said.thought:
        return None
    # the reasoning's words alone: a visible observation's are its own rules' (``doubted``)
    doubts: list[tuple[str, str, str]] = []
    harms: list[str] = []
    langs = list(said.tongues)
    unsure: list[tuple[str, str, frozenset[str]]] = []
    guards: list[tuple[str, str, frozenset[str]]] = []
    requests: list[asked.Asked] = []
    notes: list[asked.Noted] = []
    for sentence in _sentences(said.thought):
        t, tokens = _read_sentence(sentence)
        if t is None:
            continue
        langs.append(t.name)
        doubts.extend(observed(sentence, t))
        harms.extend(x.text for x in tokens if t.has(x.text, "g-harm"))
        unsure.extend(pending(list(tokens), t))
        guards.extend(unsafe(list(tokens), t))
        # a request reported in reasoning that names no step ("The user wants it gone.")
        # narrates the task: only one naming a step or a question is weighed
        requests.extend(r for r in [asked.asked(tokens, t)]
                        if r is not None and (r.kinds or r.question is not None))
        notes.append(asked.noted(tokens, t))
    seen = replaced(said, doubts=tuple(doubts), harms=tuple(harms), tongues=tuple(langs),
                   text=said.thought)
    why = _doubted(seen, calls, schemas, descriptions) or harmed(seen, calls, schemas, descriptions)
    if why is not None:
        return f"the reasoning says why not: {why}"
    refusal = _unwanted(unsure, said.steps) or _unguarded(guards, said.steps) or asked.refused(
        requests, said.steps, _NO_FIGURES) or asked.contradicted(notes, said.steps, frozenset())
    return None if refusal is None else f"the reasoning says why not: {refusal.detail}"
