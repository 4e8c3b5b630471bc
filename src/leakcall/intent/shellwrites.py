"""A shell write's target (h97e, issue 25, rule ``ungrounded-call``; read from ``beyond``).

A command line that writes a file by the shell's own means (a redirection ``>``, ``>>``,
``&>``; ``tee``'s operands; the destination of ``cp``/``install``/``ln``, and of ``mv``
outside its source's own folder or hidden) writes a file the text names: a path it writes
(``test.txt``), a place inside or on the way to one, or a file a content word names ("the
log" + ``build.log``). The program's name grounds the step ("using echo redirection"), never
where it writes: "create test.txt" + ``echo hi > other.txt`` or ``>> ~/.bashrc`` is refused.
The step's verb names no file ("run the tests and save the output" + ``> run.sh``), and a
script, module or executable ([program-file-ext]: ``.sh``, ``.py``) is named only written.
A device (``/dev/null``) and the scratch folder (``/tmp``) are no file the text must name.
A rename in its own folder may leave its new name unsaid; when the text writes one ("rename
draft.md to final.md"), ``mv``/``git mv`` lands there (``renames``: no README.md overwritten)."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .commandscope import _command_texts
from .dispatch import RUN, reads
from .kinds import commands, unprefixed
from .kindsfile import _kinds_file, section
from .looked import _named, _same_place, _written_paths
from .paths import hidden_parts, normal_path
from .preamble import Announcement
from .shellsplit import names_program
from .statements import _leads

__all__ = ["check", "renames", "targets"]

_REDIRECT = frozenset({">", ">>", ">|", "&>", "&>>"})
_OTHER_REDIRECT = frozenset({">&", "<", "<<", "<<<", "<&", "<>"})
_TEE = frozenset({"tee"})
_COPIES = section("copy-program")
"""Programs whose last operand is where they write (``-t DIR`` names it first)."""
_SCRATCH = ("/dev/", "/tmp/", "/var/tmp/")
_WRITERS = _TEE | _COPIES
_PROGRAM_EXT = section("program-file-ext")


def _tokens(part: str) -> list[str]:
    lex = shlex.shlex(part, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    try:
        return list(lex)
    except ValueError:
        return []


def targets(command: str) -> Iterable[str]:
    """The files a command line writes by redirection, ``tee`` or a copy's destination."""
    for part in commands(command):
        if ">" not in part and not names_program(part, _WRITERS):
            continue
        tokens = _tokens(part)
        # a query's comparison (``WHERE n >= 2``) is no redirection
        if not tokens or tokens[0].casefold() in _leads(
                tuple(_kinds_file().get("statement-lead", ()))):
            continue
        words: list[str] = []
        skip = False
        for tok, nxt in zip(tokens, [*tokens[1:], ""], strict=True):
            if skip:  # a redirection's target or source is no operand
                skip = False
            elif tok in _REDIRECT or tok in _OTHER_REDIRECT:
                skip = True
                if tok in _REDIRECT and nxt:
                    yield nxt
            elif not (tok.isdigit() and (nxt in _REDIRECT or nxt in _OTHER_REDIRECT)):
                words.append(tok)
        words = unprefixed(words)
        if not words:
            continue
        prog = words[0].rsplit("/", 1)[-1].casefold()
        operands = [w for w in words[1:] if not w.startswith("-")]
        if prog in _TEE:
            yield from operands
        elif prog in _COPIES:
            pinned = [n for w, n in zip(words, [*words[1:], ""], strict=True)
                      if w in ("-t", "--target-directory")]
            if pinned:
                yield pinned[0]
            elif len(operands) >= 2 and not (prog == "mv" and _beside(operands[-1], operands[:-1])):
                yield operands[-1]


def renames(command: str) -> Iterable[tuple[str, list[str]]]:
    """Each rename in its source's own folder (``_beside``) a command line takes, ``mv`` or
    ``git mv``: its destination and its sources."""
    for part in commands(command):
        words = unprefixed(_tokens(part))
        if words[:2] == ["git", "mv"]:
            words = words[1:]
        if not words or words[0].rsplit("/", 1)[-1] != "mv" or any(
                w in _REDIRECT for w in words):
            continue
        operands = [w for w in words[1:] if not w.startswith("-")]
        if len(operands) >= 2 and _beside(operands[-1], operands[:-1]):
            yield operands[-1], operands[:-1]


def _beside(dest: str, sources: list[str]) -> bool:
    """A rename in its source's own folder to a name not hidden (``mv a/x.py a/y.py``): the
    step an announced rename takes, the new name often unsaid; a copy there adds a file."""
    d = normal_path(dest.strip())
    return not hidden_parts(d) and any(
        normal_path(s.strip()).rpartition("/")[0] == d.rpartition("/")[0] for s in sources)


def _free(path: str) -> bool:
    p = normal_path(path.strip())
    return p.startswith(_SCRATCH) or p.startswith(("&", "$", "=")) or p.isdigit() or p == "-"


def _runnable(path: str) -> bool:
    """A script, module or executable by its name's extension ([program-file-ext]):
    ``run.sh``, ``tests.py``."""
    leaf = normal_path(path.strip()).rsplit("/", 1)[-1].casefold()
    return "." in leaf.strip(".") and leaf.rsplit(".", 1)[1] in _PROGRAM_EXT


def _nouns(said: Sequence[str], ann: Announcement) -> list[str]:
    """The text's words but its verbs: the step ("run", "save") names no file it writes."""
    verbs = {v.casefold() for v, _k in ann.verbs}
    return [w for w in said if w not in verbs]


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(name: str, args: Mapping[str, Any], ann: Announcement, said: Sequence[str],
          runs: bool) -> str | None:
    """Why a command line writes a file the text does not name, or None."""
    if not runs:
        return None
    written: list[str] | None = None
    # the command lines a call runs (its command keys, as ``commandscope`` reads them): a
    # description or a note beside them is no shell line
    for text in _command_texts(args):
        for path in targets(text) if ">" in text or names_program(text, _WRITERS) else ():
            if _free(path):
                continue
            if written is None:
                written = _written_paths(ann, {name.casefold()})
            if _same_place(path, written):
                continue
            if _runnable(path):
                return (f"{name!r} writes {path[:60]!r} by the shell, a file a program runs "
                        "that the text does not write")
            if _named(path, _nouns(said, ann), ann.tongues):
                continue
            return (f"{name!r} writes {path[:60]!r} by the shell, a file the text does not "
                    "name")
        # a rename's new name may go unsaid ("rename it to snake case"); when the text writes
        # one ("rename draft.md to final.md"), the rename lands there and nowhere else (an
        # existing README.md overwritten)
        for dest, sources in renames(text):
            if written is None:
                written = _written_paths(ann, {name.casefold()})
            others = [w for w in written if not any(_same_place(s, [w]) for s in sources)]
            if others and not _same_place(dest, others):
                return (f"{name!r} renames {sources[0][:40]!r} to {dest[:40]!r}, where the "
                        f"text writes {others[0][:40]!r}")
    return None
