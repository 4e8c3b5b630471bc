"""A presentational sentence after the announcement: "Here's the function call:".

A sentence that only presents what follows ([g-presenter] "here's", "here is") as the call
itself ([g-call-noun], a [g-presented-det] and a [g-presented-mod] word before it) or as the
assistant's own going on ([g-presented-self]: "here we go", "here's how I'll proceed")
announces no step of its own: after the last sentence that does, it closes the announcements
as courtesy does (``clauses._closing_sentence``). Any other word ("an example", "for you to
run", "I made yesterday", "your") leaves it unplaced, and alone it announces nothing. So does
a step's label ("First roll:"): a [g-sequence] adverb and the word an earlier sentence's
first-person opener announces ("I'll roll the die three times.") label that step again.
"""

from __future__ import annotations

from collections.abc import Sequence

from .words import Token, Tongue, tokenize

__all__ = ["labelled", "presenting"]


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


def labelled(tokens: Sequence[Token], t: Tongue, before: Sequence[str]) -> bool:
    """The sentence is a [g-sequence] adverb and a word an earlier sentence announces after
    its opener ("I'll roll the die three times." ... "First roll:")."""
    if len(tokens) != 2 or not t.has(tokens[0].text.casefold(), "g-sequence") or (
            tokens[1].kind != "OPEN"):
        return False
    word = tokens[1].text.casefold()
    for body in before:
        said = tokenize(body, t)
        opener = next((k for k, x in enumerate(said) if x.kind == "OPENER"), None)
        if opener is not None and any(x.text.casefold() == word for x in said[opener + 1:]):
            return True
    return False
