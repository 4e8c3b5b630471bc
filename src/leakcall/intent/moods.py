"""What an announcement does besides take its step now: show or tell the user, wish for,
offer or weigh a step, or say it in a mood of a step that would be taken (issue 25; read by
``preamble.announce`` on every announcement it parses).

Each reader returns the ``Refused`` that names its rule, or None: "To show the format,
transferring $500 ..." and "explain the call" (``declared-example``), "je supprimerais"
and "I should drop the table." (``conditional``), "I can delete the branch for you."
(``question``). A step that only observes is announced so in every one of these moods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .actors import _changes, _opener_in
from .sentences import Refused
from .words import Token, Tongue


class Announcement(Protocol):
    """What these readers take of ``preamble.Announcement`` (which imports this module): its
    verbs, each with its kind."""

    @property
    def verbs(self) -> tuple[tuple[str, str | None], ...]: ...


def _shown_purpose(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A leading purpose that shows or tells ([g-show], [g-tell]: "To show the format,
    transferring $500 ...", "Para ilustrar, borro ...") before a step that changes something:
    the step is taken to display it, a demonstration, not the user's step. A step that only
    observes ("To show you the state, let me list the files.") is announced so."""
    first = next((k for k, x in enumerate(tokens) if x.kind in ("OPENER", "ACTING", "HELP",
                                                                   "CLITIC")), len(tokens))
    to = next((k for k in range(first) if tokens[k].kind == "TO"), None)
    if to is None or to + 1 >= first or tokens[to + 1].kind != "OPEN":
        return None
    verb = tokens[to + 1].text
    if not (t.has(verb, "g-show") or t.has(verb, "g-tell")):
        return None
    kind = _changing_kind(said)
    if kind is None:
        return None
    return Refused("declared-example", f"rule declared-example: the purpose {verb!r} shows "
                   f"or tells; the step of kind {kind!r} is taken to display it")


def _mood(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """A verb of the announcement, or its opener, in a mood that says a step that would be
    taken, not one taken now ([g-mood]: "je supprimerais", "yo borraría", "ich würde")."""
    hit = next((v for v, _ in said.verbs if t.has(v, "g-mood")), None) or _opener_in(
        tokens, t, "g-mood", ("OPENER", "ACTING", "HELP"))
    if hit is None:
        return None
    return Refused("conditional", f"rule conditional: {hit!r} says a step that would be taken "
                   "(a conditional mood), not one taken now")


def _wish(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """An opener that wishes for or weighs a step ([g-wish]: "I want to", "I should",
    "quiero", "我想") before a step that changes something: "I should drop the customers
    table." says the step is wanted, not that it is taken (a step that only observes, "I want
    to check the logs first", is announced so)."""
    found = _opened_change(said, tokens, t, "g-wish", ("OPENER", "HELP", "FINAL"))
    if found is None:
        return None
    return Refused("conditional", f"rule conditional: {found[0]!r} wishes for or weighs a step "
                   f"of kind {found[1]!r}; it does not announce taking it")


def _offer(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """An opener that offers a step ([g-offer]: "I can") before a verb of a step that changes
    something: "I can delete the branch for you." offers it and waits for the user's yes; a
    step that only observes ("I can check the weather in Paris for you.") is announced so
    (grounding then lets only observing calls through: ``Announcement.offers``)."""
    found = _opened_change(said, tokens, t, "g-offer", ("OPENER",))
    if found is None:
        return None
    return Refused("question", f"rule question: {found[0]!r} offers a step of kind "
                   f"{found[1]!r}; it does not announce taking it")


def taken_offer(tokens: Sequence[Token], t: Tongue, end: str, last: bool) -> bool:
    """The offer is the step the markup takes: "Now I can use multiedit to make both
    changes:" right before the markup. A sequencing adverb ([g-sequence]: "now", "next")
    right before the offering opener ([g-offer]: "I can"), a comma or nothing between, in the
    last sentence, which ends with a colon: the adverb places the step in the task's order and
    the colon hands it to what follows. "I can delete the branch for you.", "Now I can delete
    the branch." and "I can delete the branch:" still offer it (``_offer``)."""
    if not last or not end.rstrip().endswith((":", "\uff1a")):
        return False
    k = next((k for k, x in enumerate(tokens) if x.kind == "OPENER"), 0)
    return k in (1, 2) and t.has(tokens[k].text, "g-offer") and tokens[0].kind == "ADV" \
        and t.has(tokens[0].text, "g-sequence") and (k == 1 or tokens[1].kind == "COMMA")


def _opened_change(said: Announcement, tokens: Sequence[Token], t: Tongue, section: str,
                   kinds: tuple[str, ...]) -> tuple[str, str] | None:
    """(opener, kind) when an opener of ``section`` stands before an announced step that
    changes something, else None."""
    hit = _opener_in(tokens, t, section, kinds)
    if hit is None:
        return None
    kind = _changing_kind(said)
    return None if kind is None else (hit, kind)


def _changing_kind(said: Announcement) -> str | None:
    """The kind of the first announced step that changes something, or None."""
    return next((k for _, k in said.verbs if _changes(k)), None)


def _telling(said: Announcement, tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """An announcement that only tells ([g-tell]: "explain", "describe", "解释"), or that
    shows or tells about a call ([g-call-noun]: "the fetch_url call", "the weather lookup"),
    announces an answer to the user, not a tool step."""
    verbs = [v for v, _ in said.verbs]
    if not verbs:
        return None
    tell = [v for v in verbs if t.has(v, "g-tell")]
    if len(tell) == len(verbs):
        return Refused("declared-example", f"rule declared-example: {tell[0]!r} tells the user; "
                       "it announces no tool step")
    noun = next((x.text for x in tokens if t.has(x.text, "g-call-noun")
                 and x.text not in verbs), None)  # "I'll call the tool" calls
    shown = next((v for v in verbs if t.has(v, "g-tell") or t.has(v, "g-show")), None)
    if noun is not None and shown is not None:
        return Refused("declared-example", f"rule declared-example: {shown!r} the {noun!r} "
                       "shows the call; it does not make it")
    return None
