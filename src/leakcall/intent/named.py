"""What a tool's or an argument key's name says (``grammar/lexicon/kinds.txt``): its words, the
kinds its words name ([<kind>], [subcommand]), the roles of key words ([keys-<role>]), and the
command lines of a tool named after a program ("gh", "git_log").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from .kindsfile import _kinds_file
from .words import KINDS


@cache
def _keys(role: str) -> frozenset[str]:
    """[keys-<role>] in kinds.txt: the words of argument key names of one role ("command":
    what runs, "note": a note beside what the call acts on, ...); a prose key is also any note
    key."""
    out = frozenset(x.casefold() for x in _kinds_file().get(f"keys-{role}", ()))
    return out | _keys("note") if role == "prose" else out


@cache
def _kind_table() -> tuple[dict[str, frozenset[str]], dict[tuple[str, str], str]]:
    """Tool-side words -> kinds ([<kind>] sections), and (program, subcommand) -> kind
    ([subcommand]), from kinds.txt."""
    sections = _kinds_file()
    words: dict[str, set[str]] = {}
    for kind in KINDS:
        for line in sections.get(kind, ()):
            words.setdefault(line.casefold(), set()).add(kind)
    sub: dict[tuple[str, str], str] = {}
    for line in sections.get("subcommand", ()):
        pair, _, kind = line.partition("=")
        prog, _, subcmd = pair.strip().partition(" ")
        sub[(prog, subcmd.strip())] = kind.strip()
    return {k: frozenset(v) for k, v in words.items()}, sub


_SPLIT_NAME = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_CACHED_NAME = 64
"""Names up to this long are cut once per process (``_name_words``); a longer one (a value read
as a name) is cut each time, so the cache holds no long text."""


def name_words(name: str) -> list[str]:
    """A tool or key name cut into its words ("get_current_weather", "listFiles"); a new list
    each time (a caller may change its own)."""
    if len(name) > _CACHED_NAME:
        return [w.casefold() for w in _SPLIT_NAME.findall(name)]
    return list(_name_words(name))


@lru_cache(maxsize=4096)
def _name_words(name: str) -> tuple[str, ...]:
    # the checks of one call cut the same tool and key names dozens of times
    return tuple(w.casefold() for w in _SPLIT_NAME.findall(name))


def _program_lines(name: str, arguments: Mapping[str, Any]) -> list[str]:
    """The command lines of a tool named after a command-line program ("kubectl", "gh",
    "terraform": one word the kind table does not know, and a description that says no other
    kind of step than running) that takes its command line under a
    command key ([keys-command]: "args", "cmd"): ``gh(args="repo delete x")`` runs
    ``gh repo delete x``. Empty for any other tool."""
    words = name_words(name)
    table, _ = _kind_table()
    if _subcommand_named(words):  # "git_log": each argument the line's, a command key's its own
        keyed = {k: v for k, v in arguments.items()
                 if isinstance(k, str) and _keys("command").intersection(name_words(k))}
        return [" ".join((*words, line)) for line in _argument_lines(arguments)] + \
            _argument_lines(keyed) or [" ".join(words)]
    if len(words) != 1 or words[0] != name.casefold() or words[0] in table:
        return []
    keyed = {k: v for k, v in arguments.items()
             if isinstance(k, str) and _keys("command").intersection(name_words(k))}
    return [f"{words[0]} {line}" for line in _argument_lines(keyed)]


def _subcommand_named(words: list[str]) -> tuple[str, str] | None:
    """(program, subcommand) of a two-word name in [subcommand] ("git_log"; not "make_test")."""
    table, sub = _kind_table()
    pair = (words[0], words[1]) if len(words) == 2 else None
    return pair if pair in sub and pair[0] not in table else None


def _argument_lines(arguments: Mapping[str, Any]) -> list[str]:
    """A program tool's arguments as command lines: each string, and each list of strings
    joined with spaces (``args: ["delete", "namespace", "prod"]``)."""
    out: list[str] = []
    stack: list[Any] = [arguments]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, Mapping):
            stack.extend(v.values())
        elif isinstance(v, list):
            if v and all(isinstance(x, str) for x in v):
                out.append(" ".join(v))
            else:
                stack.extend(v)
    return out
