"""Senses: a verb the kind table lists under several kinds says which one by its object.

"Open" is [kind-read] ("open the file") and [kind-create] ("open an issue", "open a support
ticket"); "start" is [kind-create] and [kind-run] ("start the dev server": a thing that runs,
[g-sense-run]); French "annuler" writes and cancels. The announcement reads such a verb by its
first kind (``Tongue.kind_of``). Its other kind is the step a call takes only when the object
says so: the call's name is that step on that object (a name of that one changing kind, an
observing word beside it a noun: ``create_pull_request``), by its own words, whose noun a noun
of the verb's step names: ``create_issue`` after "open an issue", the head of the object,
``Announcement.heads``: "open the issue tracker" opens a tracker) and it acts on no file (no
[keys-target] argument: a file one opens is read, never made). "I'll open the config file." is still no write,
"open a ticket to delete the branch" no ``delete_branch``.

A verb of making a thing now ([g-make]) whose object's head is the noun of a step that leaves
a record of its own ([made-step]: "create the commit", "make a deployment") takes that
step (``made_sense``), when the tool's name holds that noun (``git_commit``, ``send_payment``):
"create the commit message" makes a message, "create the release" + ``deploy_service`` names
no release, and every check of scope, amount and recipient still reads the call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import invited, openedrecord, switched
from .addresses import addresses_in, holds_address
from .kinds import _keys, _kind_table, argument_kinds, name_words
from .kindsfile import _kinds_file
from .observing import OBSERVING
from .preamble import Announcement
from .references import _JOINING, _referenced, _shared_stem, concept_names
from .tables import tongues, tongues_of
from .toolkinds import party_records, tool_kinds
from .walk import _leaves
from .words import Tongue


def object_sense(ann: Announcement, name: str, args: Mapping[str, Any], kind: str) -> bool:
    """A step of ``kind`` is another sense of an announced verb, the one its object selects:
    the tool's name takes that step alone and names the object ("open an issue" +
    ``create_issue``), and no argument is a file or place it acts on; or the send is the
    address of the party an adding tool adds, written out (``added_party``). A name that
    takes an announced kind too ("send" in ``send_payment``) takes that step alone beside it:
    "send $40 to Alex" says both."""
    others = tool_kinds(name) - {k for _v, k in ann.verbs}
    if (others == {kind} and place_sense(ann, kind)) or made_sense(ann, name, kind):
        return True
    if entry_sense(ann, name, kind) or granted_sense(ann, name, kind) or sent_link(
            ann, name, args, kind) or switched.write_sense(ann, name, kind) \
            or invited.sense(ann, name, args, kind):
        return True  # (h85b: a verb of no kind, read by its object or the tool's name)
    if kind == "commit" and sent_branch(ann, name, args):
        return True
    if kind == "send":
        return added_party(ann, name, args)
    if kind in BY_HEAD:  # (read by the head only, ``place_sense``)
        return False
    # (an observing word beside the step is a noun of its object: ``create_pull_request``)
    if tool_kinds(name) - OBSERVING != {kind} or any(
            set(name_words(str(key))) & _keys("target") for key, _value in _leaves(args)):
        return False
    table, _ = _kind_table()
    # the name's nouns: its words that say no step of its kind ("request" in
    # ``create_pull_request`` is a noun there, though a fetch alone)
    nouns = [w for w in name_words(name) if kind not in table.get(w, frozenset())]
    if not nouns:
        return False
    text, words = " ".join(nouns), frozenset(nouns)
    ts = tongues_of(ann.tongues)
    kinds = dict(ann.verbs)
    # (a word of the object names a word of the name from its start: "port" is no "report",
    # save in a language that joins its compounds, ``references._JOINING``; a definite object
    # is a record already there only for the making sense: "annuler la réservation" cancels)
    joining = bool(_JOINING.intersection(ann.tongues))
    for verb, head in ann.heads:
        if kinds.get(verb) in (None, "generic"):
            continue
        if any(kind in t.kinds_all(verb.casefold())[1:] for t in ts) and \
                _referenced([head], text, words, within=joining) is not None and \
                (kind != "create" or not openedrecord.existing(ann.text, verb, head, ts)):
            return True
    return False


def made_sense(ann: Announcement, name: str, kind: str) -> bool:
    """A verb of making a thing now ([g-make]: "create", "make", never "schedule") has an object
    whose head is a noun of a step of ``kind``, one of [made-step] (a commit, a payment), and
    the tool's name holds that noun (its word or its stem)."""
    if kind not in _kinds_file().get("made-step", ()):
        return False
    words = name_words(name)
    kinds = dict(ann.verbs)
    for t in tongues():
        if t.name not in ann.tongues:
            continue
        for verb, head in ann.heads:
            noun = head.casefold()
            made = verb in kinds and t.has(verb.casefold(), "g-make")
            if made and t.kind_of(noun) == kind and any(
                    noun == w or _shared_stem(noun, w) for w in words):
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
        if kind == "navigate" and _apposed(ann, t, section, alone):
            return True
        # an amount or a URL alone as the object ("move $250 from checking to savings"): the
        # verb's object has no head noun, and the word after the verb is one
        headed = {verb for verb, _head in ann.heads}
        for verb, said in ann.verbs:
            if said in (None, "generic") or verb in headed or kind not in t.kinds_all(
                    verb.casefold())[1:]:
                continue
            # a verb opening its sentence ("Sending $40 to Alex") is no object word: the
            # objects of the only announced verb open with its own
            at = [i for i, w in enumerate(ann.objects) if w == verb] or (
                [-1] if len(ann.verbs) == 1 else [])
            if any(i + 1 < len(ann.objects) and alone.match(ann.objects[i + 1]) for i in at):
                return True
    return False


