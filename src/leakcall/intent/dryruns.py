"""Programs that only look in a closed form (h13b): an ``awk`` that only prints and a ``make``
that only asks (read by ``kinds.command_kinds``; a ``sed`` that only prints is ``sedscripts``).

"Let me check the available make targets first." + ``make -qp | awk -F: '/^[a-z]+:/ {print
$1}' | sort -u``: every program of the line only looks, so the line is a read, and a verb of
finding out grounds it as it grounds ``ls`` or ``grep`` (``inspecting``). Each form is closed;
a word outside it keeps the program's table kind (``make`` makes, an ``awk`` runs):

- ``awk`` (``gawk``, ``mawk``, ``nawk``) prints to its output only: options only ``-F``/``-v``
  (attached or with the next word, their long forms) and ``-e``/``--source`` with a program; no
  ``-f`` (a program file says what it likes), no ``-i`` (``-i inplace`` writes), no ``-l``;
  every program holds no ``>`` or ``|`` (``print > "f"``, ``print | "sh"``, ``"cmd" | getline``
  write or run: a comparison ``$1 > 5`` is refused with them, the safe side), no ``@`` (gawk's
  ``@load``, ``@include``), no ``system`` call and no ``getline`` (gawk's ``getline <
  "/inet/tcp/…"`` opens a connection).
- ``make`` (``gmake``) with no goal and only the flags of asking: a dry run or a question
  (``-n``, ``-q``, their long forms) is among them, beside the printing and quiet ones (``-p``,
  ``-s``, ``-r``, ``-R``, ``-k``, ``-w``); no ``-f``, ``-C``, ``--eval`` or assignment. A
  dry run still reads the project's own Makefile (its ``$(shell …)`` and ``+`` recipe
  lines run, ``docs/limits.md``); ``make -p`` alone builds the default goal: it keeps
  ``create``.

A word that merges or discards a stream (``2>/dev/null``) is no word of the form: what a
redirection writes is read by ``command_kinds`` itself, before any program."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["looks_only"]

_AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})
_AWK_VALUED = frozenset({"-F", "-v", "--field-separator", "--assign"})
_AWK_ATTACHED = re.compile(r"-[Fv].+|--(?:field-separator|assign)=.+")
_AWK_PROGRAM = frozenset({"-e", "--source"})
_AWK_WRITES = re.compile(r"[>|@]|\b(?:system|getline)\b")
"""What in an awk program writes, runs or loads (module docstring)."""

_MAKES = frozenset({"make", "gmake"})
_MAKE_CLUSTER = re.compile(r"-[nqpsrRkw]+")
_MAKE_LONG = frozenset({"--dry-run", "--just-print", "--recon", "--question", "--print-data-base",
                        "--silent", "--quiet", "--no-builtin-rules", "--no-builtin-variables",
                        "--keep-going", "--print-directory", "--no-print-directory"})
_MAKE_ASKS = re.compile(r"-[a-zA-Z]*[nq][a-zA-Z]*|--(?:dry-run|just-print|recon|question)")
_DISCARD = re.compile(r"\d?>&\d|[\d&]?>{1,2}/dev/null")
"""A word that only merges or discards a stream (``2>&1``, ``2>/dev/null``), as the shell
reads it unquoted: any other redirection word is read as the form's own word."""


def _awk_prints(words: Sequence[str]) -> bool:
    programs: list[str] = []
    operands: list[str] = []
    k = 1
    while k < len(words):
        w = words[k]
        if _DISCARD.fullmatch(w):
            pass
        elif w in _AWK_VALUED or w in _AWK_PROGRAM:
            if k + 1 >= len(words):
                return False
            if w in _AWK_PROGRAM:
                programs.append(words[k + 1])
            k += 1
        elif w.startswith("--source="):
            programs.append(w.partition("=")[2])
        elif w == "--":
            operands += words[k + 1 :]
            break
        elif w.startswith("-") and w != "-":
            if not _AWK_ATTACHED.fullmatch(w):
                return False
        else:
            operands.append(w)
        k += 1
    if not programs:
        if not operands:
            return False
        programs.append(operands[0])
    return all(_AWK_WRITES.search(p) is None for p in programs)


def _make_asks(words: Sequence[str]) -> bool:
    rest = [w for w in words[1:] if not _DISCARD.fullmatch(w)]
    return bool(rest) and all(_MAKE_CLUSTER.fullmatch(w) or w in _MAKE_LONG for w in rest) \
        and any(_MAKE_ASKS.fullmatch(w) for w in rest)


def looks_only(prog: str, words: Sequence[str]) -> bool:
    """The command (its words from the program on, unquoted; ``prog`` its program's name) only
    looks in the closed form of its program (module docstring); any other program: False."""
    if prog in _AWKS:
        return _awk_prints(words)
    if prog in _MAKES:
        return _make_asks(words)
    return False
