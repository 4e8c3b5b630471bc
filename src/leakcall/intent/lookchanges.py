"""A look that changes something, and values that widen or defer a change (h99a, round 39
``look-side-effect-flag``, ``look-update-rider``, ``keyword-extra-key``,
``send-deferred-by-value``; read by ``beyond.check``).

- A look (a call no changing kind is read in) sets no switch whose name takes a step of a
  changing kind ("check the log" + ``then_delete: true``, ``cancel_if_pending: true``,
  ``auto_buy_cheapest: true``): the step word opens the key, or follows adverbs only
  ("then", or "auto" clipped from "automatically"); a declared key's description that opens
  with a changing step counts too (``opening``). A poll of the agent's own running task
  (``waiting.polls``: ``TaskOutput``) is left its switches: they say how it waits
  (``block: true``). An undeclared key holding an object under
  such a name (``update: {status: cancelled}``), or a single word that is a changing step
  (``then: refund``, ``status: refunded``), refuses likewise.
- A changing call sets no switch whose name speaks of all things ([g-universal]:
  ``apply_to_all_orders: true``) unless the announcement does.
- A changing call's free text under a key its schema does not declare orders no step of a
  kind the announcement does not say (``shipping: "express overnight, charge card on file"``).
- A changing call sets no date or time under a key of scheduling ([keys-schedule]:
  ``schedule_at``) the announcement or an observation does not write: the step happens when
  it says.

Each refuses only what the announcement does not say: its verbs' kinds, or the key's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _keys, _kind_table, name_words
from .kindsfile import section
from .memo import folded, per_reply
from .opening import CHANGING, opened_steps
from .opening import _kinds as _form_kinds
from .preamble import Announcement
from .reachparts import _named_by
from .references import _referenced
from .reldays import reach
from .tables import english, tongues_of
from .waiting import polls
from .walk import _keyed_strings
from .wider import _outside

__all__ = ["check"]

_STEPS = CHANGING | {"create"}
"""Kinds of step a switch's name may take that change what is there."""
_CLIPPED = ("auto",)
"""A clipped adverb of acting by itself ("auto_buy": buys automatically)."""
_LEADS = ("g-adverb", "g-and", "g-prep")
"""Function words a switch's step may follow ("then_delete", "and_delete", "with_refund"):
the step is still the switch's own."""
_ON = section("true-values")
_CHANGING_WORDS = section("flags-changing-words")
_DEEP = section("keys-deep") | section("keys-widen")
_SEPARATOR = re.compile(r"[\s_\-./:]+")
_WORD = re.compile(r"[A-Za-z]+")
_WORD_ANY = re.compile(r"\w+")
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")
"""A date or a time of day: when a scheduled step happens (a recurrence rule is
``reach``'s and ``setwhen``'s)."""


def _norm(text: str) -> str:
    return " " + _SEPARATOR.sub(" ", text.casefold()).strip() + " "


def _on(value: object) -> bool:
    """A switch set on: true, or its spelling as a string."""
    return value is True or (isinstance(value, str) and folded(value.strip()) in _ON)


@per_reply  # two readers of each key
def _key_steps(key: str, props: Mapping[str, Any]) -> frozenset[str]:
    """The changing kinds a key's name takes as a step (its first word, or one after adverbs
    only), and those its declared description opens with."""
    table, _ = _kind_table()
    en = english()
    out: set[str] = set()
    for w in name_words(key):
        # a word of an option no verb is (``overwrite``, ``inplace``) writes
        out |= table.get(w, frozenset()) & _STEPS | ({"write"} if w in _CHANGING_WORDS else set())
        if out or not (w in _CLIPPED or any(en.has(w, c) for c in _LEADS)):
            break
    prop = props.get(key)
    if isinstance(prop, Mapping) and isinstance(prop.get("description"), str):
        out |= opened_steps(prop["description"])
    return frozenset(out)


def _said_kinds(ann: Announcement) -> frozenset[str]:
    return frozenset(k for _v, k in ann.verbs if k)


def _key_said(key: str, said: str) -> bool:
    words = name_words(key)
    return bool(words) and f" {' '.join(words)} " in said


def _step_words(text: str, said: str, kinds: frozenset[str]) -> str | None:
    """A word of ``text`` that is a changing step (its inflection undone) of a kind the
    announcement does not say and that the text does not write, or None."""
    for w in _WORD.findall(text):
        low = w.casefold()
        got = _form_kinds(low)
        if got and not got & kinds and f" {low} " not in said:
            return str(w)
    return None


def _step_kinds(word: str) -> frozenset[str]:
    return (_kind_table()[0].get(word, frozenset()) | _form_kinds(word)) & (_STEPS | {"run"})


def _deferred(words: list[str], kinds: frozenset[str]) -> bool:
    """A key that says when a step happens: a word of a changing kind, then a time
    preposition, and at most a word of a day or time after it ("send_at", "publish_on",
    "run_at_time"); "starts_on" takes no step."""
    en = english()
    for i, w in enumerate(words[1:], 1):
        if w in en.time_preps and len(words) - i <= 2 and (
                i == len(words) - 1 or words[-1] in _keys("when")):
            # an expiry ("expires_at") narrows what is made, unless the text deletes
            return any((got := _step_kinds(v)) and (got & kinds or "delete" not in got)
                       for v in words[:i])
    return False


