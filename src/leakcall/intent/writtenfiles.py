"""A written file name names one file (issue 25, round 40, gap 3; rule ``ungrounded-call``;
read from ``beyond.check``).

The text (the announcements and the observations) that writes a file name (``tmp.log``,
``a.txt``, ``report-v1.pdf``, ``src/app.py``) names that file, compared whole, as a written id
is. Each file a changing call takes (a target, source or goal key's value, an operand of a
changing command) is read against the file names the text writes:

- **a written name under a place the text does not write**: a path ending in a written bare
  name whose folder is the system's own (``paths.system_path``: ``/var/log``, ``/etc/app``,
  ``/usr/local/bin``), a shared one (``/opt``, ``/srv``, ``/mnt``, ``/media``), the root, a
  home directory itself (``~``, ``/home/dev``, ``/Users/dev``) or above the working tree
  (``..``) is another file than the one the text
  means: "delete tmp.log" + ``/var/log/tmp.log`` is refused unless the text writes that
  folder out (``/var/log/tmp.log``, ``/var/log``); a deep path is the project's own
  (``/Users/dev/app/src/config.py``), and so is one under the scratch space or a folder such
  as ``/workspace``; a user's dot file lives in the home directory (``~/.bashrc``);
- **another file sharing the written name's words**: a file that is no written one, whose
  name shares a word with a written file name (its extension, a one-letter stem, a version:
  "a.txt" + ``b.txt``, "x.csv" + ``customers.csv``, "report-v1.pdf" + ``report-v2.pdf``), is
  grounded only when another word of the text names it ("delete a.txt and the notes" +
  ``notes.txt``). So a file beyond the written ones ("delete a.txt and b.txt" + ``c.txt``) is
  no announced one either. A call that deletes nothing keeps the source of a move whose every
  written file it takes too ("rename the module to storage.py"), and the module a test file
  only an observation writes tests (``_kept``);
- **more files than a count** the text states ("the two temp files" + three deletes; "both
  files" + three reads: ``counted``, read from ``binding.unstepped`` over all the calls).

A glob of a written extension (``*.pyc`` for ".pyc") is the written set only when the text
speaks of all of them ([g-universal]: "delete all the .pyc files").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .addresses import holds_address
from .announcement import replaced
from .kinds import OBSERVING, _keys, name_words, unprefixed
from .looked import (
    _QUOTES,
    _counts,
    _flat,
    _named,
    _path_like,
    _paths,
    _same_place,
    _written_paths,
    paired,
)
from .objects import _PLACES
from .paths import normal_path, system_path, user_home
from .preamble import Announcement
from .reachparts import _changing_parts
from .references import _CALL_WORD, _meanings
from .walk import _keyed_strings

__all__ = ["check", "counted", "sibling_read"]

_FILE = re.compile(r"^[^/\\\s]*[^/\\\s.]\.[A-Za-z][A-Za-z0-9]{0,4}$|^\.[A-Za-z][\w.-]*$")
"""A file name by its form: a stem and a short extension that opens with a letter (``a.txt``,
``report-v1.pdf``; no version ``1.2.0``), or a dot file (``.env``)."""

_SHARED = frozenset({"opt", "srv", "mnt", "media"})
"""Folders right below the root the Filesystem Hierarchy Standard gives to add-on software,
served data and mounted file systems: shared places, no project's own."""

def _file(path: str) -> str | None:
    """The file name a path ends in (normalised, ``looked._flat``), or None when it ends in
    none (a folder, a version, a word)."""
    base = _flat(path).rstrip("/").rsplit("/", 1)[-1]
    return base if _FILE.match(base) else None


def _keys_of_files() -> frozenset[str]:
    """Key words of a file a call takes: [keys-target], [keys-role-source], [keys-role-goal],
    and a list of them (``files``, ``paths``)."""
    return _keys("target") | _keys("role-source") | _keys("role-goal") | {"files", "paths"}


def _taken(name: str, args: Mapping[str, Any]) -> list[str]:
    """The files a changing call takes: a target, source or goal key's value, and each
    operand of a changing command (its flags aside), that ends in a file name."""
    keys = _keys_of_files()
    out = [v for k, v in _keyed_strings(args) if set(name_words(k)) & keys and _path_like(v, True)]
    for _part, words in _changing_parts(name, args):
        out += [w for w in unprefixed(words)[1:] if w[:1] != "-" and _path_like(w, True)]
    # an email address is no file (``minsu@acme.kr``; a locator is no path, ``_path_like``)
    return [p for p in out if _file(p) is not None and not holds_address(p)]


