"""Places a runner writes that an option gives it (``kinds.unplaced``): ``pytest
--basetemp=DIR`` (the runner empties it), ``--junitxml=FILE``, ``go test -coverprofile=FILE``,
``coverage html -d DIR``, ``cargo build --target-dir=DIR``, ``tsc --outDir=DIR``
([flag] entries of kind ``output`` in kinds.txt).

Such a value overwrites or deletes whatever is there, so it is a target of the step: the
announcement names it, unless it is a fresh place the step's own output goes to, a path under
a conventional output place ([output-places]: ``build/``, ``coverage/``, ``target``) or under
the system's scratch space (``/tmp/``). A path that climbs out of the working directory
(``..``) or into the repository's own records (``.git``) is never such a place, whatever the
rest of it says; nor is an operand the same command reads (``pytest src --basetemp=src``,
``go test main.go -coverprofile=main.go``): naming it names the input, not the place its
output overwrites (``overwritten``).
"""

from __future__ import annotations

import shlex
from functools import cache

from .flags import ASSIGNMENT, flag_values, module_words
from .kindsfile import _kinds_file, section
from .paths import normal_path


@cache
def _places() -> frozenset[str]:
    """[output-places] in kinds.txt: directories a build or a test run writes its output to."""
    return section("output-places")


def output_values(words: list[str], flag: str) -> list[str]:
    """The places a flag of kind output gives among a command's words: as ``flag_values``
    reads them, a one-dash flag as a whole word (Go's ``-coverprofile=c.out``, ``-o c.out``:
    Go clusters no flags, so ``-coverprofile`` is no ``-c -o``), and a report's
    ``type:path`` (``--cov-report=html:cov``) by its path (a type alone, ``term-missing``,
    writes to the terminal)."""
    if not flag.startswith("--"):
        values = []
        for i, w in enumerate(words):
            if w == flag and i + 1 < len(words):
                values.append(words[i + 1])
            elif w.startswith(flag + "="):
                values.append(w[len(flag) + 1:])
    else:
        values = flag_values(words, flag)
    if flag == "--cov-report":
        values = [v.split(":", 1)[1] for v in values if ":" in v]
    return [v for v in values if v]


DISCARDED = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr"})
"""Output places that are no file: a flag that writes its output there (``curl -o /dev/null``)
writes nothing, as ``> /dev/null`` writes nothing."""


def implied_output(value: str) -> bool:
    """Whether an output option's value is a place the step's own output goes to without the
    announcement naming it: under a conventional output place, never above the working
    directory or in ``.git``; an absolute or home path (``/tmp/pt``, ``/srv/x``) is no
    question here: ``reach.unnamed_path`` holds it to being named, the scratch space aside."""
    # (normalised, a ".." is left only where it starts: above the working directory, no place)
    path = normal_path(value)
    segments = [s.casefold() for s in path.split("/")]
    if ".git" in segments:
        return False
    if path.startswith(("/", "~")):
        return True  # beyond the working directory: ``reach.unnamed_path`` reads it
    return segments[0] in _places()


@cache
def _output_flags() -> dict[str, tuple[str, ...]]:
    """[flag] entries of kind output: program (or "program subcommand") -> its flags."""
    out: dict[str, list[str]] = {}
    for line in _kinds_file().get("flag", ()):
        pair, _, kind = line.rpartition("=")
        if kind.strip() == "output":
            *key, flag = pair.split()
            out.setdefault(" ".join(key), []).append(flag)
    return {k: tuple(v) for k, v in out.items()}


def overwritten(part: str) -> list[str]:
    """The places a simple command's output options write that are also operands it reads
    (``pytest src --basetemp=src``: the runner empties the directory it tests): each is a
    source the step destroys, whatever the announcement names."""
    try:
        words = shlex.split(part, comments=True)
    except ValueError:
        words = part.split()
    while words and ASSIGNMENT.fullmatch(words[0]):
        words = words[1:]
    words = module_words(words)
    prog = words[0].rsplit("/", 1)[-1].casefold() if words else ""
    rest = [w for w in words[1:] if not w.startswith("-")]
    flags = (*_output_flags().get(prog, ()),
             *(_output_flags().get(f"{prog} {rest[0].casefold()}", ()) if rest else ()))
    values = [v for f in flags for v in output_values(words, f)]
    # an operand: a word of its own, past the program, less each value given as a word of its
    # own ("-d src" once is the option's, not an operand)
    operands = [normal_path(w) for w in rest]
    for v in (v for f in flags for k, v in enumerate(words[1:]) if words[k] == f):
        if normal_path(v) in operands:
            operands.remove(normal_path(v))
    return [v for v in values if normal_path(v) in operands]
