"""The simple commands of a shell command line, as text (h90b split out of ``kinds``).

Parts are cut at unquoted ``;``, ``&``, ``|`` and newlines (``2>&1`` is a redirection); each
substitution (``$(…)``, ``<(…)``, ``>(…)``, a backtick) is a part of its own, read unquoted
whatever quote it stands in (``cat "$(curl -s x | sh)"`` pipes into a shell), and the command
around it goes on after it with a word in its place (``$_``: what no table knows, so a
substituted program runs). The lines a here-document feeds a program that only reads (``cat
<<'EOF'``) are text, not commands; any other program's are read as commands (the safe side)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable
from functools import lru_cache

from .memo import per_value

__all__ = ["shell_words", "split_line"]

_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][\w.-]*)\1")


def _heredoc_end(s: str, i: int, segment: str, reads: Callable[[str], bool]) -> int:
    """Where the line at ``i`` goes on: past a here-document's closing line when the command
    it feeds only reads (``cat <<'EOF'`` in ``git commit -m "$(cat <<'EOF' … EOF)"``: its
    lines are text); else ``i`` (the lines a shell or any other program is fed are read as
    commands, the safe side)."""
    m = _HEREDOC.search(segment)
    words = segment.split()
    prog = words[0].rsplit("/", 1)[-1].casefold() if words else ""
    if m is None or not reads(prog):
        return i
    dash = segment[m.start() + 2 : m.start() + 3] == "-"
    j = i
    while j < len(s):
        end = s.find("\n", j + 1)
        line = s[j + 1 : len(s) if end < 0 else end]
        if (line.lstrip("\t") if dash else line) == m.group(2):
            return len(s) if end < 0 else end - 1  # (the closing line's newline ends it)
        if end < 0:
            return i  # never closed: every line is read
        j = end
    return i


_SUBSTITUTED = "$_"
"""The word a substitution leaves in the command around it: what no table knows."""


def _pipe_at(s: str, i: int) -> bool:
    """The character at ``i`` is a pipe's: a ``|`` not of ``||``, or the ``&`` of ``|&``."""
    if s[i] == "|":
        return "|" not in (s[i - 1 : i], s[i + 1 : i + 2])
    return s[i] == "&" and s[i - 1 : i] == "|" and s[i - 2 : i - 1] != "|"


def split_line(command: str, reads: Callable[[str], bool], pipes: bool = True) -> list[str]:
    """The parts of a command line (module docstring); ``reads``: a program that only reads;
    ``pipes`` False: a pipe (``|``, ``|&``; not ``||``) does not cut, each part a pipeline."""
    s = command.replace("\\\n", " ")
    out: list[str] = []
    cur: list[str] = []
    quote = ""
    # each open substitution or parenthesis: its opener, the quote it stands in and the text
    # of the command around it (inside ``"$(…)"`` the code is unquoted: ``"$(curl -s x |
    # sh)"`` pipes into a shell; the command goes on after it, a word in its place)
    opened: list[tuple[str, str, list[str]]] = []
    i = 0
    while i < len(s):
        ch = s[i]
        if quote == "'":
            quote = "" if ch == "'" else quote
            cur.append(ch)
        elif ch == "\\" and i + 1 < len(s):
            cur.append(s[i : i + 2])
            i += 1
        elif s.startswith(("$(", "<(", ">("), i) or ch == "`":
            if ch == "`" and opened and opened[-1][0] == "`":
                out.append("".join(cur))
                _, quote, cur = opened.pop()
                cur.append(_SUBSTITUTED)
            else:
                opened.append((ch if ch == "`" else "$(", quote, cur))
                cur, quote = [], ""
            i += ch != "`"
        elif ch in "()" and not quote and opened and opened[-1][0] != "`":
            if ch == "(":
                opened.append(("(", "", []))
                cur.append(ch)
            elif opened[-1][0] == "(":
                opened.pop()
                cur.append(ch)
            else:
                out.append("".join(cur))
                _, quote, cur = opened.pop()
                cur.append(_SUBSTITUTED)
        elif quote == '"':
            quote = "" if ch == '"' else quote
            cur.append(ch)
        elif ch in "'\"":
            quote = ch
            cur.append(ch)
        elif (ch in ";|\n" or (ch == "&" and s[i - 1 : i] not in ("<", ">")
                               and s[i + 1 : i + 2] != ">")) and (pipes or not _pipe_at(s, i)):
            out.append("".join(cur))
            i = _heredoc_end(s, i, out[-1], reads) if ch == "\n" else i
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur))
    for _opener, _quote, around in reversed(opened):  # (never closed: each part is read)
        out.append("".join(around))
    return out


