"""A look at the files for what a verb of looking names: "Let me check the `resetState`
definition more carefully." + a read of ``useSessionStream.ts``.

A verb whose sense is to look (one of finding out, [g-inquiry-verb]: "check", "verify", 看一下;
or one of a looking kind, [kind-read], [kind-list], [kind-search]: "examine", "explore") names
what it looks for, often by what a file holds (a definition, the code, a log line): the call
that finds it reads, lists or searches the files, and its path need not say those words. A
call that only looks changes nothing, so such a call is grounded when every call of the reply
only looks (``observing.LOOKING``: no fetch, no computation), at a place in the files (a path
in its arguments or its command), and the announcement names nothing the call must then carry:

- a thing named by a number, a file, a path or an address ("line 853", "main.go",
  "`a.py`" + a read of ``b.py``) is carried by the call, as written; an identifier named in
  code (`` `resetState` ``) is what the file holds, so it need not be;
- a carrier of someone's words ([g-carrier]: "read your notes", "check her README") is a
  document, the thing read: its name is carried;
- no owner, no other party (a possessive of an observation, "React's unmount phase", says
  whose a thing is, not who acts: it is none), no relayed source or observation of what a source holds, no
  harm word, no time to come or condition: the look may be someone else's step, or wait;
- no announcement ending in a colon before the markup (what it names may be the markup
  itself: "Let me check the call below:", "Let me check what the code says:"), and no verb of
  showing ([g-show], [display]: "Let me show you the command to inspect the code");
- the places it looks at are the files worked on: not the root, a home directory itself or
  a whole user's (``/home/dev``, ``/Users/dev``), the system's own hierarchy
  (``paths.system_path``), nor a path climbing out (``..``): "grep -rn password /" looks at
  everything; no URL but a local file's (``file:///Users/dev/app/a.ts``, an editor's address
  of the document, whose path is the place; ``file://host/...`` names another machine);
- at most two calls for each thing looked for (one to find it, one to read it): each verb
  of looking, or each name in code its object lists ("check `a` and `b`").

What a look reads is still held by the rules for every call (a sensitive location, a secret,
a host), before this one (``grounding.check``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .observing import LOOKING
from .paths import depth, normal_path, system_path
from .pointing import points_ahead
from .preamble import Announcement
from .references import _referenced, _stem
from .tables import lexicon, tongues, tongues_of
from .walk import _strings

__all__ = ["grounds"]

_CARRIED_SHAPE = re.compile(r"[\d./\\@:#]")
"""A character of a name the call must carry: a number, a file or path, an address."""

_PLACE = re.compile(r"^(?:\.{1,2}/?|~?/\S*|[\w.-]+/\S*|[\w-]+\.[A-Za-z][\w]{0,7})$")
"""A value or command word that is a place in the files: the working directory, an absolute
or relative path, a file name with an extension."""

_WORD = re.compile(r"[^\s'\"=]+")


def _looking_verbs(ann: Announcement) -> int:
    """How many announced verbs look: of a looking kind, or verbs of finding out that name
    no kind or say a verification ("check", "verify"); none when a verb shows."""
    ts = tongues_of(ann.tongues)
    n = 0
    for verb, kind in ann.verbs:
        v = verb.casefold()
        if any(t.has(v, "g-show") for t in ts) or lexicon().long_cues["display"].spans(v):
            return 0
        if kind in LOOKING or (kind in ("generic", "test") and any(
                v.startswith(w) for t in ts for w in t.inquiry_verbs)):
            n += 1
    return n


@cache
def _carriers(language: str) -> frozenset[str]:
    """The [g-carrier] words of a language, and their stems."""
    for t in tongues():
        if t.name == language:
            words = [w for w, secs in t.words.items() if "g-carrier" in secs]
            return frozenset((*words, *(_stem(w) for w in words)))
    return frozenset()


def _carrier(word: str, carriers: frozenset[str]) -> bool:
    """The word is a carrier of the lexicon, or its plural ("notes", "emails")."""
    w = word.strip("`\"'").casefold()
    return bool({w, _stem(w), w[:-1] if w.endswith("s") else w} & carriers)


def _worked_on(place: str) -> bool:
    """The place is among the files worked on: no root, home directory or a whole user's,
    no place of the system's own, no path climbing out."""
    p = normal_path(place)
    where = depth(p)
    if p == ".." or p.startswith("../") or system_path(p):
        return False
    if where is None:
        return True
    # (a home directory on Linux or macOS: ``/home/dev``, ``/Users/dev``)
    return where[1] > 0 and not (p.startswith(("/home", "/Users")) and where[1] <= 2)


_FILE_URI = re.compile(r"^file://(?:localhost)?(?=/)", re.IGNORECASE)
"""A local file's URI ("file:///home/dev/app/a.ts", an editor's document address): the path
after it is a place in the files; a host between the slashes ("file://server/share") is none."""


def _local(value: str) -> str:
    """The value with a local file URI's scheme cut off (``_FILE_URI``), its path left."""
    return _FILE_URI.sub("", value, count=1)


def _at_files(args: Mapping[str, Any]) -> bool:
    """Some argument value, or a word of one, is a place in the files, and every such place
    is one worked on (``_worked_on``); no URL but a local file's (``_FILE_URI``), whose path
    is the place."""
    values = [_local(s) for s in _strings(args, keys=False, numbers=False)]
    if any("://" in s for s in values):
        return False
    places = [w for s in values for w in _WORD.findall(s) if _PLACE.match(w)]
    return bool(places) and all(_worked_on(w) for w in places)


def _acting(party: str, ann: Announcement) -> bool:
    """The party of an observation may act: any but a possessive before a noun ("React's
    unmount phase", ``Announcement.possessives``), which says whose a thing observed is, not
    who takes a step ("The customer's going to check it" still acts)."""
    return party not in ann.possessives


def _unsafe_announcement(ann: Announcement) -> bool:
    """The look may be someone else's step, or its object may be the markup itself."""
    return bool(ann.owners or any(_acting(p, ann) for p in ann.parties)
                or ann.relayed or ann.sourced or ann.harms
                or ann.times or ann.waits or points_ahead(ann))


def grounds(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            kinds_of: Sequence[frozenset[str]], call_text: str,
            call_words: frozenset[str]) -> bool:
    """The call (its text and words) is a look at the files for what a verb of looking names
    (the module's rule); ``calls`` and ``kinds_of``: every call of the reply and its kinds."""
    verbs = _looking_verbs(ann)
    things = max(verbs, len({w for w in ann.named if w.startswith("`")}))
    if not verbs or len(calls) > 2 * things or _unsafe_announcement(ann):
        return False
    if not all(k and k <= LOOKING and _at_files(args)
               for (_name, args), k in zip(calls, kinds_of, strict=True)):
        return False
    said = (*ann.objects, *ann.named)
    for w in said:
        bare = w.strip("`\"'")
        if _CARRIED_SHAPE.search(bare) and _referenced([w], call_text, call_words) is None:
            return False  # a number, a file or an address the call does not carry
    carriers = frozenset().union(*(_carriers(t) for t in ann.tongues))
    return not any(_carrier(w, carriers) and _referenced([w], call_text, call_words) is None for w in said)
