"""Command words that are steps of their own: the goals of a program that takes a list of them
([goals] in kinds.txt: "make test deploy-prod" tests, then deploys), and the program a runner
runs once its own options are set aside, with the packages a fetching runner fetches
([fetch-runner]: "npx -y jest-runner-pro", "uv run --with reqeusts pytest").

Read by ``kinds`` (the kinds of a command) and ``runs`` (what the announcement names); this
module imports no reader of calls."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping
from functools import cache

from .flags import ASSIGNMENT
from .kindsfile import _kinds_file

_NUMBER = re.compile(r"\d+")
_REDIRECTION = re.compile(r"\d*&?[<>]")
"""A redirection the shell reads (``2>&1``, ``>out.txt``): no operand of the program."""


@cache
def _goal_programs() -> dict[str, frozenset[str]]:
    """[goals]: program -> its options that take a value."""
    return {line.split()[0]: frozenset(line.split()[1:]) for line in _kinds_file().get("goals", ())}


def _valued(w: str, valued: frozenset[str]) -> bool:
    """An option word whose value is the next word: one of ``valued`` written alone (``-C``,
    ``--file``), not with its value attached (``-Cdir``, ``--file=x``)."""
    return w in valued


def goals(words: list[str]) -> list[str] | None:
    """The goals a command names (its words from the program on), or None when its program
    takes no list of goals ([goals]): the operands that are no option, no option's value, no
    assignment (``make test CC=gcc``), no number (``make -j 4 test``) and no redirection
    (``make check 2>&1``)."""
    prog = words[0].rsplit("/", 1)[-1].casefold() if words else ""
    valued = _goal_programs().get(prog)
    if valued is None:
        return None
    out: list[str] = []
    skip = False
    for w in words[1:]:
        if skip:
            skip = False
        elif w.startswith("-"):
            skip = _valued(w, valued)
        elif not ASSIGNMENT.fullmatch(w) and not _NUMBER.fullmatch(w) \
                and not _REDIRECTION.match(w):
            out.append(w)
    return out


def goal_kinds(goal: str, table: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The kinds one goal or package script takes, by its words ("deploy-prod" deploys,
    "test:unit" tests); a goal of no known kind runs."""
    named = {k for part in re.split(r"[:_-]", goal.casefold()) for k in table.get(part, ())}
    return frozenset(named or {"run"})


def goals_kinds(words: list[str], table: Mapping[str, frozenset[str]]) -> frozenset[str] | None:
    """The kinds of every goal a goal program's command names (each goal is a step: "make test
    deploy-prod" tests and deploys), or None (no goal program, or no goal: its default)."""
    listed = goals(words)
    if not listed:
        return None
    return frozenset().union(*(goal_kinds(g, table) for g in listed))


# --- runners ----------------------------------------------------------------------------------


@cache
def _fetch_runners() -> dict[str, tuple[bool, frozenset[str], frozenset[str]]]:
    """[fetch-runner]: runner ("npx", "uv run") -> (its program word is a package it fetches,
    the options whose value is a package it fetches, its other options that take a value)."""
    out = {}
    for line in _kinds_file().get("fetch-runner", ()):
        head, _, other = line.partition("|")
        words = head.split()
        at = next((i for i, w in enumerate(words) if w == "program" or w.startswith("-")),
                  len(words))
        program = at < len(words) and words[at] == "program"
        out[" ".join(words[:at])] = (program, frozenset(words[at + program:]),
                                     frozenset(other.split()))
    return out


def runner_of(words: list[str]) -> str | None:
    """The fetching runner a command's words (from the program on) open with ("npx", "uv run",
    "pipx run"), or None."""
    if not words:
        return None
    prog = words[0].rsplit("/", 1)[-1].casefold()
    two = f"{prog} {words[1].casefold()}" if len(words) > 1 else ""
    return two if two in _fetch_runners() else prog if prog in _fetch_runners() else None


def runner_split(key: str, rest: list[str]) -> tuple[list[str], list[tuple[str, bool]]]:
    """(the command a runner runs, the packages it fetches: ``(name, is the program word)``)
    from the words after the runner (``rest``): its own options set aside, the values of those
    that take one too; a package option's value (``--with X``, ``--package=X``) is fetched, and
    so is the program word of a runner that fetches its program ("npx -y jest-runner-pro")."""
    program, fetching, other = _fetch_runners().get(key, (False, frozenset(), frozenset()))
    packages: list[tuple[str, bool]] = []
    i = 0
    while i < len(rest) and rest[i].startswith("-"):
        w = rest[i]
        if w == "--":
            i += 1
            break
        name, eq, value = w.partition("=")
        if name in fetching:
            if eq:
                packages.append((value, False))
            elif i + 1 < len(rest):
                packages.append((rest[i + 1], False))
                i += 1
        elif name in other and not eq:
            i += 1
        i += 1
    command = rest[i:]
    if program and command:
        packages.append((command[0], True))
    return command, packages


def runner_kinds(key: str, rest: list[str],
                 kinds_of: Callable[[str], frozenset[str]]) -> frozenset[str]:
    """The kinds of a runner's command (``rest``: its words after the runner): those of the
    command it runs, read without the runner's own options ("npx -y eslint ." lints), and a run
    when an option fetches a package ("uv run --with X pytest": X's code runs too)."""
    command, packages = runner_split(key, rest)
    extra = frozenset({"run"}) if any(not own for _p, own in packages) or not command \
        else frozenset()
    return (kinds_of(shlex.join(command)) if command else frozenset()) | extra
