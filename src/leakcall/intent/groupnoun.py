"""A command group's thing made, named by its noun (audit W-kind, kimicli-cc-60-7: "现在创建
PR。" + ``gh pr create --title ... --body ...``; read by ``grounding.check``).

A command a tool runs (a file written with such a line in it runs nothing) whose group names
the thing its subcommand makes ([subcommand-object] in kinds.txt: ``gh pr create`` makes a
pull request) takes that subcommand's kind ([subcommand]: create), so a verb of making grounds
it. What it makes is the group's thing, though, whatever its title or
body say: "I'll create the changelog entry." is no pull request titled "changelog entry". So
such a command is the announced step only where the announcement's objects name the thing by
one of its nouns ("create the PR", "create a pull request", 创建 PR), and that noun grounds it
as a word of the call would (``names``); a command of that group the announcement does not
name so is refused (``unnamed``), whatever words its title carries, and so is one placed by
a flag of [subcommand-object-place] (``gh pr create --repo other/repo``) where the
announcement's objects do not name that place. Every other check (the command named, its
other flags, a chain after it) still reads the call."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from functools import cache
from typing import Any

from .flags import flag_values
from .kinds import _command_values, commands
from .kindsfile import _kinds_file, section
from .preamble import Announcement
from .reachparts import _named_by

__all__ = ["names", "unnamed"]


@cache
def _table() -> dict[tuple[str, str, str], tuple[tuple[str, ...], ...]]:
    """[subcommand-object]: each "<program> <group> <subcommand> = <noun>, <noun>" entry, its
    nouns as their words."""
    out: dict[tuple[str, str, str], tuple[tuple[str, ...], ...]] = {}
    for entry in section("subcommand-object"):
        command, _, nouns = entry.partition("=")
        prog, group, sub = command.split()
        out[(prog, group, sub)] = tuple(tuple(n.split()) for n in nouns.split(",") if n.strip())
    return out


@cache
def _places() -> dict[str, tuple[str, ...]]:
    """[subcommand-object-place]: each program's flags that place the thing it makes
    elsewhere ("gh --repo")."""
    out: dict[str, list[str]] = {}
    for entry in _kinds_file().get("subcommand-object-place", ()):  # as written: -R is no -r
        prog, flag = entry.split()
        out.setdefault(prog, []).append(flag)
    return {k: tuple(v) for k, v in out.items()}


def _made(args: Mapping[str, Any]) -> list[tuple[str, tuple[tuple[str, ...], ...], list[str]]]:
    """The commands of the call whose group names what their subcommand makes: each one's
    group, that thing's nouns and the places its flags give it."""
    out = []
    for value in _command_values(args):
        for segment in commands(value):
            try:
                words = shlex.split(segment)
            except ValueError:
                continue
            rest = [w.casefold() for w in words[1:] if not w.startswith("-")]
            if not words or len(rest) < 2:
                continue
            prog = words[0].rsplit("/", 1)[-1].casefold()
            nouns = _table().get((prog, rest[0], rest[1]))
            if nouns is not None:
                out.append((rest[0], nouns, [v for flag in _places().get(prog, ())
                                             for v in flag_values(words, flag)]))
    return out


def _named(ann: Announcement, nouns: tuple[tuple[str, ...], ...]) -> bool:
    """One of the nouns is among the announcement's objects: one object ("pull request", a
    lexicon phrase) or its words in a row."""
    objects = [w for o in ann.objects for w in o.strip("`\"'").casefold().split()]
    return any(objects[i : i + len(n)] == list(n) for n in nouns for i in range(len(objects)))


def unnamed(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a command that makes its group's thing is not the announced step, or None: the
    announcement names that thing by one of its nouns."""
    named = _named_by(ann, observed=False)
    for group, nouns, places in _made(args):
        if not _named(ann, nouns):
            return (f"{name!r} makes a {' '.join(nouns[-1])} ({group!r}), which the "
                    "announcement does not name")
        for place in places:
            if not named(place):
                return (f"{name!r} makes a {' '.join(nouns[-1])} in {place[:40]!r}, which the "
                        "announcement does not name")
    return None


def names(ann: Announcement, args: Mapping[str, Any]) -> bool:
    """The call makes its group's thing and the announcement names it (module docstring)."""
    made = _made(args)
    return bool(made) and all(_named(ann, nouns) for _group, nouns, _places in made)
