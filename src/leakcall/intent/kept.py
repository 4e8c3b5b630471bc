"""What reasoning says is to be kept: a changing call that reaches it goes against it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actors import _reasoning_sentences
from .carriednouns import _call_text
from .kinds import OBSERVING, call_kinds
from .references import _referenced


def kept_names(view: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(keeping word, names) of each sentence of a normalised text (reasoning) that holds a
    word of keeping ([g-keep]: "keep", "intact", "behalten", "garder", "残"): the names it
    says (code tokens and numbers: "The user wants to keep acme/payments.", "The user wants
    the 9500 EUR held.") are to be kept as they are."""
    out = []
    for tokens, t in _reasoning_sentences(view):
        word = next((x.text for x in tokens if t.has(x.text, "g-keep")), None)
        names = tuple(x.text for x in tokens if x.kind in ("CODE", "NUM"))
        if word is not None and names:
            out.append((word, names))
    return tuple(out)


def kept_changed(kept: Sequence[tuple[str, tuple[str, ...]]],
                 calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Mapping[str, Any]] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call that changes something reaches a name the reasoning says is to be kept
    (``kept_names``), or None: the step goes against what the reasoning says is wanted."""
    for name, args in calls:
        if not call_kinds(name, args, (schemas or {}).get(name),
                          (descriptions or {}).get(name)) - OBSERVING:
            continue
        text, words = _call_text(name, args)
        for word, names in kept:
            hit = _referenced(names, text, words)
            if hit is not None:
                return (f"the reasoning says {hit!r} is to be kept ({word!r}), and {name!r} "
                        "changes it")
    return None
