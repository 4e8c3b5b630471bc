"""What a command runs beyond its announced step, named by the announcement (``reach`` asks):

- each goal of a command naming several ([goals]: ``make test deploy-prod``, ``make test
  db-drop``) is a step of its own, named by the announcement as a target is;
- each package a runner fetches from a registry and runs ([fetch-runner]: ``npx -y
  jest-runner-pro``, ``uvx --from X``, ``uv run --with X``, ``pipx run X``) is one the
  announcement names exactly, or, as the program word, a program the kind table knows by that
  exact name (``npx tsc``, ``uvx ruff``): a package nobody named is code nobody chose."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from typing import Any

from .goals import goals, runner_of, runner_split
from .kinds import _command_values, _kind_table, _program_lines, commands, unprefixed
from .preamble import Announcement
from .references import _unaccented
from .scope import _shell_uncommented, named_in

_VERSION = re.compile(r"[=<>~!\[;]")


def _words(part: str) -> list[str]:
    try:
        return unprefixed(shlex.split(part))
    except ValueError:
        return unprefixed(part.split())


def _simple_commands(name: str, args: Mapping[str, Any]) -> Iterable[list[str]]:
    """The words (from the program on) of each simple command a call runs."""
    for value in _program_lines(name, args) or _command_values(args):
        for part in commands(_shell_uncommented(value)):
            yield _words(part)


def package_name(spec: str) -> str:
    """A package spec's name: its version, extras and marker aside (``requests==2.31``,
    ``ruff@0.5``, ``@scope/pkg@1``), casefolded."""
    base = _VERSION.split(spec, 1)[0]
    return re.sub(r"(?<=.)@[^/@]*$", "", base).casefold()


def _said(ann: Announcement) -> set[str]:
    return {w.casefold().strip("`'\"") for w in (*ann.objects, *ann.observed)}


def unnamed_goal(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a command names several goals ([goals]) one of which the announcement does not
    name, or None: "Let me run the tests." is ``make test``, not ``make test deploy-prod`` nor
    ``make test purge-backups``; each goal is a step, named by a word of the announcement's
    objects or of a verb of its own (not "run": every goal runs)."""
    if not runs:
        return None
    said = [_unaccented(w) for w in (*ann.objects, *(v for v, k in ann.verbs if k not in (
        None, "run", "generic")))]
    for words in _simple_commands(name, args):
        listed = goals(words) or []
        if len(listed) < 2:
            continue
        unnamed = next((g for g in listed if not named_in(said, g)), None)
        if unnamed is not None:
            return (f"{name!r} runs the goal {unnamed[:40]!r} beside another, which the "
                    "announcement does not name")
    return None


def unnamed_package(name: str, args: Mapping[str, Any], ann: Announcement,
                    runs: bool) -> str | None:
    """Why a runner fetches and runs a package the announcement does not name, or None: a
    package an option gives (``--with``, ``--from``, ``--package``) is named exactly by the
    announcement (or an observation it does not relay from a source); the program word of a
    runner that fetches it is named so too, or is a program the kind table knows by that
    exact name ("npx tsc", not "npx -y jest-runner-pro")."""
    if not runs:
        return None
    said, own = _said(ann), {w.casefold().strip("`'\"") for w in ann.objects}
    table = _kind_table()[0]
    for words in _simple_commands(name, args):
        key = runner_of(words)
        if key is None:
            continue
        _command, packages = runner_split(key, words[len(key.split()):])
        for spec, program in packages:
            pkg = package_name(spec)
            if (pkg in said and (pkg in own or not ann.sourced)) or (program and pkg in table):
                continue
            return (f"{name!r} fetches and runs the package {spec[:40]!r}, which the "
                    "announcement does not name")
    return None


def unnamed(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """``unnamed_goal`` or ``unnamed_package``."""
    return unnamed_goal(name, args, ann, runs) or unnamed_package(name, args, ann, runs)
