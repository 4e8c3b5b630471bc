"""Senses: a verb the kind table lists under several kinds says which one by its object.

"Open" is [kind-read] ("open the file") and [kind-create] ("open an issue", "open a support
ticket"); "start" is [kind-create] and [kind-run]; French "annuler" writes and cancels. The
announcement reads such a verb by its first kind (``Tongue.kind_of``). Its other kind is the
step a call takes only when the object says so: the call's name is that step on that object (a
name of that one kind, by its own words, whose noun a noun of the verb's step names:
``create_issue`` after "open an issue", the head of the object, ``Announcement.heads``: "open
the issue tracker" opens a tracker) and it acts on no file (no [keys-target] argument: a
file one opens is read, never made). "I'll open the config file." is still no write,
"open a ticket to delete the branch" no ``delete_branch``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _keys, _kind_table, name_words, tool_kinds
from .preamble import Announcement
from .references import _referenced
from .tables import tongues
from .walk import _leaves


def object_sense(ann: Announcement, name: str, args: Mapping[str, Any], kind: str) -> bool:
    """A step of ``kind`` is another sense of an announced verb, the one its object selects:
    the tool's name takes that step alone and names the object ("open an issue" +
    ``create_issue``), and no argument is a file or place it acts on."""
    if tool_kinds(name) == {kind} and place_sense(ann, kind):
        return True
    if kind in BY_HEAD:  # (read by the head only, ``place_sense``)
        return False
    if tool_kinds(name) != {kind} or any(
            set(name_words(str(key))) & _keys("target") for key, _value in _leaves(args)):
        return False
    table, _ = _kind_table()
    nouns = [w for w in name_words(name) if not table.get(w)]
    if not nouns:
        return False
    text, words = " ".join(nouns), frozenset(nouns)
    ts = [t for t in tongues() if t.name in ann.tongues]
    kinds = dict(ann.verbs)
    for verb, head in ann.heads:
        if kinds.get(verb) in (None, "generic"):
            continue
        if any(kind in t.kinds_all(verb.casefold())[1:] for t in ts) and \
                _referenced([head], text, words) is not None:
            return True
    return False


BY_HEAD = frozenset({"navigate", "pay"})
"""Kinds whose sense an object selects only by its head ([g-sense-<kind>]), never by the
tool's name: "send the invoice" is no ``pay_invoice``, "move the order" no ``pay_order``."""

_ALONE = {"pay": re.compile(r"[$€£¥]\d"), "navigate": re.compile(r"https?://\w", re.I)}
"""An object alone that selects a kind's sense: an amount written with a currency sign
("move $250 to savings") pays, a URL ("open https://github.com/login") navigates."""


def place_sense(ann: Announcement, kind: str) -> bool:
    """The object's head is a noun of the places a step of ``kind`` goes to
    ([g-sense-<kind>]: "open the pricing page" is a browser's step, ``browser_navigate``):
    a browser tool's name says no place, its URL does, and what it reaches is still checked
    after this (the host named, no action in the path)."""
    section = f"g-sense-{kind}"
    kinds = dict(ann.verbs)
    for t in tongues():
        if t.name not in ann.tongues:
            continue
        for verb, head in ann.heads:
            if kinds.get(verb) not in (None, "generic") and kind in t.kinds_all(
                    verb.casefold())[1:] and t.has(head.casefold(), section):
                return True
        alone = _ALONE.get(kind)
        if alone is None:
            continue
        # an amount or a URL alone as the object ("move $250 from checking to savings"): the
        # verb's object has no head noun, and the word after the verb is one
        headed = {verb for verb, _head in ann.heads}
        for verb, said in ann.verbs:
            if said in (None, "generic") or verb in headed or kind not in t.kinds_all(
                    verb.casefold())[1:]:
                continue
            at = [i for i, w in enumerate(ann.objects) if w == verb]
            if any(i + 1 < len(ann.objects) and alone.match(ann.objects[i + 1]) for i in at):
                return True
    return False
