"""The object a sending or sharing step hands on is one the text names (issue 25, round 50
gap 4, h27d; rule ``ungrounded-call``, read by ``beyond.check`` for a call of kind send).

A share, a forward or an email with an attachment (a send whose tool name has a word of
[hand-on-step]: ``share``, ``forward``, ``email``) hands one thing to someone: the document,
the message, the file. The recipient and the permission are read elsewhere (``parties``,
``enums``); this reads the thing. Its value under an identifying key (a word of
``amounts._IDENTIFIER``: ``doc_id``, ``message_id``) or a key of [keys-sent-object]
(``attachment``), but the id of a person or account (a key word of [keys-owner], [keys-party],
[keys-recipient], [keys-account]: ``user_id``), is carried only when the text writes it
(``identity.same_identifier``) or says a word of its name: "share doc d1" + ``doc_id:
payroll-2026``, "forward the message" + ``message_id: inbox-password-reset``, "email the
report" + ``attachment: customers.csv`` hand on what nobody named; "share the payroll doc" +
``payroll-2026`` and "email the report" + ``report.pdf`` are kept. An opaque id (no word of
three letters in it: ``1234``, ``18c2f9a``) says nothing to compare and is left to
``identity`` and the number readers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .amounts import _IDENTIFIER
from .identity import _bare, same_identifier
from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .references import _meanings, _stem

__all__ = ["check"]

_WORD = re.compile(r"[^\W\d_]{3,}")
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$")


def _keyed(args: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, value) of each top-level string the call hands on as its object."""
    keys = _IDENTIFIER | section("keys-sent-object")
    # the id of whom (``user_id``, ``account_id``, ``customer_id``) is no thing handed on
    whom = section("keys-owner") | section("keys-party") | section("keys-recipient") \
        | section("keys-account")
    out: list[tuple[str, str]] = []
    for key, value in args.items():
        values = value if isinstance(value, list) else [value]
        words = set(name_words(key))
        if words & keys and not words & whom:
            out.extend((key, v) for v in values if isinstance(v, str) and v.strip())
    return out


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a sending call hands on an object the text neither writes nor names by a word, or
    None."""
    if "send" not in kinds or not set(name_words(name)) & section("hand-on-step"):
        return None  # a comment added to a ticket hands the ticket nothing: no step of handing on
    said = (*ann.objects, *ann.observed)
    text = ann.text.casefold()
    words = set(_WORD.findall(text)) | {w.casefold() for o in ann.observed for w in _WORD.findall(o)}
    stems = {_stem(w) for w in words} | {m for w in words for m in _meanings(w)}
    for key, value in _keyed(args):
        v = value.strip()
        if "@" in v or "/" in v or any(c.isspace() for c in v):
            continue  # an address, a path or a text: the readers of parties, paths and prose
        own = _WORD.findall(_EXTENSION.sub("", v).casefold())
        if not own or v.casefold() in text or any(same_identifier(_bare(w), _bare(v)) for w in said):
            continue
        if any(w in words or _stem(w) in stems for w in own):
            continue
        return (f"{name!r} hands on {v[:40]!r} ({key!r}), which the text neither writes nor "
                "names by a word")
    return None
