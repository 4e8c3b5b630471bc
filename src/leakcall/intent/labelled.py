"""A word of a verb kind that only the [concept] map makes a noun labels the identifier written
right after it (fxf; read by ``carriednouns._unnamed_noun`` through ``Announcement.described``).

h20c's [concept] entry "booking = reservation" (for ``toolobjects``) made "booking", which the
lexicon also reads as a payment verb (``book*``), a noun of its own (``objects._thing``), so
"I'll delete booking bk-2207." + ``delete_event {event_id: bk-2207}`` was refused: the call
carries no "booking". Written right before an identifier (``pinned.identifier``: a letter and
a digit, path, dot or underscore), such a word says what kind of record the identifier names;
the identifier says which. It is given here as a phrase of the identifier, as
``pinned.described`` gives a state word and its modifiers: a call carrying the identifier pins
the word, and only that call (the identifier is compared whole by ``identity``).

Only then. Without an identifier right after it ("delete the booking", "the booking for
bk-2207", "booking bk", or "booking 5530", whose digits ``toolobjects`` reads against the
tool's noun) the word is a noun the call carries; a noun that is no verb ("reservation
bk-2207") is always one. The word still names the thing for every other reader (a page
before its address grounds a ``navigate``: "Apro la pagina https://...")."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .objects import _thing
from .pinned import described as _state_phrases
from .pinned import identifier
from .words import Token, Tongue

__all__ = ["described"]


def described(tokens: Sequence[Token], t: Tongue, verbs: Collection[str] = (),
              ) -> list[tuple[str, tuple[str, ...]]]:
    """``pinned.described``'s (state word, modifiers), then (label, (identifier,)) of each word
    of a verb kind that only the [concept] map makes a thing, right before an identifier."""
    out = _state_phrases(tokens, t, verbs)
    for k, x in enumerate(tokens[:-1]):
        nxt = tokens[k + 1]
        if x.kind == "OPEN" and x.text not in verbs and t.kind_of(x.text) is not None \
                and _thing(x.text, t) and nxt.kind in ("OPEN", "CODE") and identifier(nxt.text):
            out.append((x.text, (nxt.text,)))
    return out
