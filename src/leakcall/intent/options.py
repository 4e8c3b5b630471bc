"""The options a run step passes (issue 25, round 36, rule ``ungrounded-call``; read from
``beyond.check``): "I'll run the linter." is no ``npm run lint -- --fix``, "Let me run
`migrate.py`." no ``python migrate.py --drop-all``.

An option the announcement does not say (its words, its value; a backticked token holding it)
refuses when:

- **its words take a changing step**: a word of the option's name is of a kind that deletes,
  writes, commits, sends, pays or installs (the verb lexicon's kinds and the tool name kinds;
  [flags-changing-words] for words no verb is: ``--overwrite``, ``--inplace``), whatever the
  program (``--fix``, ``--drop-all``, ``--write``, ``--purge``); a deploying word names a
  build profile (``--release``), and an option whose first word negates the step
  (``--no-fix``, ``--skip-build``) takes none;
- **it names a file to write**: an output option (a name word of [flags-output-words]:
  ``--outputFile=``, ``--logfile=``, ``-o``) given a source or configuration file or folder
  the announcement does not name (``src/index.ts``, ``package.json``, ``.env``);
- **it is passed to a script**: a script run by an interpreter or by its path
  (``python migrate.py``, ``./deploy.sh``), a package script (``yarn lint``, ``npm run X --``)
  or anything after ``--`` has options no table knows: each one the announcement does not say
  is of the closed class that only shapes the output or selects tests ([flags-inert]:
  ``--verbose``, ``--json``, ``--dry-run``, ``-k``), or it refuses (``--skip-tests``,
  ``--keep=0``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from .announcement import replaced
from .commandscope import _SOURCE_DIR, _SOURCE_FILE, _command_texts, _said_words
from .dispatch import RUN, reads
from .flags import module_words
from .forcing import _shell_words
from .kinds import _kind_table, commands, unprefixed
from .kindsfile import section
from .looked import _named
from .outputs import DISCARDED, implied_output
from .preamble import Announcement
from .tables import english

__all__ = ["check"]

_CHANGING = frozenset({"delete", "write", "commit", "send", "pay", "install"})
"""Kinds of step an option's word may take that the run itself does not: creating only adds
(a run covers it, ``tongue.COVERS``); reading, running and testing are the run's own; a
deploying word names a build profile as often (``cargo build --release``), and a script's
options are held to being said whatever their words."""

_NEGATING = frozenset({"no", "skip", "without", "disable", "dont", "not"})
"""A first word that makes an option leave a step out (``--no-fix``)."""

_INTERPRETERS = re.compile(r"(?:python[\d.]*|node|bash|sh|zsh|ruby|perl|php|pwsh|ts-node|tsx)")
_SCRIPT = re.compile(r"(?i)\.(?:py|sh|bash|zsh|js|mjs|cjs|ts|rb|pl|php|ps1)$")
_PACKAGE_MANAGERS = frozenset({"yarn", "pnpm", "bun"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


@cache
def _inert() -> frozenset[str]:
    """[flags-inert]: options that only shape the output or select tests."""
    return section("flags-inert")


@cache
def _changing_words() -> frozenset[str]:
    """[flags-changing-words]: option words of a changing step no verb of the lexicon is."""
    return section("flags-changing-words")


@cache
def _output_words() -> frozenset[str]:
    """[flags-output-words]: option words that give the place the output is written to."""
    return section("flags-output-words")


def _name(word: str) -> tuple[str, str | None]:
    """An option's name (dashes off) and its attached value."""
    head, eq, value = word.lstrip("-").partition("=")
    return head, (value if eq else None)


def _name_words(head: str) -> list[str]:
    """The words of an option's name (``--outputFile``: output, file; ``--drop-all``)."""
    return [w.casefold() for w in re.split(r"[-_.:]+", _CAMEL.sub("-", head)) if w]


def _inflected(word: str, said: str) -> bool:
    """A said word is the option's word, inflected as English inflects a verb or a noun
    ("skipping" for ``skip``, "fixes", "writing" for ``write``), or compounded after "auto"
    ("autofix" for ``fix``): no other word that starts with it ("fixtures" is no ``fix``)."""
    stem = word[:-1] if word.endswith("e") else word
    return said == word or said == "auto" + word or re.fullmatch(
        re.escape(stem) + r"(?:e?s|e?d|ing|" + re.escape(word[-1:]) + r"(?:ed|ing))", said) \
        is not None


def _said(word: str, said: frozenset[str]) -> bool:
    """A word of an option is one the text writes (``_inflected``)."""
    return word in said or any(len(word) >= 3 and _inflected(word, s)
                               for w in said for s in re.split(r"[-_/]+", w))


def _in_code(word: str, code: Sequence[str]) -> bool:
    """The option is written in a backticked token of the text, as a word of it."""
    return any(word.casefold() in c.split() for c in code)


def _changing(word: str) -> str | None:
    """The first word of an option's name that takes a changing step, or None."""
    words = _name_words(_name(word)[0])
    if not words or words[0] in _NEGATING:
        return None
    table, joined = _kind_table()[0], "".join(words)
    for w in (*words, joined):
        kinds = {*table.get(w, ()), english().kind_of(w) or ""}
        if kinds & _CHANGING or w in _changing_words():
            return w
    return None


def _changes(words: Sequence[str]) -> bool:
    """The program or its subcommand takes a changing step of its own (``git push``, ``npm
    install``, ``helm upgrade``): its options say how, and the step's kind is grounded as the
    call's; an option turns only a run or a read into a change."""
    table, sub = _kind_table()
    prog = words[0].rsplit("/", 1)[-1].casefold()
    verb = next((w.casefold() for w in words[1:] if not w.startswith("-")), "")
    own = sub.get((prog, verb))
    kinds = {own} if own is not None else {*table.get(prog, ()), *table.get(verb, ()),
                                           english().kind_of(verb) or ""}
    return bool(kinds & (_CHANGING | {"deploy"}))


