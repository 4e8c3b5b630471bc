"""A sub-agent launched to look, grounded in an announcement that looks (h90h, issue 25).

A launch (``subagent.launches``: ``Task``, ``Agent``, a ``subagent_type`` key, a description
opening "Launch a new agent") names no kind of step: its step is what its order says. After
an announcement that looks ("Let me check the `extract_key_argument` function.", "Let me
explore the PR template.", "让我探索一下相关代码。") the launch is that step when

- the announcement says a verb of looking ([LOOKING] kinds: read, list, search) or of finding
  out ([g-inquiry-verb] of no kind: "check", 确认);
- every verb slot of each order (``orderverbs``) holds a verb that only looks
  (``subagent.looks``: read, list, search, "check", or handing back: "report"), and each
  order has one: no write, delete, run, send, no generic verb ("do", "make"), no verb no
  table knows ("Explore the repo and delete stale branches", "Fix the bug" stay refused);
- a content word of the announcement's object occurs in the order, and what it hands back
  goes to no one else ("report its layout to the #general channel").

Everything else still reads the launch as a step of unknown kind: the word-by-word reading of
its order (``subagent.unordered``), unknown verbs (``orderverbs``), sensitive locations the
announcement does not name ("read ~/.ssh and report the keys"), and the grounding of its
text in the announcement's words."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import launchlabel, orderlooks, orderscope, pointing, subagent, typedlook
from .actors import _reasoning_sentences
from .coordnouns import coordinated, kin
from .credentials import _unnamed_sensitive
from .observing import LOOKING
from .preamble import Announcement
from .references import _referenced
from .subagent import (
    _LEAD,
    _MAX_ORDER,
    _answers,
    _orders,
    _slots,
    goes_to_said,
    launches,
    looks,
    slot_indices,
    unread,
)
from .tables import tongues_of
from .view import normalize
from .wordcut import call_words
from .words import Token, Tongue

__all__ = ["finds_out", "observing", "typed_look", "unordered"]

_URL = re.compile(r"[a-z][a-z0-9+.-]*://\S+")
"""An address an order may send the sub-agent to."""


def finds_out(ann: Announcement) -> bool:
    """Some announced verb of no kind ([generic]) is a verb of finding out: it starts with an
    entry of its language's [g-inquiry-verb] ("check", "look at", 检查, "проверю"): an observing
    step whose kind it does not say; not where a colon points at what the markup may be
    ("Let me check that for you:", ``pointing``)."""
    plain = [v for v, k in ann.verbs if k == "generic"]
    if not plain or pointing.points_ahead(ann):
        return False
    ts = tongues_of(ann.tongues)
    return any(v.casefold().startswith(w) for v in plain for t in ts for w in t.inquiry_verbs)


def typed_look(ann: Announcement, name: str, args: Mapping[str, Any],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None) -> bool:
    """The call launches an agent of a looking type (``typedlook.looking_type``: "Explore")
    after an announcement that looks: its order is read as a look's brief (``typedlook``)."""
    return launches(name, args, (schemas or {}).get(name), (descriptions or {}).get(name), ann) \
        and typedlook.looking_type(args) and _looks(ann)


def _looks(ann: Announcement) -> bool:
    return bool({k for _v, k in ann.verbs} & LOOKING) or finds_out(ann)


def unordered(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Mapping[str, Any]] | None,
              descriptions: Mapping[str, str] | None) -> str | None:
    """``subagent.unordered``, the order of a looking agent read as a look's brief; then the
    label a launch shows (``launchlabel``), then a look the order adds (``orderlooks``)."""
    sorts = orderscope.sorts(ann)
    return subagent.unordered(ann, calls, schemas, descriptions, [
        functools.partial(typedlook.briefed, sorts)
        if typed_look(ann, name, args, schemas, descriptions) else None
        for name, args in calls]) or launchlabel.unlabelled(ann, calls, schemas, descriptions) \
        or orderlooks.unannounced(ann, calls, schemas, descriptions)


def observing(ann: Announcement, name: str, args: Mapping[str, Any],
              schemas: Mapping[str, Mapping[str, Any]] | None,
              descriptions: Mapping[str, str] | None) -> bool:
    """The call launches a sub-agent whose orders only look, after an announcement that looks
    at what the orders name (module docstring)."""
    if not launches(name, args, (schemas or {}).get(name), (descriptions or {}).get(name), ann):
        return False
    if not _looks(ann):
        return False
    typed = typedlook.looking_type(args)
    orders = _orders(args)
    said = {o.strip("`\"'").casefold() for o in ann.objects}
    if any(len(order) > _MAX_ORDER for order in orders):
        return False  # read only so far, an order could say anything after
    for order in orders:
        whole = len(_reasoning_sentences(normalize(order[:_MAX_ORDER])))
        sentences = subagent.order_sentences(order)
        if unread(order) is not None:
            return False  # a sentence no language reads may order anything
        # an order of one sentence, cut at a dash or not, holds a verb of looking in each part
        if not sentences or not all(_looking(tokens, t, said, typed) for tokens, t in sentences
                                    if _unkin(tokens, t) or whole == 1) or any(
                _handed_on(tokens, t) or (_marked(tokens, t, typed) and not (
                    typed and typedlook.setting(tokens, t)))
                or _gone_elsewhere(tokens, t, said) for tokens, t in sentences):
            return False
    verbs = {v.casefold() for v, _k in ann.verbs}
    objects = [o for o in ann.objects if o.casefold() not in verbs]
    text = " ".join(orders).casefold()
    return bool(orders) and not _elsewhere(ann, name, text) and _referenced(
        objects, text, frozenset(call_words(text)), ann.tongues) is not None


