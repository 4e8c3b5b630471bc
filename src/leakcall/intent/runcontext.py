"""The run context of a test or run command (round 45 gap 1, rule ``ungrounded-call``; read
from ``reach.check``): "I'll run the tests." runs the project's tests where they are, with the
project's own settings. What else selects where and against what a command runs is named by
the text, in whatever token of the command it sits:

- **an environment that serves users** (``[environment-served]``: production, prod, live,
  staging, uat, …), written in any token of the run: an option's name or value
  (``--ds=app.settings.production``, ``-Penv=prod``, ``--override-ini=env=PROD``), a goal or a
  script of the runner (``make test-prod``, ``npm run test:prod``), an assignment before it
  (``NODE_ENV=production npm test``), a directory it changes into (``cd /srv/production &&
  pytest``), an absolute or climbing path (``pytest /srv/production/app/tests``). A path inside
  the tree (``tests/test_prod_config.py``) is the project's own code: what selects the tests,
  not where they run. Production is named as ``values.names_production`` reads it (the
  [concept] maps too), any other by a word of the text;
- **a place outside the tree**: a directory changed into, or a path given, that climbs out of
  the working directory (``cd ../other-checkout && pytest``, ``pytest ../other/tests``);
- **a setting, configuration, profile or override option** (``[context-option]``: a long option
  whose name holds one of its words, ``--settings``, ``--ds``, ``--override-ini``,
  ``--config``, ``--profile``, ``--env``; ``[flags-context]``: a program's short one,
  ``pytest -c``/``-o``, ``mvn -P``) whose value is neither a path inside the tree
  (``-c pytest.ini``) nor a value the text names (``--settings=app.settings.test`` for "the
  tests"): ``--settings prod``, ``-c /srv/prod/pytest.ini``, ``-Pintegration`` unsaid;
- **an assignment** before the program (or a ``make`` operand) of a variable outside the
  closed class of those that only select a mode or a verbosity (``[env-mode]``: ``CI``,
  ``NO_COLOR``, ``DEBUG``, …), unless the text names the variable: ``REGEN_GOLDEN=1 go test``
  rewrites golden files as ``UPDATE_SNAPSHOTS=1`` does (``flags.placed_assignment`` refuses a
  value that is no mode; this reads the variable itself).

A command is read here when it tests (``pytest --create-db`` too) or only runs a program
(``python -m pytest``, ``bundle exec rspec``); a build, an install and a deploy are read by
``reach``'s own rules (a build for production makes something here)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from .flags import ASSIGNMENT, assignments, module_words, option_values
from .forcing import _shell_words
from .kinds import _PREFIXES, OBSERVING, _command_values, _program_lines, command_kinds, commands
from .kindsfile import _kinds_file, section
from .named import name_words
from .preamble import Announcement
from .references import _meanings, _unaccented
from .scope import _shell_uncommented, named_in
from .values import names_production

__all__ = ["check"]

_PRODUCTION = frozenset({"prod", "production", "prd"})

_EXTENSION = re.compile(r"\.([a-z][a-z0-9]{0,4})$")


def _served() -> frozenset[str]:
    """[environment-served]: names of an environment that serves users or stands in for it."""
    return section("environment-served")


def _option_words() -> frozenset[str]:
    """[context-option]: words of a long option's name that say it selects a run's context."""
    return section("context-option")


@cache
def _short_flags() -> dict[str, frozenset[str]]:
    """[flags-context]: program -> its short options that select a run's context."""
    out: dict[str, set[str]] = {}
    for line in _kinds_file().get("flags-context", ()):
        prog, _, flag = line.partition(" ")
        out.setdefault(prog.casefold(), set()).add(flag.strip())
    return {k: frozenset(v) for k, v in out.items()}


def _served_words(token: str) -> list[str]:
    """The words of a token naming a served environment (``test-prod``: ``prod``)."""
    return [w for w in name_words(token) if w in _served()]


def _names(ann: Announcement, word: str) -> bool:
    """The text names a served environment's word: production as ``names_production`` reads
    it, any other by a word of the text (or a [concept] meaning of one)."""
    if word in _PRODUCTION:
        return names_production(ann)
    said = [_unaccented(w).casefold() for w in (*ann.objects, *ann.observed)]
    return any(word in re.findall(r"[a-z]+", w) or word in _meanings(w) for w in said)


def _climbs(path: str, depth: int | None) -> bool:
    """A relative path that leaves the working directory (``..``, ``../other``), read from
    ``depth`` directories below it (None: a directory not read as below it)."""
    if depth is None or path.startswith(("/", "~", "$")):
        return False
    at = depth
    for piece in path.split("/"):
        if piece == "..":
            at -= 1
            if at < 0:
                return True
        elif piece not in ("", "."):
            at += 1
    return False


def _below(target: str, depth: int | None) -> int | None:
    """How many directories below the working directory a ``cd`` to ``target`` leaves the
    shell (None: an absolute or home directory, not read as below it)."""
    if depth is None or target.startswith(("/", "~", "$")):
        return None
    for piece in target.split("/"):
        depth += -1 if piece == ".." else int(piece not in ("", "."))
    return depth


def _pathlike(word: str) -> bool:
    return "/" in word or word.startswith(("~", "$"))


