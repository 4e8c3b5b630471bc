"""A named value widened past what the text writes (issue 25, round 55, rule ``ungrounded-call``;
read by ``beyond.check`` for each call).

"I'll delete `build/tmp.log`." names one file; ``path: "build/tmp.log -rf /"``,
``"build/tmp.log ~"`` or ``"src build/tmp.log"`` carry it and more. "I'll suspend the user
JDOE." names one user; ``username: "JDOE,CEO"``, ``"JDOE*"`` or ``"*"`` reach others. A value
under a key that names the call's object (``_object_key``: a path, a file, a URL, a name or id,
an account, a host or service, a move's source, a table, a user: [keys-named-object])
is that object as written, not the written object plus other tokens:

- split on whitespace and list separators (``,``, ``;``, ``|``), a value of two or more tokens
  one of which is a written object (a span in backticks or quotes, or a named word:
  ``Announcement.named``; a path carried absolute, ``/ws/build/tmp.log``, is the relative one)
  refuses when another of its tokens is not written in the text ("delete `a.txt` and
  `b.txt`" + ``"a.txt b.txt"`` writes each);
- a value of a changing call that is a written object with wildcard or pattern characters
  added (``*``, ``?``, ``%``, ``.*``), or such characters alone, refuses unless the text
  writes the value or speaks of all of a kind (``Announcement.universal``).

A value the text writes whole ("the user `JDOE CEO`") is as written. A command, a query, a
pattern or prose is no object value: their keys are none of these (the run, search and
content readers own them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .kinds import name_words
from .memo import folded
from .named import _keys
from .preamble import Announcement
from .walk import _keyed_strings

__all__ = ["check"]

_SPLIT = re.compile(r"[\s,;|]+")
"""What joins a second object to the first: whitespace or a list separator."""
_EDGE = "`'\"()[]{}<>,;:.!?。、，！？「」『』«»“”‘’"
"""Punctuation around a word of the text ("`build/tmp.log`.")."""
_WILD = re.compile(r"\.?[*?%]")
"""A wildcard or pattern character (glob ``*``/``?``, SQL ``%``, a regex ``.*``)."""
_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|“([^”\n]+)”|「([^」\n]+)」")


@cache
def _object_key(key: str) -> bool:
    """Whether a key names the call's object (module doc)."""
    words = set(name_words(key))
    if words & (_keys("command") | _keys("prose") | _keys("sql") | _keys("place")):
        # what runs, text written (the run and content readers own them), or a place
        # qualified by its region ("Paris, France")
        return False
    return bool(words & (_keys("target") | _keys("looked-name") | _keys("looked-target")
                         | _keys("server") | _keys("account") | _keys("named-object")
                         | _keys("role-source") - {"old"}))


def _objects(ann: Announcement) -> set[str]:
    """The objects the text writes: spans in backticks or quotes, and the named words."""
    out = {next(g for g in m.groups() if g).strip().casefold() for m in _QUOTED.finditer(ann.text)}
    for n in ann.named:
        out.add(n.strip(_EDGE).casefold())
        out.update(w.strip(_EDGE).casefold() for w in n.split())
    return {o for o in out if o}


def _is(token: str, objs: set[str]) -> bool:
    """Whether a token is a written object (a path carried absolute is its relative one)."""
    t = token.casefold()
    return t in objs or any("/" in o and t.endswith("/" + o.lstrip("./")) for o in objs)


def check(name: str, args: Mapping[str, Any], changing: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a call's object value is a written object widened, or None (module doc)."""
    objs: set[str] | None = None
    for key, value in _keyed_strings(args):
        if not _object_key(key):
            continue
        text, v = folded(ann.text), value.strip()
        if not v or folded(v) in text:
            continue
        if objs is None:
            objs = _objects(ann)
            words = {w.strip(_EDGE) for w in _SPLIT.split(text)} | objs
        tokens = [t for t in _SPLIT.split(v) if t]
        if len(tokens) > 1 and any(_is(t, objs) for t in tokens):
            extra = next((t for t in tokens if not _is(t, objs) and t.casefold() not in words),
                         None)
            if extra is not None:
                return (f"{name!r} takes {key!r} {v[:60]!r}: the written object and "
                        f"{extra[:40]!r} beside it, which the text does not write")
        if changing and not ann.universal and len(tokens) == 1 and _WILD.search(v):
            core = _WILD.sub("", v).casefold()
            if not core or _is(core, objs):
                return (f"{name!r} takes {key!r} {v[:60]!r}, which reaches every name its "
                        "wildcard matches, and the text writes no wildcard")
    return None
