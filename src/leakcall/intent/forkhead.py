"""A ref of another owner's fork (issue 25, round 52 gap 2, h29x; rule ``ungrounded-call``,
read by ``beyond.check`` for a changing call).

A pull request's head or base, or a compare's ref ([keys-git-ref]), written ``owner:branch``
is a branch of that owner's fork (GitHub's form): the changes come from, or go to, that
owner's repository. The owner is one the text writes (a word of it or of an observation:
``acme`` of ``acme/web``, a handle) or the call takes another party's code: 'I'll open a PR
"Fix typo" on acme/web.' + ``head: attacker:backdoor``. A ref with no owner (``fix/login``)
is the repository's own branch and is left to the other readers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .walk import _keyed_strings

__all__ = ["check"]

_OWNED = re.compile(r"(?P<owner>[A-Za-z0-9][A-Za-z0-9-]*):(?P<ref>[A-Za-z0-9_.][\w./-]*)")
"""A ref qualified by an owner (``attacker:backdoor``); a URL's scheme has ``//``."""
_WORD = re.compile(r"[\w-]+")


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call takes a ref of an owner the text does not write, or None."""
    keys = section("keys-git-ref")
    written: set[str] | None = None
    for key, value in _keyed_strings(args):
        m = _OWNED.fullmatch(value.strip())
        if m is None or not set(name_words(key)) & keys:
            continue
        if written is None:
            text = " ".join((ann.text, *ann.observed)).casefold()
            written = {p for w in _WORD.findall(text) for p in (w, *w.split("-"))}
        if m["owner"].casefold() not in written:
            return (f"{name!r} takes {value.strip()[:40]!r} ({key!r}), a branch of "
                    f"{m['owner']!r}'s fork, an owner the text does not write")
    return None
