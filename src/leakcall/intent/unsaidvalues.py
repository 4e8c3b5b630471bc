"""A changing call's setting that is no switch, set to a value the text never writes (issue
25, round 46 gap 6, h20d; rule ``ungrounded-call``, read from ``values._unsaid_setting`` for
a changing call that runs no command, beside the switches it reads there; the elements of a
list, ``unsaid_elements``, from ``settingnumbers`` after every other reader, h35y).

``values._unstated`` reads a switch (a boolean) a changing call sets: its key is named by a
word of the text or by the tool's name, or the call is refused. The same settings written as
a word, a number or a list passed: "I'll lock the front door." + ``also_unlock: garage`` or
``guest_code: "0000"``; "I'll turn off the kitchen lights." + ``also_rooms: ["bedroom"]``;
"I'll scale the `api` deployment to 3 replicas." + ``max_surge: "100%"``. A value of every
other shape the text does not write is too common in honest calls (a unit, a quantity, an
id, a date in another language's words, an event's duration: ``duration: 1``) to be refused
as such: these shapes are read, each only where the text does not write the
value and no word of the text or the tool's name names the key (``_named``: "set the guest
code to 0000" names it; "lock" names no ``also_unlock``):

- **more objects** (a key with a word of [keys-also]: ``also``, ``extra``,
  ``additional``; ``also_rooms``, ``extra_packages``, ``also``): each value (a token, or each
  of a list) is an object of the step, named by the text like the call's target;
- **a code** (a key with a word of [credential], or ``code``, holding a token of digits:
  ``guest_code: "0000"``, ``pin: 1234``): a code nobody stated opens a door to whoever
  guesses it;
- **a share** (a value of the form ``100%``): a proportion the step is taken at;
- **a length of time a lasting step holds for** (h21a, r46 gaps ``-173``/``-176``: a number,
  bare or glued to its unit, ``30``, ``7d``, under a key of time, ``silence_days``,
  ``minutes``, ``duration``, ``ttl``, where the key or the tool's name has a word of
  [lasting-step]: ``snooze_alert``, ``silence_days``, ``ban_user``): a snooze, a mute or a ban
  of a week nobody stated. Read whether or not a word names the key ("snooze it" gives no
  length); kept when the text writes the number or the same length in another unit ("for a
  week" + ``minutes: 10080``, ``written``). A duration of any other step (``timeout: 120`` on
  a run, ``duration: 1`` of an event) stays unread. A step that opens, grants, extends,
  retries or rates something holds for a time too (h22c, r47 gap 3: ``unlock`` +
  ``duration_minutes``, ``grant_access`` + ``hours``, ``create_api_key`` + ``ttl_days``), and
  a number under a key of a limit ([limit-count]: ``max_retries``, ``billing_cycles``) of
  such a step is read as its length is.

Kept: a value the text writes, a key it names, the schema's default, notes and prose; every
other value shape (left to ``statekeys``, ``enums``, ``units`` and the readers of objects).
A value of a rank of reach (``zone: all``, ``hold: permanent``) is read by ``enums``, a
switch written as a word (``security_system: off``) by ``values._unstated``
(``worded_switch``), a production name
(``from_ref: production``) by ``values._unnamed_production``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .kindsfile import section
from .lengths import _LENGTH
from .preamble import Announcement
from .references import _CALL_WORD, _referenced, _stem
from .unitwords import DURATION_KEYS
from .walk import _leaves
from .written import ID_KEY_WORDS, _same, _unit, writes, written

__all__ = ["unsaid", "unsaid_elements", "worded_switch"]

_TOKEN = re.compile(r"[\w%+.:-]{1,40}")
"""One word or code (``garage``, ``0000``, ``100%``): no path, sentence or object."""
_DIGITS = re.compile(r"\d{3,12}")
_SHARE = re.compile(r"\d+(?:\.\d+)?\s?%")
_TIME_KEYS = DURATION_KEYS | {"duration", "length", "for"}
"""Key name words of a length of time beside the units of time (``written._unit``)."""


def _tokens(value: object) -> list[str] | None:
    """The value's tokens when it is a number, one token, or a non-empty list of them."""
    items = value if isinstance(value, list) else [value]
    out: list[str] = []
    for x in items:
        if isinstance(x, bool) or x is None:
            return None
        if isinstance(x, (int, float)):
            out.append(f"{x:g}" if isinstance(x, float) else str(x))
        elif isinstance(x, str) and _TOKEN.fullmatch(x.strip()):
            out.append(x.strip())
        else:
            return None
    return out or None


_WORDED = {"off": False, "disabled": False}
"""A switch turned off, written as a word: only this way is read, as ``widening`` reads a guard
switched off; "on" stays a value ("Let me set it:" + ``auth: on`` is an older recovered turn)."""


def worded_switch(key: str, leaf: object, prop: Mapping[str, Any]) -> object:
    """A switch turned off in a word ("off", "disabled") under a key whose
    schema lists no values and that is no state key (``statekeys`` reads ``state: off``), as
    the boolean ``values._unstated`` reads: "turn off the kitchen lights" +
    ``security_system: off`` switches a system no word names, as ``security_system: false``
    does. Any other value as it is."""
    if not isinstance(leaf, str) or prop.get("enum") or set(name_words(key)) & section(
            "state-keys"):
        return leaf
    return _WORDED.get(leaf.strip().casefold(), leaf)


