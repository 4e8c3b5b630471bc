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
from functools import cache
from typing import Any

from .actors import _reasoning_sentences
from .handoff import _handed
from .kindsfile import section
from .payload import _GRANTS
from .preamble import Announcement
from .subagent import _orders, _word_kind, launches
from .tables import tongue
from .view import normalize
from .words import Token, Tongue

__all__ = ["unknown_step"]

_LEAD = frozenset({"COURTESY", "ADV", "COMMA", "ACK", "LEAD", "YOU", "AUX", "!conditional",
                   "!unknown-preamble", "CLITIC"})
"""Tokens before the verb of an order's sentence: "Please", "Afterwards,", "You must"."""
_OBJECT = frozenset({"DET", "PARTICLE", "CODE", "NUM", "OPEN"})
"""Tokens after a verb joined to an order ("and shred the ...", "and tear down ...")."""
_FINAL = ("de", "nl")
"""Languages whose verb particle or complement closes an imperative's clause."""
_MAX_ORDER = 4000


@cache
def _answers() -> frozenset[str]:
    return section("answer-verb")


def _known(word: str, t: Tongue) -> bool:
    return word in _answers() or _word_kind(word, t, tongue("en")) is not None


def _slots(tokens: Sequence[Token], t: Tongue) -> list[str]:
    """The words standing in a verb slot of an order's sentence (module docstring)."""
    out: list[str] = []
    head = True  # the next word opening a part is a verb
    for k, x in enumerate(tokens):
        if x.kind != "COMMA" and t.has(x.text, "g-then"):
            head = True
            continue
        if head and x.kind in _LEAD:
            continue
        if x.kind in ("OPEN", "ACTING") and (head or (
                k > 0 and tokens[k - 1].kind in ("AND", "COMMA")
                and k + 1 < len(tokens) and tokens[k + 1].kind in _OBJECT)):
            out.append(x.text)
        head = False
    if t.name in _FINAL and any(t.kind_of(w) == "generic" for w in out):
        last = next((x.text for x in reversed(tokens) if x.kind in ("OPEN", "ACTING")), None)
        if last is not None and last not in out:
            out.append(last)  # "mach die Staging-Datenbank platt"
    return out


def _unknown(order: str) -> str | None:
    """The first word of an order standing in a verb slot that no table knows, or None."""
    for tokens, t in _reasoning_sentences(normalize(order[:_MAX_ORDER])):
        for word in _slots(tokens, t):
            if not _known(word, t):
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
                                (descriptions or {}).get(name)):
            continue
        for order in _orders(args):
            word = _unknown(order)
            if word is not None:
                return (f"{name!r} launches an agent whose order says {word!r}, a verb of no "
                        "kind the lexicon knows: its step may change anything")
            for m in _GRANTS.finditer(order):
                value = next(v for g, v in m.groupdict().items() if v and g not in ("q", "p"))
                if value.strip("'\"").casefold() not in written:
                    return (f"{name!r} launches an agent whose order grants {value!r} "
                            "(everything), which the announcement does not write")
    return None