def _apposed(ann: Announcement, t: Tongue, section: str, alone: re.Pattern[str]) -> bool:
    """A verb of a second kind ``section`` names whose object is a noun of its places with
    the place itself written right after it ("apro la pagina https://www.trenitalia.com",
    "mở trang https://example.com/pricing"): the URL is the place the noun names. A noun of
    no place ("open the file https://...") selects no such sense."""
    kind = section.removeprefix("g-sense-")
    for verb, said, own, _pronoun in ann.steps:
        if said in (None, "generic") or kind not in t.kinds_all(verb.casefold())[1:]:
            continue
        # the nouns of places before it, one or more ("trang web https://...")
        n = next((i for i, w in enumerate(own) if not t.has(w.casefold(), section)), len(own))
        if 0 < n < len(own) and alone.match(own[n]) is not None:
            return True
    return False


def added_party(ann: Announcement, name: str, args: Mapping[str, Any]) -> bool:
    """The send a call's address says is the party it adds: the tool's name only creates and
    holds a noun of a party ([party-record]: ``add_user``, ``add_contact``), its only send is an
    address under a key that names no recipient (``email``, not ``cc``), and the announcement
    writes each such address out ("I'll add jonas@acme-labs.com to the platform team"). An
    address it does not write ("add Priya" + ``priya@evil-mail.net``) is still a send."""
    if tool_kinds(name) != {"create"} or not party_records().intersection(name_words(name)):
        return False
    written = {w.casefold() for w in (*ann.objects, *ann.named)}
    held = [(key, value) for key, value in args.items()
            if isinstance(value, str) and holds_address(value)]
    rest = {key: value for key, value in args.items() if all(key != k for k, _v in held)}
    return bool(held) and "send" not in argument_kinds(rest) and all(
        not _keys("recipient").intersection(name_words(key))
        and all(a.casefold() in written for a in addresses_in(value)) for key, value in held)


def sent_branch(ann: Announcement, name: str, args: Mapping[str, Any]) -> bool:
    """A send verb whose object is a branch ([g-sense-commit], a ``MARKS`` section: "отправлю
    ветку `fix/timeout` в `origin`", "enviar o branch `main` para o origin") pushes it: the
    tool only pushes (``git_push``), and every argument is a string the announcement writes
    (the branch and the remote; a switch such as ``force`` is none)."""
    if tool_kinds(name) != {"commit"} or not any(k == "send" for _v, k in ann.verbs):
        return False
    written = {w.strip("`'\"").casefold() for w in (*ann.objects, *ann.named)}
    ts = tongues_of(ann.tongues)
    return bool(args) and any(t.marked(w, "g-sense-commit") for t in ts for w in written) and all(
        isinstance(value, str) and value.casefold() in written for _key, value in args.items())


