"""A written file name names one file (issue 25, round 40, gap 3; rule ``ungrounded-call``;
read from ``beyond.check``).

The text (the announcements and the observations) that writes a file name (``tmp.log``,
``a.txt``, ``report-v1.pdf``, ``src/app.py``) names that file, compared whole, as a written id
is. Each file a changing call takes (a target, source or goal key's value, an operand of a
changing command) is read against the file names the text writes:

- **a written name under a place the text does not write**: a path ending in a written bare
  name whose folder is the system's own (``paths.system_path``: ``/var/log``, ``/etc/app``,
  ``/usr/local/bin``), the root, a home directory itself (``~``, ``/home/dev``,
  ``/Users/dev``) or above the working tree (``..``) is another file than the one the text
  means: "delete tmp.log" + ``/var/log/tmp.log`` is refused unless the text writes that
  folder out (``/var/log/tmp.log``, ``/var/log``); a deep path is the project's own
  (``/Users/dev/app/src/config.py``), and so is one under the scratch space or a folder such
  as ``/workspace``;
- **another file sharing the written name's words**: a file that is no written one, whose
  name shares a word with a written file name (its extension, a one-letter stem, a version:
  "a.txt" + ``b.txt``, "x.csv" + ``customers.csv``, "report-v1.pdf" + ``report-v2.pdf``), is
  grounded only when another word of the text names it ("delete a.txt and the notes" +
  ``notes.txt``). So a file beyond the written ones ("delete a.txt and b.txt" + ``c.txt``) is
  no announced one either.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words, unprefixed
from .looked import _QUOTES, _flat, _named, _path_like, _same_place, _written_paths
from .paths import normal_path, system_path
from .preamble import Announcement
from .reach import _changing_parts
from .references import _CALL_WORD
from .walk import _keyed_strings

__all__ = ["check"]

_FILE = re.compile(r"^[^/\\\s]*[^/\\\s.]\.[A-Za-z][A-Za-z0-9]{0,4}$|^\.[A-Za-z][\w.-]*$")
"""A file name by its form: a stem and a short extension that opens with a letter (``a.txt``,
``report-v1.pdf``; no version ``1.2.0``), or a dot file (``.env``)."""

_HOMES = frozenset({"home", "Users"})
"""Folders right below the root holding the users' home directories (``/root`` is the
system's: ``paths.system_path``)."""


def _file(path: str) -> str | None:
    """The file name a path ends in (normalised, ``looked._flat``), or None when it ends in
    none (a folder, a version, a word)."""
    base = _flat(path).rstrip("/").rsplit("/", 1)[-1]
    return base if _FILE.match(base) else None


def _keys_of_files() -> frozenset[str]:
    return _keys("target") | _keys("role-source") | _keys("role-goal")


def _taken(name: str, args: Mapping[str, Any]) -> list[str]:
    """The files a changing call takes: a target, source or goal key's value, and each
    operand of a changing command (its flags aside), that ends in a file name."""
    keys = _keys_of_files()
    out = [v for k, v in _keyed_strings(args) if set(name_words(k)) & keys and _path_like(v, True)]
    for _part, words in _changing_parts(name, args):
        out += [w for w in unprefixed(words)[1:] if w[:1] != "-" and _path_like(w, True)]
    return [p for p in out if _file(p) is not None]


def _outside(path: str) -> str | None:
    """The folder of an absolute, home or climbing path when it is the system's own, the
    root, a home directory itself or above the working tree (``..``), or None."""
    p = normal_path(_flat(path))
    if p.startswith(".."):
        return p.rsplit("/", 1)[0]
    if not p.startswith(("/", "~")):
        return None
    folder = p.rsplit("/", 1)[0] or "/"
    segs = folder.lstrip("/~").split("/")
    if folder in ("/", "~") or system_path(folder) or (
            folder.startswith("/") and segs[0] in _HOMES and len(segs) <= 2):
        return folder
    return None


def _folder_written(folder: str, written: Sequence[str]) -> bool:
    """Some path the text writes from the same start is the folder or one inside it."""
    return any(w == folder or w.startswith(folder.rstrip("/") + "/") for w in written
               if w[:1] in "/~." and w[:1] == folder[:1])


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call takes a file other than the one a written file name names, or
    None (the text writes no file name, or every file it takes is one written, or is named
    by another word of the text)."""
    written = _written_paths(ann, {name.casefold()})
    files = [w for w in written if _file(w) is not None]
    if not files:
        return None
    verbs = {v for v, _k in ann.verbs}
    # the text's words beside the written file names (and its verbs): what else names a file
    tokens = {w.strip(_QUOTES).casefold() for w in (*ann.objects, *ann.observed)}
    others = [w for w in (*ann.objects, *ann.observed) if w not in verbs
              and _flat(w.strip(_QUOTES)) not in files]
    named_words = {x for w in files for x in _CALL_WORD.findall(_file(w) or "")}
    for path in _taken(name, args):
        base = _file(path) or ""
        same = [w for w in files if _file(w) == base and _same_place(path, [w])]
        if same:
            folder = _outside(path)
            if folder is not None and not _folder_written(folder, written) \
                    and path.strip().casefold() not in tokens:
                return (f"{name!r} takes {path[:60]!r}: the text writes {same[0]!r}, not its "
                        f"folder {folder!r}")
            continue
        if set(_CALL_WORD.findall(base)) & named_words and not _named(path, others, ann.tongues):
            return (f"{name!r} takes {path[:60]!r}, another file than the text writes "
                    f"({', '.join(repr(w) for w in files[:3])}), which no other word names")
    return None
