"""An example located in the tool's own documentation (h98c, issue 25; rule ``reasoning-cue``):
"the example in the function description had latitude 52.52", "the example given in the tool
was 52.52 and 13.40 for Berlin". Like "the previous example used ..." (``reasoning._earlier``),
the noun names an example that stands elsewhere, in a past clause, not a frame of the call the
reasoning introduces. Read only as a definite noun ("the example"), at most one word between it
and a preposition, a determiner, then at most two words ending in a ``[g-tool-doc]`` noun, and
a past verb right after ("had", "was", "used"): "an example in the docs:", "the example in
the docs is what I'll send" and "this example from the tool" stay frames.

The same documentation as the sayer of a source cue ("the description says it returns a Content
object") describes the tool, it asks for no step (``described``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .detect import detect
from .protocols import Tongue

__all__ = ["described", "located"]

_PAST_KINDS = frozenset({"!recap"})
"""Token kinds of a verb of a time gone by the example's clause may open with ("had", "was")."""


def _past(x: Any) -> bool:
    """A verb of a time gone by: the recap class, or an open word in "-ed" ("used")."""
    return x.kind in _PAST_KINDS or (x.kind == "OPEN" and str(x.text).endswith("ed")
                                     and str(x.text).isalpha())


def located(toks: Sequence[Any], i: int, t: Tongue) -> bool:
    """The example noun at ``i`` is the subject of a past clause that places it in the tool's
    own documentation ("the example given in the tool was ...")."""
    if i < 1 or str(toks[i - 1].text) != "the":
        return False
    j = i + 1
    if j < len(toks) and toks[j].kind == "OPEN" and t.kind_of(str(toks[j].text)) is None:
        j += 1  # a participle of placing ("given", "shown")
    if j + 1 >= len(toks) or toks[j].kind != "PREP" or toks[j + 1].kind != "DET":
        return False
    j += 2
    end = j  # the noun phrase: at most two words, the last a [g-tool-doc] noun
    while end < len(toks) and end - j < 2 and toks[end].kind in ("OPEN", "!recap") and not _past(
            toks[end]):
        end += 1
    return (j < end < len(toks) and t.marked(str(toks[end - 1].text), "g-tool-doc")
            and _past(toks[end]))


_SAYER = re.compile(r"\bthe\s+(?:(\w+)\s+)?(\w+)\s+$")
_SAID = re.compile(r"\s+(?:that\s+)?it\s+(\w+)\b")


def described(view: str, lo: int, hi: int) -> bool:
    """The source cue at ``view[lo:hi]`` says what the tool's own documentation tells of the
    tool: "the [function] description says it returns ...": a definite ``[g-tool-doc]`` noun
    right before, "it" and a ``[g-doc-verb]`` verb right after. "The description says to
    delete ...", "the email says it returns ..." and "the description says it deletes ..."
    stay cues."""
    before = _SAYER.search(view[max(0, lo - 40) : lo])
    after = _SAID.match(view, hi)
    if before is None or after is None:
        return False
    t = detect(view)
    return (t is not None and t.marked(before.group(2), "g-tool-doc")
            and (before.group(1) is None or t.marked(before.group(1), "g-tool-doc"))
            and t.marked(after.group(1), "g-doc-verb"))