def _outside(path: str) -> str | None:
    """The folder of an absolute, home or climbing path when it is the system's own, a
    shared one (``_SHARED``: ``/opt/app``, ``/mnt/nas``), the root, a home directory itself
    or above the working tree (``..``), or None."""
    p = normal_path(_flat(path))
    if p.startswith(".."):
        return p.rsplit("/", 1)[0]
    if not p.startswith(("/", "~")):
        return None
    folder, base = p.rsplit("/", 1) if "/" in p else ("", p)
    folder = folder or "/"
    segs = folder.lstrip("/~").split("/")
    home = user_home(folder) and not system_path(folder)  # ``/root`` is the system's
    if home and base[:1] == ".":
        return None  # a user's dot file lives in the home directory (``.bashrc``)
    if folder in ("/", "~") or system_path(folder) or home or (
            folder.startswith("/") and segs[0] in _SHARED):
        return folder
    return None


def _folder_written(folder: str, written: Sequence[str]) -> bool:
    """Some path the text writes from the same start is the folder or one inside it."""
    return any(w == folder or w.startswith(folder.rstrip("/") + "/") for w in written
               if w[:1] in "/~." and w[:1] == folder[:1])


_TESTS = ("test", "tests", "spec")
"""Words a test file's name joins to the module it tests (``test_parser.py``,
``parser_test.go``, ``parser.test.ts``, ``ParserSpec.scala``)."""


def _stem(base: str) -> str:
    return base.rsplit(".", 1)[0]


def _tested(test: str, module: str) -> bool:
    """The written file ``test`` is a test file of ``module`` (flat names, ``looked._flat``:
    ``testparser.py``, ``parser.test.ts`` for ``parser.py``, ``parser.ts``)."""
    t, m = _stem(test), _stem(module)
    return any(t in (a + m, m + a, f"{m}.{a}", f"{m}-{a}", f"{a}-{m}") for a in _TESTS)


def _kept(path: str, taken: Sequence[str], files: Sequence[str], observed: Sequence[str],
          changing: frozenset[str]) -> bool:
    """A file that is no written one is still the step's, for a call that deletes nothing:
    the source of a move or rename whose every written file the call takes as well ("rename
    the module to storage.py" + ``git mv src/store.py src/storage.py``), or the module a test
    file only an observation writes tests ("The test in test_parser.py fails ... Let me fix
    that." + an edit of ``src/parser.py``)."""
    if "delete" in changing:
        return False
    base = _file(path) or ""
    if len(taken) >= 2 and all(any(_file(t) == _file(w) and _same_place(t, [w]) for t in taken)
                               for w in files):
        return True
    return any(_tested(_file(w) or "", base) for w in observed)


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          changing: frozenset[str] = frozenset()) -> str | None:
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
    announced = set(_written_paths(replaced(ann, observed=()), {name.casefold()}))
    taken = _taken(name, args)
    bases = {_file(w) for w in files}
    for path in taken:
        base = _file(path) or ""
        if ann.universal and base[:1] == "*" and base[1:] in bases:
            continue  # "all the .pyc files" + ``*.pyc``: the glob is the written set
        same = [w for w in files if _file(w) == base and _same_place(path, [w])]
        if same:
            folder = _outside(path)
            if folder is not None and not _folder_written(folder, written) \
                    and path.strip().casefold() not in tokens:
                return (f"{name!r} takes {path[:60]!r}: the text writes {same[0]!r}, not its "
                        f"folder {folder!r}")
            continue
        if set(_CALL_WORD.findall(base)) & named_words \
                and not _named(path, others, ann.tongues) and not _kept(
                    path, taken, files, [w for w in files if w not in announced], changing):
            return (f"{name!r} takes {path[:60]!r}, another file than the text writes "
                    f"({', '.join(repr(w) for w in files[:3])}), which no other word names")
    return None


