"""Kinds of line: an edit announced as a change of one kind of line changes only such lines.

"I'll update the docstring", "Let me add the missing import", "Je supprime l'import
inutilisé", "我来更新注释" name the lines a step changes by their kind: a line that runs nothing
([g-line-prose]: a comment, a docstring, a doc comment) or one that imports ([g-line-import]).
When every changing step announced is named by such a noun, and the sentence saying it joins
no other object to it (no "and", no comma: "add a docstring and type hints" names more), each
edit (an old text and its new one, ``removal._pairs``) changes only lines of a kind named: with
the lines of those kinds (and lines that say nothing) set aside, the old text's lines and the
new text's are the same, in order. A line that swaps ``return bcrypt.verify(..)`` for
``return True`` under "update the docstring", or adds ``os.system(..)`` under "add the missing
import", is a step the announcement does not say (rule ``ungrounded-call``).

A line's kind is told by its syntax, in the language of the file (``removal._uncommented``
for comments; a Python docstring is a string statement opening with its triple quote, and
every line to its closing quote; an import line is one whole import statement of Python,
JavaScript/TypeScript, Go, Rust, Java/Kotlin/C#, C/C++, Ruby or PHP, or a line of a bracketed
import list it opens). Under a noun of lines that run nothing, a statement line with a comment
after it counts by its code alone (``x = 1  # old`` -> ``x = 1  # new``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .kinds import OBSERVING
from .removal import _SAYS_NOTHING, _pairs, _uncommented
from .values import _slip

if TYPE_CHECKING:
    from .preamble import Announcement

__all__ = ["other_line"]

_PY_IMPORT = re.compile(
    r"(?:from\s++(?:\.*+[\w.]*+\s++|(?<=\s\s))import\s++(?:\(\s*+)?[\w\s,.*]*(?:\\)?"
    r"|import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)")
_JS_IMPORT = re.compile(
    r"(?:import\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\*\s+as\s+[\w$]+|\{[\w$\s,]*\}?)?\s*"
    r"(?:from\s*)?(?:['\"][^'\"]+['\"])?\s*;?"
    r"|export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*['\"][^'\"]+['\"]\s*;?"
    r"|(?:const|let|var)\s+(?:[\w$]+|\{[\w$\s,:]*\})\s*=\s*require\(\s*['\"][^'\"]+['\"]\s*\)\s*;?"
    r"|\}\s*from\s*['\"][^'\"]+['\"]\s*;?)")
_OTHER_IMPORT = re.compile(
    r"(?:import\s+(?:static\s+)?[\w.]+(?:\.\*)?\s*;?"  # Java, Kotlin, Scala
    r"|import\s+(?:[\w.]+\s+)?\"[^\"]+\"|import\s*\("  # Go
    r"|(?:pub\s+)?use\s[\w:{}\s,*]++;?|extern\s+crate\s+\w+;"  # Rust
    r"|using\s+(?:static\s+)?[\w.]+(?:\s*=\s*[\w.]+)?;"  # C#
    r"|#\s*include\s*[<\"][^>\"]+[>\"]"  # C, C++
    r"|require(?:_relative)?\s*+(?:\(\s*+)?['\"][^'\"]+['\"]\s*\)?"  # Ruby
    r"|use\s+[\w\\]+(?:\s+as\s+\w+)?;"  # PHP
    r"|(?:require|include)(?:_once)?\s*+(?:\(\s*+)?['\"][^'\"]+['\"]\s*\)?;)")
_LIST_ITEM = re.compile(r"(?:[\w$.]+(?:\s+as\s+[\w$]+)?|(?:[\w.]+\s+)?\"[^\"]+\"|[\w:{}*]+)\s*,?")
"""A line of a bracketed import list: a name (``a,``, ``b as c,``) or a Go import path."""
_OPENS = re.compile(r"[({]\s*$")
_CLOSES = re.compile(r"[)}]\s*(?:from\s*['\"][^'\"]+['\"])?\s*;?")

_TRIPLE = re.compile(r"[rRuUbB]?(\"\"\"|''')")
_DOCSTRING_FILE = re.compile(r"\.pyi?$|^$", re.IGNORECASE)
_TAIL = re.compile(r"\s+(?:#|//)\s.*$")
"""A comment after code (``x = 1  # why``)."""


def _is_import(line: str) -> bool:
    text = line.strip()
    return any(p.fullmatch(text) for p in (_PY_IMPORT, _JS_IMPORT, _OTHER_IMPORT))


def _imports(lines: Sequence[str]) -> list[bool]:
    """Whether each line is an import line: a whole import statement, or a line of the
    bracketed list one opens (to the line closing it)."""
    out, open_list = [], False
    for line in lines:
        text = line.strip()
        if open_list:
            closes = _CLOSES.fullmatch(text) is not None
            out.append(closes or _LIST_ITEM.fullmatch(text) is not None or not text)
            open_list = not closes and out[-1]
            continue
        out.append(_is_import(line))
        open_list = out[-1] and _OPENS.search(text) is not None
    return out


def _statements(text: str, other: str) -> int:
    """How many import statements the text holds on lines the other text lacks (a bracketed
    list is one statement: its first line)."""
    lines = text.split("\n")
    kept = Counter(x.strip() for x in other.split("\n"))
    return sum(1 for line in lines if _is_import(line) and not kept[line.strip()])


def _docstrings(lines: Sequence[str]) -> list[bool]:
    """Whether each line is a line of a Python docstring: a string statement opening with a
    triple quote at the line's start, to the line holding its closing quote (nothing after
    it). A triple-quoted string a line assigns or passes (``q = \"\"\"``) is data, not one."""
    out, quote = [], None
    for line in lines:
        text = line.strip()
        if quote is None:
            m = _TRIPLE.match(text)
            if m is None:
                out.append(False)
                continue
            quote, rest = m.group(1), text[m.end():]
        else:
            rest = text
        end = rest.find(quote)
        if end < 0:
            out.append(True)
            continue
        out.append(not rest[end + 3:].strip())
        quote = None
    return out


def _code(text: str, path: str, kinds: frozenset[str]) -> list[str]:
    """The lines of a text that are of no named kind, stripped, without those that say
    nothing; under prose kinds, a comment after code is set aside (when the code before it
    closes its quotes)."""
    lines = text.split("\n")
    skip = [False] * len(lines)
    if "prose" in kinds:
        bare = _uncommented([(line, False) for line in lines], path)
        skip = [not b and bool(line.strip()) for (b, _g), line in zip(bare, lines, strict=True)]
        if _DOCSTRING_FILE.search(path.strip()):
            skip = [a or b for a, b in zip(skip, _docstrings(lines), strict=True)]
    if "import" in kinds:
        skip = [a or b for a, b in zip(skip, _imports(lines), strict=True)]
    out = []
    for line, s in zip(lines, skip, strict=True):
        text = line.strip()
        if s or _SAYS_NOTHING.fullmatch(text):
            continue
        if "prose" in kinds:
            m = _TAIL.search(text)
            if m is not None and text[:m.start()].count('"') % 2 == 0 \
                    and text[:m.start()].count("'") % 2 == 0:
                text = text[:m.start()].rstrip()
        out.append(text)
    return out


def other_line(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit announced as a change of kinds of line changes a line of another kind,
    or None (the module's doc)."""
    if not ann.lines:
        return None
    words = {w for w, _k in ann.lines}
    # every step that may change names a kind of line (a verb of no known kind may too)
    steps = [s for s in ann.steps if s[1] not in OBSERVING]
    if not steps or not all(words & {n.casefold() for n in nouns} for _v, _k, nouns, _p in steps):
        return None
    kinds = frozenset(k for _w, k in ann.lines)
    imports = {w for w, k in ann.lines if k == "import"}
    one = bool(imports) and imports <= {w for w, k in ann.lines if k == "import-one"}
    for old, new, path in _pairs(args):
        if one:
            gone, added = _statements(old, new), _statements(new, old)
            if gone > 1 or added > 1:
                return (f"{name!r} {'removes' if gone > 1 else 'adds'} "
                        f"{max(gone, added)} import statements where the announcement names "
                        f"one {ann.lines[0][0]!r}")
        before, after = _code(old, path, kinds), _code(new, path, kinds)
        if "import" in kinds:
            # a misspelt import the edit mends ("fix the import": ``improt os``) was one
            mended = [x.strip() for x in new.split("\n") if _is_import(x)]
            before = [x for x in before if not any(_slip(x, a) for a in mended)]
        if before != after:
            line = next((b for a, b in zip(before, after, strict=False) if a != b),
                        (after + before)[min(len(after), len(before))])
            return (f"{name!r} changes {line[:60]!r}, a line of another kind than the "
                    f"{ann.lines[0][0]!r} the announcement names")
    return None
