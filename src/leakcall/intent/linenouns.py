"""Nouns naming a kind of line ([g-line-prose], [g-line-import], [g-line-several]), read from
an announcement's sentence for ``linekinds``, which checks the edits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .words import Token, Tongue

__all__ = ["LINE_KINDS", "line_nouns"]

LINE_KINDS = ("prose", "import")
"""The kinds of line a noun can name (``[g-line-<kind>]`` sections)."""


def line_nouns(tokens: Sequence[Token], t: Tongue) -> list[tuple[str, str]]:
    """(word, kind) of each noun of a sentence naming a kind of line, or none when the
    sentence joins objects ("and", a comma): then it names more than lines of that kind. A
    word after an elided article ("l'import") is read as itself. An import noun in no plural
    form ([g-line-several]), in a sentence with no number and no "all" word, names one
    import (kind ``import-one``)."""
    if any(x.kind in ("AND", "COMMA") or t.has(x.text, "g-and") for x in tokens):
        return []
    counted = any(x.kind == "NUM" or t.has(x.text.casefold(), "g-universal") for x in tokens)
    out = []
    for x in tokens:
        word = x.text.casefold()
        for w in {word, word.rsplit("'", 1)[-1], word.rsplit("\u2019", 1)[-1]}:
            out += [(word, k) for k in LINE_KINDS if t.has(w, f"g-line-{k}")]
            if t.has(w, "g-line-import") and not t.has(w, "g-line-several") and not counted:
                out.append((word, "import-one"))
    return out