def _values(words: Sequence[str], at: int) -> Iterable[str]:
    """The value an option at ``at`` is given: attached, or the next word."""
    value = _name(words[at])[1]
    if value is not None:
        yield value
    elif at + 1 < len(words) and not words[at + 1].startswith("-"):
        yield words[at + 1]


def _output(word: str) -> bool:
    """The option gives the place the output is written to (``--outDir``, ``-o``)."""
    names = _name_words(_name(word)[0])
    return bool((set(names) | {"".join(names)}) & _output_words())


def _own_place(words: Sequence[str], at: int) -> bool:
    """An output option at ``at`` writes to the step's own output place (``--outDir=dist``,
    ``outputs.implied_output``) or to no file: it changes nothing of the tree's."""
    values = [v.strip("\"'") for v in _values(words, at)]
    return _output(words[at]) and bool(values) and all(
        v in DISCARDED or (implied_output(v) and not v.startswith(("/", "~"))) for v in values)


def _written_file(words: Sequence[str], at: int, said: frozenset[str], code: Sequence[str],
                  ann: Announcement) -> str | None:
    """The source or configuration file an output option at ``at`` writes, unnamed."""
    if not _output(words[at]):
        return None
    for value in _values(words, at):
        v = value.strip("\"'")
        if v in DISCARDED or not (_SOURCE_FILE.search(v) or _SOURCE_DIR.match(v)):
            continue
        if implied_output(v) and not v.startswith(("/", "~")):
            continue
        low = v.casefold()
        if low in said or any(low in c.split() for c in code) or _named(v, ann.objects,
                                                                         ann.tongues):
            continue
        return v
    return None


def _script_start(words: Sequence[str]) -> int | None:
    """Where a script's own options start, or None: after a script an interpreter or its path
    runs, after a package script's name (``yarn lint``, ``pnpm run build``), or after ``--``."""
    prog = words[0].rsplit("/", 1)[-1].casefold()
    if _SCRIPT.search(words[0]) or (words[0].startswith("./") and words[0].count("/") == 1):
        return 1
    if _INTERPRETERS.fullmatch(prog):
        at = next((i for i, w in enumerate(words[1:], 1) if not w.startswith("-")), None)
        if at is not None and words[at - 1] not in ("-c", "-e", "-m") and _SCRIPT.search(
                words[at]):
            return at + 1
    if "--" in words:
        return words.index("--") + 1
    if prog in _PACKAGE_MANAGERS and len(words) > 1 and not words[1].startswith("-"):
        sub = words[1].casefold()
        if sub == "run" and len(words) > 2:
            return 3
        if (prog, sub) not in _kind_table()[1] and sub not in _kind_table()[0]:
            return 2  # a package script by its name: ``yarn lint``
    return None


def _unsaid_script_option(words: Sequence[str], at: int, said: frozenset[str],
                          ann: Announcement) -> bool:
    """A script's option at ``at`` is not said: each word of its name, and its value."""
    head, value = _name(words[at])
    # said by its value: "on staging" + ``--env=staging``; a next word is the value only of a
    # flag where the step lands ([flags-destination]: ``--env staging``) or of a long one
    # named by one word that neither leaves a step out nor widens it (``--branch main``):
    # else an operand after ``--skip-tests`` or ``--all`` would say it
    names = _name_words(head)
    given = _values(words, at) if "--" + head in section("flags-destination") or (
        words[at].startswith("--") and len(names) == 1 and names[0] not in _NEGATING
        and not english().has(names[0], "g-universal")) else (
        [value] if value is not None else [])
    if any(len(v) > 2 and not v.isdigit() and _said(v.casefold(), said) for v in given):
        return False
    words = [w for w in _name_words(head) if len(w) > 1 or len(head) == 1]
    if not words or not all(_said(w, said) for w in words):
        return True
    return value is not None and value.casefold() not in said and not _named(
        value, ann.objects, ann.tongues)


def _why(part: str, said: frozenset[str], code: Sequence[str], ann: Announcement) -> str | None:
    """Why one simple command's options do more than the announced run, or None."""
    words = module_words(unprefixed(_shell_words(part)))
    if not words:
        return None
    start, changes = _script_start(words), _changes(words)
    for i, w in enumerate(words[1:], 1):
        if not w.startswith("-") or w in ("-", "--") or re.fullmatch(r"-\d[\d.]*", w) or \
                _in_code(w, code) or _name(w)[0].casefold() in _inert():
            continue
        hit = _changing(w) if len(_name(w)[0]) > 1 and not changes else None
        if hit is not None and not _said(hit, said):
            return (f"the command passes {w!r}, whose {hit!r} takes a changing step the "
                    "announcement does not say")
        written = _written_file(words, i, said, code, ann)
        if written is not None:
            return (f"the command's option {w!r} writes its output to {written!r}, a source "
                    "or configuration file the announcement does not name")
        if start is not None and i >= start and not _own_place(words, i) and \
                _unsaid_script_option(words, i, said, ann):
            return (f"the script is run with {w!r}, an option the announcement does not say "
                    "and that does more than shape its output")
    return None


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a run step passes an option the announcement does not say, or None."""
    if not runs:
        return None
    # the announcement's own words: an observation ("the script drops all tables") says
    # what a step would do, not that it is the step taken
    said, code = _said_words(replaced(ann, observed=()))
    said = said | {v.casefold() for v, _k in ann.verbs}
    for text in _command_texts(args):
        for part in commands(text):
            why = _why(part, said, code, ann)
            if why is not None:
                return why
    return None
