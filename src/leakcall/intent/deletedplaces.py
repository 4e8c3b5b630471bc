"""A deleted target named only by its place (h17a; blind round 44, gap 5; rule
``ungrounded-call``, read from ``looked.unwritten`` over all the calls).

``deletedtargets`` holds each path a deleting tool is given to a word of the announcement.
A word that names only a folder of the path (the place: "the screenshots from the desktop" +
``Desktop/``, "the old backups" + ``backups/``, "the downloaded installers" + ``Downloads/``)
names every file in it, so it does not tell which of them the text deletes. A target no
word names by its own name (the last segment of its path, by stem or by a piece kinds.txt
[file-word-pieces] gives the word) is held to what the text says of the files:

- a word that names another target's own name names this one too, at least by its folder
  ("the screenshots from the desktop" + ``Desktop/shot1.png`` and ``Desktop/tax-return.pdf``
  refuses: "screenshots" names no tax return);
- a noun of a kind of file (kinds.txt [file-noun-kinds], and the nouns of
  [file-word-pieces]: "screenshots" a ``png``, "backups" an archive, "installers" an
  ``exe``) is carried by its own name ("the downloaded installers" +
  ``Downloads/passport-scan.pdf`` refuses; "the old backups" + ``backups/2024-01.tar`` keeps);
- with no word naming any target's own name and a word of a state (kinds.txt
  [file-state-words]: "old", "unused", "generated"), the targets are of one kind (one
  extension): the state cannot be read from them, and files of another kind in the same
  folder are not shown to share it.

And a word of a state is never contradicted by a target's own name (kinds.txt
[file-state-contradicts]: "the old backups" + ``backups/latest.tar`` refuses;
``backups/2024-02.tar`` keeps). A path the text writes out, a pronoun object, or an object
that names no kind of file is left to ``deletedtargets`` as before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .deletedtargets import _PIECE, _by_piece
from .kinds import _keys, name_words
from .kindsfile import section, section_map
from .preamble import Announcement
from .references import _unaccented
from .scope import named_in
from .walk import _leaves

__all__ = ["undistinguished"]


@cache
def _table(name: str) -> dict[str, frozenset[str]]:
    """A "<word> <pieces...>" section of kinds.txt: word -> its pieces."""
    out: dict[str, set[str]] = {}
    for entry in section(name):
        word, _, pieces = entry.partition(" ")
        out.setdefault(word, set()).update(pieces.split())
    return {k: frozenset(v) for k, v in out.items()}


def _looked_up(table: Mapping[str, frozenset[str]], word: str) -> frozenset[str]:
    """The pieces a table gives the word or its singular."""
    single = word[:-1] if word.endswith("s") and len(word) > 4 else word
    return table.get(word, frozenset()) | table.get(single, frozenset())


def _pieces(text: str) -> frozenset[str]:
    return frozenset(_PIECE.findall(_unaccented(text.casefold())))


def _names(word: str, text: str) -> bool:
    """The word names the text by stem or by a piece (``deletedtargets._by_piece``)."""
    return named_in([word], text) or _by_piece(word, _pieces(text))


def _targets(calls: Sequence[tuple[str, Mapping[str, Any]]],
             kinds_of: Sequence[frozenset[str]]) -> list[tuple[str, str]]:
    """(tool, path) of each path a deleting tool is given."""
    out = []
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if "delete" not in kinds:
            continue
        for key, leaf in _leaves(args):
            if isinstance(leaf, str) and (set(name_words(str(key))) & _keys("target")) and (
                    "/" in leaf or "." in leaf):
                out.append((name, leaf.strip()))
    return out


def _written(word: str, path: str) -> bool:
    """The text writes the path out ("`old/report.pdf`"; ``./old/report.pdf``)."""
    low = path.casefold().removeprefix("./")
    return low == word or low.endswith("/" + word) or word.endswith("/" + low)


def _own(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]


def _ext(path: str) -> str:
    own = _own(path)
    return own.rsplit(".", 1)[-1].casefold() if "." in own.strip(".") else ""


def undistinguished(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                    kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why a deleted target is named only by the place every target shares, or None."""
    if ann.pronoun:
        return None
    targets = _targets(calls, kinds_of)
    if not targets:
        return None
    verbs = {v for v, _k in ann.verbs}
    said = [_unaccented(w.strip("`\"'").casefold()) for w in (*ann.objects, *ann.observed)
            if w not in verbs]
    states = section("file-state-words")
    contradicts, kinds = _table("file-state-contradicts"), _table("file-noun-kinds")
    # a path the text writes out names itself, and only itself
    written = [w for w in said if "/" in w or "." in w.strip(".")]
    said = [w for w in said if w not in written]
    own = {path: {w for w in said if _names(w, _own(path))} for _n, path in targets}
    carried = set().union(*own.values())
    for name, path in targets:
        if any(_written(w, path) for w in written):
            continue
        for w in said:
            against = _looked_up(contradicts, w) & _pieces(_own(path))
            if against:
                return (f"{name!r} deletes {path[:40]!r}, whose name says {sorted(against)[0]!r}, "
                        f"against {w!r} of the announcement")
        if own[path] or "/" not in path.rstrip("/") or not any(_names(w, path) for w in said):
            continue  # named by its own name; a bare name or an unnamed path: ``deletedtargets``
        missing = next((w for w in sorted(carried) if not _names(w, path)), None)
        if missing is not None:
            return (f"{name!r} deletes {path[:40]!r}, which {missing!r} does not name: only "
                    "its folder is named, which every target shares")
        for w in said:
            kind = _looked_up(kinds, w) or (
                frozenset() if w in states else _looked_up(section_map("file-word-pieces"), w))
            if kind and not kind & _pieces(_own(path)):
                return (f"{name!r} deletes {path[:40]!r}, whose own name is no {w!r} (only its "
                        "folder is named)")
    stated = [w for w in said if w in states or w[:-1] in states]
    kinds_deleted = {_ext(p) for _n, p in targets if not any(_written(w, p) for w in written)}
    if not carried and stated and len(kinds_deleted) > 1:
        return (f"the deleted targets are of more than one kind and none is named by its own "
                f"name, only by the folder they share: {stated[0]!r} is not read from them")
    return None
