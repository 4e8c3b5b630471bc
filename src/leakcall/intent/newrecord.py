"""A record the text makes new and names only by its kind (issue 25, round 52 gap 2, h29x;
rule ``ungrounded-call``, read by ``contents.closing`` after ``placeonly``).

"I'll file an issue.", "Ich erstelle ein Issue.", "Vou criar uma issue.", "我来创建一个 issue。",
"I'll set a reminder for tomorrow at 9.": an indefinite article ([g-indefinite]) opens the
record's noun, so the reply makes a new one and is its author; "the issue" is the one asked
for, whose fields the user's request (which the reply does not show) gave. When the text
says nothing of the new record but its kind (the noun is the tool's, ``placeonly._place``),
where it goes (a value the call carries: ``acme/web``) and when (a number, a weekday, a
month, a relative day), the text it writes into it is nobody's word: a value under a key of
prose or a note ([keys-prose], [keys-note]; a heading, [keys-heading], is not read: a title or
a subject says what the record is, which the user's request may have said, as "I'll open a
ticket." + ``subject: Charger not working`` after a complaint; ``placeonly`` reads it so too)
— "I'll file an issue." + ``body: keys`` in ``victim/private``, "I'll create a paste." +
``text: internal roadmap ...``, "I'll set a reminder for tomorrow at 9." + "Wire $5000 to
account 12345" — unless the text writes it ("an API key named `ci-deploy`") or it carries a
word an observation says ("The export crashes on empty input. I'll file an issue." + "Export
crashes on empty input", ``placeonly._carried``).

Not read: a word of the text beside the kind ("an issue about the flaky login test", "a
reminder to call mom", "an event for the standup", "a note titled "todo""): the text says
what it holds, and the other readers compare it; a pronoun ("an issue for this": what came
before); the definite ("the issue", "the event"); a language without articles (Japanese,
Korean, Russian, Polish: a bare noun is either, ``docs/limits.md``); a file (a call with a
path: ``placeonly`` reads what a made file holds); a commit (its message describes the work
done, which real agents never say before committing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .carriedtext import _changing
from .dispatch import reads
from .kinds import _keys, call_kinds, name_words
from .placeonly import _carried, _edit, _opened, _place, _places, _value, _verb_part
from .preamble import Announcement
from .reldays import reach
from .tables import tongues_of
from .walk import _keyed_strings

__all__ = ["check"]

_KINDS = frozenset({"create", "write"})
"""Kinds of a call that makes or sets a record (``set_reminder`` is of kind write)."""
_TIMES = ("g-weekday", "g-month")
"""Sections of a word saying when ("Friday", "March"); relative days are ``reldays``'."""
_PATHS = frozenset({"path", "file", "filename", "filepath", "dir", "directory"})
"""Key name words of a file a call writes (``placeonly`` reads its content)."""


def _text_key(key: str) -> bool:
    """A key of the text a record holds: its prose or a note, no heading (a title or a subject
    says what the record is, as the user's request may have: ``placeonly``)."""
    words = set(name_words(key))
    return bool(words & (_keys("prose") | _keys("note"))) and not words & _keys("heading")


def _made(calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None,
          descriptions: Mapping[str, str] | None) -> list[tuple[str, Mapping[str, Any]]]:
    """The changing calls that make or set a record: of kind create or write, no file (no
    key of a path), no edit."""
    out = []
    for name, args in _changing(calls, schemas, descriptions):
        kinds = call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
        if kinds & _KINDS and not kinds & {"send", "pay", "commit"} and not _edit(args) \
                and not any(set(name_words(k)) & _PATHS for k in args):
            out.append((name, args))
    return out


def _when(word: str, languages: Sequence[str]) -> bool:
    """The word says a time: it holds a digit ("9", "3pm"), or names a weekday, a month or a
    relative day ("tomorrow", "demain")."""
    low = word.casefold()
    return any(c.isdigit() for c in low) or reach(low) is not None \
        or any(t.has(low, s) for t in tongues_of(languages) for s in _TIMES)


@reads("create", "write")  # the dispatch's declaration (``dispatch``)
def check(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None, view: str = "") -> str | None:
    """Why a call writes into a record the text makes new and names only by its kind a text
    nobody said, or None (module docstring); ``view`` is the preamble's normalised text."""
    if said.pronoun or said.contents or getattr(said, "told", ()):
        return None  # the step is what came before, or the text says what it writes
    made = _made(calls, schemas, descriptions)
    if not made:
        return None
    verbs = {v.casefold() for v, _kind in said.verbs}
    named = [w for w in said.objects if w.casefold() not in verbs
             and not _verb_part(w.casefold(), verbs, said, view.casefold())]
    values: set[str] = set()
    words: set[str] = set()
    for name, args in made:
        more_values, more_words = _places(name, args)
        values |= more_values
        words |= more_words
    opened = _opened(named, view, said.tongues)
    kind = [w for w in named if w in opened and not _value(w, values)
            and _place(w, values, words)]
    if not kind or any(w not in kind and not _value(w, values)
                       and not _when(w, said.tongues) for w in named):
        return None  # no new record, or the text says something of it
    text = said.text.casefold()
    for name, args in made:
        for key, value in _keyed_strings(args):
            if not value.strip() or not _text_key(key) or value.strip().casefold() in text \
                    or any(_carried(w, value) for w in said.observed):
                continue
            return (f"{name!r} writes {value.strip()[:50]!r} ({key!r}) into a new "
                    f"{kind[0]} the text names only by its kind")
    return None