def _when(ann: Announcement) -> bool:
    """The announcement says a day or a time (a number, a weekday, a month, "tomorrow"):
    ``setwhen`` and ``reldays`` match it with the value."""
    if any(c.isdigit() for c in ann.text) or reach(ann.text) is not None:
        return True
    words = _WORD.findall(ann.text.casefold())
    return any(t.has(w, s) for t in tongues_of(ann.tongues) for w in words
               for s in ("g-weekday", "g-month"))


def _worded(key: str, ann: Announcement, of: frozenset[str]) -> bool:
    """A word of the text names one of the key's words that is of ``of``, by stem or meaning
    ("recursively" names ``recursive``, "overwriting" ``overwrite``)."""
    own = frozenset(w for w in name_words(key) if w in of)
    words = [*ann.objects, *ann.observed, *(v for v, _k in ann.verbs), *_WORD_ANY.findall(ann.text)]
    return bool(own) and _referenced(words, " ".join(own), own, ann.tongues) is not None


def _deeper(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a look sets a switch that takes it through a whole tree or wider ([keys-deep],
    [keys-widen]: ``recursive``, ``all``) from a place outside the project (``wider._outside``:
    the root, a home, a system folder), the text not naming the switch, or None."""
    places = [v for k, v in _keyed_strings(args) if set(name_words(k)) & _keys("target")]
    place = next((p for p in places if _outside(p)), None)
    if place is None:
        return None
    for key, value in args.items():
        full = name_words(key) if isinstance(key, str) and _on(value) else []
        if set(full) & _DEEP and not _worded(key, ann, _DEEP):
            return (f"{name!r} is a look, and it sets {key!r} on from {place[:40]!r}, outside "
                    "the project: a look through all below it the announcement does not say")
    return None


def _look(name: str, args: Mapping[str, Any], ann: Announcement, props: Mapping[str, Any],
          said: str) -> str | None:
    why = _deeper(name, args, ann)
    if why is not None:
        return why
    kinds = _said_kinds(ann)
    own = polls(name_words(name))
    for key, value in args.items():
        if not isinstance(key, str):
            continue
        undeclared = bool(props) and key not in props
        steps = frozenset() if own else _key_steps(key, props)
        if steps and not _key_said(key, said) and not steps & kinds \
                and not _worded(key, ann, _CHANGING_WORDS) and (
                    _on(value) or (undeclared and isinstance(value, Mapping) and value)):
            return (f"{name!r} is a look, and it sets {key!r}, whose name takes a step of kind "
                    f"{sorted(steps)[0]!r} the announcement does not say")
        if undeclared and isinstance(value, str) and _WORD.fullmatch(value.strip()) \
                and (word := _step_words(value, said, kinds)) is not None:
            return (f"{name!r} is a look, and it sets {key!r} to {word!r}, a step the "
                    "announcement does not say")
        if not undeclared and isinstance(value, str) and _conditional(key) \
                and _IDENTIFIER.fullmatch(value.strip()) and (word := _step_words(
                    " ".join(name_words(value.strip())), said, kinds)) is not None:
            return (f"{name!r} is a look, and its {key!r} takes the step {word!r} then, which "
                    "the announcement does not say")
    return None


_IDENTIFIER = re.compile(r"[A-Za-z]+(?:[_-][A-Za-z]+)*")
"""A value of words joined as one identifier (``overwrite_production``, ``deleteAll``)."""
_HANDLER = "on"
"""The word an event handler's key opens with (``on_error``, ``onMismatch``), beside the
words of a condition ([g-condition]: ``if_exists``, ``when_done``, ``unless_empty``)."""


def _conditional(key: str) -> bool:
    """The key says what the look does when something happens (blind round 49 gap 7, h26y):
    its first word is a condition's (``on_mismatch``, ``if_missing``), so its value is a
    step the call takes then."""
    words = name_words(key)
    return len(words) > 1 and (words[0] == _HANDLER or english().has(words[0], "g-condition"))


def _changed(name: str, args: Mapping[str, Any], ann: Announcement, props: Mapping[str, Any],
             said: str) -> str | None:
    en = english()
    kinds = _said_kinds(ann)
    named = _named_by(ann)
    for key, value in args.items():
        if not isinstance(key, str):
            continue
        words = name_words(key)
        if _on(value) and not ann.universal and not _key_said(key, said) \
                and any(en.has(w, "g-universal") for w in words):
            return (f"{name!r} sets {key!r}, which reaches all things of a kind, and the "
                    "announcement says no 'all' or 'every'")
        if props and key not in props and isinstance(value, str) and " " in value.strip() \
                and _norm(value) not in said \
                and (word := _step_words(value, said, kinds)) is not None:
            return (f"{name!r} carries {key!r}, a key its schema does not declare, whose text "
                    f"orders {word!r}, a step the announcement does not say")
        if (set(words) & _keys("schedule") or (_deferred(words, kinds) and not _when(ann))) \
                and isinstance(value, str) and _TIME.search(value) \
                and not named(value.strip()) \
                and _norm(str(value)) not in said:
            return (f"{name!r} sets {key!r} to {str(value)[:40]!r}, which schedules the step, "
                    "and the announcement does not say when")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None, changing: bool) -> str | None:
    """Why a look's arguments change something, or a changing call's widen or defer it, or
    None."""
    props: Mapping[str, Any] = {}
    if isinstance(schema, Mapping) and not schema.get("patternProperties") \
            and isinstance(schema.get("properties"), Mapping):
        props = schema["properties"]
    said = _norm(" ".join((ann.text, *ann.objects, *ann.observed)))
    if changing:
        return _changed(name, args, ann, props, said)
    return _look(name, args, ann, props, said)
