"""Removal: an edit announced as a removal takes out only what the announcement names.

"I'll remove the unused `import sys`." names one import; "There's a leftover debug print in
payments.py. Let me remove it." names, through its pronoun, the print the observation names. An
edit (an old text and its new one, ``old_string``/``new_string``, ``old_str``/``new_str``, each
item of ``edits``, each hunk of a patch: an ``apply_patch`` envelope or a unified diff; what an
in-place ``sed`` deletes or substitutes away, ``_sed_removals``) announced only by deleting
steps ([kind-delete] verbs: "remove", "delete", "drop", "strip", "entfernen", "supprimer",
"删除", "削除"; other steps only look) takes out the lines of its old
text that its new text does not hold (compared line by line, without their indentation: a line
moved or re-indented is kept). Each such line carries a word or identifier of the object (the
announcements' own words; for a pronoun object, the observation's too), by the same reference
as every grounding (``_referenced``), or it is a line the step removes beside the thing named:
the permission check under the unused variable, the ``login_required`` import after the unused
``json`` one, the charge call after the debug print (``wider``). A name the object writes as
code ("the unused `json` import", "the `tmp` variable") is the thing itself, and the plain
words beside it say only its kind, which the lines around it share ("import", "variable"):
with one, each removed line carries such a name.

Lines that say nothing are free: a blank line, or one of punctuation only (a closing brace).
So is a comment line (``_uncommented``): a comment runs nothing, and an announced removal of
one ("remove both suppression comments") need not say what it reads.

A definition covers its body. A removed line that carries a word of the object and defines a
thing (its first word is no control word of a programming language, ``_CONTROL``: "def
legacy_parse(data):", "function legacyParse() {", "legacy:" in YAML) heads a block: the removed
lines after it indented deeper than it are that thing's body, and go with it ("delete the
`legacy_parse` function" + its whole body). The decorators right above such a line
(``@cache``, ``@Override``) are its own, and so is the keyword that closes its block at its
indentation (Ruby's and Lua's ``end``, ``_CLOSERS``). A block opened by a control word
(``if tmp:``, ``for x in tmp:``, ``with tmp:``) is a step the code takes on the named thing,
not the thing: its body is another statement, and carries the object's words itself or is
refused. A line at the head's indentation or less ends the body (the next function, a
decorator of the next one).
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import OBSERVING, _command_values, _keys, commands, name_words, unprefixed
from .preamble import Announcement
from .references import _CALL_WORD, _referenced
from .walk import _keyed_strings

__all__ = ["wider"]

_CONTROL = frozenset({
    "if", "elif", "else", "elsif", "elseif", "unless", "for", "foreach", "while", "until", "do",
    "loop", "switch", "case", "match", "when", "with", "try", "catch", "except", "finally",
    "return", "yield", "await", "assert", "raise", "throw", "defer", "go", "select", "using",
    "lock", "synchronized", "not", "and", "or", "in", "is", "then", "begin",
})
"""Control words of programming languages (a closed class): a line they open is a step the
code takes, not the definition of a thing."""

_CLOSERS = frozenset({"end", "end;", "fi", "done", "esac", "endif", "endfunction", "end function",
                      "end sub"})
"""Keywords that close a block at its head's indentation (Ruby, Lua, shell, VB): the last line
of a definition's body."""

_SAYS_NOTHING = re.compile(r"[\W_]*")
"""A blank line, or one of punctuation only (``}``, ``);``, ``*/``)."""
_FIRST_WORD = re.compile(r"[^\W\d]\w*")


