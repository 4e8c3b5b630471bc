"""A presented step: the whole preamble one sentence that presents the step the call takes
("Here is the calculation for 15 * 8:" + ``calculator``).

A [g-presenter] ("here is", "here's") before an article or the speaker's own determiner
([g-presented-det]) and a noun of a kind of step (``Tongue.kind_of``: "calculation",
"search"), no [g-call-noun] or [g-presented-mod] ("the function call" is ``presenting``'s),
ending with a colon and nothing else before the markup, is read as the assistant doing that
step: the presenter stands for the opener of [g-presented-step] ("let me do"), and the
sentence is then parsed and grounded as "Let me do the calculation for 15 * 8:" is, with
every refusing cue ("the example calculation", "the calculation you ran", "your
calculation"). A presentation may be a how-to's, the reader's to run ("Here is the cleanup
for the cache:"), so only observing calls are grounded after it (``limit``: a read, a search,
a computation), each value the calls carry written whole in the sentence ("15 * 8", no "15 *
9"). Any other sentence, a second sentence or no colon, leaves it as it was: a
presenter alone announces nothing.

Written whole (h23r): a text value is the whole of what the sentence says after the
preposition right after the step's noun ("for 15 * 8": "15 * 8"), never a piece of it ("5 *
8", "agents" of "CrewAI agents") nor a value the sentence goes on past ("15 * 8 I did
earlier", "15 * 8 tomorrow"), and a number the call carries is such a value too (no "15"
beside "8" for "15 * 8").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .detect import detect
from .kinds import call_kinds
from .observing import OBSERVING
from .sentences import _sentences
from .walk import _strings
from .words import Tongue, tokenize

__all__ = ["limit", "presented"]

_COLONS = (":", "\uff1a")
_MOST = 300
"""The most characters of a lone presentation (a label's line, no paragraph)."""


def _opener(t: Tongue) -> str | None:
    """The opener [g-presented-step] gives the language ("let me do"), or None."""
    return next((e for s, e in sorted(t.marks) if s == "g-presented-step"), None)


def _step(body: str, end: str) -> str | None:
    """The sentence read as the assistant's step ("let me do the calculation for 15 * 8"),
    or None when it is no presented step (see the module)."""
    read = _read(body, end)
    return None if read is None else read[0]


def _read(body: str, end: str) -> tuple[str, str] | None:
    """The presented step (``_step``) and the value the sentence writes after the preposition
    right after the step's noun ("15 * 8"; empty when none), or None."""
    if end.strip() not in _COLONS or len(body) > _MOST:
        return None
    t = detect(body)
    if t is None:
        return None
    tokens = tokenize(body, t)
    words = [x.text.casefold() for x in tokens]
    for n in (2, 1):  # the longest presenter first ("here is" before "here")
        if len(words) > n + 1 and t.marked(" ".join(words[:n]), "g-presenter"):
            det, noun = tokens[n], tokens[n + 1]
            if (not t.marked(det.text.casefold(), "g-presented-det") or noun.kind != "OPEN"
                    or t.has(noun.text.casefold(), "g-call-noun")
                    or t.marked(noun.text.casefold(), "g-presented-mod")
                    or t.kind_of(noun.text.casefold()) is None):
                return None
            opener = _opener(t)
            prep = tokens[n + 2] if len(tokens) > n + 2 else None
            value = body[prep.end:] if prep is not None and prep.kind == "PREP" else ""
            return None if opener is None else (f"{opener} {body[det.start:]}", _plain(value))
    return None


def presented(sentences: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The sentences, a lone presented step read as the assistant's (see the module)."""
    if len(sentences) != 1:
        return sentences
    step = _step(*sentences[0])
    return sentences if step is None else [(step, sentences[0][1])]


def limit(view: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call after a presented step takes a step that observes nothing (a how-to may
    present the reader's step), or None."""
    if len(view) > _MOST:
        return None  # no lone presentation (``_step`` reads none this long): reasoning unsplit
    sentences = _sentences(view)
    read = _read(*sentences[0]) if len(sentences) == 1 else None
    if read is None:
        return None
    value = read[1]
    for name, args in calls:
        kinds = call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
        if not kinds <= OBSERVING:
            return (f"rule unknown-preamble: {sentences[0][0]!r} presents a step, which may be "
                    f"the reader's to take, and {name!r} takes a step of kind "
                    f"{sorted(kinds - OBSERVING)[0]!r}: only an observing call is presented")
        unwritten = next((v for v in _strings(args, keys=False) if _plain(v) != value), None)
        if unwritten is not None:
            return (f"rule unknown-preamble: {sentences[0][0]!r} presents a step, and {name!r} "
                    f"carries {unwritten[:60]!r}, which it does not write as its value: a presented "
                    "step's values are written whole")
    return None


def _plain(text: str) -> str:
    return " ".join(text.casefold().split())
