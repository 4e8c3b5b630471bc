"""An observation that is only a subordinate clause: a condition or time word ([g-condition])
heads it and no main clause follows (no comma closes the condition). It is a condition on
the step announced after it ("Once the freeze lifts. I'll delete the folder."), rule
``conditional`` (issue 25)."""

from __future__ import annotations

from collections.abc import Sequence

from .observing import OBSERVING
from .words import KINDS, Token, Tongue

_CHANGING = tuple(k for k in KINDS if k not in OBSERVING)


def condition_fragment(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str, str]]:
    """(word, kind, "conditional") for every changing kind when an observation opens, after
    adverbs only ("Only after the audit."), with a condition word and has no comma: the
    clause it heads is the whole sentence, so what it conditions is the step that follows."""
    head = next((x for x in tokens if x.kind != "ADV"), None)
    if head is None or not t.has(head.text, "g-condition"):
        return []
    if any(x.kind == "COMMA" for x in tokens) or len(tokens) < 2:
        return []  # "Once the backup is done, the migration starts.": a main clause follows
    return [(head.text, kind, "conditional") for kind in _CHANGING]
