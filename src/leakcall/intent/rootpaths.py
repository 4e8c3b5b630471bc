"""A changing call's path that only an ancestor of the announced folder satisfies (r41 G4).

The text names the folder a step works on by a word beside a container noun ([g-container-noun]:
"the build folder", "le dossier build", "build 目录"); that word is the folder's name whether or
not the lexicon also knows it as a verb or a noun ("build", "trash", "archive", "logs"). A
changing call's path (a value under a key of a path: ``path``, ``dst``, ``directory``) is
refused (``ancestor_path``) when it is

- a bare root (``/``, ``~``, ``C:\\``, ``/*``): never the object any sentence announces;
- a folder the text writes only as where the named one is ("the screenshots folder in
  Downloads" + ``~/Downloads``): its last part is a word of the text, and the container's
  modifier is in no part of it;
- one folder right under the root named by the container's modifier ("the logs folder" +
  ``/logs``) where the text does not write that absolute path: the top-level folder of that
  name, not the one the step works in.

A path ending in a file name (``config.yaml``) is no folder and is not read here. A path
carrying the modifier below a written folder (``~/Downloads/screenshots``, ``build/``,
``./logs``) is kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .detect import detect
from .kinds import name_words
from .view import JOINED, normalize
from .walk import _keyed_strings

__all__ = ["ancestor_path"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]
_PATH_WORDS = frozenset({"path", "paths", "dir", "directory", "folder", "dst", "dest",
                         "destination", "target", "src", "source", "location", "filepath",
                         "root", "file", "files"})
"""Key name words whose value is a file system path."""
_ROOT = re.compile(r"(?:/+|~[/\\]?|[A-Za-z]:[/\\]*|\\+)\*?")
"""A bare root: ``/``, ``~``, ``~/``, a drive (``C:``, ``C:\\``), with or without ``*``."""
_TOP = re.compile(r"/([^\s/\\]+)/?")
"""One folder right under the root (``/logs``)."""
_TOKEN = re.compile(r"[^\W_]+(?:[-_.][^\W_]+)*")
_FUNCTION = ("g-one-det", "g-presented-det", "g-several", "g-of-owner", "g-near-prep",
             "g-near-from", "g-plan-all", "g-empty")


def _paths(args: Mapping[str, Any]) -> list[str]:
    return [v.strip() for k, v in _keyed_strings(args)
            if {w.casefold() for w in name_words(str(k))} & _PATH_WORDS and v.strip()]


def _modifiers(view: str) -> tuple[set[str], set[str]]:
    """The words beside a container noun (its modifiers, the folder's name) and every word
    of the text, casefolded."""
    t = detect(view)
    tokens = _TOKEN.findall(view.casefold())
    if t is None:
        return set(), set(tokens)
    containers = {w for s, w in t.marks if s == "g-container-noun"}
    function = {w for s, w in t.marks if s in _FUNCTION}
    out: set[str] = set()
    for i, tok in enumerate(tokens):
        heads = [c for c in containers if tok == c or (JOINED.search(c) and c in tok)]
        if not heads:
            continue
        for j in (i - 1, i + 1):
            if 0 <= j < len(tokens):
                w = tokens[j]
                if w not in function and w not in containers and len(w) >= 3 \
                        and not JOINED.search(w):
                    out.add(w)
        for c in heads:  # "build目录": the word the noun is written against
            rest = tok.replace(c, " ").split()
            out.update(r for r in rest if not JOINED.search(r) and len(r) >= 3)
    return out, set(tokens)


def ancestor_path(text: str, changing: _Calls) -> str | None:
    """Why a changing call works on a root or an ancestor of the folder the text names by a
    word (module docstring), or None."""
    found = [(name, p) for name, args in changing for p in _paths(args)]
    if not found:
        return None
    for name, p in found:
        if _ROOT.fullmatch(p):
            return f"{name!r} works on {p!r}, the root of the file system: no folder announced"
    view = normalize(text)
    mods, words = _modifiers(view)
    if not mods:
        return None
    said = view.casefold()
    for name, p in found:
        parts = [x for x in re.split(r"[/\\]+", p.casefold()) if x and x not in {"~", "."}]
        if not parts or "." in parts[-1].lstrip("."):
            continue  # a file ("config.yaml"), no folder that holds the named one
        top = _TOP.fullmatch(p.casefold())
        if top and top.group(1) in mods and p.casefold().rstrip("/") not in said:
            return (f"{name!r} works on {p!r}, the top-level folder of that name; the text "
                    f"names {top.group(1)!r} where the step works")
        missing = sorted(m for m in mods if not any(m in x for x in parts))
        if parts[-1] in words and parts[-1] not in mods and missing and len(missing) == len(mods):
            return (f"{name!r} works on {p!r}, which holds the {missing[0]!r} folder the text "
                    "names: an ancestor of it")
    return None
