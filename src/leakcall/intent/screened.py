"""What screened reasoning announces (issue 25): the whole read as a preamble, its sentences
that alone are one, the user's request it relays, and its content words as observations for
grounding. Read by ``pipeline`` when a reply's reasoning is the only text before its markup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..reasons import Reason, Refusal
from . import framing
from .announcedverbs import _content
from .announcement import Announcement
from .detect import detect
from .grounding import irreversible
from .kinds import OBSERVING, call_kinds
from .preamble import announce
from .sentences import Refused, _sentences
from .toolkinds import UNKNOWN
from .words import tokenize

__all__ = ["reasoned_announcement", "reasoning_announcement", "requested", "thought_words"]


def reasoned_announcement(view: str) -> Announcement | Refused:
    """The announcement screened reasoning makes of its step: the whole (its last characters)
    read as a preamble, if it says a step of a kind; else it, each of its sentences that alone
    is one ("They want two seats. Booking for 2 passengers.") and the user's request it relays
    (``requested``), taken together; else why the whole is none. A sentence that judges or discusses a step
    ("Deleting ~/projects is dangerous.", "The user asks how to force push.") announces
    nothing."""
    said = announce(view)
    if isinstance(said, Announcement) and any(k not in (None, "generic") for _, k in said.verbs):
        return said
    # a whole that says no step of a kind ("I'll call bash.") is read with its sentences
    found = [said] if isinstance(said, Announcement) else []
    found += [one for body, end in _since_retraction(_sentences(view))
              for one in [announce(body + end)] if isinstance(one, Announcement)]
    asked = requested(view)
    if asked is not None:
        found.append(asked)
    if not found:
        return said
    if len(found) == 1:
        return found[0]
    return Announcement(verbs=tuple(v for a in found for v in a.verbs),
                        objects=tuple(o for a in found for o in a.objects),
                        observed=tuple(o for a in found for o in a.observed),
                        pronoun=any(a.pronoun for a in found),
                        tongues=tuple(dict.fromkeys(t for a in found for t in a.tongues)),
                        opened=tuple(w for a in found for w in a.opened))


def _since_retraction(sentences: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The sentences from the last one a retraction opens ([g-retract]: "Actually, I'll leave
    it."), all when none does: the steps said before it are withdrawn (``framing``)."""
    start = 0
    for k, (body, _end) in enumerate(sentences):
        t = detect(body)
        cut = framing.retraction(tokenize(body, t), t) if t is not None else None
        start = k if k and cut is not None and cut[0] == 0 else start
    return sentences[start:]


def requested(view: str) -> Announcement | None:
    """The user's request screened reasoning relays, as an announcement of the step: a
    sentence whose subject is the user ([g-user]) and that says a step ("The user wants the
    project removed."), no negation before it ("never asked, but ...": r50-atk-077), or one
    that ends in a colon before the user's words ("The user confirmed: send it to Tom."); in
    reasoning that is the task itself. One asking how, what or whether ([g-inquiry]) or a
    question asks for knowledge ("The user is asking how to force push main."), or None."""
    sentences = _sentences(view)
    for i, (body, end) in enumerate(sentences):
        t = detect(body)
        if t is None:
            continue
        tokens = tokenize(body, t)
        if not tokens or not t.has(tokens[0].text, "g-user"):
            continue
        close = end
        if ":" in end or "：" in end:
            if i + 1 >= len(sentences):
                continue
            words, close = sentences[i + 1]
            tokens = tokenize(words, t)
        if "?" in close or "？" in close or any(x.kind == "INQUIRY" for x in tokens):
            continue
        verbs = tuple((x.text, k) for x in tokens if x.kind == "OPEN"
                      for k in [t.kind_of(x.text)] if k not in (None, "generic"))
        at = [x.text for x in tokens].index(verbs[0][0]) if verbs else 0  # the first step's verb
        if verbs and not any(x.kind == "!negation" for x in tokens[1:at]):
            return Announcement(verbs=verbs, objects=tuple(_content(tokens, t, set())),
                                observed=(), pronoun=False, tongues=(t.name,))
    return None


def thought_words(view: str) -> tuple[str, ...]:
    """The content words of screened reasoning (each sentence in its own language): what the
    model was thinking about counts as an observation for grounding."""
    out: list[str] = []
    for body, _end in _sentences(view):
        t = detect(body)
        if t is not None:
            out.extend(_content(tokenize(body, t), t, set()))
    return tuple(out)


def reasoning_announcement(last: str, pairs: Sequence[tuple[str, Mapping[str, Any]]],
                           schemas: Mapping[str, Mapping[str, Any]],
                           described: Mapping[str, str]) -> tuple[Announcement | Refused, bool]:
    """What reasoning before bare markup announces, and whether only the kinds of its steps
    are checked. A call that cannot be taken back is grounded in reasoning only by an
    announcement of it (``reasoned_announcement``, or the user's request it relays), checked
    in full as a preamble is; else the reasoning's kinds must cover the call. A call that
    changes something but can be taken back needs an announcement there too when the
    reasoning holds a word the grammar refuses on (``_qualified``): reasoning that cannot be
    read as one and qualifies its step ("I could edit `settings.py`, but I will ask first.",
    "Je pourrais modifier ...") weighs the step, it does not take it."""
    final = irreversible(pairs, schemas, described)
    if final is None:
        changing = _changing(pairs, schemas, described)
        if changing is not None and _qualified(last) and not isinstance(
                reasoned_announcement(last), Announcement):
            raise Refusal(Reason.QUOTED, f"rule ungrounded-call: {changing!r} changes something, "
                          "and the reasoning before it announces no step: it may only weigh "
                          "or defer it", "ungrounded-call")
        return announce(last), True
    said = reasoned_announcement(last)
    if not isinstance(said, Announcement):
        raise Refusal(Reason.QUOTED, f"rule ungrounded-call: {final!r} takes a step that "
                      "cannot be taken back, and the reasoning before it does not end in an "
                      "announcement of that step", "ungrounded-call")
    return said, False


def _changing(pairs: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Mapping[str, Any]],
              described: Mapping[str, str]) -> str | None:
    """The name of the first call that takes a step of a known kind beyond observing, or None:
    a tool of unknown kind (a structured answer's model, ``User``) is left to the screens, as
    ``grounding.reasoning_grounds`` leaves it."""
    return next((name for name, args in pairs if call_kinds(
        name, args, schemas.get(name), described.get(name)) - OBSERVING - {UNKNOWN}), None)


def _qualified(view: str) -> bool:
    """A word of the reasoning is one the announcement grammar refuses on, of a closed class of
    its language's lexicon (a token kind ``!<rule>``): a modal, an auxiliary or a conjunction
    it has no place for ([g-function]: "could", "könnte", "aber", "できる"), a question's or a
    condition's word ("pourrais", "podría", "wait"), a report of asking. Reasoning made only of
    words it cannot arrange ("Save the note verbatim.") qualifies nothing."""
    for body, _end in _sentences(view):
        t = detect(body)
        if t is not None and any(x.kind.startswith("!") for x in tokenize(body, t)):
            return True
    return False
