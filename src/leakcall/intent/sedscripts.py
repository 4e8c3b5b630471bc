"""A sed that only prints: the closed reading of a sed command that changes nothing (h90b).

``sed`` writes a file only in place (``-i``, ``--in-place``) or by a script's own writing
commands (``w``, ``W``, the ``w`` flag of a substitution) and runs a command only by ``e`` (or
the ``e`` flag); everything else prints to its output. "Let me look at the parser code." +
``sed -n '1,80p' src/parser.py`` is a read. A sed is read so only when its words fit this
closed form, else it keeps its table kind (write):

- options only from the printing ones (``-n``, ``-E``, ``-r``, ``-s``, ``-u``, ``-z``, their
  long forms, ``--posix``, ``--debug``) and ``-e``/``--expression`` with a script; no
  ``-f`` (a script file says what it likes), no ``-i``;
- every script a sequence of steps, each an optional address or range (a line number, ``$``,
  a ``/pattern/``, ``first~step``, ``addr,+N``), an optional ``!``, then one command of
  ``p P d D q Q = l n N g G h H x z`` or a substitution ``s/PATTERN/REPLACEMENT/`` whose
  flags are only ``g p i I`` and digits: no ``w``, ``W``, ``e``, ``r``, ``R``, no braces."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["SedWords", "prints_only", "sed_words"]

_PRINTING = frozenset({"-n", "--quiet", "--silent", "-E", "-r", "--regexp-extended", "-s",
                       "--separate", "-u", "--unbuffered", "-z", "--null-data", "--posix",
                       "--debug"})
_SHORT = re.compile(r"-[nErsuz]+")
_ADDR = r"(?:\d+(?:~\d+)?|\$|/(?:\\.|[^/\\\n])*/I?|\\(?P<d>[^\w\s\\])(?:\\.|(?!(?P=d)).)*(?P=d)I?)"
_BODY = (rf"(?:{_ADDR}(?:\s*+,\s*+(?:{_ADDR.replace('P<d>', 'P<e>').replace('P=d', 'P=e')}"
         r"|[+~]\d+))?)?\s*+!?\s*+"
         r"(?:[pPdDqQlnNgGhHxz=]|s(?P<q>[^\w\s\\])(?:\\.|(?!(?P=q))[^\n])*(?P=q)"
         r"(?:\\.|(?!(?P=q))[^\n])*(?P=q)[gpiI0-9]*)")
_SED_SCRIPT = re.compile(rf"\s*+(?:{_BODY}(?:\s*+;?\Z|\s*+;\s*+(?=\S)|(?=[^\S\n]*+\n)\s*+))++")
r"""Steps, each parted from the next by blanks holding one ``;`` or a line break (the script is
read with ``fullmatch``). Written so that each blank run has one reading (possessive, a ``;``
or a line break decided by a lookahead): the former ``(?:\s*STEP\s*(?:[;\n]|\Z))+`` split a
run of line breaks between steps in every way, 2**n tries for n steps on a failing tail (h18f)."""


class SedWords(NamedTuple):
    """A sed command's words sorted: its scripts (``-e``, else its first operand), its
    operands, and its option words as written."""

    scripts: list[str]
    operands: list[str]
    options: list[str]


def sed_words(words: Sequence[str]) -> SedWords | None:
    """The scripts, operands and options of a sed command (its words from ``sed`` on,
    unquoted), or None when an ``-e`` lacks its script or there is no script at all. The one
    reading of sed's command line (``prints_only`` here, ``sedsteps.sed_steps``)."""
    scripts: list[str] = []
    operands: list[str] = []
    options: list[str] = []
    k = 1
    while k < len(words):
        w = words[k]
        if w in ("-e", "--expression"):
            if k + 1 >= len(words):
                return None
            scripts.append(words[k + 1])
            k += 2
            continue
        if w.startswith("--expression="):
            scripts.append(w.partition("=")[2])
        elif w == "--":
            operands += words[k + 1:]
            break
        elif w.startswith("-") and w != "-":
            options.append(w)
        else:
            operands.append(w)
        k += 1
    if not scripts:
        if not operands:
            return None
        scripts.append(operands[0])
    return SedWords(scripts, operands, options)


def prints_only(words: Sequence[str]) -> bool:
    """The sed command (its words from ``sed`` on, unquoted) only prints (module docstring)."""
    got = sed_words(words)
    if got is None:
        return False
    for w in got.options:
        if w not in _PRINTING and not _SHORT.fullmatch(w):
            return False
    scripts = got.scripts
    return all(s.strip() and _SED_SCRIPT.fullmatch(s.strip()) for s in scripts)
