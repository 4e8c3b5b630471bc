"""A block's label between an announcement's colon and the announcement that takes the block:
"I can help you with those requests! Let me address each one:\\n\\n**1. Changing to a nonstop
flight:**\\nLet me search for direct flights from Las Vegas to Houston on May 19.".

An announcement ending with a colon may have its step spelled out by the sentence after it
("Let me address each one:\\nLet me search for ..."); a reply that goes through the user's
requests one by one puts the name of the part it takes first on a line of its own between
them. The label names the part; it is no step of its own and grounds no call: it is dropped
from the sentences the grammar reads, so the preamble reads as the same text without it, only
where

- it stands alone on its line (a list number or none before it), ends with a colon, and is
  the last sentence but one; the sentence before it ends with a colon and the last sentence
  opens on the line right after the label;
- the last sentence is a step with a first-person opener of its own ("Let me search ..."): a
  bare imperative under a label ("1. Cleanup:\\nDelete the old backups.") is a how-to's step
  and stays read as before;
- the label is short (at most ``_MOST`` tokens), in a language leakcall reads, and says
  nothing the grammar would refuse or read as another's: no word of a refusing section
  ("1. Not yet:", "1. Once you confirm:", "1. Example:"), no reader ("1. Your part:", "1. For
  you to run:"), nothing that makes it a clause, a how-to or a purpose (``_NOT_LABEL``), no
  code or quotation, no question, no word of another language or disguised (``foreign``),
  and nothing an observation may not say before a step or that limits the calls (``_doubted``:
  "Wrong order:", "Refund over the limit:", "Refund per the ticket:" are kept, and refuse as
  before);
- no step label heads the last sentence ("Step 2:", ``headings``: read there as before).

A sentence before the label that is an observation still ends with a colon and refuses as
before ("Here are the issues:\\n\\n1. Login:\\nLet me check it." introduces no step)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .actors import (
    _carrier,
    _cited,
    _governed,
    _observation,
    _relayed_steps,
    _request_source,
    parties,
)
from .asked import asked
from .clauses import _addressee, _call_asked, _party
from .described import _described
from .detect import detect
from .doubts import observed
from .foreign import _disguised, _foreign_part, _foreign_word
from .fragments import held
from .headings import headed as _headed
from .itemized import JOIN
from .pending import pending
from .predicated import SAID
from .presentedstep import presented
from .refrained import forbidding, refrained
from .relays import conditioned
from .safeguards import unsafe
from .words import Token, Tongue, tokenize

__all__ = ["headed", "unlabelled"]

_MOST = 8
"""The most tokens a block's label has ("Changing to a nonstop flight" has five)."""

_NUMBER = re.compile(r"^[ \t]*(?:\d{1,2}[.)][ \t]+)?")
"""A list number that may open the label's line."""

_NOT_LABEL = frozenset({"OPENER", "HELP", "SUBJ", "AUX", "COPULA", "YOU", "COURTESY", "INQUIRY",
                        "ACK", "CODE"})
"""Token classes no label holds: what makes it a clause (an opener, a subject, an auxiliary, a
copula: "What the admin will do:"), the reader ("For you to run:"), a way to do something
("How to rebook:"; a purpose opening it, "To do:", ``_label``), an acknowledgement, code or a
quotation. A status form ("Changing to a nonstop flight:") names the part; dropped, it
announces nothing."""


def headed(view: str, sentences: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], int | None]:
    """``headings.headed`` (a step's label heading the last sentence), then ``unlabelled``;
    a lone presented step is read as the assistant's (``presentedstep``)."""
    return unlabelled(view, *_headed(view, presented(sentences)))


def unlabelled(view: str, sentences: list[tuple[str, str]], heading: int | None
               ) -> tuple[list[tuple[str, str]], int | None]:
    """The sentences (``headings.headed``'s, with its ``heading``) with a block's label before
    the last one dropped (see the module), the colon before it kept and the list join it ended
    with undone; else the sentences as they are."""
    j = len(sentences) - 2
    if heading is not None or j < 1 or not _label(sentences[j]) or not _opened(sentences[-1][0]):
        return sentences, heading
    before, end = sentences[j - 1]
    if not end.rstrip("\n" + JOIN).endswith((":", "\uff1a")) or not _placed(view, sentences, j):
        return sentences, heading
    return [*sentences[: j - 1], (before, end.replace(JOIN, "")), sentences[-1]], None


def _label(sentence: tuple[str, str]) -> bool:
    """The sentence is a label: see the module."""
    body, end = sentence
    if end.strip("\n" + JOIN) not in (":", "\uff1a"):
        return False
    t = detect(body)
    if t is None:
        return False
    tokens = tokenize(body, t)
    return (0 < len(tokens) <= _MOST and tokens[0].kind != "TO"
            and not any(x.kind.startswith("!") or x.kind in _NOT_LABEL or _addressee(x, t)
                        for x in tokens)
            and _foreign_part(body, t) is None and _foreign_word(tokens, t) is None
            and _disguised(body, tokens, t) is None and not _doubted(body, tokens, t))


def _doubted(body: str, tokens: Sequence[Token], t: Tongue) -> bool:
    """The label says what an observation may not say before a step, or what the preamble's
    reading keeps from one to limit the calls: a step not wanted yet (``pending``), a safeguard
    failed (``safeguards``), a step refrained from or forbidden (``refrained``), a word of a
    reason not to act that calls are read against (``doubts``), a source relayed ("Refund per
    the ticket:", "Refund (as the note says):"), a party, a step another takes or a request
    reported (``actors``, ``relays``, ``fragments``, ``asked``), what a program does
    (``described``), a harm, a text's content; or the observation screen refuses it. Read as
    an observation it would refuse or hold the step, so it is no label to drop."""
    return bool(pending(tokens, t) or unsafe(tokens, t) or refrained(body, tokens, t)
                or forbidding(body) or any(s != SAID for s, _w, _l in observed(body, t))
                or _observation(tokens, ".", t) or _request_source(tokens, t)
                or _carrier(tokens, t, ":") or _party(tokens, t) or _cited(tokens, t, True)
                or parties(tokens, t) or _governed(tokens, t) or _relayed_steps(tokens, t)
                or held(tokens, t) or conditioned(tokens, t) or asked(tokens, t)
                or _call_asked(tokens, t) or _described(tokens, t)
                or any(t.has(x.text, "g-content") or t.has(x.text, "g-harm") for x in tokens))


def _opened(body: str) -> bool:
    """The last sentence has a first-person opener of its own ("Let me search ...")."""
    t = detect(body)
    return t is not None and any(x.kind in ("OPENER", "HELP") for x in tokenize(body, t))


def _placed(view: str, sentences: Sequence[tuple[str, str]], j: int) -> bool:
    """The label fills its line (a list number at most before it), the sentence before it ends
    a line above, and the last sentence opens on the line right after it."""
    lines = view.split("\n")
    at = next((n for n, line in enumerate(lines)
               if _NUMBER.sub("", line, count=1).strip() == sentences[j][0] + ":"), None)
    if at is None or at == 0 or at + 1 >= len(lines):
        return False
    above = next((line for line in reversed(lines[:at]) if line.strip()), "")
    return (lines[at + 1].strip().startswith(sentences[-1][0][:20])
            and above.rstrip().endswith(sentences[j - 1][0][-20:] + ":"))
