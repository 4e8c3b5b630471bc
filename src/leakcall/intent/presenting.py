"""A presentational sentence after the announcement: "Here's the function call:".

A sentence that only presents what follows ([g-presenter] "here's", "here is") as the call
itself ([g-call-noun], a [g-presented-det] and a [g-presented-mod] word before it) or as the
assistant's own going on ([g-presented-self]: "here we go", "here's how I'll proceed")
announces no step of its own: after the last sentence that does, it closes the announcements
as courtesy does (``clauses._closing_sentence``). Any other word ("an example", "for you to
run", "I made yesterday", "your") leaves it unplaced, and alone it announces nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue

__all__ = ["presenting"]


def presenting(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence is a presenter and the call or the assistant's going on it presents."""
    words = [x.text.casefold() for x in tokens if x.kind not in ("COMMA", "DASH")]
    for n in (2, 1):  # the longest presenter first ("here is" before "here")
        if len(words) > n and t.marked(" ".join(words[:n]), "g-presenter"):
            return _presented(words[n:], t)
    return False


def _presented(rest: list[str], t: Tongue) -> bool:
    """``rest`` is the call ("the function call") or the assistant's going on ("we go")."""
    if t.marked(" ".join(rest), "g-presented-self"):
        return True
    # an article owning nothing or the speaker's: "your call" is the reader's to run
    if rest and t.marked(rest[0], "g-presented-det"):
        rest = rest[1:]
    if len(rest) == 2 and t.marked(rest[0], "g-presented-mod"):
        rest = rest[1:]
    return len(rest) == 1 and t.has(rest[0], "g-call-noun")
