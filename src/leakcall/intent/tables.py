"""The intent tables, compiled ahead of time and shipped: ``tables.pickle`` beside this module.

Building the merged cue lexicon (``cues.Lexicon``) and each language's word classes
(``tongue.Tongue``) from ``grammar/lexicon/*.txt`` reads and normalises every entry and writes the
cue regexes: about 0.3 s, which the first reply of a process paid. The shipped file holds them
built; ``shipped()`` reads it in milliseconds.

The file is a line with the digest of everything the tables are built from (``digest``: the
lexicon files, and the modules that build them: ``cues``, ``words``, ``tongue``, ``sectionnames``, ``view``,
``patterns``, this one and ``locate`` for its tries), then the pickled ``Tables``. ``shipped()`` returns the
tables only when that digest is the one of the files beside it; otherwise (a lexicon or a
builder edited and the file not written again) None, and ``lexicon``/``tongues`` build from the
sources: the tables always say what the sources say. ``tests/intent/test_intent_tables.py``
fails while the file is stale, and checks that its content equals a build from the sources. Regenerate it with

    python -m leakcall.maint intent-tables

The file is loaded only from this package's own directory, which the install wrote (it is a
pickle: nothing else is ever unpickled here).

The lexicon's regexes are ``LazyPattern``s: each is compiled when first searched (most replies
reach few of the cue screens) or by ``compile_all`` (``leakcall serve`` calls it before it says
it is ready).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..families import grammar_dir
from .cues import Lexicon, load_lexicon
from .loading import build_tongues
from .patterns import LazyPattern
from .words import Tongue

__all__ = [
    "ARTEFACT",
    "REGENERATE",
    "Tables",
    "build",
    "built_bytes",
    "compile_all",
    "digest",
    "dump",
    "lexicon",
    "patterns",
    "read",
    "shipped",
    "stale",
    "tongues",
    "write",
]

ARTEFACT = Path(__file__).with_name("tables.pickle")
"""The compiled tables shipped with the package."""

REGENERATE = "python -m leakcall.maint intent-tables"
"""The command that writes ``ARTEFACT`` again from the sources."""

_FORMAT = b"leakcall-intent-tables 1 "
"""The first line's prefix (the digest follows): another layout is another prefix."""

_BUILDERS = ("intent/cues.py", "intent/words.py", "intent/tongue.py", "intent/sectionnames.py",
             "intent/view.py",
             "intent/patterns.py", "intent/tables.py", "locate.py")
"""The modules whose code decides what the tables hold (relative to the package)."""


@dataclass(frozen=True)
class Tables:
    """What the intent stage reads from the lexicon files, built."""

    lexicon: Lexicon
    """The merged cue lexicon (``lexicon()``)."""
    tongues: tuple[Tongue, ...]
    """Every language with a preamble model (``tongues()``)."""


