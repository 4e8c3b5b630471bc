"""Spelled names: an announced verb and the head of its object say a tool's name word for word.

A tool's kinds come from the words of its name (``kinds.txt``): ``send_payment`` sends and
pays, ``reset_password`` writes, ``add_comment`` creates and sends. An announcement whose verb
and the head of that verb's object are those words, and all of them ("I'll send the payment to
Lena", "I'll reset the password for u_4821", "I'll add a comment to ticket 5102"), says the
step the name says in the name's own words: every kind the table reads from the name is read
from words the announcement says as a step and its object, so each is announced, whatever kind
the verb alone has ("send" sends; the payment it sends is a payment).

Only the name's own kinds: a kind a call takes from its arguments (an address under a
recipient key, a method, a command) or its description still needs a verb of that kind. Only
the head of the object ("send the payment reminder" sends a reminder, never a payment), only
a verb of a step of a kind the lexicon knows (a ``[generic]`` verb, "check the payment", says
none; a verb it does not know, "grant the analyst role to maria", may be no step of the name's
kind, and the party it names is then read by no rule of the name's kind), and every word of the
name said ("send the payment" names no ``send_payment_batch``).

A name that makes a thing named by an announced verb, ``create_refund`` after "I'll refund
ch_3PQ82": the thing made is the step the verb says (a refund is what refunding makes), so the
making (kind ``create``, the name's first word making and nothing else) is announced by that
verb; the name's other kinds (the refund pays) still need a verb of their own kind. The verb
is one of a kind the lexicon knows here too: "I'll onboard maria" +
``create_onboarding(user=mallory)`` is read by no rule that reads whom a step of a known kind
acts on. In both, a verb of a step that cannot be taken back is one of the name's kinds
(``_checked``): the call is then read as that step, with every noun the announcement names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from . import subverbs
from .forcing import forced_said
from .kinds import _command_values, _kind_table, name_words
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .preamble import Announcement
from .references import _shared_stem, _stem
from .toolkinds import UNKNOWN, tool_kinds
from .verified import test_said

_PAIR = 2
"""A name of two words: a verb and its object's head, or a making and the thing made."""


def _own_words(name: str) -> list[str]:
    """The words of a tool's name, a server's namespace before ``__`` aside
    (``stripe__create_refund`` is ``create_refund`` of the stripe server)."""
    return name_words(name.rsplit("__", 1)[-1])


def _same(said: str, word: str) -> bool:
    """A word of the announcement is a word of the name: the same word or the same stem
    ("payments", "payment"; "commenting", "comment")."""
    s = said.strip("`\"'").casefold()
    return s == word or (len(s) >= 3 and _stem(s) == _stem(word))


def _checked(verb_kind: str, name: str) -> bool:
    """A verb of a step that cannot be taken back (deploy, send, pay, delete, commit) is one
    of the name's own kinds, so the call is checked as that step (every noun the announcement
    names carried): "deploy the api service" is no ``create_deployment(service=billing)``,
    "book the flight for dana" no ``create_booking(passenger=mallory)``, whose kind create
    alone asks neither."""
    return verb_kind not in EVERY_NOUN_KINDS or verb_kind in tool_kinds(name)


def spelled_name(ann: Announcement, name: str, kind: str) -> bool:
    """A step of ``kind`` that the tool's name says is announced by a verb and the head of
    its object that are, between them, every word of the name (one each)."""
    if kind not in tool_kinds(name):
        return False
    words = _own_words(name)
    if len(words) != _PAIR:
        return False
    kinds = dict(ann.verbs)
    for verb, head in ann.heads:
        said = kinds.get(verb)
        if said is None or said == "generic" or not _checked(said, name):
            continue
        if (_same(verb, words[0]) and _same(head, words[1])) or (
                _same(verb, words[1]) and _same(head, words[0])):
            return True
    return False


def made_step(ann: Announcement, name: str, kind: str) -> bool:
    """A step of kind ``create`` by a name that makes a thing (``create_refund``) whose noun
    is an announced verb's own word or its noun ("refund"; "register" for a registration)."""
    words = _own_words(name)
    if kind != "create" or len(words) != _PAIR or _kind_table()[0].get(words[0]) != frozenset({"create"}):
        return False
    return any(k not in (None, "generic") and _checked(k, name) and (_same(verb, words[1]) or _shared_stem(
        verb.casefold(), words[1])) for verb, k in ann.verbs)


def kind_said(ann: Announcement, name: str, kind: str,
              args: Mapping[str, Any] | None = None) -> bool:
    """The announcement says a step of ``kind`` through the tool's name (``spelled_name``,
    ``made_step``), through the subcommand the call runs (``subverbs``), or through a verb
    that says the step forced: the delete a forcing flag adds ("force push" + ``git push
    --force``, ``forcing.forced_said``)."""
    return spelled_name(ann, name, kind) or made_step(ann, name, kind) or test_said(ann, kind) \
        or (args is not None and subverbs.said(ann, args, kind)) \
        or (args is not None and forced_said(ann, name, args, kind))


def commands_spelled(args: Mapping[str, Any], ann: Announcement) -> bool:
    """Every command the call runs is written out in the announcement as a code span, word for
    word ("Let me run `rm -rf build`." + ``rm -rf build``)."""
    values = _command_values(args)
    spans = {" ".join(o.strip("`").split()) for o in ann.objects if o.startswith("`")}
    return bool(values) and all(" ".join(v.split()) in spans for v in values)


def runs_it(name: str, kinds: frozenset[str] | set[str],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> bool:
    """A call a run announcement's written-out command grounds (``commands_spelled``,
    ``commands_worded``): its tool runs commands (``Bash``, ``run_command``), or it takes no
    changing step but a run, a start of a service (deploy: "Ich starte den Dienst `redis`
    neu." + ``restart_service``, a verb the lexicon reads as run and as deploy) or one of
    unknown kind (``pytest_runner``, a name of no kind).
    A run is its own kind of step: "I'll run `pytest`." says no delete, write or create, so
    ``delete_file(path="pytest")``, which carries the run's object, still needs a verb of
    its own kind ("Ich führe `make` aus." + ``delete_file(path="make")`` alike)."""
    return "run" in tool_kinds(name, (schemas or {}).get(name), (descriptions or {}).get(name)) \
        or set(kinds) - OBSERVING <= {"run", "deploy", UNKNOWN}


_PLAIN_WORD = re.compile(r"[^\W_][\w.@/+-]*")
"""A word of a command written bare in prose: no flag, quote or shell operator."""


def commands_worded(args: Mapping[str, Any], ann: Announcement,
                    kinds: frozenset[str] | set[str] = frozenset()) -> bool:
    """Every command the call runs is written out bare in the announcement, word for word and
    in order among its objects, two words at least and each a plain word ("I'll run npm
    install." + ``npm install``; Korean "npm install 을 실행하겠습니다."): the command the text
    names, as a code span names it (``commands_spelled``). A flag, a quote or an operator in it
    ("rm -rf build", "a && b") is no such command, nor one of a step that cannot be taken back
    (its ``kinds``: "run git push origin main" still needs a verb of its kind)."""
    values = _command_values(args)
    if kinds & EVERY_NOUN_KINDS:
        return False
    objects = [o.casefold() for o in ann.objects]
    for v in values:
        words = v.casefold().split()
        if len(words) < _PAIR or not all(_PLAIN_WORD.fullmatch(w) for w in words) or not any(
                objects[i : i + len(words)] == words for i in range(len(objects))):
            return False
    return bool(values)
