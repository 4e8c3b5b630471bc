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

A demonstrative that only qualifies a noun after a preposition, behind the verb's own named
object ("Let me check if there are any existing tests for these functions:", h21e), points
back at what the text named, not at the markup: the object is named, and the markup is the
look at it. A pronoun standing alone ("for this", "for it"), a demonstrative object right
after the verb ("check that", "check this file"), or any pointing word anywhere in the sentence
("in the following file", "for this snippet") still points ahead.
"""

from __future__ import annotations

from .preamble import Announcement
from .sentences import _sentences
from .tables import lexicon, tongue, tongues_of
from .words import tokenize

__all__ = ["points_ahead"]

_POINTING = ("deictic", "meta", "content")
"""Clause-cue classes of words that point at what follows or name markup or text."""


def points_ahead(ann: Announcement) -> bool:
    """The announcement ends with a colon and what it names may be the markup that follows."""
    if not ann.forward:
        return False
    if ann.pronoun and not _qualified_back(ann):
        return True
    words = [w.strip("`\"'").casefold() for w in (*ann.objects, *ann.named,
                                                  *(h for _v, h in ann.heads))]
    cues = lexicon().clause_cues
    text = " ".join(words)
    if any(cues[c].search(text) is not None for c in _POINTING):
        return True
    return any(t.has(w, "g-content") for t in tongues_of(ann.tongues) for w in words)


def _qualified_back(ann: Announcement) -> bool:
    """Each pronoun of the announcement's sentences is a demonstrative after a preposition and
    before a noun ("for these functions"), the verb's object before the last sentence's first
    preposition is a noun the sentence names, and no word of it points at what follows (module
    docstring)."""
    t = tongue(ann.tongues[0]) if len(set(ann.tongues)) == 1 else None
    said = _sentences(ann.text)
    if t is None or not ann.named or not said:
        return False
    cues = lexicon().clause_cues
    for n, (body, _end) in enumerate(said, 1 - len(said)):
        tokens = tokenize(body, t)
        pronouns = [k for k, x in enumerate(tokens) if x.kind in ("PRON", "DEM")]
        first = next((k for k, x in enumerate(tokens) if x.kind == "PREP"), None)
        if not all(first is not None and k > first and tokens[k - 1].kind == "PREP"
                   and x.kind == "DEM" and k + 1 < len(tokens) and tokens[k + 1].kind == "OPEN"
                   for k in pronouns for x in [tokens[k]]):
            return False
        if n < 0:
            continue
        # the last sentence: the verb's own named object, and no other word pointing ahead
        rest = " ".join(x.text for k, x in enumerate(tokens) if k not in pronouns)
        return bool(pronouns) and first is not None and any(
            x.kind == "OPEN" and x.text in ann.named for x in tokens[:first]) and not any(
            cues[c].search(rest) is not None for c in _POINTING) and not any(
            t.has(x.text, "g-content") for x in tokens)
    return False
