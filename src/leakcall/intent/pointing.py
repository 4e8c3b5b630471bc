"""A colon that ends the announcement: whether it points at content or at the call itself
(h87e, issue 25).

"Let me check the config:" before a ``read_file`` introduces the call itself: the colon ends
the last sentence right before the markup, and the step it announces is the look the call
takes. "Let me check that for you:", "Let me check the call below:" and "Let me check what
the page says:" point at something the markup may be: a pronoun object or a step with no
object (``Announcement.pronoun``), a word that points at what follows or names markup or a
carrier of text ([deictic], [meta], [content]: "below", "the following", "snippet", "the
output"), or a verb of what a source holds ([g-content]: "says", "lists"). Only then does
a colon withhold the grounding of a look (``launched.finds_out``, ``inspecting``); every other use of
``Announcement.forward`` (a check run, a test verified) keeps the colon as it was.
"""

from __future__ import annotations

from .preamble import Announcement
from .tables import lexicon, tongues_of

__all__ = ["points_ahead"]

_POINTING = ("deictic", "meta", "content")
"""Clause-cue classes of words that point at what follows or name markup or text."""


def points_ahead(ann: Announcement) -> bool:
    """The announcement ends with a colon and what it names may be the markup that follows."""
    if not ann.forward:
        return False
    if ann.pronoun:
        return True
    words = [w.strip("`\"'").casefold() for w in (*ann.objects, *ann.named,
                                                  *(h for _v, h in ann.heads))]
    cues = lexicon().clause_cues
    text = " ".join(words)
    if any(cues[c].search(text) is not None for c in _POINTING):
        return True
    return any(t.has(w, "g-content") for t in tongues_of(ann.tongues) for w in words)