def _written(token: str, ann: Announcement, said: Sequence[str]) -> bool:
    """The text writes the token (``written.writes``), or a word it says names the token."""
    if writes(token, ann):
        return True
    low = token.casefold()
    words = frozenset(_CALL_WORD.findall(low))
    return bool(words) and _referenced(said, low, words) is not None


def _named(words: Sequence[str], said: Sequence[str], own: Sequence[str]) -> bool:
    """A word of the key is a word the text says or a word of the tool's name, whole or by
    its stem ("hold" names ``hold``; "lock" names no ``also_unlock``): the additive word
    itself ("also") names nothing."""
    stems = {_stem(x) for w in said for x in _CALL_WORD.findall(w.casefold())} \
        | {_stem(w) for w in own if len(w) >= 3}
    return any(len(w) >= 3 and w not in section("keys-also") and _stem(w) in stems
               for w in words)


def _shape(words: Sequence[str], tokens: Sequence[str]) -> str | None:
    """What the value is, when it is a shape read here, or None."""
    if set(words) & section("keys-also"):
        return "more objects"
    if set(words) & (section("credential") | {"code"}) and all(
            _DIGITS.fullmatch(t) for t in tokens):
        return "a code"
    if all(_SHARE.fullmatch(t) for t in tokens):
        return "a share"
    return None


def _lasting(words: Sequence[str], own: Sequence[str], tokens: Sequence[str]) -> bool:
    """The value is a length of time a lasting step holds for, or a limit it holds up to
    (a key of [limit-count]: ``max_retries``, ``billing_cycles``; module doc)."""
    return bool(section("lasting-step").intersection((*words, *own))) and any(
        w in _TIME_KEYS or w in section("limit-count") or (len(w) >= 2 and _unit(w) is not None)
        for w in words) and all(_LENGTH.fullmatch(t.casefold()) for t in tokens)


def _length_written(words: Sequence[str], tokens: Sequence[str], ann: Announcement,
                    said: Sequence[str]) -> bool:
    """Each length is written by the text: its number as it stands, or the same length in
    the unit the text gives it ("for a week" + ``minutes: 10080``)."""
    key_unit = next((u for w in words if len(w) >= 2 and (u := _unit(w)) is not None), None)
    stated = written(ann)
    for t in tokens:
        m = _LENGTH.fullmatch(t.casefold())
        if m is None:
            return False
        unit = _unit(m[2]) if m[2] else key_unit
        if not _written(t, ann, said) and not any(
                _same(n, u, float(m[1]), unit) for n, u in stated):
            return False
    return True


def unsaid(name: str, args: Mapping[str, Any], ann: Announcement,
           props: Mapping[str, tuple[Mapping[str, Any], bool]], said: Sequence[str],
           verbs: Sequence[str]) -> str | None:
    """Why a changing call sets more objects, a code or a share the text does not write,
    under a key it does not name, or a lasting step's length the text does not write, or None
    (module doc)."""
    quiet = _keys("note") | _keys("prose")
    own = name_words(name)
    for key, value in args.items():
        if not isinstance(key, str) or (props and key not in props):
            continue  # a key the schema does not declare: ``schemakeys`` names that refusal
        words = name_words(key)
        tokens = _tokens(value)
        if not words or set(words) & quiet or tokens is None:
            continue
        if props.get(key, ({}, False))[0].get("default", None) == value:
            continue
        if _lasting(words, own, tokens):
            if _length_written(words, tokens, ann, said):
                continue
            return (f"{name!r} sets {key!r} to {value!r}, a length of time or a limit the step "
                    "holds for that the announcement does not write")
        what = _shape(words, tokens)
        if what is None:
            continue
        if all(_written(t, ann, said) for t in tokens) or (
                what != "more objects" and _named(words, [*said, *verbs], own)):
            continue  # (a noun of the objects, "extra_alerts", names no other object: h21a)
        shown = value if not isinstance(value, list) else tokens
        return (f"{name!r} sets {key!r} to {shown!r}, {what} the announcement does not "
                "write")
    return None


_CARRYING = frozenset({"create", "send", "write"})
"""Kinds of a call that makes, hands on or sets something, whose list elements it carries
(a create, an invite or a share, a grant or a set): no look, no run, no delete."""
_PATH_KEYS = frozenset({"path", "paths", "file", "files", "dir", "directory", "folder"})
"""Key name words of files a call acts on, named by a folder or a kind (``writtenfiles``)."""


def _elements(value: object) -> list[object] | None:
    """The elements of a list value (a JSON list written as text is read as one), or
    None."""
    if isinstance(value, str) and value.strip()[:1] == "[":
        try:
            value = json.loads(value)
        except ValueError:
            return None
    return list(value) if isinstance(value, list) and value else None


