"""Sentences that frame, retract or hand back the announced step (issue 25, h35x).

An observation states something about the world before the step. Closed classes of a
language's lexicon say a sentence is none, each entry in its own language's file:
- [g-cataphora]: a phrase pointing at the text after its sentence ("The next sentence is a
  quote.", "What follows was injected ..."; a presentative, "Here is ...", is not one: a reply
  presenting its own output has its shape), and
  [g-cataphora-place], a place adverb pointing down ("Nothing below is real.") unless a
  number, a code token or an article follows it (then it is a preposition: "below 10%");
- [g-reader-ask]: a verb or a phrase addressing the reader, opening the sentence after any
  courtesy words and adverbs ("Ignore the next line.", "Keep `prod.db`.", "Let me know if
  that's OK.", "Please confirm first."): a request, which waits for the reader's answer;
  "Please note that ..." asks for no decision;
- [g-decline]: the assistant saying what it will not do ("I won't touch anything."): a
  changing step after it refuses, as after a veto (``declined``).
After the announcement, [g-retract] ("actually", "or rather", "then again") opening a
sentence withdraws the steps announced before it: the last one is the step the call must be;
after a comma inside a sentence it refuses (``retraction``, read by ``preamble``). A tail
after an announcement's last comma that is a whole entry of [g-handback] ("your call", "your
move") or [g-tag] ("eh", "ok", "alright": a question tag without its "?") hands the decision
back: a question (``handed_back``); a [g-handback] entry alone is a question as its own
sentence too ("Your move.")."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from . import forbidframe, framedahead, framedpart
from .presentedrecord import presented_record
from .sentences import Refused
from .words import Token, Tongue

__all__ = ["asked_first", "declined", "framed", "handed_back", "retraction", "withdrawn"]

_LONGEST = 4
"""Most tokens of one entry of these sections."""


def _spans(tokens: Sequence[Token], start: int = 0) -> Iterator[tuple[int, int, str]]:
    """(first, end, text) of each run of up to ``_LONGEST`` tokens from ``start``, its text
    joined by spaces and, for scripts written without them (次の文), by nothing."""
    for i in range(start, len(tokens)):
        for j in range(i + 1, min(len(tokens), i + _LONGEST) + 1):
            words = [x.text.casefold() for x in tokens[i:j]]
            yield i, j, " ".join(words)
            if j - i > 1:
                yield i, j, "".join(words)


def _entry(tokens: Sequence[Token], t: Tongue, section: str) -> bool:
    """The tokens are, whole, one entry of ``section``."""
    if not tokens or len(tokens) > _LONGEST:
        return False
    words = [x.text.casefold() for x in tokens]
    return t.has(" ".join(words), section) or (len(words) > 1 and t.has("".join(words), section))


def framed(tokens: Sequence[Token], t: Tongue, colon: bool = False,
           asked: bool = False) -> Refused | None:
    """Why a sentence read as an observation before the announcement is none: it points at
    the text after it, or it addresses the reader; else None. A sentence ending with a colon
    (``colon``) points at what the colon introduces ("... with the following details:"),
    which is read as before; a label a place adverb points at ("Below is the reference
    solution.") is ``verbless``'s, before a step that cannot be taken back; courtesy alone
    ("Please hold on.") addresses no one. ``asked``: an imperative is read only after a
    courtesy word (reasoning tells itself what to do: "Confirm the parameters are
    strings.")."""
    labelled = len(tokens) > 2 and t.has(tokens[1].text.casefold(), "g-copula") and (
        tokens[2].kind == "DET" or t.has(tokens[2].text.casefold(), "g-article"))
    for _i, j, text in _spans(tokens) if not colon else ():
        nxt = tokens[j] if j < len(tokens) else None
        # (a noun after it makes it a determiner: "The following branches are merged.")
        if t.has(text, "g-cataphora") and not (nxt is not None and nxt.kind == "OPEN" and not any(
                t.has(nxt.text.casefold(), s) for s in ("g-copula", "g-function", "g-aux"))):
            return Refused("declared-example", f"rule declared-example: the sentence before the "
                           f"announcement points at the text after it ({text!r}): what follows "
                           "is framed, not the assistant's step")
        if not labelled and t.has(text, "g-cataphora-place") and (nxt is None or not (
                nxt.kind in ("NUM", "CODE") or t.has(nxt.text.casefold(), "g-article"))):
            return Refused("declared-example", f"rule declared-example: the sentence before the "
                           f"announcement points at the text after it ({text!r}): what follows "
                           "is framed, not the assistant's step")
    record = None if colon else presented_record(tokens, t)  # "Here is the session log."
    if record is not None:
        return Refused("declared-example", f"rule declared-example: the sentence before the "
                       f"announcement presents a record ({record!r}): what follows is its text, "
                       "not the assistant's step")
    said = framedpart.frame(tokens, t) if not colon else None  # "Here's what I'd do."
    if said is not None:
        return Refused("declared-example", f"rule declared-example: {said!r} makes the sentence "
                       "before the announcement a frame of the part after it: what follows is "
                       "what it names, not the assistant's step now")
    said = forbidframe.frame(tokens, t) if not colon else None  # "Don't copy this."
    if said is not None:
        return Refused("declared-example", f"rule declared-example: {said!r} forbids the part "
                       "after it or hands it to the reader (a frame of the part after it): "
                       "what follows is not the assistant's step now")
    ahead = None if colon else framedahead.contingency(tokens, t) or framedahead.handed_text(
        tokens, t)  # "If the migration fails, this is the fallback.", "Bob sent the following message."
    if ahead is not None:
        return Refused("declared-example", f"rule declared-example: {ahead!r} makes the sentence "
                       "before the announcement a frame of the text after it: a contingency or "
                       "another's text, not the assistant's step now")
    k = 0  # after courtesy words and adverbs ("Please confirm first.", "Bitte zuerst bestätigen.")
    while k < len(tokens) and _courteous(tokens[k], t):
        k += 1
    for i, _j, text in _spans(tokens, k) if k or not asked else ():
        if i > k:
            break
        # (a copula after it makes it a subject: "Confirm purchase is one click away.")
        if t.has(text, "g-reader-ask") and not any(
                t.has(x.text.casefold(), "g-copula") for x in tokens[i:]):
            return Refused("question", f"rule question: {text!r} opens the sentence before the "
                           "announcement: it addresses the reader, who decides what follows")
    return None


def _courteous(x: Token, t: Tongue) -> bool:
    return x.kind in ("COURTESY", "ADV", "COMMA") or t.has(x.text.casefold(), "g-courtesy")


def asked_first(tokens: Sequence[Token], t: Tongue) -> Refused | None:
    """Why a sentence read as an announcement before the last one is a request to the reader:
    it opens with a courtesy word, then adverbs, then a [g-reader-ask] entry (h44c: zh
    "请先确认。", a language that writes no subject reads the reader's imperative as the
    assistant's step); else None. Without the courtesy word it stays the assistant's own step
    ("先确认一下。")."""
    if not tokens or not (tokens[0].kind == "COURTESY" or t.has(tokens[0].text.casefold(),
                                                                  "g-courtesy")):
        return None
    k = 0
    while k < len(tokens) and _courteous(tokens[k], t):
        k += 1
    for i, _j, text in _spans(tokens, k):
        if i > k:
            break
        if t.has(text, "g-reader-ask"):
            return Refused("question", f"rule question: {text!r} after a courtesy word opens "
                           "a sentence before the announcement: it asks the reader, who decides "
                           "what follows")
    return None


def declined(tokens: Sequence[Token], t: Tongue) -> tuple[str, str, str] | None:
    """(rule, words, what they do) when an observation opens with the assistant saying what it
    will not do ([g-decline], its subject written in the entry where the language writes one:
    "I won't touch anything.", "I'm not going to change it.", "No voy a tocar nada."): the
    preamble's caller refuses a changing step after it, as after a veto
    (``refrained.forbidding``). Ability and knowledge ("I can't find the config.", "I'm not
    sure") and another subject ("It won't start.") decline nothing."""
    for i, _j, text in _spans(tokens):
        if i:
            break
        if t.has(text, "g-decline"):
            return "negation", text, "declines"
    return None


def retraction(tokens: Sequence[Token], t: Tongue) -> tuple[int, int] | None:
    """(where, after) of the last retraction ([g-retract]) opening the sentence or following a
    comma or a dash: its first token and where the clause after it starts; None when none."""
    found = None
    for i, j, text in _spans(tokens):
        if (i == 0 or tokens[i - 1].kind in ("COMMA", "DASH")) and t.has(text, "g-retract"):
            k = j
            while k < len(tokens) and tokens[k].kind in ("COMMA", "DASH"):
                k += 1
            found = (i, k) if found is None or found[0] != i or k > found[1] else found
    return found


def withdrawn(tokens: Sequence[Token], t: Tongue, body: str) -> list[Token] | Refused | None:
    """The tokens after a retraction opening the sentence ("I'll delete it. Actually, I'll keep
    it."): the preamble withdraws the steps announced before it, the last is the step; why
    one after a comma inside the sentence refuses (the clause before would go unread); None
    when there is none."""
    cut = retraction(tokens, t)
    if cut is None or cut[1] >= len(tokens):
        return None
    if cut[0]:
        return Refused("unknown-preamble", "rule unknown-preamble: a retraction inside the "
                       f"sentence ({body[:60]!r}): the clause after it replaces the one before")
    return list(tokens[cut[1]:])


def handed_back(tokens: Sequence[Token], t: Tongue, announced: bool) -> Refused | None:
    """Why a sentence hands the decision back to the reader, or None: the whole tail after
    its last comma is an entry of [g-handback] or [g-tag] after a clause (``announced``: the
    sentence announces, for a [g-tag]), or the whole sentence one of [g-handback]."""
    if _entry(tokens, t, "g-handback"):
        return Refused("question", f"rule question: {' '.join(x.text for x in tokens)!r} hands "
                       "the decision to the reader")
    k = max((i for i, x in enumerate(tokens) if x.kind == "COMMA"), default=-1)
    if k <= 0:
        return None
    tail = tokens[k + 1:]
    if _entry(tail, t, "g-handback") or (announced and _entry(tail, t, "g-tag")):
        return Refused("question", f"rule question: the tail {' '.join(x.text for x in tail)!r} "
                       "hands the decision to the reader: a question without its '?'")
    return None
