"""A plan list: the assistant's own steps, listed, then an announcement that takes some of them
("Now I need to:\\n\\n1. Update `App.tsx` ...\\n2. Update the grouped view ...\\n\\nLet me apply
both changes now.", "Let me break this down into steps:\\n\\n1. First, I'll create the script
...\\n\\nLet's start:").

The list announces its items only where the assistant writes it for itself and then takes
its items:

- its intro ends with a colon right before the list's lines (``itemized.fold``) and is the
  assistant's own: an opener with nothing after it ("I need to:", "Now I'll:"), its plan
  presented ("Here's the plan:", ``presented``), or an announcement (read by ``preamble``:
  no observing verb, "I'll read the checklist:" introduces what it reads; no verb of telling
  or showing, "I'll explain the steps:"; no reader);
  "You should:", "To do this yourself:", "Example:" are no announcement and no plan;
- each item is a step, read as a step spelled out after an announcement's colon is (an
  imperative with no reader, or an announcement: "First, I'll create the script"), with every
  refusing cue of the grammar; an item that is no step refuses;
- the preamble's last sentence is an announcement that selects items (``selected``): all of
  them (a word of [g-plan-all], "both", "these changes", "them"; a number or "both" it says
  must be the list's length, and its verb, when it has a kind, must cover each item's),
  the first ("Let's start:", "Let me start with the first one.": a verb of [g-plan-begin], or
  "the first"), or the one a step's label numbers ("Let me do step 2."; one the list does not
  hold, "step 5" of 3, selects none).

The selected items are what the preamble announces; the intro, the other items and the
selecting sentence are read and screened, but ground no call. A list that ends the preamble
(``itemized.fold`` joins it only after an intro ``intro_of`` reads as the assistant's own)
announces every item, as the steps spelled out after an announcement's colon are; a list with
another last sentence is read as before (an observation's list, or a colon inside the
preamble). "Here's the plan:" presents the assistant's own plan (``presented``) only where
every sentence before it is an announcement."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from .announcement import Announcement
from .detect import detect
from .itemized import JOIN
from .observing import OBSERVING
from .sentences import Refused
from .tables import tongue
from .words import Token, Tongue, covers, tokenize

__all__ = ["Plan", "find", "intro_of", "own_intro", "presented", "refused", "selected", "takes"]

Parse = Callable[[Sequence[Token], Tongue], Token | None]
Verbs = Callable[[Sequence[Token], Tongue], list[tuple[str, str | None]]]


@dataclass(frozen=True)
class Plan:
    """Where a plan list stands among the sentences: its intro, its items, and the items the
    last sentence selects (indices into the sentences)."""

    intro: int
    items: tuple[int, ...]
    chosen: frozenset[int]
    ends: bool = False  # the list ends the preamble: no sentence selects, every item is taken
    bare: bool = False  # the intro says no step itself ("I need to:", "Here's the plan:")


def find(sentences: Sequence[tuple[str, str]], parse: Parse, verbs: Verbs) -> Plan | None:
    """The plan list of the sentences (``itemized.fold`` marks), or None: an intro of the
    assistant's own (``intro_of``) whose colon introduces a list, the list's items, and a last
    sentence right after them that selects some (``selected``), or none after them: a list
    that ends the preamble selects every item, as the steps spelled out after an
    announcement's colon are all announced ("I'll make both changes: add ... and update ...")."""
    intro = next((k for k, (_b, end) in enumerate(sentences)
                  if JOIN in end and (":" in end or "：" in end)), None)
    before = [b for b, _e in sentences[:intro or 0]]
    own = intro_of(sentences[intro][0], before, parse, verbs) if intro is not None else None
    if intro is None or own is None:
        return None  # "You should:", "Example:", "I'll read the checklist:"
    k = intro + 1
    while k < len(sentences) and JOIN in sentences[k][1]:
        k += 1
    items = tuple(range(intro + 1, k + 1))
    if k + 2 < len(sentences) or any(":" in sentences[j][1] or "：" in sentences[j][1] for j in items):
        return None  # the selecting sentence is the last one; an item introduces nothing
    if k + 1 == len(sentences):
        return Plan(intro, items, frozenset(items), ends=True, bare=own)
    body = sentences[-1][0]
    t = detect(body)
    if t is None:
        return None
    chosen = selected(tokenize(body, t), t, len(items))
    if not chosen:
        return None
    return Plan(intro, items, frozenset(items[j] for j in chosen), bare=own)


def intro_of(body: str, before: Sequence[str], parse: Parse, verbs: Verbs) -> bool | None:
    """Whether the intro before a list's colon is the assistant's own and says no step itself
    (True: an opener with nothing after it, ``own_intro``, or the assistant's plan presented,
    ``presented``), or is an announcement that takes the steps its list spells out (False,
    ``takes``); None when it is neither."""
    t = detect(body)
    said = tokenize(body, t) if t is not None else []
    if t is None:
        return None
    if own_intro(said) or presented(said, t, all(_announces(b, parse) for b in before)):
        return True
    return False if parse(said, t) is None and takes(said, t, verbs) else None


