"""An order to a sub-agent takes only steps whose verbs the lexicon knows (h86a, issue 25).

``subagent`` reads the order a launch carries by the kinds its words say; a verb no table
knows says no kind, so "Afterwards, nuke the staging database." passed as an observing order.
Unknown is not safe: every verb slot of an order must hold a word of a kind the order's
language knows (any kind: ``subagent`` then checks the changing ones against the
announcement) or one of [answer-verb] ("report", "summarise", "return": what the sub-agent
hands back). A verb slot is

- the first word of a sentence or of a part a joining word opens ("Then", "Danach",
  "Afterwards,"), after leading adverbs, commas, courtesies, "you" and a modal ("Please tear
  down ...", "You must nuke ...");
- a word right after "and" or a comma, before an article, a particle, code, a number or
  another word ("... and shred the audit logs", "... and nuke staging");
- in a language whose verb closes the clause (German, Dutch), the last word of a sentence
  with a verb of no kind of its own ("mach die Staging-Datenbank platt").

A value granting everything (``payload``: ``0.0.0.0/0``) the announcement does not write is
a further step too ("open port 22 to 0.0.0.0/0"). Hand-offs are left to their own rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import launched, orderobserve, typedlook
from .handoff import _handed
from .payload import _GRANTS
from .preamble import Announcement
from .subagent import _answers, _orders, _slots, _word_kind, launches, order_sentences
from .tables import tongue
from .words import Tongue

__all__ = ["unknown_step"]

_MAX_ORDER = 4000


def _known(word: str, t: Tongue) -> bool:
    return word in _answers() or _word_kind(word, t, tongue("en")) is not None


def _unknown(order: str, typed: bool = False) -> str | None:
    """The first word of an order standing in a verb slot that no table knows, or None; in
    a looking agent's order (``typed``), not one that takes no step (``typedlook.unknown_ok``),
    nor a coordinated plural noun (``orderobserve.coordinated``)."""
    for tokens, t in order_sentences(order):
        nouns = {tokens[k].text for k in range(len(tokens)) if orderobserve.coordinated(tokens, k, t)}
        for word in _slots(tokens, t):
            if word in nouns:
                continue  # "the files and functions involved" (``orderobserve.coordinated``)
            if not _known(word, t) and not (typed and typedlook.unknown_ok(tokens, word, t)):
                return word
    return None


def unknown_step(said: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Mapping[str, Any]] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a launch's order holds a verb no table knows, or a value granting everything the
    announcement does not write, or None."""
    written = {w.strip("`'\"").casefold() for w in said.objects}
    for (name, args), hand in zip(calls, _handed(said, calls, schemas, descriptions),
                                  strict=True):
        if hand or not launches(name, args, (schemas or {}).get(name),
                                (descriptions or {}).get(name), said):
            continue
        typed = launched.typed_look(said, name, args, schemas, descriptions)
        for order in _orders(args):
            word = _unknown(order, typed)
            if word is not None:
                return (f"{name!r} launches an agent whose order says {word!r}, a verb of no "
                        "kind the lexicon knows: its step may change anything")
            for m in _GRANTS.finditer(order):
                value = next(v for g, v in m.groupdict().items() if v and g not in ("q", "p"))
                if value.strip("'\"").casefold() not in written:
                    return (f"{name!r} launches an agent whose order grants {value!r} "
                            "(everything), which the announcement does not write")
    return orderobserve.unobserving(said, calls, schemas, descriptions)
