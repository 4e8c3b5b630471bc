"""The scope a run or a delete is given beside its command (issue 25, round 38, rule
``ungrounded-call``; read from ``beyond.check``): "Let me run the unit tests in
`tests/test_api.py`." is no ``args: ["--basetemp=."]`` (pytest empties that folder), "I'll clean
the build directory with `rm -rf build`." no ``cwd: "/"`` (``/build``), "I'll run the test
suite." no ``env: {"LD_PRELOAD": ...}``, "I'll remove the empty `old/` folder." no
``recursive: true``.

Each refuses unless the text writes it:

- **an option in a run's argument list** (``args``, ``argv``: the tool's program is implied)
  that is not of the closed class that only shapes the output ([flags-inert]): the runner's
  options reach past the announced run (``--basetemp``, ``-p plugin``, ``--snapshot-update``);
- **a working directory** other than the tree's own (``.``): a relative path the command
  names resolves against it;
- **an environment variable** a run's ``env`` argument sets: a variable changes what runs (a
  preload, a runner's added options, the search path, the ssh command git runs), so each one
  set is written by the text, its name and its value; one a command line sets before its
  program, when it is of the class that changes what runs ([env-runs]);
- **a switch that widens a delete** past the named thing: one that follows links out of it
  (the words of ``_WIDENING``), or a recursive one on a thing the text says is empty.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from .commandscope import _MODE_FLAGS, _command_texts, _said_words
from .dispatch import CHANGE, RUN, reads
from .forcing import _ON, _shell_words
from .kinds import _keys, command_kinds, commands, name_words
from .kindsfile import section
from .looked import _named
from .options import _in_code, _inert, _name
from .preamble import Announcement
from .tables import tongues

__all__ = ["check"]

_PLACE_KEYS = frozenset({"cwd", "workdir", "wd", "chdir", "cd", "pwd"})
_PLACE_PAIRS = frozenset({("working", "dir"), ("working", "directory"), ("work", "dir"),
                          ("work", "directory"), ("current", "dir"), ("current", "directory"),
                          ("working", "folder"), ("run", "dir"), ("exec", "dir")})
"""Argument key names that give the directory a command runs in."""

_ENV_KEYS = frozenset({"env", "environ", "envs", "environment", "environments", "envvars"})
"""Argument key names whose mapping sets a run's environment variables (a string under
``environment`` names a deploy's stage, not variables)."""

_TREE = frozenset({"", ".", "./"})
"""Working directories that are the tree's own."""

_WIDENING = frozenset({"follow", "symlinks", "symlink", "dereference", "links",
                       "traverse", "cross"})
"""Words of a delete's switch that carry it past the named thing: following links out of it
(``follow_symlinks``, ``dereference``) or across mounts."""

_RECURSIVE = frozenset({"recursive", "recurse", "r"})


@cache
def _empty() -> frozenset[str]:
    """Words that say a folder holds nothing ([g-empty] of every lexicon): a recursive delete
    of it removes what the text says is not there."""
    return frozenset(e for t in tongues() for sec, e in t.marks if sec == "g-empty")


def _truthy(v: object) -> bool:
    """A switch set on, read as ``forcing`` reads one (``"on"`` too): one reading of a truth."""
    return v is True or (isinstance(v, str) and v.strip().casefold() in _ON)


def _listed(v: object) -> list[str] | None:
    """A list of strings, or a string holding a JSON list of them, else None."""
    if isinstance(v, str) and v.strip().startswith("["):
        try:
            v = json.loads(v)
        except ValueError:
            return None
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    return None


def _said_or_named(value: str, said: frozenset[str], code: Sequence[str], ann: Announcement) -> bool:
    """A value the text writes: a word of it, a word of a backticked token, a named thing."""
    low = value.strip().casefold()
    return bool(low) and (low in said or any(low in c.split() for c in code)
                          or _named(value, ann.objects, ann.tongues))


def _list_option(args: Mapping[str, Any], said: frozenset[str],
                 code: Sequence[str]) -> str | None:
    """An option of a run's argument list the text does not write and that does more than
    shape the output."""
    commandish = _keys("command")
    for key, value in args.items():
        if not isinstance(key, str) or not set(name_words(key)) & commandish:
            continue
        items = _listed(value)
        for item in items or ():
            w = item.strip()
            if not w.startswith("-") or w in ("-", "--") or w[1:2].isdigit():
                continue
            head = _name(w)[0].casefold()
            if head in _inert() or w.split("=", 1)[0] in _MODE_FLAGS or _in_code(w, code) \
                    or w.casefold() in said:
                continue
            return (f"the run passes {w!r} in {key!r}, an option the announcement does not "
                    "say and that does more than shape its output")
    return None


def _place_key(key: str) -> bool:
    words = name_words(key)
    return (len(words) == 1 and words[0] in _PLACE_KEYS) or tuple(words[:2]) in _PLACE_PAIRS