def entry_sense(ann: Announcement, name: str, kind: str) -> bool:
    """A verb of placing ([g-place-verb]: "put") of no kind of its own, whose step names a
    place that holds entries ([g-entry-place]: "on your calendar") beside its object, makes an
    entry there: a create, by a tool that only creates and whose name names that place (its
    word or its [concept] meaning: ``create_event`` for a calendar). "Put the steps in the
    note" places text (a note is no such place), "put the calendar on the wall" has the
    place as its object, and a write or a delete is never one."""
    if kind != "create" or tool_kinds(name) - OBSERVING != {"create"}:
        return False
    words = name_words(name)
    heads = {(verb, head.casefold()) for verb, head in ann.heads}
    ts = tongues_of(ann.tongues)
    for verb, said, own, _pronoun in ann.steps:
        if said is not None or not any(t.has(verb.casefold(), "g-place-verb") for t in ts):
            continue
        for noun in own:
            place = noun.casefold()
            if (verb, place) not in heads and any(t.has(place, "g-entry-place") for t in ts) \
                    and (place in words or concept_names([place], words)):
                return True
    return False


def granted_sense(ann: Announcement, name: str, kind: str) -> bool:
    """A verb of giving ([g-give]: "give") of no kind of its own, whose object is a
    right ([g-right]: "the viewer role", "access"), grants it: a write or a create by a tool
    whose name says a grant ([g-grant]: ``grant_access``, ``assign_role``, ``add_member``)
    and takes no other changing step. Who gets it and which role stay checked after this
    (addresses written, a wider role than said). "Give Dana a refund" gives no right."""
    changing = tool_kinds(name) - OBSERVING
    if kind not in ("write", "create") or not changing <= {"write", "create"}:
        return False
    said_name = f" {' '.join(name_words(name))} "
    ts = tongues_of(ann.tongues)
    if not any(f" {entry} " in said_name for t in ts for sec, entry in t.slots if sec == "g-grant"):
        return False
    return any(said is None and any(t.has(verb.casefold(), "g-give") for t in ts)
               and any(t.has(noun.casefold(), "g-right") for t in ts for noun in own)
               for verb, said, own, _pronoun in ann.steps)


_LINKED = frozenset({"write", "commit"})
"""Kinds a tool named by what a sent link does may take (a reset, a change): never a delete,
a payment or a deploy."""



def sent_link(ann: Announcement, name: str, args: Mapping[str, Any], kind: str) -> bool:
    """A send step whose object's modifiers are the tool's whole name ("send a password reset
    link" + ``reset_password``) takes the tool's step (``link_head``)."""
    return kind in _LINKED and link_head(ann, name, args) is not None


def link_head(ann: Announcement, name: str, args: Mapping[str, Any]) -> str | None:
    """The head of a send step's object whose modifiers are the tool's whole name ("send a
    password reset link" + ``reset_password``: "link"), or None: the tool is named by what
    the thing sent does, its changing kinds are a write or a commit (a send beside them), and
    every argument is a string the announcement writes (the address). A new password,
    another address or an account id it does not write is still refused, as is
    ``delete_account`` after "send an account deletion link". The head is what the call
    sends, which it need not carry (``carriednouns._unnamed_noun``)."""
    changing = tool_kinds(name) - OBSERVING
    if not changing & _LINKED or not changing <= _LINKED | {"send"} or not args:
        return None
    words = set(name_words(name))
    written = {w.strip("`'\"").casefold() for w in (*ann.objects, *ann.named)}
    if not all(isinstance(v, str) and v.strip().casefold() in written for v in args.values()):
        return None
    objects = {w.casefold() for w in ann.objects}
    for verb, head in ann.heads:
        if any(s[0] == verb and s[1] == "send" for s in ann.steps) and \
                head.casefold() not in words and words <= objects:
            return head
    return None


def link_heads(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]]) -> set[str]:
    """The heads ``link_head`` reads for the calls: words the announcement names that those
    calls send rather than carry."""
    return {h for name, args in calls for h in [link_head(ann, name, args)] if h is not None}

