"""A version-control step's options and operands (round 42 gaps 3 and 4, rule
``ungrounded-call``; read from ``beyond.check``): "commit the changes" is no ``git commit
--amend``, "merge the feature branch" no ``git merge -s ours feature``, "run the migration" no
``manage.py migrate app zero``.

- **a setting the text states** ([flags-vcs-stated] in kinds.txt, "<program> <subcommand>
  <flag> = <how>"): an option that rewrites history (``--amend``), resolves by discarding a
  side (``-s ours``, ``-X theirs``), takes more than the step's object (``stash --all``) or
  overwrites another ref (``branch -M``, ``checkout -B``) is stated by its word said in the
  text (``amend``: "amend", "amending"), by its value said (``value``: "the ours strategy"),
  by forcing ([g-escalate]: ``force``) or by "all"/"every" ([g-universal]: ``all``);
- **the refs a step names**: a rename's names (``git branch -m/-M [old] new``) and a tag's or
  a new branch's start point (``git tag v2.0 HEAD~30``) are named by the announcement, as a
  push's refspec is (``reach.pushed_refspec``); a relative revision two or more commits back
  (``HEAD~30``, ``HEAD^^``) is said by its count, in digits;
- **a commit of every tracked change** (``git commit -a``) where the announcement names a file
  ("the changes to `config.py`") or the part its change is to ("the change to the docs") and
  says no "all": it takes the other files' changes too ("the parser fix" names no part);
- **a migration run backwards**: a migrating command whose target is none (``zero``,
  ``base``, ``VERSION=0``) or that rolls back (``downgrade``, ``db:rollback``,
  ``migrate:reset``) unapplies migrations, a deleting step the announcement says by an undoing
  verb ([g-reverse]: "roll back", "revert") or by the target word itself ("to zero").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from .dispatch import RUN, reads
from .flags import option_values, sets_flag
from .forcing import _shell_words
from .kinds import commands, unprefixed
from .kindsfile import _kinds_file
from .preamble import Announcement
from .reachparts import _lines, _named_by
from .scope import _shell_uncommented
from .tables import tongues_of

__all__ = ["check"]

_GLOBAL_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})
"""git's own options before the subcommand that take the next word as their value."""

_VALUED = frozenset({"-m", "--message", "-F", "--file", "-u", "--local-user", "-C", "-c",
                     "--cleanup", "--format", "--points-at", "--contains", "--sort"})
"""Options of ``git tag`` / ``git branch`` / ``git commit`` that take the next word."""

_RELATIVE = re.compile(r"(?:HEAD|@|ORIG_HEAD|FETCH_HEAD)((?:~\d*|\^\d*)+)|HEAD@\{(\d+)\}")
"""A revision counted back from HEAD (``HEAD~30``, ``HEAD^^``, ``@~2``, ``HEAD@{5}``)."""

_FILE = re.compile(r"[\w.-]/[\w.-]|^\.?[\w-]+\.[A-Za-z]\w{0,5}$")
"""A word that names a file: a path with a slash, or a name with an extension."""


@cache
def _stated_flags() -> dict[tuple[str, str], tuple[tuple[str, str], ...]]:
    """[flags-vcs-stated] in kinds.txt: (program, subcommand) -> (flag, how it is stated)."""
    out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for line in _kinds_file().get("flags-vcs-stated", ()):
        head, _, how = line.partition("=")
        prog, sub, flag = head.split()
        out.setdefault((prog, sub), []).append((flag, how.strip()))
    return {k: tuple(v) for k, v in out.items()}


def _git_steps(name: str, args: Mapping[str, Any]) -> Iterable[tuple[str, list[str]]]:
    """(subcommand, its words after it) of each ``git`` command a call runs."""
    for value in _lines(name, args):
        for part in commands(_shell_uncommented(value)):
            words = unprefixed(_shell_words(part))
            if not words or words[0].rsplit("/", 1)[-1] != "git":
                continue
            k = 1
            while k < len(words) and words[k].startswith("-"):
                k += 2 if words[k] in _GLOBAL_VALUED else 1
            if k < len(words):
                yield words[k], words[k + 1:]


def _operands(sub: str, rest: list[str]) -> list[str]:
    """The words of a subcommand that are no option and no option's value (``git branch -m``
    moves: its operands are the names)."""
    valued = _VALUED - {"-m", "-c", "-C"} if sub == "branch" else _VALUED
    out, skip = [], False
    for w in rest:
        if skip:
            skip = False
        elif w == "--":
            continue
        elif w.startswith("-"):
            skip = w in valued
        else:
            out.append(w)
    return out


def _said(word: str, text: str) -> bool:
    """The word is written in the text, as a word or inflected ("amend", "amending")."""
    return re.search(r"(?<![\w-])" + re.escape(word.casefold()) + r"(?:e?s|e?d|ing)?(?![\w])",
                     text.casefold()) is not None


def _forced(ann: Announcement) -> bool:
    """The announcement says forcing ([g-escalate]), as ``reach.raised`` reads it."""
    ts = tongues_of(ann.tongues)
    said = [p for w in (*(v for v, _ in ann.verbs), *ann.objects)
            for p in (w, *re.split(r"[-_ ]", w))]
    return any(t.has(w.casefold(), "g-escalate") for t in ts for w in said)


