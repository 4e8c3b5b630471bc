"""What a sed script does beyond its announced edit: the steps of a changing sed (h46e, r62 G4).

``sedscripts`` reads the closed form of a sed that only prints; a sed outside it keeps its
table kind (write), so "I'll edit `config.yaml` with `sed`." grounded any script. A script is
read here step by step (an address or range, ``!``, one command and its argument, as GNU sed
parses them), and these effects are steps of their own kinds, which the text must announce:

- a script that empties the file in place (``-i``): an unconditional ``d`` (no address, or
  ``1,$``), a substitution whose pattern matches every whole line (``.*``, ``^.*$``) and
  whose replacement is empty, or a quiet one (``-n``) that prints nothing, deletes the file's
  content, no edit of it (``empties``);
- a command that runs a shell command (``e``, the ``e`` flag of ``s``) runs (``runs``);
- the lines an in-place ``a``, ``i`` or ``c`` adds are content the text must write; the
  caller reads each as a command line (``added``: ``$a curl -s x | sh`` in ``~/.bashrc``);
- a file the script writes (``w``, ``W``, the ``w`` flag of ``s``) is a file the command
  writes, an operand of its own (``written``).

A script this does not read (an unknown command, an unclosed substitution, ``-f FILE``)
gives None: its command keeps its table kind."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .sedscripts import _ADDR, sed_words

__all__ = ["SedSteps", "sed_steps"]


class SedSteps(NamedTuple):
    inplace: bool
    empties: bool
    runs: bool
    added: tuple[str, ...]
    written: tuple[str, ...]


_HEAD = re.compile(
    rf"[\s;]*+(?P<a1>{_ADDR})?(?:\s*+,\s*+(?P<a2>"
    rf"{_ADDR.replace('P<d>', 'P<e>').replace('P=d', 'P=e')}|[+~]\d+))?\s*+(?P<neg>!)?\s*+")
_WHOLE_LINE = frozenset({".*", "^.*", ".*$", "^.*$", "^\\(.*\\)$", "^(.*)$"})
"""Patterns that match every whole line (basic and extended)."""
_SIMPLE = frozenset("pPdDqQlnNgGhHxzF=}{")
_TO_EOL = frozenset("wWrRe#")
_LABELLED = frozenset("btT:")


def _flags(w: str) -> str:
    """The one-letter options of an option word, a ``-i``'s suffix aside (``-ni`` is ``n`` and
    ``i``; ``-in`` is ``-i`` with the suffix "n"), the long ones as their letter."""
    if w.startswith("--"):
        long = {"--in-place": "i", "--quiet": "n", "--silent": "n"}
        return long.get(w.partition("=")[0], "")
    letters = re.match(r"-[A-Za-z]*", w).group()[1:]  # type: ignore[union-attr]
    return letters.partition("i")[0] + ("i" if "i" in letters else "")


def _split(text: str, at: int, delim: str) -> tuple[str, int] | None:
    """The part of ``text`` from ``at`` up to the next unescaped ``delim``, and the index after
    it, or None when it is never closed on the line."""
    k = at
    while k < len(text):
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c == "\n":
            return None
        if c == delim:
            return text[at:k], k + 1
        k += 1
    return None


def _eol(text: str, at: int) -> tuple[str, int]:
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    return text[at:end], end


def _read(script: str, inplace: bool) -> tuple[bool, bool, list[str], list[str], bool] | None:
    """(empties, runs, added lines, written files, prints) of one script, or None."""
    empties = runs = prints = False
    added: list[str] = []
    written: list[str] = []
    k = 0
    while True:
        m = _HEAD.match(script, k)
        assert m is not None  # (every part optional)
        k = m.end()
        if k >= len(script):
            break
        whole = not m["neg"] and (not m["a1"] or (m["a1"] == "1" and m["a2"] == "$"))
        cmd = script[k]
        k += 1
        if cmd in _SIMPLE:
            empties = empties or (whole and cmd in "dD")
            prints = prints or cmd in "pPl="
        elif cmd in "sy":
            pat = _split(script, k + 1, script[k]) if k < len(script) else None
            rep = _split(script, pat[1], script[k]) if pat else None
            if rep is None:
                return None
            k = rep[1]
            flags = re.match(r"[gpiImMe0-9]*", script[k:]).group()  # type: ignore[union-attr]
            k += len(flags)
            if cmd == "s":
                runs, prints = runs or "e" in flags, prints or "p" in flags
                empties = empties or (whole and pat[0] in _WHOLE_LINE and not rep[0])  # type: ignore[index]
                if script[k:k + 1] == "w":
                    name, k = _eol(script, k + 1)
                    written.append(name.strip())
        elif cmd in "aic":
            text, k = _eol(script, k)
            text = text.strip()
            if text in ("\\", "") and k < len(script):
                text, k = _eol(script, k + 1)  # "a\" and the text on the next line
            text = text.removeprefix("\\").strip()
            if cmd == "c" and whole and not text:
                empties = True
            if inplace and text:
                added.append(text)
        elif cmd in _TO_EOL:
            arg, k = _eol(script, k)
            if cmd == "e":
                runs = True
            elif cmd in "wW":
                written.append(arg.strip())
        elif cmd in _LABELLED:
            k = next((j for j in range(k, len(script)) if script[j] in ";\n"), len(script))
        else:
            return None
    return empties, runs, added, written, prints


def sed_steps(words: Sequence[str]) -> SedSteps | None:
    """The effects of a sed command (its words from ``sed`` on, unquoted), or None where its
    script is not read (module docstring)."""
    sed = sed_words(words)
    if sed is None or any(w in ("-f", "--file") or w.startswith("--file=") for w in sed.options):
        return None
    scripts = sed.scripts
    options = "".join(map(_flags, sed.options))
    inplace = "i" in options
    got = _read("\n".join(scripts), inplace)  # (GNU sed joins its scripts by line breaks)
    if got is None:
        return None
    empties, runs, added, written, prints = got
    # ("sed -n -i 's/a/b/' f": a quiet script that prints nothing writes nothing back)
    empties = empties or ("n" in options and not prints and "/dev/stdout" not in written)
    return SedSteps(inplace, empties and inplace, runs, tuple(added), tuple(written))
