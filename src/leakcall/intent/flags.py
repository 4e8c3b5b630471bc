"""The one flag parser: whether a command word sets a flag (a short flag inside a cluster,
``-uf`` sets ``-f``; a long flag as written, with ``=value``, or by a prefix) and the values
given to a flag. Every rule that reads flags reads them through it."""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from functools import cache

from .kindsfile import _kinds_file, section
from .methods import _HTTP_KINDS, _SAFE_METHODS

_CLUSTER = re.compile(r"-([A-Za-z]+)")
"""The letters a word of short flags starts with (``-uf``, ``-qO-``: a value may follow)."""


def sets_flag(word: str, flag: str) -> bool:
    """A command's word sets a flag of a table of kinds.txt: the one flag parser every rule
    that reads flags reads. A long flag as written, with its value or as a prefix
    (``--force``, ``--force=true``, ``--vacuum-time=1s`` for ``--vacuum``); a short one alone
    or among the short flags a word clusters (``-uf`` sets ``-u`` and ``-f``; ``-qO-`` sets
    ``-q`` and ``-O``); one ending in ``*`` as a prefix (``+*``: ``+main:main``); any other
    (``-execdir``, ``-update``) as written or with ``=value``."""
    if flag.startswith("--"):
        return word.startswith(flag)
    if flag.endswith("*"):
        return word.startswith(flag[:-1])  # "+*": a forced refspec, ``+main:main``
    if len(flag) == 2 and flag[0] == "-" and flag[1].isalpha():
        m = _CLUSTER.match(word)
        return m is not None and flag[1] in m.group(1)
    # a single-dash long flag as written, or with its value (Go's ``-update=true``)
    return word == flag or (len(flag) > 2 and word.startswith(flag + "="))


def flag_values(words: list[str], flag: str) -> list[str]:
    """The values a long flag is given among a command's words (``--context=prd``,
    ``--context prd``), read with ``sets_flag``'s spelling of a flag: as written, or with
    ``=`` and its value."""
    out = []
    given = flag + "="
    for i, w in enumerate(words):
        if not w.startswith(flag):
            continue  # (both spellings start with the flag)
        if w == flag and i + 1 < len(words) and not words[i + 1].startswith("-"):
            out.append(words[i + 1])
        elif w.startswith(given):
            out.append(w[len(given):])
    return out


def option_values(words: list[str], flag: str) -> list[str]:
    """The values a flag of any spelling is given among a command's words: a long one's as
    ``flag_values`` reads them, a short one's attached (``-pplugin``, the last of a cluster:
    ``-xp plugin``) or the next word (``-p plugin``, ``-x 'npm test'``)."""
    if flag.startswith("--"):
        return flag_values(words, flag)
    out = []
    for i, w in enumerate(words):
        m = _CLUSTER.match(w)
        if m is None or not sets_flag(w, flag) or len(flag) != 2:
            continue
        at = w.index(flag[1], 1)
        if at + 1 < len(w):
            out.append(w[at + 1:])
        elif i + 1 < len(words):
            out.append(words[i + 1])
    return out


def flag_starts(flags: Iterable[str]) -> frozenset[str] | None:
    """The first characters a command's words need for any of ``flags`` to be set
    (``sets_flag``) or given a value (``flag_values``, ``option_values``), or None when any
    word may: each needs a word starting with the flag's first character, or with "-" for a
    short flag's cluster; a lone character (``*``) is a prefix of every word. A command none
    of whose words starts with one of them sets none of the flags: one check per command
    instead of one pass over its words per flag."""
    flags = tuple(flags)
    if any(len(f) < 2 for f in flags):
        return None
    return frozenset({"-", *(f[0] for f in flags)})


ASSIGNMENT = re.compile(r"[A-Za-z_]\w*=.*", re.DOTALL)
"""A variable assignment (``CC=gcc``, ``LD_PRELOAD=/tmp/x.so``, ``X='a b'`` as the shell gives it)."""

_MODE_VALUE = re.compile(r"(?i)[+-]?\d+(?:\.\d+)?|true|false|yes|no|on|off|")
"""A value that only selects a mode: a number, a truth value, nothing."""


