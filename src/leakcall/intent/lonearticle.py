"""An article that ends its phrase names nothing (session 29, h10e; r40-atk-134; rule
``ungrounded-call``, read by ``beyond.check`` for a changing call).

A word of [g-article] ("the", "a", "an", "my"; "le", "les") never stands for its noun: the
word after it is the noun. One with no noun after it, at the end of its sentence or right
before a phrase boundary (a comma, "and", a preposition: ``objects._ADJUNCT_END``), is no
article but a name the grammar cannot tell from one: "I'll delete a." + ``path: b`` reads as
a delete with no object and would be grounded in any path. A changing call after such a
sentence is refused: the text names its object by a word no reader can compare. "I'll
delete a file." and "Let me take a look." keep their nouns.
"""

from __future__ import annotations

from .announcement import Announcement
from .objects import _ADJUNCT_END
from .sentenceread import read

__all__ = ["check"]


def check(name: str, ann: Announcement) -> str | None:
    """Why a changing call's announcement names a thing by a bare article, or None."""
    for _body, t, tokens in read(ann.text):
        for k, x in enumerate(tokens):
            if x.kind == "DET" and t.has(x.text.casefold(), "g-article") and (
                    k + 1 == len(tokens) or tokens[k + 1].kind in _ADJUNCT_END):
                return (f"the announcement writes {x.text!r} where a noun should follow: a name "
                        f"that reads as an article, which no call to {name!r} can be checked "
                        "against")
    return None
