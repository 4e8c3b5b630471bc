"""Each target of a deleting tool is named (blind round 44, gap 5; read from ``scope``).

A path a deleting command takes is named by a word of the announcement (``scope``: "rm -rf
build ~" deletes ``~`` too); a path a deleting tool is given is held the same way, one call
at a time: "I'll delete the temp files." + ``tmp/a.tmp`` and ``src/app.py`` deletes a file
no word names beside one it does, whatever the count of calls. A word names a path by stem
(``scope.named_in``), by a piece of the path that begins it ("the generated files" +
``gen/``) or ends it ("the screenshots" + ``shot1.png``), or by a piece kinds.txt
[file-word-pieces] gives it in any language ("temp", "temporaires", "ชั่วคราว" + ``tmp``; "the
installers" + ``.exe``). A path the text writes out is named; a pronoun object ("delete
them") leaves the check to the readers of what the pronoun stands for, and so does an object
that is only a noun of files ("I'll delete the file for you.": any file is a file). The
folder the step runs in (``.``) is named by a word of that place ("clean the workspace").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .figures import CARDINALS
from .kinds import _keys, name_words
from .kindsfile import section, section_map
from .objects import _PLACES
from .preamble import Announcement
from .references import (
    _CALL_WORD,
    _meanings,
    _referenced,
    _unaccented,
    compound_modifier,
    compound_parts,
)
from .view import JOINED
from .walk import _leaves

__all__ = ["unnamed"]

"""Kana, CJK ideographs and Hangul: objects the grammar keeps whole, read as compounds."""


def _compound_read(ann: Announcement) -> bool:
    """An object is a compound whose kind part ``carriednouns._unnamed_noun`` holds each call
    to ("临时文件", "一時ファイル", "Logdatei"): that reader names the part it wants."""
    return any((JOINED.search(o) or compound_modifier(o, ann.tongues)) and any(
        p and not _meanings(p) & _PLACES for p in compound_parts(o, ann.tongues))
        for o in ann.objects)

_PIECE = re.compile(r"[^\W\d_]{3,}")
"""A run of three or more letters of a path: the pieces a name is made of (``tmp``, ``shot``)."""

_ENDED = re.compile(r"\.\w{1,8}$")
"""A path piece that ends a file's name with its extension: a piece after it is another path."""

_HERE = frozenset({".", "./"})
"""The folder the step runs in, written as a path (``unnamed``)."""
_WORKPLACE = frozenset({"workspace", "worktree", "checkout", "project", "repo", "repository"})
"""Words naming the folder a step runs in ("clean the workspace" + path ``.``)."""


def _by_piece(word: str, pieces: frozenset[str]) -> bool:
    """``word`` names a path made of ``pieces``: a piece begins the word ("gen" of
    "generated"), ends its singular ("shot" of "screenshots"), or is one kinds.txt gives the
    word (or, in a script written without spaces, a word it holds: "ไฟล์ชั่วคราว")."""
    single = word[:-1] if word.endswith("s") and len(word) > 4 else word
    if any(word.startswith(p) or (len(p) >= 4 and single.endswith(p)) for p in pieces):
        return True
    return bool(_given(word) & pieces)


def _given(word: str) -> frozenset[str]:
    """The pieces kinds.txt [file-word-pieces] gives the word, its singular, or (in a script
    written without spaces) a word it holds ("ไฟล์ชั่วคราว")."""
    table = section_map("file-word-pieces")
    single = word[:-1] if word.endswith("s") and len(word) > 4 else word
    given = table.get(word, frozenset()) | table.get(single, frozenset())
    if not word.isascii():
        given |= frozenset().union(*(v for k, v in table.items() if not k.isascii() and k in word))
    return given


def _names(word: str, low: str) -> bool:
    """``scope.named_in`` of one word (scope reads this module)."""
    return _referenced([word], low, frozenset(_CALL_WORD.findall(low))) is not None


def _by_modifier(target: str, pieces: frozenset[str], ann: Announcement,
                 said: Sequence[str]) -> bool:
    """Only a modifier of the object (a state, kinds.txt [file-state-words]: "old", "temp";
    or a number) names the target while no other word of the text (the object's noun, when it
    is no noun of files or places: "the old build") does: "Let me delete the old build." is no delete
    of ``/var/log/old.log`` (h25f). A path written out is named by itself."""
    low = _unaccented(target.casefold())
    if any("/" in w or "." in w.strip(".") for w in said):
        return False
    states = section("file-state-words")
    heads = [w for w in said if w not in states and not w.isdigit() and w not in _PLACES
             and w not in CARDINALS and not _meanings(w) & _PLACES]  # ("the two temp files")
    if not heads or any(_names(h, low) or _by_piece(h, pieces) for h in heads):
        return False
    return any(w in states or w.isdigit() for w in said
               if _names(w, low) or _by_piece(w, pieces))


def unnamed(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
            named: Callable[[str], bool]) -> str | None:
    """Why a deleting tool's target is a path no word of the announcement names, or None."""
    if "delete" not in kinds or ann.pronoun:
        return None
    verbs = {v for v, _k in ann.verbs}
    said: Sequence[str] = [_unaccented(w.strip("`\"'").casefold())
                           for w in (*ann.objects, *ann.observed) if w not in verbs]
    if not any((w not in _PLACES and not _meanings(w) & _PLACES) or _given(w) for w in said):
        return None  # "delete the file" names no kind of file: every file is one
    if _compound_read(ann):
        return None  # the compound's reader refuses a call carrying none of its parts
    for key, leaf in _leaves(args):
        if not isinstance(leaf, str) or not leaf.strip() or not (
                set(name_words(str(key))) & _keys("target")):
            continue
        target = leaf.strip()
        if "/" not in target and "." not in target:
            continue  # a name, not a path: the readers of identifiers take it
        pieces = frozenset(_PIECE.findall(_unaccented(target.casefold())))
        if named(target) and _by_modifier(target, pieces, ann, said):
            return (f"{name!r} deletes {target[:40]!r} ({key!r}), which only a modifier of the "
                    "announced noun names, not the noun itself")
        if len(parts := target.split()) > 1 and target.casefold() not in ann.text.casefold():
            # "build/tmp.log src": a second path after a space, each named on its own
            # (r55-atk-253); a path written whole with its space is named as written, and a
            # piece that goes on a file name ("Desktop/Screenshot 2.png") is one path
            for before, part in itertools.pairwise(parts):
                if not (_ENDED.search(before) or part[:1] in "/~.-"):
                    continue
                if not named(part) and not any(_by_piece(w, frozenset(_PIECE.findall(
                        _unaccented(part.casefold())))) for w in said):
                    return (f"{name!r} deletes {target[:40]!r} ({key!r}), whose {part!r} "
                            "after a space no word of the announcement names")
        if named(target) or (target in _HERE and _WORKPLACE & set(said)):
            continue
        if not any(_by_piece(w, pieces) for w in said):
            return (f"{name!r} deletes {target[:40]!r} ({key!r}), a path no word of the "
                    "announcement names")
    return None