def assignments(words: list[str], prefixes: Container[str]) -> tuple[list[str], list[str]]:
    """(the assignments before a simple command's program, its words from the program on):
    wrappers (``sudo``, ``env``: ``prefixes``) and the flags after one dropped."""
    out, k = [], 0
    while k < len(words) and (words[k] in prefixes or ASSIGNMENT.fullmatch(words[k])):
        out += [words[k]] if ASSIGNMENT.fullmatch(words[k]) else []
        k += 1
        while k < len(words) - 1 and words[k].startswith("-"):
            k += 1
    return out, words[k:]


def placed_assignment(word: str, modes: Container[str]) -> bool:
    """An assignment that only selects a mode: of a variable of [env-mode] (``CI=true``,
    ``NODE_ENV=test``), or to a number, a truth value or nothing (``DEBUG=1``); any other
    (``LD_PRELOAD=…``, ``PATH=…``, ``CC='rm -rf ~;'``) gives the program a value that may name a
    program, a library, a path or a command. A variable whose name says a step that changes
    something (a word of a changing kind of the kind table: ``DEPLOY=true``, ``PUBLISH=1``,
    ``PUSH_IMAGE=yes``, ``UPDATE_SNAPSHOTS=1``) switches that step on: it selects more than a
    mode, whatever its value (a Makefile's ``ifdef`` reads ``DEPLOY=0`` as set)."""
    name, _, value = word.partition("=")
    if name not in modes and _step_words().intersection(re.split(r"[_-]", name.casefold())):
        return False
    return name in modes or _MODE_VALUE.fullmatch(value.strip()) is not None


_SWITCHED = ("write", "create", "delete", "send", "pay", "commit", "install", "deploy")
"""The kinds of step a variable's name may switch on (no observing one, no run or test: every
command runs, and ``TEST=1`` selects what is tested)."""


@cache
def _step_words() -> frozenset[str]:
    """The words of kinds.txt's sections of the changing kinds ``_SWITCHED``."""
    return frozenset(w.casefold() for k in _SWITCHED for w in _kinds_file().get(k, ()))


def unplaced_assignments(assigned: list[str], words: list[str], assigning: Container[str],
                         modes: Container[str]) -> list[str]:
    """The assignments before a program (``assigned``), and the operands of a program of
    ``assigning`` ([operand-assignments]: ``make test CC=gcc``), that select more than a mode
    (``placed_assignment``, by the [env-mode] variables ``modes``)."""
    if words and words[0].rsplit("/", 1)[-1] in assigning:
        assigned = [*assigned, *(w for w in words[1:] if ASSIGNMENT.fullmatch(w))]
    return [w for w in assigned if not placed_assignment(w, modes)]


def closed_reading(words: list[str], count: int,
                   options: Container[str]) -> tuple[list[str], list[str]]:
    """(the operands past the first ``count``, the options not among ``options``) of a
    command an observing program's closed reading reads ([reading]: what it reads with; an
    option ending in ``=`` takes a value, attached or the next word; ``count`` -1 is any
    number). An operand is a word after the program that is no option, no option's value and
    no ``+`` word (``date +%s``, a format); an option of short letters is read letter by
    letter (``-rh``; ``-k2,2n``: a value from its letter on). ``uniq IN OUT`` has ``OUT`` past
    1, ``hostname -F f`` the option ``-F`` its reading does not place: each writes or sets."""
    operands, unread, skip, ended = [], [], False, False
    for w in words[1:]:
        if skip:
            skip = False
        elif ended or w == "-" or not w.startswith(("-", "+")):
            operands.append(w)
        elif w == "--":
            ended = True
        elif w.startswith("--"):
            name = w.partition("=")[0]
            skip = name + "=" in options and "=" not in w
            if not skip and name not in options and name + "=" not in options:
                unread.append(w)
        elif w.startswith("-"):
            for k, ch in enumerate(w[1:], start=1):
                if "-" + ch + "=" in options:
                    skip = k == len(w) - 1
                    break
                if "-" + ch not in options:
                    unread.append(w)
                    break
    return (operands[count:] if count >= 0 else []), unread


_COMMAND_LINE = re.compile(r"\s-\w|[|;&]")
"""What makes a value a command line beyond its first word: a flag, or a shell operator."""


