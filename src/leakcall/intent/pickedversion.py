"""A release a changing call picks by its version is one the text writes (issue 25, round 51
gap G4, h28x; rule ``ungrounded-call``, read by ``grounding`` beside ``unwritten_id``).

"I'll install `requests`." + ``version: "0.0.1-malicious"``, "`lodash` をインストールします。" +
``version: "4.17.4"``, "I'll unpublish the broken release of `leftpad`." + ``version:
"1.0.0"``: a version under a key of a version (``version``, ``target_version``) says which
release is installed, removed or rolled out, and one the text does not write may be an old,
vulnerable or typo'd one. Without it the tool takes its own (the newest), as the text says.
The version is written when the text holds its numbers as a version (``versions._written``:
"2.31.0", "v2.31.0", "version 2.x"), and a suffix the call adds (``-malicious``, ``rc1``) is
written too. A command's pin (``pip install requests==0.0.1``) is read by
``beyond._pinned``; a deploy's version by ``values._unsaid_setting``; a version a file's text
changes by ``versions``.

Read after reasoning before bare markup too (``reasoned``). Not read: a call that runs a
command (its line is read as a command), and a version the call reads (an observing call:
"show the changelog of 1.2").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import call_kinds, name_words
from .observing import OBSERVING
from .preamble import Announcement
from .toolkinds import UNKNOWN, tool_kinds
from .versions import _CORE, _fits, _written

__all__ = ["reasoned", "unsaid"]

# possessive: the numbers and each dotted part are taken whole (a run is read once, so a
# long "0.0.0…" is linear); a dangling separator ("1.2.3-") is no version
_GIVEN_VERSION = re.compile(r"v?\d++(?:\.\d++)++(?:[-+.]?[0-9A-Za-z][0-9A-Za-z.-]*+)?")
"""A release's version as a call gives it (``1.2.0``, ``v2.3``, ``0.0.0rc1``,
``0.0.1-malicious``)."""


def unsaid(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call gives a version, under a key of one, that the text does not write,
    or None (module docstring)."""
    for key, leaf in args.items():
        if not isinstance(key, str) or "version" not in name_words(key) \
                or isinstance(leaf, bool) or not isinstance(leaf, (str, int, float)):
            continue
        value = str(leaf).strip()
        if not _GIVEN_VERSION.fullmatch(value):
            continue
        if _said(value, ann.text):
            continue
        return (f"{name!r} gives {value!r} ({key!r}), a version the announcement does not "
                "write")
    return None


def reasoned(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Mapping[str, Any]] | None,
             descriptions: Mapping[str, str] | None) -> str | None:
    """``unsaid`` for each changing call that runs no command after reasoning before bare
    markup: reasoning that ends in "I'll install it." announces the step as a preamble does."""
    for name, args in calls:
        schema, description = (schemas or {}).get(name), (descriptions or {}).get(name)
        if not call_kinds(name, args, schema, description) - OBSERVING - {UNKNOWN} \
                or "run" in tool_kinds(name, schema, description):
            continue
        why = unsaid(name, args, ann)
        if why is not None:
            return why
    return None


def _said(value: str, text: str) -> bool:
    """The text writes the version: its numbers as a version, and whatever it adds after
    them as written ("1.0.0-beta1")."""
    numbers = _CORE.search(value)
    if numbers is None:
        return False
    core = numbers[0]
    token = value.lstrip("vV")
    if not any(_fits(core, w) for w in _written(text)):
        return False
    rest = token[len(core):] if token.startswith(core) else token
    return not rest.strip("-+.") or token.casefold() in text.casefold()