def digest(lexicon_dir: Path) -> str:
    """The digest of what the tables of ``lexicon_dir`` are built from: its ``*.txt`` files and
    the builders' source (``_BUILDERS``)."""
    h = hashlib.sha256()
    package = Path(__file__).resolve().parents[1]
    for name, path in [*((f"lexicon/{p.name}", p) for p in sorted(lexicon_dir.glob("*.txt"))),
                       *((m, package / m) for m in _BUILDERS)]:
        h.update(f"\0{name}\0".encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def build(lexicon_dir: Path) -> Tables:
    """The tables of ``lexicon_dir``, built from its files now (no cache read or filled)."""
    return Tables(load_lexicon.__wrapped__(lexicon_dir), build_tongues(lexicon_dir))


def dump(tables: Tables, lexicon_dir: Path) -> bytes:
    """The artefact's bytes: the digest line, then the pickled tables."""
    return (_FORMAT + digest(lexicon_dir).encode() + b"\n"
            + pickle.dumps(tables, protocol=pickle.HIGHEST_PROTOCOL))


def read(data: bytes, lexicon_dir: Path) -> Tables | None:
    """The tables in an artefact's bytes, or None when they are not those of ``lexicon_dir`` as
    its files and the builders are now (stale), or unreadable."""
    head, _, body = data.partition(b"\n")
    if head != _FORMAT + digest(lexicon_dir).encode():
        return None
    try:
        tables = pickle.loads(body)  # the package's own file (module docstring)
    except Exception:  # written by another layout of the classes: build instead
        return None
    return tables if isinstance(tables, Tables) else None


def stale(data: bytes, lexicon_dir: Path) -> str | None:
    """Why an artefact's bytes are not the tables of ``lexicon_dir`` built now (its digest
    differs, or its bytes differ from a build's), or None."""
    if read(data, lexicon_dir) is None:
        return "its digest is not that of the lexicon files and the builders now, or it is unreadable"
    if data != built_bytes(lexicon_dir):
        return "its bytes differ from a build from the sources"
    return None


def built_bytes(lexicon_dir: Path) -> bytes:
    """``dump(build(lexicon_dir))``, run in a fresh process with a fixed string-hash seed: the
    same sources give the same bytes (the build sorts entries by length, and entries of one
    length keep the order of a set)."""
    import subprocess  # noqa: PLC0415 - a maintainer's step, not loaded with the package

    code = ("import sys; from pathlib import Path; from leakcall.intent import tables as t; "
            "d = Path(sys.argv[1]); sys.stdout.buffer.write(t.dump(t.build(d), d))")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    return subprocess.run([sys.executable, "-c", code, str(lexicon_dir)], capture_output=True,
                          check=True, env=env).stdout


def write(path: Path, lexicon_dir: Path) -> int:
    """Write ``built_bytes(lexicon_dir)`` to ``path``; how many bytes."""
    data = built_bytes(lexicon_dir)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return len(data)


@cache
def shipped() -> Tables | None:
    """The shipped tables when they are current, else None (the callers build from sources)."""
    try:
        data = ARTEFACT.read_bytes()
    except OSError:
        return None
    return read(data, grammar_dir() / "lexicon")


@cache
def lexicon() -> Lexicon:
    """The shipped cue lexicon (``grammar/lexicon/``), loaded the way the grammars are: the
    compiled tables when they are current, else built from the files."""
    built = shipped()
    return built.lexicon if built is not None else load_lexicon(grammar_dir() / "lexicon")


@cache
def tongues() -> tuple[Tongue, ...]:
    """Every language with a preamble model (a ``[g-opener]``, ``[g-acting]`` or ``[g-final]``
    section), in file order: the compiled tables when they are current, else built from the
    files."""
    built = shipped()
    return built.tongues if built is not None else build_tongues(grammar_dir() / "lexicon")


@cache
def _named() -> dict[str, Tongue]:
    return {t.name: t for t in tongues()}


def tongue(name: str) -> Tongue | None:
    """The language called ``name`` ("en", "zh"...), or None when the lexicon has none."""
    return _named().get(name)


def english() -> Tongue:
    """English, which every build of the lexicon has (the grounding tables read it)."""
    return _named()["en"]


_OF: dict[frozenset[str], tuple[Tongue, ...]] = {}
_OF_FROM: list[tuple[Tongue, ...]] = []
"""``tongues_of``'s answers for the ``tongues()`` they were read from: a preamble leak's checks
ask for the announcement's languages about thirty times, each a pass over every language."""
_OF_MOST = 256


def tongues_of(names: Iterable[str]) -> list[Tongue]:
    """The languages among ``names``, in the lexicon's file order (a new list each time)."""
    every = tongues()
    wanted = frozenset(names)
    got = _OF.get(wanted)
    if got is None or not _OF_FROM or _OF_FROM[0] is not every:
        if not _OF_FROM or _OF_FROM[0] is not every:  # the tables were read again: start over
            _OF.clear()
            _OF_FROM[:] = [every]
        got = tuple(t for t in every if t.name in wanted)
        if len(_OF) < _OF_MOST:  # only the lexicon's names repeat; any other set is cut each time
            _OF[wanted] = got
    return list(got)


def patterns(obj: object) -> Iterator[LazyPattern]:
    """Every ``LazyPattern`` reachable from ``obj`` (through containers, dataclass fields,
    ``__slots__`` and ``__dict__``)."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, (str, bytes, int, float, type(None))):
            continue
        seen.add(id(x))
        if isinstance(x, LazyPattern):
            yield x
        elif isinstance(x, dict):
            todo.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo.extend(x)
        else:
            todo.extend(_attributes(x).values())


def compile_all(obj: object) -> int:
    """Compile every ``LazyPattern`` reachable from ``obj`` now; how many there are."""
    n = 0
    for p in patterns(obj):
        p.compiled()
        n += 1
    return n


def _attributes(x: object) -> dict[str, Any]:
    out = {s: getattr(x, s) for c in type(x).__mro__ for s in getattr(c, "__slots__", ())
           if isinstance(s, str) and hasattr(x, s)}
    out.update(getattr(x, "__dict__", {}))
    return out