def option_commands(words: list[str], programs: Container[str]) -> list[str]:
    """The values of a command's options that are command lines, run by the program
    (``git grep -O'rm -rf ~'``, ``--upload-pack='rm -rf ~;git-upload-pack'``, ``git clone -u
    'sh -c …'``): an option's value, attached (``-Ovalue``, ``--option=value``) or the next
    word, of several words that open with a program the kind table knows (``programs``) and
    hold a flag or a shell operator after it (a message, ``-m 'fix: -v'``, opens with none);
    and a startup command a program runs (``startup_commands``: ``less '+!rm -rf ~' f``)."""
    out = startup_commands(words)
    for i, w in enumerate(words):
        if not w.startswith("-") or w == "--":
            continue
        if w.startswith("--") and "=" in w:
            value = w.partition("=")[2]
        elif not w.startswith("--") and len(w) > 2 and any(c.isspace() for c in w):
            value = w[2:]
        else:
            value = words[i + 1] if i + 1 < len(words) else ""
        first = value.split(maxsplit=1)[0].rsplit("/", 1)[-1].casefold() if value.strip() else ""
        if first in programs and " " in value.strip() and _COMMAND_LINE.search(value):
            out.append(value)
    return out


_NAVIGATION = re.compile(r"\+{1,2}(?:\d*|[GgF]|[/?][^/?!|\r\n]*)")
"""A startup command that only moves or searches: "+" alone, a line number ("+120"), a search
("+/pattern", "+?pattern": no second delimiter, no "!" or "|" that would run or pipe), less's
one-letter moves ("+G", "+g", "+F")."""


def startup_commands(words: list[str]) -> list[str]:
    """The startup commands a program of [startup] runs (``less +cmd``, ``vi +cmd``) that do
    more than move or search (``_NAVIGATION``), each as the command line it runs: the text after
    its "!" or "|" (less's shell and pipe commands, vi's filter), else the command itself
    ("+G!rm -rf ~" runs ``rm -rf ~``; "+-o/tmp/log" is a command no table knows: it runs)."""
    if not words or words[0].rsplit("/", 1)[-1].casefold() not in _startup():
        return []
    out = []
    for w in words[1:]:
        if w == "--":
            break
        if w.startswith("+") and not _NAVIGATION.fullmatch(w):
            cut = min((w.index(c) for c in "!|" if c in w), default=None)
            text = w[cut + 1:] if cut is not None else w.lstrip("+")
            out.append(text if text.strip() else w)
    return out


@cache
def _startup() -> frozenset[str]:
    """[startup] in kinds.txt: programs that run a "+" word as a startup command."""
    return section("startup")


_METHOD = re.compile(r"(?:[\w-]*[=:]\s*)?(DELETE|PUT|PATCH|POST)")
"""A method word, alone or as an option's or a header's value."""


def request_methods(words: list[str], program: Container[str]) -> list[str]:
    """The HTTP methods an HTTP client's words ask for (a program of the fetch kind, by its
    kinds ``program``): a method as an argument (``http DELETE url``), an option's value
    (``wget --method=DELETE``) or a header that overrides the method
    (``-H 'X-HTTP-Method-Override: DELETE'``)."""
    if "fetch" not in program:
        return []
    return [m.group(1) for w in words[1:] if (m := _METHOD.fullmatch(w.strip()))] + [
        m.group(1) for w in words[1:] if (m := _METHOD_OPTION.fullmatch(w.strip()))
        and m.group(1) not in _SAFE_METHODS and m.group(1) not in _HTTP_KINDS]


_METHOD_OPTION = re.compile(r"--(?:method|request)=([A-Z][A-Z-]*)")
"""An option that names the request's method (``wget --method=MKCOL``): any method but RFC
9110's safe ones changes something (the listed changing ones are read by ``_METHOD``)."""


def module_words(words: list[str]) -> list[str]:
    """A command's words from the program on, reading ``python -m MODULE`` as the module's own
    command ("python -m pytest --basetemp=src": pytest's options)."""
    if len(words) > 2 and words[1] == "-m" and re.fullmatch(r"python[\d.]*", words[0]):
        return words[2:]
    return words