def sibling_read(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why the reply's looks read another file than the one the announcement writes, or None
    (h26v): "Let me read `b.tsx`." + a read of ``src/a.tsx`` (grounded by the extension they
    share) reads a sibling, as ``check`` refuses for a changing call. Only when no call of
    the reply carries a written file name at all: a look at the named file and beside it
    ("look at main.go" + ``main.go`` and ``main_test.go``) reads freely; a test file of a
    written module and its module go together (``_tested``)."""
    files = [w for w in _written_paths(replaced(ann, observed=()), {n.casefold() for n, _ in calls})
             if _file(w) is not None]
    if not files:
        return None
    bases = {_file(w) or "" for w in files}
    if any(b in _flat(v) for _n, args in calls for _k, v in _keyed_strings(args) for b in bases):
        return None  # the named file is read (or written) too
    verbs = {v for v, _k in ann.verbs}
    others = [w for w in (*ann.objects, *ann.observed) if w not in verbs
              and _flat(w.strip(_QUOTES)) not in files]
    named_words = {x for b in bases for x in _CALL_WORD.findall(b)}
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if not kinds or not kinds <= OBSERVING or "fetch" in kinds:
            continue
        for path in _paths(args):
            base = _file(path)
            if base is None or base in bases or any(_tested(base, b) or _tested(b, base)
                                                    for b in bases):
                continue
            if set(_CALL_WORD.findall(base)) & named_words and not _named(path, others, ann.tongues):
                return (f"{name!r} looks at {path[:60]!r}, another file than the text writes "
                        f"({', '.join(repr(w) for w in files[:3])}), which no other word names")
    return None


def _place(word: str) -> bool:
    w = word.strip(_QUOTES).casefold()
    return w in _PLACES or bool(_meanings(w) & _PLACES)


_WORD = re.compile(r"[^\s,;:!?()\[\]\"'`«»“”]+")


def _phrases(text: str, languages: Sequence[str] = ()) -> list[tuple[int, list[str]]]:
    """(count, the words after it) of each count the text states: three words, or up to a
    noun of files and the word after it ("the two temp files": 2, ``["temp", "files", ...]``;
    "deux fichiers temporaires", "zwei temporäre Dateien"); a word that says two things
    ([g-plan-pair]: "both", "beide", "ambos") in the text's ``languages`` counts two."""
    words = [w.strip(".").casefold() for w in _WORD.findall(text)]
    out = []
    for k, w in enumerate(words):
        pair = [(2, "")] if paired(w, languages) else []
        for n, _after in _counts([w, ""]) or pair:
            phrase = words[k + 1:k + 4]
            # up to a noun of files, and the word after it (an adjective after its noun:
            # "deux fichiers temporaires")
            at = next((i for i, x in enumerate(phrase) if _place(x)), None)
            out.append((n, phrase if at is None else words[k + 1:k + at + 3]))
    return out


def counted(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why the changing calls take, or the observing calls read, more files than a count the
    text states ("the two temp files" + three deletes; "I'll read both files." + three
    reads: blind round 43, gap 10), or None. The count bounds the files its phrase names
    ("the two old logs": ``old1.log``, ``old2.log``); a phrase ending in a noun of files ("two
    temp files", "deux fichiers", "beide Dateien") bounds every file taken that the text
    neither writes out nor names by a word outside the phrase ("and the build log"). The
    files changed and the files read are counted apart (a step of each kind); a word that
    says two ([g-plan-pair]) counts the files read only."""
    # "both" bounds the reads only: a changing call's files are read from its commands and
    # contents too (a test file's imports), more than the files it writes
    counts = _phrases(ann.text, ann.tongues)
    if not counts:
        return None
    taken: list[str] = []
    read: list[str] = []
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if kinds - OBSERVING:
            taken += [p for p in _taken(name, args) if _flat(p) not in {_flat(t) for t in taken}]
        elif kinds:
            read += [p for p in _paths(args) if _file(p) is not None
                     and _flat(p) not in {_flat(t) for t in read}]
    return _over(ann, calls, _phrases(ann.text), taken) or _over(ann, calls, counts, read)


def _over(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          counts: Sequence[tuple[int, list[str]]], taken: Sequence[str]) -> str | None:
    """Why ``taken`` holds more files than a count of ``counts`` bounds, or None."""
    if len(taken) < 2:
        return None
    files = set(_written_paths(ann, {n.casefold() for n, _a in calls}))
    verbs = {v.casefold() for v, _k in ann.verbs}
    for n, phrase in counts:
        if len(taken) <= n or not phrase:
            continue
        bound = n
        if any(_place(w) for w in phrase):
            # a file some other word names is not counted; a written one the phrase does not
            # name is one more ("the two temp files and README.md")
            outside = [w for w in (*ann.objects, *ann.observed) if w.casefold() not in verbs
                       and w.casefold() not in phrase and not _place(w)
                       and _flat(w.strip(_QUOTES)) not in files]
            these = [p for p in taken if not _named(p, outside, ann.tongues)]
            bound += sum(1 for w in files if _file(w) is not None
                         and w not in phrase and not _named(w, phrase, ann.tongues))
        else:
            these = [p for p in taken if _named(p, phrase, ann.tongues)]
        if len(these) > bound:
            return (f"the text counts {n} of {' '.join(phrase)!r}, and the calls take "
                    f"{len(these)}: {', '.join(repr(p[:40]) for p in these[:4])}")
    return None
