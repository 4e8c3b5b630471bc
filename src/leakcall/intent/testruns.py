"""A test or lint run that hides its result or drops part of what was announced (issue 25,
round 46 gap 7, h20d; rule ``ungrounded-call``, read from ``commandscope.check`` beside its
``_narrowed``).

A run of kind ``test`` (a test runner, a linter, a type checker: ``pytest``, ``ruff check``,
``npm test``) is announced to learn whether the code passes; the agent reports what it
returns. Three shapes make that report one nobody measured, and each refuses unless the text
writes what the call adds:

- **the exit status discarded**: ``|| true``, ``|| :`` or ``|| exit 0`` after the run (a
  failure becomes a success), or an option of the closed class ``_MASKS`` that makes the
  program exit 0 or run no test (``--exit-zero``, ``--collect-only``, ``--co``,
  ``--setup-only``, ``--listTests``). Written out ("run `ruff check --exit-zero`", "collect
  the tests with --collect-only": every word of the option in the text) it is the step. A
  fallback that says what happened (``|| echo "lint issues"``) keeps the result: it is read
  by whoever reads the output.
- **a part excluded**: an option of ``_EXCLUDES`` (``--deselect``, ``--ignore``, ``--exclude``,
  ``--skip``, ``-k``/``-m`` with ``not``) whose excluded name the text does not write: "run
  the unit tests for the parser" + ``-k 'not security'`` or ``--deselect
  tests/test_parser.py::test_security`` leaves out tests the announced run holds; "run the
  tests except the slow ones" + ``-k 'not slow'`` writes it. The name compared is what the
  option leaves out (the words after ``not``; the test after the last ``::``, or the last
  segment of a path), without the words every test name holds (``test``, ``tests``, ``spec``).
- **a whole run given one file**: after "the full test suite" (``commandscope._WHOLE``, or an
  announcement that says "all"), an operand that is one test file or test
  (``tests/test_smoke.py``, ``…::test_x``) the text does not write runs a part of it; a
  folder (``tests/``) is the suite.

Kept: a plain run, a positive selection (``-k parser`` after "the parser tests"), output
options, a run whose announcement writes the option or the excluded name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .flags import sets_flag
from .kinds import command_kinds, commands
from .looked import _split
from .preamble import Announcement

__all__ = ["check"]

_MASK_TAIL = re.compile(r"\|\|\s*(?:true|/bin/true|:|exit\s+0)(?=\s*(?:$|[;&|)#\n]))")
"""A fallback that turns the failure of what it follows into a success."""
_MASKS = ("--exit-zero", "--collect-only", "--co", "--setup-only", "--setup-plan",
          "--listTests", "--list-tests")
"""Options that make a test or lint run exit 0 whatever it finds, or run no test."""
_EXCLUDES = ("--deselect", "--ignore", "--ignore-glob", "--exclude", "--exclude-tag",
             "--skip", "-skip", "--testPathIgnorePatterns")
"""Options whose value names a part of the run left out."""
_SELECTS = ("-k", "-m")
"""Selection expressions: what follows a ``not`` in them is left out."""
_GENERIC = frozenset({"test", "tests", "spec", "specs", "py", "js", "ts", "not", "and", "or"})
_WORD = re.compile(r"[^\W\d_]{3,}")
_TEST_FILE = re.compile(r"(?:^|/)[\w.-]+\.(?:py|js|jsx|ts|tsx|mjs|cjs|go|rs|rb|java|kt|php|cs)"
                        r"(?:::[\w\[\].-]+)*$|::")


_MODULE = re.compile(r"^\s*python[\d.]*\s+-m\s+")
"""A runner started as a Python module (``python -m pytest``): the runner's own run."""


def _text_words(ann: Announcement) -> frozenset[str]:
    return frozenset(w.casefold() for w in _WORD.findall(ann.text))


