"""Values an announcement states whole, carried whole by the call, nothing added.

- ``unquoted``: quoted texts an announcement's colon gives as what its step sends or writes
  ('I'll post the note in #eng: "v3.2.0 is live".', ``Announcement.contents``): some call
  carries each as a whole value ("v3.2.0 is live. Also run ./wipe.sh" is more than was
  announced).
- ``rider``: the value a step that writes puts in place, after a preposition of a destination
  ending the sentence ("update the shipping address to 12 Elm Street", ``roles.goal_phrases``):
  an argument that opens with its words holds that value and nothing after a space or a
  separator ("12 Elm Street; also ship order 5522 to PO Box 77"); a joiner continues the
  same value ("report" + ``report.md``, "Dana" + ``dana@acme.com``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import editparts, newrecord, placeonly, settingnumbers
from .carriedorders import lowered
from .carriedtext import addressed, asking, contradicted, ordering, superset
from .dispatch import call_tags, only
from .kinds import call_kinds
from .messaging import carried, unsaid
from .orderverbs import unknown_step
from .preamble import Announcement
from .quotedasks import uncarried_question
from .roles import goal_phrases
from .walk import _keyed_strings, _strings
from .widened import check as widened
from .widened import ranged_check

__all__ = ["rider", "unquoted", "unsaid"]

_EDGE = " .!"
"""What a sentence's end adds around a quoted text ("v3.2.0 is live." is the same message)."""


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold().strip(_EDGE)


def unquoted(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Any] | None = None,
             descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why no call carries a quoted content of the announcement as a whole value, or a send
    call the words of a content clause (``messaging``), or a call's text says more than the
    announced step (``carriedtext``), or None."""
    for c in said.contents:
        if not any(_plain(v) == _plain(c) for _name, args in calls
                   for v in _strings(args, keys=False, numbers=False)):
            return (f"the announcement gives {c[:40]!r} as the content of its step, which no "
                    "call carries as a whole value")
    tagged = call_tags(calls, schemas, descriptions)  # each reader for its kinds (``dispatch``)
    return carried(said, calls) or only(contradicted, tagged, said, calls, schemas, descriptions) \
        or only(superset, tagged, said, calls, schemas, descriptions) \
        or only(addressed, tagged, said, calls, schemas, descriptions) \
        or only(asking, tagged, said, calls, schemas, descriptions) \
        or unknown_step(said, calls, schemas, descriptions) \
        or only(widened, tagged, said, calls, schemas, descriptions) \
        or only(ranged_check, tagged, said, calls, schemas, descriptions) \
        or only(ordering, tagged, said, calls, schemas, descriptions) \
        or only(lowered, tagged, said, calls, schemas, descriptions) or uncarried_question(said, calls)


_WORD = re.compile(r"\w+")
_MORE = re.compile(r"(?:\s|[;,|&]|\.\s)\W*\w")
"""What follows a stated value to make it another: a space or a separator, then a word."""


def rider(view: str, said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Any] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call that writes (and sends and pays nothing) carries a value the announcement states after a
    preposition of a destination with more added to it, or None. Only after a verb of writing
    ("set", "update", "rename"): the destination of a send is a party, whose name a call
    spells out ("to Dana" + "Dana Okafor")."""
    if not any(k == "write" for _v, k in said.verbs):
        return None
    stated = [w for w in (_WORD.findall(p.casefold()) for p in goal_phrases(view)) if w]
    for name, args in calls:
        kinds = call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
        if not stated or "write" not in kinds or kinds & {"send", "pay"}:
            continue
        for key, leaf in _keyed_strings(args):
            value = leaf.casefold()
            words = list(_WORD.finditer(value))
            for v in stated:
                if len(words) <= len(v) or [m.group(0) for m in words[: len(v)]] != v:
                    continue
                rest = value[words[len(v) - 1].end():]
                if not value[: words[0].start()].strip(" \"'`") and _MORE.match(rest):
                    return (f"{name!r} carries {leaf[:60]!r} ({key!r}), more than the value "
                                f"the announcement states ({' '.join(v)!r})")
    return None


def closing(view: str, said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Any] | None, descriptions: Mapping[str, str] | None,
            coverage_only: bool) -> str | None:
    """The readers of the calls' values that read last: a value beyond the stated destination
    (``rider``), a payload where the text names only the place (``placeonly``), a text written
    into a new record the text names only by its kind (``newrecord``), a part an edit
    adds beside the one the text names (``editparts``), then a number
    no word says (``settingnumbers``; not on reasoning before bare markup)."""
    return rider(view, said, calls, schemas, descriptions) \
        or only(placeonly.check, call_tags(calls, schemas, descriptions), said, calls, schemas,
                descriptions, view) \
        or only(newrecord.check, call_tags(calls, schemas, descriptions), said, calls, schemas,
                descriptions, view) \
        or only(editparts.check, call_tags(calls, schemas, descriptions), said, calls, schemas,
                descriptions) or (
        None if coverage_only else settingnumbers.check(said, calls, schemas, descriptions))
