"""A stated part of a read (h17a; blind round 44, gap 9; rule ``ungrounded-call``, read from
``readsizes.check``).

When the text states a part of what it reads, a count of lines, rows or entries at one end
("the first 20 lines of the log", "die ersten 20 Zeilen", "les 20 dernières lignes": a word
of kinds.txt [read-part] and a noun of [read-part-unit] beside a number), or an end of it
alone ("the top of the log", "the tail of the log": a noun of [read-part-end] before "of"),
an observing call that reads what the text names must bound what it reads:

- in a command, a reading program's count (kinds.txt [read-part-flags]: ``head -n 20``,
  ``tail -20``, ``journalctl -n``, ``kubectl logs --tail``; ``head`` and ``tail`` alone read
  10), a ``sed -n 1,20p`` range, an ``awk 'NR<=20'`` test, or a query's ``LIMIT 20``;
- in a tool's arguments, a number under a size key ([keys-read-size]: ``limit``, ``lines``,
  ``head``, ``tail``), a range ``"1-20"``, or a query's ``LIMIT``.

No bound (``cat /var/log/app.log``; ``read_file(path)``) reads the whole and refuses, and so
does a bound above the stated count (``head -n 500`` after "the first 20 lines"); fewer
lines than stated are kept. A call is held to the part only where it names what the text
reads (a word of its objects: "the log" + ``/var/log/app.log``), and a command only where a
reading program ([read] kind: ``cat``, ``head``, ``less``) or a bound reads: a search
(``grep``) or a listing is another step's."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .figures import CARDINALS
from .forcing import _shell_words
from .kinds import _command_values, command_kinds, commands, name_words, unprefixed
from .kindsfile import section
from .looked import _SELECT
from .named import _keys, _program_lines
from .preamble import Announcement
from .readscope import _program_flags
from .references import _unaccented
from .scope import named_in
from .walk import _leaves

__all__ = ["check"]

_WORD = re.compile(r"[^\W_]+|\d+")
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-|:|,|\.\.)\s*(\d+)\s*$")
_SED = re.compile(r"^'?\"?(\d+)(?:,(\d+))?p'?\"?$")
_NR = re.compile(r"\bNR\s*(<=?)\s*(\d+)")
_LIMIT = re.compile(r"\b(?:limit|top|fetch\s+first)\s+(\d+)\b", re.IGNORECASE)
_HEADS = frozenset({"head", "tail"})
"""The programs that read an end of a file and read 10 lines when no count is given."""
_DEFAULT = 10
_OF = frozenset({"of"})
"""The word after a noun of an end that says what it is the end of ("the top of the log")."""


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return CARDINALS.get(word)


def stated(text: str) -> tuple[int | None, list[str]] | None:
    """The part of a read the text states: (its count, or None for an end named alone; the
    words of the text after it), or None."""
    words = _WORD.findall(_unaccented(text.casefold()))
    parts, units, ends = section("read-part"), section("read-part-unit"), section("read-part-end")
    for i, w in enumerate(words):
        if w in parts:
            near = words[max(0, i - 2):i + 4]
            count = next((n for x in near for n in [_number(x)] if n is not None), None)
            if count is not None and any(x in units for x in near):
                return count, words[i + 1:]
        if w in ends and words[i + 1:i + 2] and words[i + 1] in _OF:
            return None, words[i + 2:]
    return None


def _size(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    if not isinstance(value, str):
        return None
    if value.strip().isdigit():
        return int(value.strip())
    m = _RANGE.match(value)
    return int(m[2]) - int(m[1]) + 1 if m else None


def _command_bounds(line: str) -> tuple[bool, list[int]]:
    """Whether the command line runs a reading program, and the counts it bounds a read by."""
    reads, out = False, [int(m[1]) for m in _LIMIT.finditer(line)]
    flags = _program_flags("read-part-flags")
    for part in commands(line):
        run = unprefixed(_shell_words(part))
        prog = run[0].rsplit("/", 1)[-1].casefold() if run else ""
        reads = reads or "read" in command_kinds(part)
        counts = [w for f in flags.get(prog, frozenset()) for w in _flag_values(run, f)]
        if prog in _HEADS:
            counts += [w[1:] for w in run[1:] if re.fullmatch(r"-\d+", w)]
        sized = [int(c) for c in counts if c.isdigit()]  # ``tail -n +20`` reads to the end
        out += sized
        if prog in _HEADS and not counts:
            out.append(_DEFAULT)
        if prog == "sed":
            out += [int(m[2] or m[1]) - int(m[1]) + 1 for w in run[1:] for m in [_SED.match(w)] if m]
        out += [int(m[2]) - (m[1] == "<") for w in run[1:] for m in _NR.finditer(w)]
    return reads, out


def _flag_values(run: list[str], flag: str) -> Iterable[str]:
    """A count flag's values: the next word, ``--flag=N``, or a short flag's attached digits."""
    for i, w in enumerate(run):
        if w == flag and i + 1 < len(run):
            yield run[i + 1]
        elif w.startswith(flag + "=") or (len(flag) == 2 and w.startswith(flag) and w[2:].isdigit()):
            yield w[len(flag) + 1:] if w.startswith(flag + "=") else w[2:]


def _lines(name: str, args: Mapping[str, Any]) -> list[str]:
    """The command lines the call runs (under a command key, or a program tool's)."""
    return _program_lines(name, args) or [v for k, v in _leaves(args) if isinstance(v, str)
                                          and _keys("command").intersection(name_words(k))]


def _bounds(name: str, args: Mapping[str, Any]) -> tuple[bool, list[int]]:
    """Whether the call reads (a reading program; a path it is given, when the part is counted)
    and its bounds."""
    lines = _lines(name, args)
    reads, out = False, list[int]()
    for line in lines:
        r, b = _command_bounds(line)
        reads, out = reads or r or bool(_SELECT.match(line)), out + b
    sizes = _keys("read-size") | _HEADS
    for key, leaf in _leaves(args):
        words = set(name_words(str(key)))
        if words & sizes or any(len(w) > len(z) and w.endswith(z) for w in words for z in sizes):
            n = _size(leaf)
            out += [n] if n is not None else []
        elif isinstance(leaf, str) and not lines:
            out += [int(m[1]) for m in _LIMIT.finditer(leaf)]
            reads = reads or bool(words & _keys("target") and re.search(r"[/.]\w", leaf)) \
                or bool(words & _keys("sql") or _SELECT.match(leaf))
    return reads, out


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an observing call reads more than the part of it the text states, or None."""
    part = stated(ann.text)
    if part is None:
        return None
    count, after = part
    # what it is a part of: the objects written after the part ("of the log"); none, every
    # call reads it ("I'll show the first 20 lines.")
    late = set(after) - section("read-part-unit")
    said: Sequence[str] = [x for w in (*ann.objects, *ann.observed)
                           for x in _WORD.findall(_unaccented(w.casefold())) if x in late]
    text = " ".join(str(v) for v in (*_command_values(args), *(
        leaf for _k, leaf in _leaves(args) if isinstance(leaf, str))))
    if said and not named_in(said, text):
        return None
    reads, bounds = _bounds(name, args)
    if count is None and not _lines(name, args):
        return None  # an end named alone: a tool reads a file as it reads it, a command bounds
    if not reads and not bounds:
        return None
    if not bounds:
        return (f"{name!r} reads the whole of what the announcement reads a part of "
                f"({'an end' if count is None else f'{count} at one end'})")
    if count is not None and min(bounds) > count:
        return (f"{name!r} reads {min(bounds)}, more than the {count} the announcement "
                "states")
    return None