def _pairs(args: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """(old text, new text, file) of each edit the arguments make, in order: an old and a new
    value (an ``edits`` list's items each hold one pair; the file is the call's target), or
    each hunk of a patch a value holds (``_hunks``)."""
    keyed = list(_keyed_strings(args))
    path = " ".join(v for k, v in keyed if set(name_words(k)) & _keys("target"))
    olds = [v for k, v in keyed if "old" in name_words(k)]
    news = [v for k, v in keyed if "new" in name_words(k)]
    out = [(o, n, path) for o, n in zip(olds, news, strict=True)] if len(olds) == len(news) \
        else []
    for k, v in keyed:
        if not set(name_words(k)) & {"old", "new"} and _PATCH.search(v):
            out += _hunks(v)
    return out + [(x, "", "") for x in _sed_removals(args)]


_SED_STEP = re.compile(
    r"(?:^|[;{]|(?<!\s)[^\S\n]*+\n)\s*+(?P<addr>(?:/(?:\\.|[^/\\])*/I?|\d+|\$)(?:\s*+,\s*+"
    r"(?:/(?:\\.|[^/\\])*/I?|\d+|\$|[+~]\d+))?)?\s*+(?P<neg>!?)\s*+(?:(?P<d>d)(?=\s*(?:$|[;\n}]))"
    r"|s(?P<q>[^\w\s\\])(?P<pat>(?:\\.|(?!(?P=q)).)*)(?P=q))")
"""A step of a sed script that takes text out: an address (a pattern, a line number, a
range) then ``d``, or a substitution's pattern (``s/PATTERN/...``). Blank runs are read once
(possessive); a step after a line break in a blank run is tried from the run's start (the same
groups as from the line break: its span starts earlier), so a run of many line breaks is not
read again from each (h18f)."""


def _sed_removals(args: Mapping[str, Any]) -> list[str]:
    """What each in-place sed (``sed -i``) a call runs takes out, as a line of removed text:
    the address of each ``d`` (``/print(payload)/``, ``42``) and the pattern of each
    substitution; a ``d`` after a negated address (``/keep/!d``) or none (``d``) takes out
    what no word names, and stands as the step itself."""
    out: list[str] = []
    for value in _command_values(args):
        for part in commands(value):
            if "sed" not in part.replace("'", "").replace('"', "").replace("\\", ""):
                continue  # no sed, even with quotes joined ("s''ed"): no split needed
            try:
                words = unprefixed(shlex.split(part))
            except ValueError:
                continue
            if not words or words[0].rsplit("/", 1)[-1] != "sed" or not any(
                    w.startswith(("-i", "--in-place")) or (
                        w.startswith("-") and not w.startswith("--") and "i" in w)
                    for w in words[1:]):
                continue
            scripts = [words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-e", "--expression")]
            if not scripts:
                scripts = [w for w in words[1:] if not w.startswith("-")][:1]
            for script in scripts:
                for m in _SED_STEP.finditer(script):
                    addr = m.group("addr") or ""
                    if m.group("d") and (m.group("neg") or not addr):
                        out.append(m.group("neg") + "d")  # (no word of the address names it)
                    else:
                        out.append(m.group("pat") if m.group("pat") is not None else addr)
    return out


_PATCH = re.compile(r"^(?:\*\*\* Begin Patch|@@ |--- \S.*\n\+\+\+ )", re.MULTILINE)
"""A patch: an ``apply_patch`` envelope, a unified diff's hunk header or file headers."""
_FILE_HEADER = re.compile(r"^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ (?:b/)?)(.*)$")


def _hunks(patch: str) -> list[tuple[str, str, str]]:
    """(old text, new text, file) of each file a patch changes: its lines kept (`` ``) and
    removed (``-``) are the old text, kept and added (``+``) the new; a file the patch deletes
    whole (``*** Delete File: x``) is one removed line, its path."""
    out: list[tuple[str, str, str]] = []
    old: list[str] = []
    new: list[str] = []
    path = ""
    lines = patch.split("\n")
    for i, line in enumerate(lines):
        m = _FILE_HEADER.match(line)
        header = m is not None or line.startswith(("*** ", "@@", "diff --git", "index ")) or (
            line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "))
        if header:
            if m is not None:
                if old or new:
                    out.append(("\n".join(old), "\n".join(new), path))
                old, new, path = [], [], m.group(1).strip()
                if line.startswith("*** Delete File: "):
                    # (the file is then the thing removed, not where it is removed from)
                    out.append((path, "", ""))
            continue
        if line.startswith("-"):
            old.append(line[1:])
        elif line.startswith("+"):
            new.append(line[1:])
        elif line.startswith(" "):
            old.append(line[1:])
            new.append(line[1:])
    if old or new:
        out.append(("\n".join(old), "\n".join(new), path))
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _removed(old: str, new: str) -> list[tuple[str, bool]]:
    """Each line of the old text and whether the new text lacks it (line by line, without
    indentation; a line the old text holds twice and the new once is removed once)."""
    kept = Counter(x.strip() for x in new.split("\n"))
    out = []
    for line in old.split("\n"):
        key = line.strip()
        if kept[key] > 0:
            kept[key] -= 1
            out.append((line, False))
        else:
            out.append((line, True))
    return out


_HASH = re.compile(r"\s*#(?:\s|$)")
"""A comment line of the languages commenting with ``#`` (Python, shell, YAML, Ruby, TOML, a
Makefile, a Dockerfile): the hash, then a space or nothing (``#include``, ``#[cfg]``, ``#!``
are no comments)."""
_SLASHES = re.compile(r"\s*(?://(?:\s|$)|<!--|--\s)")
"""A comment line of C-like languages (``// ``), markup (``<!--``), SQL and Lua (``-- ``)."""
_HASH_DIRECTIVES = re.compile(r"\.(?:c|h|cc|cpp|cxx|hpp|hh|m|mm|cs)$", re.IGNORECASE)
"""Files where a ``#`` line is a directive (``# define`` may have a space), not a comment."""
_FLOOR_DIVIDING = re.compile(r"\.pyi?$", re.IGNORECASE)
"""Files where a ``//`` line divides (a continued ``(a\n    // 2)``), not a comment."""
_PROSE_FILE = re.compile(r"\.(?:md|markdown|rst|txt|adoc|org)$", re.IGNORECASE)
"""Files where ``#`` heads a section and text is content: nothing there is a comment."""


def _uncommented(lines: list[tuple[str, bool]], path: str) -> list[tuple[str, bool]]:
    """The lines, with each comment line as a blank one: a comment runs nothing, so removing
    one takes no step of a program ("remove both suppression comments" + ``// biome-ignore
    ...``). A comment is a whole line the file's language comments out by a marker at its
    start (``_HASH``, ``_SLASHES``), or a line of a ``/* ... */`` block the old text opens;
    a prose file (``_PROSE_FILE``) has none, and a marker the file's language reads
    otherwise is none (``_HASH_DIRECTIVES``, ``_FLOOR_DIVIDING``)."""
    where = path.strip().casefold()
    if _PROSE_FILE.search(where):
        return lines
    out, block = [], False
    for line, gone in lines:
        text = line.strip()
        opens = not block and text.startswith("/*")
        comment = (_HASH.match(line) is not None and not _HASH_DIRECTIVES.search(where)) or (
            _SLASHES.match(line) is not None and not _FLOOR_DIVIDING.search(where))
        if opens or block:
            inside = text[2:] if opens else text
            block = "*/" not in inside
            # (code after the block's end is no comment: ``/* old */ verify(sig);``)
            comment = block or _SAYS_NOTHING.fullmatch(inside.split("*/", 1)[1]) is not None
        out.append(("", gone) if comment else (line, gone))
    return out


def _carries(words: Sequence[str], line: str) -> bool:
    """The line holds a word of the object (by ``_referenced``), or a name written as code
    (quoted) as written, or each word of it as a word of the line (``print()`` in
    ``print(x)``): a part of the name is no name (``import`` of `import re` is in every
    import)."""
    text = line.casefold()
    found = frozenset(_CALL_WORD.findall(text))
    for w in words:
        name = w.strip("`\"'").casefold()
        if w[:1] not in "`\"'":
            if _referenced([w], text, found) is not None:
                return True
        elif re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) or (
                _CALL_WORD.findall(name) and set(_CALL_WORD.findall(name)) <= found):
            return True
    return False


def _defines(line: str) -> bool:
    """The line opens no control step (its first word is no ``_CONTROL`` word) and leaves its
    block open: a line ending in ``;`` or ``}`` is a whole statement (``function f() { return
    1; }``, ``int tmp = 0;``), and what is indented below it is not its body."""
    m = _FIRST_WORD.search(line)
    return m is not None and m.group(0).casefold() not in _CONTROL and \
        not line.rstrip().endswith((";", "}"))


def _object_words(files: Sequence[str], ann: Announcement) -> list[str]:
    """The words naming what is removed: the announcements' content words but their verbs,
    and the observations' when a step's object is a pronoun; a word that only names the file
    the edit is in (its ``path``) names no part of it."""
    verbs = {v for v, _k in ann.verbs}
    words = [w for w in ann.objects if w not in verbs]
    if ann.pronoun:
        words += list(ann.observed)
    where = " ".join(files).casefold()
    there = frozenset(_CALL_WORD.findall(where))
    words = [w for w in words if _referenced([w], where, there) is None]
    # a name written as code is the thing; the words beside it say what kind of thing it is
    # ("the unused `json` import", "the `tmp` variable"), which other things are too
    quoted = [w for w in words if w[:1] in "`\"'" and w.strip("`\"'")]
    return quoted or words


def wider(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit announced only as a removal takes out a line that carries no word of the
    object the announcement (or, for a pronoun, its observation) names, and is no part of a
    definition that does, or None (see the module's doc)."""
    # every step announced deletes or looks: a step of another kind, or of none ("use it as
    # the key and remove the stale comment"), changes lines of its own
    kinds = {k for _v, k in ann.verbs} - OBSERVING
    if kinds != {"delete"}:
        return None
    pairs = _pairs(args)
    if not pairs:
        return None
    words = _object_words([path for _old, _new, path in pairs], ann)
    for old, new, path in pairs:
        stray = _stray(_uncommented(_removed(old, new), path), words)
        if stray is not None:
            return (f"{name!r} removes {stray.strip()[:60]!r}, which carries no word of what "
                    "the announcement removes")
    return None


def _stray(lines: list[tuple[str, bool]], words: Sequence[str]) -> str | None:
    """The first removed line that carries no word of the object and is no part of a
    definition that does (its body below it, its closing keyword, ``_CLOSERS``, or a
    decorator right above it, ``@``), or None."""
    body_of: int | None = None  # the indentation of the definition heading a block
    decorators: list[str] = []  # removed decorator lines waiting for their definition
    for line, gone in lines:
        if _SAYS_NOTHING.fullmatch(line):
            continue
        depth = _indent(line)
        if body_of is not None and (depth > body_of or (
                depth == body_of and gone and line.strip().casefold() in _CLOSERS)):
            body_of = None if depth == body_of else body_of
            continue  # (removed or kept, a line of the named definition's body)
        body_of = None
        if gone and line.lstrip().startswith("@") and (
                not decorators or _indent(decorators[0]) == depth):
            decorators.append(line)
            continue
        head = gone and bool(words) and _carries(words, line)
        if decorators and not (head and _defines(line) and _indent(decorators[0]) == depth):
            return decorators[0]
        decorators = []
        if not gone:
            continue
        if not head:
            return line
        if _defines(line):
            body_of = depth
    return decorators[0] if decorators else None