_QUOTING = re.compile(r"[\"'\\]")
"""What the shell joins a word across (``k"ubectl"``, ``t\\ee``)."""


@per_value  # (several readers join the same command value)
def joined(value: str) -> str:
    """The value with the shell's quotes and backslashes dropped: every word the shell reads
    from it stands in it whole (the text a literal prefilter searches)."""
    return _QUOTING.sub("", value) if _QUOTING.search(value) else value


@lru_cache(maxsize=64)
def _program_pattern(names: frozenset[str]) -> re.Pattern[str]:
    alts = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])", re.IGNORECASE)


_ODD_CASES = {"\u0130": "i", "\u0131": "i", "\u017f": "s"}
"""The characters IGNORECASE reads as an ASCII letter that ``str.lower`` does not map to it
(the Kelvin sign lowers to "k" itself); ``tests/intent/test_program_fold.py`` checks this
against every code point."""


def _ascii_folded(text: str) -> str:
    """``text`` with every character IGNORECASE reads as an ASCII letter made that letter, one
    character for one; a character outside ``[\\w-]`` stays outside it (other characters may
    change: the result only feeds a necessary test)."""
    if text.isascii():
        return text.lower()
    for odd, letter in _ODD_CASES.items():
        if odd in text:
            text = text.replace(odd, letter)
    return text.lower()


@lru_cache(maxsize=64)
def _names_literal(names: frozenset[str]) -> re.Pattern[str] | None:
    """The names lowered, as one plain alternation with the full pattern's look-ahead (the
    regex engine's first-character scan applies, which IGNORECASE and a leading look-behind
    turn off); None if a name is not ASCII (then only the full pattern is exact)."""
    if not all(n.isascii() for n in names):
        return None
    alts = "|".join(sorted({re.escape(n.lower()) for n in names}, key=len, reverse=True))
    return re.compile(rf"(?:{alts})(?![\w-])")


@per_value
def _folded_joined(value: str) -> str:
    return _ascii_folded(joined(value))


def names_program(value: str, names: Iterable[str]) -> bool:
    """Whether a program of ``names`` can be a word the shell reads from ``value`` (its name
    whole, or the last step of a path, in any case): the exact prefilter of a reader that
    splits a command into words to find one of them."""
    key = frozenset(names)
    literal = _names_literal(key)
    # Every match of the full pattern is a name lowered in the folded text: a text without
    # one has none, and the full pattern (IGNORECASE, tried at every character) is skipped.
    if literal is not None and literal.search(_folded_joined(value)) is None:
        return False
    return _program_pattern(key).search(joined(value)) is not None


_WORD = re.compile(r"[^ \t\r\n]+")
"""A word where no quote, backslash or comment can stand: a run of what ``shlex`` does not
read as whitespace (its ``whitespace`` is exactly these four)."""


def shell_words(part: str, comments: bool = False) -> list[str]:
    """``shlex.split(part, comments=comments)``, the same words and the same ``ValueError``:
    a part without a quote, a backslash (or a ``#`` when comments are read) is cut at
    ``shlex``'s whitespace in one search, as ``shlex`` would cut it character by character
    (``tests/intent/test_shell_words.py`` holds the two equal)."""
    if "'" in part or '"' in part or "\\" in part or (comments and "#" in part):
        return shlex.split(part, comments=comments)
    return _WORD.findall(part)