def _announces(body: str, parse: Parse) -> bool:
    """The sentence parses as an announcement (its language known, every token placed)."""
    t = detect(body)
    return t is not None and parse(tokenize(body, t), t) is None


def own_intro(tokens: Sequence[Token]) -> bool:
    """The intro is an opener with nothing after it but adverbs before it ("Now I need to:")."""
    return (bool(tokens) and tokens[-1].kind == "OPENER"
            and all(x.kind == "ADV" for x in tokens[:-1]))


def presented(tokens: Sequence[Token], t: Tongue, announced: bool) -> bool:
    """The intro presents the assistant's own plan: a [g-presenter] and a phrase of
    [g-plan-noun], nothing else ("Here's the plan:", "Here's my plan:"), where every sentence
    before it is an announcement (``announced``): after an observation ("You shared the
    rollout plan.") "the plan" may be someone else's."""
    words = [x.text.casefold() for x in tokens if x.kind not in ("COMMA", "DASH")]
    return announced and any(len(words) > n and t.marked(" ".join(words[:n]), "g-presenter")
                             and t.marked(" ".join(words[n:]), "g-plan-noun") for n in (2, 1))


def told(tokens: Sequence[Token], t: Tongue) -> bool:
    """The intro tells or shows, or the reader is its object ("I'll explain the steps:",
    "I'll walk you through it:"): what it lists is said to the reader, not taken. (Today such
    verbs also observe or are refused as a how-to's; this keeps the intro's reading whole.)"""
    return any(x.kind == "YOU" or t.has(x.text, "g-tell") or t.has(x.text, "g-show")
               for x in tokens)


def selected(tokens: Sequence[Token], t: Tongue, n: int) -> tuple[int, ...]:
    """Which of ``n`` items the selecting sentence takes (0-based), or none: a step's label and
    a number ("step 2"), the first ("start", [g-plan-begin]; "the first", [g-plan-first]), or
    all (a word of [g-plan-all] with any number it says, "both" too, equal to ``n``)."""
    if not tokens or tokens[0].kind not in ("OPENER", "ACTING"):
        return ()
    words = [x.text for x in tokens]
    numbered = [int(y.text) for x, y in pairwise(tokens)
                if t.marked(x.text, "g-step-label") and y.kind == "NUM" and y.text.isdigit()]
    if numbered:
        return (numbered[0] - 1,) if len(numbered) == 1 and 1 <= numbered[0] <= n else ()
    if any(t.marked(w, "g-plan-begin") for w in words) or any(
            x.kind == "DET" and t.marked(y.text, "g-plan-first") for x, y in pairwise(tokens)):
        return (0,)
    if not any(t.marked(w, "g-plan-all") for w in words):
        return ()
    said = [int(x.text) for x in tokens if x.kind == "NUM" and x.text.isdigit()]
    if any(t.marked(w, "g-plan-pair") for w in words):
        said.append(2)
    return tuple(range(n)) if all(s == n for s in said) else ()


def covered(verbs: Sequence[tuple[str, str | None]], items: Sequence[Sequence[tuple[str, str | None]]],
            t: Tongue) -> bool:
    """The selecting sentence's verbs take each item's step: a verb of no kind, a generic one
    or one of [g-plan-begin] takes whatever the item names ("let me do them", "let's start");
    one of a kind must cover each item's kind ("apply both changes" covers two updates, "let
    me delete both" no reads)."""
    kinds = {k for v, k in verbs if k not in (None, "generic") and not t.marked(v, "g-plan-begin")
             and not t.has(v, "g-perform")}
    return not kinds or all(covers(kinds, k) for item in items for _v, k in item
                            if k not in (None, "generic"))


def takes(tokens: Sequence[Token], t: Tongue, verbs: Verbs) -> bool:
    """The intro, an announcement, takes the steps its list spells out: it says a verb, none
    that observes ("I'll read the checklist:" introduces what it reads) and none that tells
    or shows, and no reader (``told``)."""
    kinds = [k for _v, k in verbs(tokens, t)]
    return bool(kinds) and not any(k in OBSERVING for k in kinds) and not told(tokens, t)


def refused(plan: Plan, last: Announcement, items: Sequence[Announcement]) -> Refused | None:
    """Why the plan's last sentence does not take the items it selects: it selects none that
    was read, or its verb of a kind covers not each item's (``covered``); a plan that ends the
    preamble has no such sentence, and each of its items is read."""
    t = tongue(last.tongues[0]) if last.tongues else None
    if plan.ends and len(items) == len(plan.items):
        return None
    if not items or t is None or not covered(last.verbs, [i.verbs for i in items], t):
        return Refused("unknown-preamble", "rule unknown-preamble: the last sentence takes a "
                       "step the plan's items it selects do not name")
    return None