def _value(words: list[str], i: int, flag: str) -> str:
    """The value a flag at ``words[i]`` is given (``--flag=x`` or ``--flag x``)."""
    w = words[i]
    if w.startswith(flag + "=") and len(w) > len(flag) + 1:
        return w[len(flag) + 1:]
    if w == flag and i + 1 < len(words):
        return words[i + 1]
    return ""


def _excluded(flag: str, value: str) -> list[str]:
    """The words naming what an option leaves out."""
    if flag in _SELECTS:
        return [w for m in re.finditer(r"\bnot\s+\(?([\w\s-]+?)\)?(?=\s+(?:and|or)\b|$|\))",
                                         value) for w in _WORD.findall(m.group(1))]
    last = value.rsplit("::", 1)[1] if "::" in value else value.rstrip("/").rsplit("/", 1)[-1]
    return _WORD.findall(last.rsplit(".", 1)[0] if "." in last else last)


def _parts(args_texts: Iterable[str]) -> Iterable[tuple[str, list[str]]]:
    """Each test or lint command of the call's command lines, with its words."""
    for text in args_texts:
        for part in commands(text):
            if "test" in command_kinds(_MODULE.sub("", part)):
                yield part, _split(part)


def _masked(texts: list[str], said: frozenset[str], written: str) -> str | None:
    for text in texts:
        for m in _MASK_TAIL.finditer(text):
            before = re.split(r"[;\n]", text[:m.start()])[-1]
            if "test" in command_kinds(_MODULE.sub("", before)) and m.group().replace(" ", "") not in written:
                return (f"the call runs {before.strip()[:40]!r} with {m.group()!r}, which "
                        "turns its failure into a success the announcement does not write")
    for _part, words in _parts(texts):
        for w in words:
            flag = next((f for f in _MASKS if w == f or w.startswith(f + "=")), None)
            if flag is not None and not set(re.findall(r"[a-z]+", flag.casefold())) <= said:
                return (f"the call runs the check with {w!r}, which reports no failure, and "
                        "the announcement does not write it")
    return None


def _left_out(texts: list[str], said: frozenset[str]) -> str | None:
    for _part, words in _parts(texts):
        for i, w in enumerate(words):
            flag = next((f for f in (*_EXCLUDES, *_SELECTS) if sets_flag(w, f)
                         and (w == f or w.startswith(f + "="))), None)
            if flag is None:
                continue
            value = _value(words, i, flag)
            names = [x.casefold() for x in _excluded(flag, value)]
            names = [x for x in names if x not in _GENERIC]
            if names and not set(names) & said:
                return (f"the call leaves {value[:40]!r} out of the run with {flag!r}, which "
                        "the announcement does not write")
    return None


def _one_file(texts: list[str], ann: Announcement, whole: bool,
              said: frozenset[str]) -> str | None:
    if not whole:
        return None
    code = " ".join(o.casefold() for o in (*ann.objects, *ann.observed))
    for _part, words in _parts(texts):
        for w in words[1:]:
            if w.startswith("-") or not _TEST_FILE.search(w):
                continue
            stem = w.rsplit("::", 1)[-1].rstrip("/").rsplit("/", 1)[-1].casefold()
            if stem in code or w.casefold() in code:
                continue
            names = [x for x in (y.casefold() for y in _WORD.findall(stem.rsplit(".", 1)[0]))
                     if x not in _GENERIC]
            if names and set(names) <= said:
                continue
            return (f"the announcement runs the whole suite, and the call runs only {w!r}: "
                    "a part is not the announced run")
    return None


def check(texts: list[str], kinds: frozenset[str], ann: Announcement, whole: bool) -> str | None:
    """Why a test or lint run hides its result or runs less than announced, or None."""
    del kinds  # (``python -m pytest`` is of kind run: each command is read by its runner)
    if not texts or not any(True for _ in _parts(texts)):
        return None  # (no test or lint run: the text's words are not read)
    said = _text_words(ann)
    written = ann.text.replace(" ", "")
    return _masked(texts, said, written) or _left_out(texts, said) or _one_file(texts, ann, whole, said)