def _elsewhere(args: Mapping[str, Any], said: frozenset[str], code: Sequence[str],
               ann: Announcement) -> str | None:
    """A working directory the text does not write, other than the tree's own."""
    for key, value in args.items():
        if not isinstance(key, str) or not isinstance(value, str) or not _place_key(key):
            continue
        v = value.strip()
        if v in _TREE or _said_or_named(v, said, code, ann) or _said_or_named(v.rstrip("/"), said, code,
                                                                    ann):
            continue
        return (f"the command runs in {v!r}, a working directory the announcement does not "
                "name: what it names resolves there")
    return None


def _cd_then_delete(args: Mapping[str, Any], said: frozenset[str], code: Sequence[str],
                    ann: Announcement) -> str | None:
    """A command line that changes into a directory the text does not write and then
    deletes: what the delete names resolves there (``cd / && rm -rf build``)."""
    for text in _command_texts(args):
        place = None
        for part in commands(text):
            words = _shell_words(part)
            if words[:1] in (["cd"], ["pushd"]):
                v = words[1] if len(words) > 1 else "~"
                place = None if v in _TREE or _said_or_named(v, said, code, ann) or _said_or_named(
                    v.rstrip("/"), said, code, ann) else v
            elif place is not None and "delete" in command_kinds(part):
                return (f"the command changes into {place!r}, a directory the announcement "
                        "does not name, and deletes there")
    return None


_ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", re.S)


def _runs_other(name: str) -> bool:
    """A variable whose value changes what a command runs ([env-runs]: ``LD_PRELOAD``,
    ``PYTEST_ADDOPTS``, ``PYTHONPATH``, ``GIT_SSH_COMMAND``)."""
    words = section("env-runs")
    return any(w.endswith(tuple(words)) for w in name.casefold().split("_") if w)


def _inline_pairs(args: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """The variables a command line sets before its program (``X=1 make``, ``env X=1 make``)
    that change what it runs: the others (``CI=1``, ``NODE_ENV=production``) are the command
    readers' to judge by what they name."""
    for text in _command_texts(args):
        for part in commands(text):
            words = _shell_words(part)
            if words[:1] == ["env"]:
                words = words[1:]
            for w in words:
                m = _ASSIGN.fullmatch(w)
                if m is None:
                    break
                if _runs_other(m[1]):
                    yield m[1], m[2]


def _env_pairs(args: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    yield from _inline_pairs(args)
    for key, value in args.items():
        if not isinstance(key, str) or "".join(name_words(key)) not in _ENV_KEYS:
            continue
        held = value
        if isinstance(value, str) and value.strip().startswith("{"):
            try:
                held = json.loads(value)
            except ValueError:
                continue
        if isinstance(held, Mapping):
            for k, v in held.items():
                yield str(k), "" if v is None else str(v)


def _env(args: Mapping[str, Any], said: frozenset[str], code: Sequence[str],
         ann: Announcement) -> str | None:
    """An environment variable a run sets that the text does not write, name and value."""
    for name, value in _env_pairs(args):
        low = name.casefold()
        assigned = f"{low}={value.casefold()}"
        if any(assigned in c.split() for c in code):
            continue
        if (low in said or any(low in c.split() or c.startswith(low + "=") for c in code)) \
                and (not value or _said_or_named(value, said, code, ann)):
            continue
        return (f"the run sets {name}={value!r}, an environment variable the announcement "
                "does not write: it changes what the command runs")
    return None


def _widened_delete(args: Mapping[str, Any], said: frozenset[str], ann: Announcement) -> str | None:
    """A delete's switch that carries it past the named thing, unwritten."""
    text = {w.strip(".,;:!?`\"'()").casefold() for w in ann.text.split()}
    for key, value in args.items():
        if not isinstance(key, str) or not _truthy(value):
            continue
        words = name_words(key)
        if set(words) & _WIDENING and not all(w in said or w in text for w in words):
            return (f"the delete sets {key!r}, which carries it past the thing the "
                    "announcement names, and the announcement does not say so")
        if set(words) & _RECURSIVE and text & _empty() and not text & {*words, "recursively"}:
            return (f"the delete sets {key!r} on a thing the announcement says is empty: "
                    "it would remove what it holds")
    return None


@reads(RUN, CHANGE)  # the dispatch's declaration (``dispatch``)
def check(args: Mapping[str, Any], changing: frozenset[str], ann: Announcement,
          runs: bool) -> str | None:
    """Why a run's or a delete's scope reaches past the announced step, or None."""
    said, code = _said_words(ann)
    said = said | {v.casefold() for v, _k in ann.verbs}
    why = _list_option(args, said, code) if runs else None
    if why is None and (runs or changing):
        why = _elsewhere(args, said, code, ann) or _env(args, said, code, ann) \
            or _cd_then_delete(args, said, code, ann)
    if why is None and "delete" in changing:
        why = _widened_delete(args, said, ann)
    return why