def _in_tree(word: str) -> bool:
    """A path inside the working directory: relative, climbing nowhere, written as a path (a
    slash, ``::``, or a file's extension that is no environment's name: ``pytest.ini``)."""
    if word.startswith(("/", "~", "$", "-")) or _climbs(word, 0):
        return False
    ext = _EXTENSION.search(word.casefold())
    return "/" in word or "::" in word or (ext is not None and ext.group(1) not in _served())


def _context_options(words: Sequence[str]) -> Iterable[tuple[str, str]]:
    """(option, value) of each option of a command that selects its context: a long one whose
    name holds a word of [context-option], a short one [flags-context] lists for its program."""
    prog = words[0].rsplit("/", 1)[-1].casefold() if words else ""
    seen: set[str] = set()
    for w in words[1:]:
        if w == "--":
            break
        if not w.startswith("--"):
            continue
        flag = w.partition("=")[0]
        if flag not in seen and set(re.split(r"[-_]", flag[2:].casefold())) & _option_words():
            seen.add(flag)
            yield from ((flag, v) for v in option_values(list(words), flag))
    for flag in _short_flags().get(prog, ()):
        yield from ((flag, v) for v in option_values(list(words), flag))


def _said(ann: Announcement) -> list[str]:
    verbs = {v.casefold() for v, _ in ann.verbs}
    return [_unaccented(w) for w in (*ann.objects, *ann.observed) if w.casefold() not in verbs]


def _value_named(value: str, said: list[str]) -> bool:
    """Every word of an assigned value is a word the text writes (``ENV=staging`` after "for
    staging"); a value with any other word (``staging-evil``) is not named."""
    words = {_unaccented(w.casefold()) for w in said}
    parts = re.findall(r"[^\W_]+", _unaccented(value.casefold()))
    return bool(parts) and all(p in words for p in parts)


def _step(words: list[str], places: list[str], exported: list[str], depth: int | None,
          ann: Announcement) -> str | None:
    """Why one test or run command selects a context the text does not name, or None (the
    directories changed into and the variables exported before it on its line given)."""
    assigned, run = assignments(words, _PREFIXES)
    assigned = [*exported, *assigned]
    if run and run[0].rsplit("/", 1)[-1] in _kinds_file().get("operand-assignments", ()):
        assigned = [*assigned, *(w for w in run[1:] if ASSIGNMENT.fullmatch(w))]
    run = module_words(run)
    said = _said(ann)
    # an environment that serves users, in any token but a path inside the tree
    # (the program's own word too: ``/srv/production/venv/bin/pytest``)
    tokens = [*places, *assigned, *(w for w in run if not _in_tree(w))]
    for token in tokens:
        word = next((x for x in _served_words(token) if not _names(ann, x)), None)
        if word is not None:
            return f"{token[:40]!r}, which selects {word!r}"
    for w in run:  # a path, or an option's value (``--rootdir=../other``)
        if _climbs(w.partition("=")[2] if w.startswith("-") else w, depth):
            return f"{w[:40]!r}, a path outside the working directory"
    for flag, value in _context_options(run):
        # a path outside the tree is written out ("tests" names no ``/etc/app/pytest.ini``)
        if _in_tree(value) or (named_in(said, value) if not _pathlike(value) else
                               value.rstrip("/") in ann.text):
            continue
        return f"{flag} {value[:40]!r}, a setting it runs under"
    for a in assigned:
        name, _eq, value = a.partition("=")
        value = value.strip("\"'")
        # a variable whose value the text names is named ("for staging": ``ENV=staging``)
        unnamed = name.casefold() not in section("env-mode") and not named_in(said, name)
        if unnamed and not _value_named(value, said):
            return f"{a[:40]!r}, a variable it runs under"
    return None


def _lines(name: str, args: Mapping[str, Any]) -> list[str]:
    return _program_lines(name, args) or _command_values(args)


def check(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a test or run command of a call runs in a context the announcement does not name
    (module doc), or None."""
    if not runs:
        return None
    for line in _lines(name, args):
        places: list[str] = []
        exported: list[str] = []
        depth: int | None = 0
        for part in commands(_shell_uncommented(line)):
            words = _shell_words(part)
            run = words[len(words) - len(assignments(words, _PREFIXES)[1]):]
            if run[:1] in (["cd"], ["pushd"]):
                target = next((w for w in run[1:] if not w.startswith("-")), "~")
                places.append(target)
                if _climbs(target, depth):
                    return (f"{name!r} changes into {target[:40]!r}, outside the working "
                            "directory, which the announcement does not name")
                depth = _below(target, depth)
                continue
            if run[:1] == ["export"]:  # ("export NODE_ENV=production && npm test")
                exported += [w for w in run[1:] if ASSIGNMENT.fullmatch(w)]
                continue
            kinds = command_kinds(part)
            if "test" not in kinds and kinds - OBSERVING != {"run"}:
                continue  # (a build, an install, a deploy: ``reach`` reads them)
            why = _step(words, places, exported, depth, ann)
            if why is not None:
                return (f"{name!r} runs {part.strip()[:50]!r} with {why}, which the "
                        "announcement does not name")
    return None
