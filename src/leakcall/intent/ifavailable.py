"""An availability condition on the step's own program or thing (issue 25, rule
``conditional``).

"Let me also run ruff if available for lint checking:": a condition word ([g-condition]:
"if") right before a word of being there ([g-available]: "available", "installed",
"present"), after the step and closing it (the sentence ends, or a preposition, a comma or a
purpose "to" follows), asks whether the step's own thing is there: the step itself finds out,
nobody is waited for. Both words are read out of the sentence (``rereading``). A condition on
anything else ("if approved", "if the user agrees", "if needed", "once available") and one
that opens the sentence ("If available, ...") keep their refusal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .words import Token, Tongue

__all__ = ["if_available"]

_T = TypeVar("_T", bound=Token)

_CLOSING = frozenset({"PREP", "COMMA", "TO"})
"""What may follow the condition: its sentence goes on with a phrase, not a clause of it."""


def if_available(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens without each availability condition (see the module)."""
    out = list(tokens)
    for k in range(len(out) - 2, 1, -1):
        if k + 1 >= len(out):
            continue  # the words after it were read out
        x, y = out[k], out[k + 1]
        if x.kind == "!conditional" and t.has(x.text, "g-condition") and t.has(
                x.text, "g-if-available") and t.has(y.text, "g-available") and (
                k + 2 == len(out) or out[k + 2].kind in _CLOSING):
            del out[k : k + 2]
    return out