def _unkin(tokens: Sequence[Token], t: Tongue) -> bool:
    """The sentence has a verb slot that holds no adjective of kinship opening a conjunct
    (``coordnouns.kin``: "Any file in `web/` or similar paths ..." has none, a noun phrase)."""
    return any(not kin(tokens, k, t) for k in slot_indices(tokens, t))


def _looking(tokens: Sequence[Token], t: Tongue, said: set[str], typed: bool = False) -> bool:
    """Each verb slot of an order's sentence (``orderverbs``) holds a verb that only looks,
    or one that goes to a place the announcement writes (``goes_to_said``); in a looking
    agent's order (``typed``), a sentence that sets the look's thoroughness or a participle
    takes no step (``typedlook``). A coordinated plural noun stands in no verb slot
    (``coordnouns``: "report the files and functions involved")."""
    if typed and typedlook.setting(tokens, t):
        return True
    nouns = {tokens[k].text for k in range(len(tokens)) if coordinated(tokens, k, t)}
    slots = [w for w in _slots(tokens, t) if w not in nouns]
    return bool(slots) and all(looks(w, t) or goes_to_said(tokens, w, t, said) or (
        typed and typedlook.unknown_ok(tokens, w, t)) for w in slots)


def _gone_elsewhere(tokens: Sequence[Token], t: Tongue, said: set[str]) -> bool:
    """A word of fetching or going to a page (kinds fetch, navigate: "visiting", "download")
    has a place written as code right after it or its preposition that the announcement does
    not write ("after visiting evil.com"): the page is read there, and its address can carry
    what was read, as a URL's can (``_elsewhere``)."""
    for k, x in enumerate(tokens):
        if t.kind_of(x.text) not in ("fetch", "navigate"):
            continue
        rest = tokens[k + 1:k + 3]
        if rest and rest[0].kind in ("TO", "PREP"):
            rest = rest[1:]
        if rest and rest[0].kind == "CODE" and rest[0].text.strip("`\"'").casefold() not in said:
            return True
    return False


def _marked(tokens: Sequence[Token], t: Tongue, typed: bool = False) -> bool:
    """A word the grammar marks ("!quoted-source": "tell") opens the sentence or follows "and"
    or a comma, where a verb stands, and does not only look: the verb slots (``orderverbs``)
    hold plain words alone; leading words may stand before it ("Then ask the on-call
    engineer"). In a looking agent's order (``typed``) a function word
    ([g-function], "!unknown-preamble": "especially", "or so") is no verb."""
    return any(x.kind[:1] == "!" and _verb_place(tokens, k)
               and not looks(x.text, t) and not (typed and x.kind == "!unknown-preamble")
               for k, x in enumerate(tokens))


def _verb_place(tokens: Sequence[Token], k: int) -> bool:
    """A verb stands at ``k``: after leading words alone ("Then ask ...", "Please tell ...",
    h10b) from the sentence's start, "and" or a comma."""
    j = k - 1
    while j >= 0 and tokens[j].kind in _LEAD and tokens[j].kind != "COMMA":
        j -= 1
    return j < 0 or tokens[j].kind in ("AND", "COMMA")


def _handed_on(tokens: Sequence[Token], t: Tongue) -> bool:
    """A word of handing back ([answer-verb]) with a party after it: a
    destination's preposition ([g-role-goal]), a party's noun ([g-party]) or a handle ("tell
    the security team", "report its layout to the #general channel"): the answer is sent
    on, not handed back to the one who launched the agent."""
    answers = _answers()
    at = next((k for k, x in enumerate(tokens) if x.text in answers), None)
    return at is not None and any(
        t.has(x.text, "g-role-goal") or t.has(x.text, "g-party") or x.text[:1] in "#@"
        for x in tokens[at + 1:])


def _elsewhere(ann: Announcement, name: str, text: str) -> bool:
    """The order reaches beyond the project the announcement looks at: a URL the announcement
    does not write (a page read is a fetch, and its address can carry what was read), or a
    sensitive location ([sensitive]: ``~/.ssh``) it does not name, each word of the order
    read as a path ("read ~/.ssh and report the keys")."""
    said = " ".join(o.strip("`\"'").casefold() for o in ann.objects)
    if any(m.group(0).rstrip(".,;:)") not in said for m in _URL.finditer(text)):
        return True
    words = [w.strip("`\"'.,;:()") for w in text.split()]
    return _unnamed_sensitive(name, {"order": [w for w in words if w]}, ann) is not None
