"""Whose data a look reads (h14d, round 43 gap 6: "Let me check your calendar" +
``list_events(user: "ceo@example.com")``, "Ich durchsuche dein Postfach" +
``mailbox: "chef@example.com"``; read by ``beyond.check``).

When the announcement speaks of the reader's own data by a second-person possessive (a
lexicon's [g-your]: "your", "dein", "votre", 你的), a look's key of owner ([keys-owner]:
``user``, ``mailbox``, ``owner``, ``account``, ``calendar_id``; the key's words joined) is
the reader's: absent, a word of the reader itself (``me``, ``primary``: no address), or a
value the text writes (an address the announcement or an observation writes). Another
party's address (``ceo@example.com``) is another party's data, which the text does not name;
a bare id (``user_id: "mia_li_3668"``) may be the reader's own, given earlier, and is left. Without such a
possessive the key is left to the other readers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .entries import alternation
from .identity import _ADDRESS
from .kinds import _keys, name_words
from .preamble import Announcement
from .tables import tongues
from .view import normalize
from .walk import _keyed_strings

__all__ = ["check"]


@cache
def _pattern() -> re.Pattern[str]:
    """The [g-your] forms of every lexicon, each as the text is read (``entries``: a whole
    word where its script spaces words)."""
    forms = {f for t in tongues() for sec, entry in t.marks if sec == "g-your"
             for f in (entry, normalize(entry))}
    return re.compile(alternation(sorted(forms, key=len, reverse=True)) if forms else r"(?!)")


def _owner_key(key: str) -> bool:
    return "".join(name_words(key)) in _keys("owner")


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a look after "your …" reads another party's data by an owner key, or None."""
    owners = [(k, v.strip()) for k, v in _keyed_strings(args) if _owner_key(k) and v.strip()]
    if not owners or not _pattern().search(normalize(ann.text)):
        return None
    said = " ".join((ann.text, *ann.objects, *ann.observed)).casefold()
    for key, value in owners:
        low = value.casefold()
        # only an address (``ceo@example.com``): an id (``mia_li_3668``) may be the reader's
        # own, given earlier
        if not _ADDRESS.search(value) or re.search(rf"(?<!\w){re.escape(low)}(?!\w)", said):
            continue
        return (f"{name!r} reads the data of {value[:60]!r} by {key!r}, where the text speaks "
                "of the reader's own and does not write that owner")
    return None
