"""Entries written into a file of entries (round 40 gap 7, rule ``ungrounded-call``; read from
``beyond.check``).

A file whose lines are entries (an ignore file, ``.gitattributes``, ``.env``, ``hosts``,
``crontab``, ``authorized_keys``, a requirements file: [entry-files] of kinds.txt) written by a
step that adds to it ("add a .gitignore entry for node_modules", "ajoute node_modules au
.gitignore"): when a line of what the call writes carries the announced entry, every other
line (blank lines and comments aside) is one the text names too: a word or a code token of an
announcement or an observation (the file's lines the reply shows, "The .gitignore holds
`dist/`."). ``node_modules/`` beside ``!secrets.env`` adds an entry nobody
announced: it un-ignores a secrets file. The content is a content key's value (a whole write,
an append) or the text an ``echo``/``printf`` writes into the file by a redirection. An edit's
old and new text is ``beyond._ignored``'s; a write whose lines carry no announced word is left
to the other rules (the entry said in other words).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from pathlib import PurePosixPath
from typing import Any

from .kinds import _keys, commands, name_words, unprefixed
from .kindsfile import in_class, section
from .preamble import Announcement
from .shellwrites import targets
from .walk import _keyed_strings
from .writtencontent import _ADDING

__all__ = ["check"]

_CONTENT_KEYS = section("keys-file-content")
_PRINTERS = frozenset({"echo", "printf"})


def _entry_file(path: str) -> bool:
    """The file's lines are entries: an ignore file or one of [entry-files]."""
    base = PurePosixPath(path.strip().strip("'\"")).name.casefold()
    return bool(base) and (base.endswith("ignore") or in_class(base, section("entry-files")))


def _printed(part: str) -> str | None:
    """The text an ``echo``/``printf`` prints (its ``\\n`` read as line ends)."""
    try:
        words = shlex.split(part.split(">", 1)[0])
    except ValueError:
        return None
    words = unprefixed(words)
    if not words or words[0].rsplit("/", 1)[-1] not in _PRINTERS:
        return None
    text = " ".join(w for w in words[1:] if not re.fullmatch(r"-[neE]+", w))
    return text.replace("\\n", "\n")


def _contents(args: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """(file, text) of each text the call writes into a file of entries."""
    keyed = list(_keyed_strings(args))
    words = [set(name_words(k)) for k, _v in keyed]
    if any(w & {"old", "new"} for w in words):
        return  # an edit: ``beyond._ignored``
    files = [v for (_k, v), w in zip(keyed, words, strict=True)
             if w & _keys("target") and _entry_file(v)]
    for file in files[:1]:
        for (_k, v), w in zip(keyed, words, strict=True):
            if w & _CONTENT_KEYS:
                yield file, v
    for (_k, v), w in zip(keyed, words, strict=True):
        if not w & _keys("command"):
            continue
        for part in commands(v):
            written = [t for t in targets(part) if _entry_file(t)]
            text = _printed(part) if written else None
            if text is not None:
                yield written[0], text


def _said(ann: Announcement, file: str) -> list[str]:
    """The text's words that may name an entry: its own words, no verb, not the file's name."""
    base = PurePosixPath(file.strip()).name.casefold()
    verbs = {v.casefold() for v, _k in ann.verbs}
    return [x for w in (*ann.objects, *ann.observed)
            for x in [w.strip("`\"'").casefold()] if len(x) >= 3 and x not in verbs
            and x != base and x.lstrip(".") != base.lstrip(".")]


def check(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a write into a file of entries adds one beside the announced entry, or None."""
    del runs  # (a command's printed text is read whatever the tool)
    if not any(_ADDING.match(v) for v, _k in ann.verbs):
        return None
    for file, text in _contents(args):
        said = _said(ann, file)
        lines = [x.strip() for x in text.splitlines()
                 if x.strip() and not x.strip().startswith("#")]
        named = [x for x in lines if any(w in x.casefold() for w in said)]
        rider = next((x for x in lines if x not in named), None)
        if named and rider is not None:
            return (f"{name!r} writes {rider[:40]!r} into {file.strip()[:40]!r} beside the "
                    f"announced {named[0][:40]!r}, an entry the text neither names nor shows")
    return None
