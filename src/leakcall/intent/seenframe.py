"""A framing noun as the subject of an observation: a text already seen, reported (h29d, issue
25, audit W-other).

"The code snippet shows an example usage of the `CommandParser`. ... Let me search for the
`CommandParser` class in the `cli.pony` file." + a view of ``cli.pony``: the snippet is what
the last tool result showed, and the sentence reports what it shows; it frames nothing the
assistant writes next, as "Here is an example:" or "This example shows how to call it:" does.

``seen`` reads an observation whose subject is such a noun: the article "the" ([g-article]
and [g-definite]: no "an", no demonstrative, which may point at the markup), at most two
plain words (no kind), a framing word ("!declared-example": "snippet", "example"), then a
verb in the third person ("-s": "shows", "uses"), the sentence closed by a full stop with no
pointing word anywhere in it ([deictic]: "below", "the following", "this", "here"). Its
framing words are then read as words, and left open (``Announcement.waits``): only
observing calls are grounded after it (``grounding.timed``), so "The example shows how to
delete the branch. Let me delete it." + a delete still refuses. English only."""

from __future__ import annotations

from collections.abc import Sequence

from .tables import lexicon
from .words import Token, Tongue

__all__ = ["seen"]

_PLAIN = 2
"""Plain words that may stand between the article and the framing noun ("the code snippet")."""


def seen(tokens: Sequence[Token], end: str, t: Tongue) -> set[int]:
    """The indices of the framing words of an observation whose subject is a framing noun
    (module docstring), or none."""
    if t.name != "en" or end != "." or len(tokens) < 4 or tokens[0].kind != "DET" \
            or not (t.has(tokens[0].text, "g-article") and t.has(tokens[0].text, "g-definite")):
        return set()
    j = 1
    while j < len(tokens) and j <= _PLAIN and tokens[j].kind == "OPEN" and t.kind_of(tokens[j].text) is None:
        j += 1
    if j + 1 >= len(tokens) or tokens[j].kind != "!declared-example" or not _third_person(tokens[j + 1]):
        return set()
    view = " ".join(x.text for x in tokens)
    if lexicon().clause_cues["deictic"].search(view) is not None:
        return set()
    return {k for k, x in enumerate(tokens) if x.kind == "!declared-example"}


def _third_person(x: Token) -> bool:
    """A plain word in "-s" after the subject, its verb ("shows", "uses"; not "'s")."""
    return x.kind == "OPEN" and x.text.isalpha() and x.text.endswith("s") and not x.text.endswith("ss")
