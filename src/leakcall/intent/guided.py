"""A guide frame before the assistant's own reading (issue 25, h32c): "我带你从前端入口开始，逐层
读懂整个前端逻辑" -- the opener, a [g-guide] verb and the reader ([g-user]: 你, 您) say that the
assistant reads while the reader follows. The frame is set aside and the sentence read without it
only when no word after it is of a changing kind: "我带你删除 X" shows the reader a deletion and
stays refused (rule other-actor)."""

from __future__ import annotations

from collections.abc import Sequence

from .actors import _changes
from .words import Token, Tongue

_BEFORE = frozenset({"ACK", "COMMA", "ADV"})


def guided(tokens: Sequence[Token], t: Tongue) -> list[Token]:
    """The sentence without its guide frame (the [g-guide] verb and the reader after the first
    opener, adverbs between), when nothing but an acknowledgement or adverbs comes before the
    opener and no later word is of a changing kind; else the sentence as it is."""
    out = list(tokens)
    k = next((i for i, x in enumerate(out) if x.kind not in _BEFORE), len(out))
    if k >= len(out) or out[k].kind != "OPENER":
        return out
    j = k + 1
    while j < len(out) and out[j].kind == "ADV":
        j += 1
    if j + 2 >= len(out) or not t.marked(out[j].text, "g-guide") or not t.has(out[j + 1].text, "g-user"):
        return out
    rest = out[j + 2 :]
    if any(_changes(t.kind_of(x.text)) for x in rest):
        return out  # "我带你删除 X": the reader is shown a step, not taken along a reading
    return [*out[:j], *rest]