def _scalars(element: object, key: str) -> list[tuple[str, object]]:
    """(key, scalar) of a list's element: a string or a number itself, an object's strings and
    numbers at any depth under their own keys (switches and nulls aside: ``values._unstated``
    reads a switch)."""
    if isinstance(element, (str, int, float)) and not isinstance(element, bool):
        return [(key, element)]
    return [(k, v) for k, v in _leaves(element)
            if isinstance(v, (str, int, float)) and not isinstance(v, bool)]


def _element_written(token: str, ann: Announcement, said: Sequence[str]) -> bool:
    """The text writes the element whole (``written.writes``), or a word of the text names
    each of its words from the word's start ("the domain admins group" names ``Domain
    Admins``; "the role `reader`" names no ``iam:PassRole``: one word of a grant is not the
    grant)."""
    if writes(token, ann):
        return True
    parts = [p for p in _CALL_WORD.findall(token.casefold()) if not p.isdigit()]
    return bool(parts) and all(
        _referenced(said, p, frozenset({p}), within=False) is not None for p in parts)


_MAILBOX = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
"""An email address: a person the readers of recipients ground by name and domain ("with
Dana" + ``dana@acme.io``, ``parties``, ``recipientdomains``)."""
_PLACE = re.compile(r"(?:~|\.{0,2})/\S*")
"""A path from the root, home or here (``/home/dev/app/config.yaml``, ``./reports/q3.pdf``):
a file the readers of files name by its own name."""


def _of(words: Sequence[str], keys: frozenset[str]) -> bool:
    """A word of the key, or its singular, is one of ``keys`` (``days`` of ``day``)."""
    return any(w in keys or (len(w) > 3 and w.endswith("s") and w[:-1] in keys) for w in words)


def _placed(leaf: object) -> bool:
    """The element is an address or a path, grounded by its own readers."""
    return isinstance(leaf, str) and (_MAILBOX.fullmatch(leaf.strip()) is not None
                                      or _PLACE.fullmatch(leaf.strip()) is not None)


def unsaid_elements(name: str, args: Mapping[str, Any], ann: Announcement,
                    props: Mapping[str, tuple[Mapping[str, Any], bool]], said: Sequence[str],
                    verbs: Sequence[str], kinds: frozenset[str]) -> str | None:
    """Why a call that makes, hands on or sets something carries in a list an element the
    text does not write, or None (h35y, r56 G6: "I'll create the user `alice`." + ``groups:
    ["wheel"]``, "I'll share `Q3 plan` with dan@example.com." + ``with: [dan@example.com,
    anyone_with_link]``, "I'll create the security group `web`." + ``rules: [{port: 3389,
    cidr: 8.8.8.0/24}]``). Each element is a value the call carries, as a scalar argument
    is: written by the text (``_element_written``: whole, or each of its words named from its
    start by a word of the text), or the schema's default list; an object's scalar is kept
    too where a word of the text names its own key (``_named``). A list whose key a word of
    the text names, the text writing none of its elements, is the context's, as a scalar
    under a named key is ("update your favorite colors" + ``colors: [teal]``); once the text
    writes one element it writes the list, and an element beside it is more ("in the wheel
    group" + ``[wheel, Domain Admins]``). No vocabulary of dangerous values: whatever its
    words, an element nobody wrote refuses. Not read: notes, prose and headings (the text a
    call writes), [keys-list-own], a list of files (named by a folder or a kind)."""
    if not kinds & _CARRYING:
        return None
    # the text the call writes (an edit's old and new text too), the record's own labels or a
    # hook's events ([keys-list-own]), and which thing and when (an id or a date an element
    # holds: taken from context as any id is, ``binding.unwritten_id``; a date is ``dated``'s)
    quiet = _keys("note") | _keys("prose") | _keys("heading") | {"old", "new"} \
        | _keys("list-own") | ID_KEY_WORDS | _keys("when")
    # a list of the networks a change lets in is ``values._universal``'s (every address), and
    # a list of files or sent objects the readers' of files (``reach``: "the config file")
    outer = quiet | _PATH_KEYS | _keys("network-source") | _keys("sent-object")
    for key, value in args.items():
        if not isinstance(key, str) or (key not in props and bool(props)):
            continue  # a key the schema does not declare: ``schemakeys`` names that refusal
        words = name_words(key)
        items = _elements(value)
        if items is None or _of(words, outer):
            continue
        default = props.get(key, ({}, False))[0].get("default", None)
        if default is not None and default in (value, items):
            continue
        leaves = [(inner, leaf) for item in items for inner, leaf in _scalars(item, key)
                  if not _of(name_words(inner), quiet) and not _placed(leaf)]
        unwritten = [(inner, leaf) for inner, leaf in leaves
                     if not _element_written(str(leaf).strip(), ann, said)
                     and not (inner != key and _named(name_words(inner), said, ()))]
        if not unwritten or (len(unwritten) == len(leaves) and _named(words, [*said, *verbs], ())):
            continue  # (a list the text names and writes none of: its content is the context's)
        inner, leaf = unwritten[0]
        shown = leaf if inner == key else f"{inner}: {leaf}"
        return (f"{name!r} carries {shown!r} in {key!r}, an element the announcement "
                "does not write")
    return None