def _unstated_flag(sub: str, rest: list[str], ann: Announcement) -> str | None:
    """The first option of [flags-vcs-stated] the step sets that the text does not state."""
    for flag, how in _stated_flags().get(("git", sub), ()):
        hit = next((w for w in rest if sets_flag(w, flag)), None)
        if hit is None or re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", ann.text):
            continue  # the flag written out, as written (``-M`` is no ``-m``)
        if how == "value":
            values = option_values(rest, flag)
            if values and all(_said(v, ann.text) for v in values if v):
                continue
        elif how == "force":
            if _forced(ann):
                continue
        elif how == "all":
            if ann.universal:
                continue
        elif _said(how, ann.text):
            continue
        return hit
    return None


def _count(spec: str) -> int:
    """How many commits back a relative revision goes (``~3``: 3, ``^^``: 2, ``~``: 1)."""
    n = 0
    for m in re.finditer(r"~(\d*)|\^(\d*)", spec):
        n += int(m.group(1) or 1) if m.group(0)[0] == "~" else 1
    return n


def _unnamed_ref(sub: str, rest: list[str], ann: Announcement) -> str | None:
    """A rename's name, a tag's or new branch's start point, or a revision counted two or
    more back, that the announcement does not name."""
    named = _named_by(ann, observed=False)
    ops = _operands(sub, rest)
    if sub == "branch" and any(sets_flag(w, f) for w in rest for f in ("-m", "-M", "--move")):
        return next((o for o in ops if not named(o)), None)
    listing = ("-d", "-D", "--delete", "-l", "--list", "-v", "--verify", "-r", "--remotes",
               "--show-current", "--contains", "--merged", "--no-merged", "-c", "-C", "--copy",
               "-u", "--set-upstream-to", "--unset-upstream", "--edit-description")
    if sub in ("tag", "branch") and len(ops) > 1 and not any(
            sets_flag(w, f) for w in rest for f in listing):
        return next((o for o in ops[1:] if not named(o)), None)
    digits = set(re.findall(r"\d+", ann.text))
    for o in ops:
        for m in _RELATIVE.finditer(o):
            n = _count(m.group(1)) if m.group(1) else int(m.group(2))
            if n >= 2 and str(n) not in digits:
                return o
    return None


def _file_named(ann: Announcement) -> str | None:
    """A file the announcement names ("the changes to `config.py`")."""
    return next((w.strip("`'\"") for w in ann.objects if _FILE.search(w.strip("`'\""))), None)


_CHANGE_TO = re.compile(r"(?i)\bchanges?\s+(?:to|in)\s+(?:the\s+)?[`'\"]?([\w./-]+)")
"""A part the text names as what its change is to ("the change to the docs", "the changes in
src/"): "the parser fix" names what the commit is about, no part it is limited to."""


def _part_named(ann: Announcement) -> str | None:
    """A part of the project the announcement names as the place of its change."""
    m = _CHANGE_TO.search(ann.text)
    return m.group(1) if m else None


def _git(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    for sub, rest in _git_steps(name, args):
        flag = _unstated_flag(sub, rest, ann)
        if flag is not None:
            return (f"{name!r} runs git {sub} with {flag!r}, which rewrites history, discards "
                    "a side or takes more than the step, and the announcement does not say it")
        ref = _unnamed_ref(sub, rest, ann)
        if ref is not None:
            return (f"{name!r} runs git {sub} on {ref!r}, a name or revision the announcement "
                    "does not name")
        if sub == "commit" and not ann.universal and any(
                w == "--all" or (w[:2] != "--" and sets_flag(w, "-a")) for w in rest):
            file = _file_named(ann) or _part_named(ann)
            if file is not None:
                return (f"{name!r} commits every tracked change (git commit -a), while the "
                        f"announcement names {file!r}")
    return None


# --- migrations run backwards ---------------------------------------------------------------

_MIGRATING = re.compile(r"(?i)migrat|^db:|^(?:alembic|flyway|liquibase|goose|dbmate)$")
"""A word of a command that migrates a schema (``migrate``, ``db:migrate``, ``db:rollback``,
``alembic``); a program's ``db`` subcommand too (``flask db downgrade``), but no ``db`` operand
(``docker compose down db`` stops a service)."""

_BACKWARD = re.compile(r"(?i)^(?:zero|base|down|downgrade|rollback|undo|reset|redo|fresh|"
                       r"refresh|drop|version=0+)$")
"""A part of a migrating command's word that runs it backwards: a target of none (``zero``,
``base``, ``VERSION=0``) or a rolling back (``downgrade``, ``db:rollback``, ``migrate:reset``,
``migrate:fresh``: every table dropped)."""


def _rolled_back(name: str, args: Mapping[str, Any]) -> str | None:
    """The word that makes a migrating command a rollback, or None."""
    for value in _lines(name, args):
        for part in commands(_shell_uncommented(value)):
            words = unprefixed(_shell_words(part))
            if not any(_MIGRATING.search(w) for w in words[:4]) and words[1:2] != ["db"]:
                continue
            for w in words[1:]:
                if w.startswith("-"):
                    continue
                if any(_BACKWARD.match(p) for p in re.split(r"[:]", w) if p):
                    return w
    return None


def _migration(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    word = _rolled_back(name, args)
    if word is None or ann.reverses:
        return None
    parts = [p for p in re.split(r"[:=]", word.casefold()) if p and not p.isdigit()]
    if any(_said(p, ann.text) for p in parts) or (word.endswith("=0") and _said("0", ann.text)):
        return None
    return (f"{name!r} runs the migration backwards ({word!r}): it unapplies migrations, a "
            "deleting step the announcement does not say")


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a version-control or migrating command does more than the announced step, or
    None."""
    if not runs:
        return None
    return _git(name, args, ann) or _migration(name, args, ann)
