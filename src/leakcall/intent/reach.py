"""Reach: where a changing call's arguments take its step, wherever in the call they sit.

``scope`` compares what a call names under the keys and in the places a step usually names its
object; the rules here read a call by the role each part of it plays, not by where it sits:

- a server a changing command or an installing or deploying call reaches (a URL, ``git@host:``,
  ``registry.example/image``, an IP literal) is a host the announcement writes out
  (``unnamed_server``);
- a ``git push`` refspec pushes to a destination that is named and deletes nothing
  (``pushed_refspec``);
- a path beyond the working directory that a changing command takes, as an argument or as a
  flag's value, is named, and one near the root or the home directory is written out
  (``unnamed_path``);
- production is named wherever a changing command says it (``unnamed_production_word``);
- a command run with raised privileges (``sudo``) or a program's own escalating flag
  (``git commit -n``) is announced as such (``raised``);
- a deleting or writing statement's condition selects only what is named: each disjunct of
  an ``OR`` carries a named word, no term is true of every row, and a number named as one thing
  is compared by equality (``conditions.wide_condition``);
- a value that is no statement holds no disjunct true of every row
  (``conditions.injected_condition``);
- an account a paying call pays to is written out (``unwritten_account``; its numbers are
  read by ``amounts.paid_numbers``);
- a file a send carries is named by its own name (``unnamed_attachment``);
- a write's target is named by the target itself, not by the content written
  (``unnamed_write_target``).

The parts of a call these read (``_lines``, ``_changing_parts``, ``_named_by``) are
``reachparts``'.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from . import figures, filterterms, runcontext
from . import runs as command_runs
from .amounts import _numbers, paid_numbers
from .conditions import injected_condition, negated_selection, wide_condition
from .flags import flag_values, sets_flag
from .forcing import _shell_words
from .hosts import _HOST, server_context, unescaped, unnamed_server_host
from .kinds import (
    OBSERVING,
    _keys,
    _program_lines,
    _without_notes,
    call_kinds,
    command_kinds,
    commands,
    name_words,
    unplaced,
    unprefixed,
)
from .kindsfile import _kinds_file
from .optionpaths import word_paths
from .outputs import overwritten
from .paths import home_path, normal_path, shallow, system_path
from .preamble import Announcement
from .reachparts import _changing_parts, _lines, _named_by
from .references import _unaccented
from .scope import _shell_uncommented, _written, named_in
from .tables import tongues_of
from .toolkinds import tool_kinds
from .values import names_production, says_production
from .walk import _keyed_strings, _leaves

# --- servers ---------------------------------------------------------------------------------

_SERVER = re.compile(
    _HOST.pattern
    + r"|(?<![\w./-])[\w.-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+):"
    r"|^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?/[\w./-]+(?::[\w.-]+)?$")
"""A server a value names: a URL's host, an scp-like ``user@host:`` (a git remote), or the
registry an image reference starts with (``docker.io/attacker/billing:latest``)."""

_LOCAL = frozenset({"localhost", "127.0.0.1", "0.0.0.0", "[::1]"})


def _servers(text: str) -> Iterable[str]:
    """The servers a text names (``_SERVER``), this machine aside; an IP literal is one."""
    for m in _SERVER.finditer(unescaped(text).strip()):
        host = next((g for g in m.groups() if g), "").casefold()
        if host and host not in _LOCAL:
            yield host


def unnamed_server(name: str, args: Mapping[str, Any], kinds: frozenset[str],
                   ann: Announcement, runs: bool) -> str | None:
    """Why a changing call reaches a server the announcement does not name, or None. Each URL,
    git remote (``git@host:``) or image registry a changing command holds, anywhere in it (an
    option's value, ``git+https://``, a download substituted into ``bash <(curl …)``), and each
    one any value of an installing or deploying call names (``index_url``, ``image``), an IP
    literal too, is a host the announcement writes out, by its registrable domain and suffix
    (``hosts.unnamed_server_host``: "pypi.org" is no pypi.co), or is already in the text the
    call replaces; so has each one the new text of an edit
    adds (an edit is a change to code that runs, not a page of links): "install the requests
    package" fetches nothing from a mirror nobody named."""
    keyed = list(_keyed_strings(args))
    said, there = server_context(ann, keyed)
    texts = [part for part, _w in _changing_parts(name, args)] if runs else []
    if kinds & {"install", "deploy"}:
        # what it installs or deploys comes from there (a note or a message beside it is
        # text, its links data)
        texts += [v for k, v in keyed if "old" not in name_words(k)
                  and not set(name_words(k)) & _keys("prose")]
    elif kinds & {"write", "create"} and there:
        # an edit (an old text and its new one): what the new text adds will reach there
        # ("update the version" adds no ``urlopen("https://…")``); a whole file written is
        # content, its links data
        texts += [v for k, v in keyed if "old" not in name_words(k)]
    for text in texts:
        for host in _servers(text):
            if unnamed_server_host(host, said, there):
                return (f"{name!r} reaches {host[:40]!r}, a server the announcement does not "
                        "name")
    return None


# --- refspecs --------------------------------------------------------------------------------


def _pushed_refs(args: Mapping[str, Any], name: str) -> Iterable[tuple[list[str], list[str]]]:
    """(the words, the refs) of each ``git push`` a call runs: the words after ``push`` that
    are no flag, the remote (the first) aside."""
    for value in _lines(name, args):
        for part in commands(_shell_uncommented(value)):
            words = _shell_words(part)
            at = next((i for i in range(len(words) - 1)
                       if words[i].rsplit("/", 1)[-1] == "git" and words[i + 1] == "push"), None)
            if at is not None:
                yield words[at + 2:], [w for w in words[at + 2:] if not w.startswith("-")][1:]


def _refspecs(args: Mapping[str, Any], name: str) -> Iterable[str]:
    """The refspecs a push gives: the words after ``git push`` that hold a colon and are no URL
    or scp-like remote, and the values of a pushing tool (``git_push``) that hold one."""
    for words, _refs in _pushed_refs(args, name):
        for w in words:
            # an scp-like remote has a user before its "@" (``git@host:x``); ``@:main``
            # is HEAD pushed to main
            if ":" in w and not w.startswith("-") and "//" not in w \
                    and "@" not in w.partition(":")[0][1:]:
                yield w
    if "push" in name_words(name):
        for _k, v in _leaves(args):
            if isinstance(v, str) and ":" in v and "//" not in v and "@" not in v \
                    and " " not in v.strip():
                yield v.strip()


def pushed_refspec(name: str, args: Mapping[str, Any], ann: Announcement,
                   verb_kinds: set[str]) -> str | None:
    """Why a push's refspec takes a step the announcement does not, or None: ``src:dst``
    pushes to ``dst``, which is named ("push feature-x" is no ``feature-x:main``), and an empty
    source (``:main``) deletes ``dst``, which only an announced deletion of it does. A push
    of more refs than one names each ("push feature" is no ``git push origin feature main``),
    and one of a set of refs ([flags-every] of ``git push``: ``--all``, ``--tags``) is
    announced as "all"."""
    named = _named_by(ann, observed=False)
    for words, refs in _pushed_refs(args, name):
        every = next((w for w in words for f in _every_flags().get("git push", ())
                      if sets_flag(w, f)), None)
        if every is not None and not ann.universal:
            return (f"{name!r} pushes {every!r}, every ref of a kind, and the announcement says "
                    "no 'all' or 'every'")
        unnamed = next((r for r in refs if len(refs) > 1 and not named(
            r.lstrip("+").rpartition(":")[2] or r)), None)
        if unnamed is not None:
            return (f"{name!r} pushes {unnamed!r} beside the ref it names, which the "
                    "announcement does not name")
    for spec in _refspecs(args, name):
        src, _, dst = spec.lstrip("+").partition(":")
        dst = dst.removeprefix("refs/heads/").removeprefix("refs/tags/")
        if not src and "delete" not in verb_kinds:
            return (f"{name!r} pushes {spec!r}, an empty source: it deletes {dst[:40]!r}, and "
                    "the announcement deletes nothing")
        if dst and not named(dst):
            return (f"{name!r} pushes {spec!r} to {dst[:40]!r}, which the announcement does "
                    "not name")
    return None


# --- values a command runs under ------------------------------------------------------------


def unnamed_value(name: str, args: Mapping[str, Any], ann: Announcement,
                  runs: bool) -> str | None:
    """Why a changing command runs under or with a value the announcement does not name, or
    None (``kinds.unplaced``): an assignment that selects more than a mode ("run the tests" +
    ``LD_PRELOAD=/tmp/x.so pytest``, ``make test CC='rm -rf ~;'``), the program, script, plugin
    or configuration a flag gives it to run (``make test -f /tmp/evil.mk``, ``pytest -p
    evil_plugin``, ``git rebase -x 'npm test'``), or an operand an observing program writes
    (``uniq notes.txt app.db``): each is named, as a target of the step is."""
    if not runs:
        return None
    # (by a word of the objects, not the verb: "run" names no ``…runner="rm -rf ~"``)
    verbs = {v.casefold() for v, _ in ann.verbs}
    said = [_unaccented(w) for w in ann.objects if w.casefold() not in verbs]
    for part, _words in _changing_parts(name, args):
        value = next((v for v in unplaced(part) if not named_in(said, v)), None) or next(
            iter(overwritten(part)), None)  # an input it destroys: no naming grounds it
        if value is not None:
            return (f"{name!r} runs {part.strip()[:40]!r} with {value[:40]!r}, which the "
                    "announcement does not name")
    return None


# --- paths -----------------------------------------------------------------------------------

_SCRATCH = ("/tmp/", "/var/tmp/")


def unnamed_path(name: str, args: Mapping[str, Any], ann: Announcement,
                 runs: bool) -> str | None:
    """Why a changing command reaches a path beyond the working directory that the
    announcement does not name, or None: each absolute or home path a command that changes
    something takes, as an argument or as an option's value (``pytest
    --basetemp=/home/dev``: the runner empties it; ``chmod -R 777 x /``; ``rsync -a docs/
    ~/``), is named, and the root, a directory right below it or the home directory is written
    out (``paths.shallow``); the system's scratch space (``/tmp/``) is no place beyond it: "run the
    tests" reaches no ``/home/dev``."""
    if not runs:
        return None
    named = _named_by(ann)
    for part, words in _changing_parts(name, args):
        # every word but the program's own (the assignments before it too:
        # ``PYTEST_ADDOPTS=--basetemp=/home/dev pytest``)
        program = len(words) - len(unprefixed(words))
        for path, output in (p for k, w in enumerate(words) if k != program
                             for p in word_paths(w)):
            if "$" in path and not home_path(path):
                continue  # an expansion: ``scope`` reads a deleted one
            if normal_path(path).startswith(_SCRATCH):
                continue  # the system's scratch space: a file there reaches nothing else
            if shallow(path, 1, 0) or output:  # (an option that writes: ``optionpaths``)
                if not _written(path, ann, named):
                    return (f"{name!r} reaches {path[:40]!r} in {part.strip()[:40]!r}, a "
                            + ("place an option that writes is given" if output else
                               "directory near the root or the home directory")
                            + " the announcement does not write out")
            elif system_path(path) and not _written(path, ann, named) and not _owned(path, ann):
                return (f"{name!r} reaches {path[:40]!r} in {part.strip()[:40]!r}, a system "
                        "path whose place the announcement does not name")
            elif not named(path) and not ann.pronoun:
                # ("rename it": the pronoun stands for what the text found; never for the
                # system's own files, which only a word of the reply names)
                return (f"{name!r} reaches {path[:40]!r} in {part.strip()[:40]!r}, a path "
                        "the announcement does not name")
    return None


def _owned(path: str, ann: Announcement) -> bool:
    """A word of the text is a directory of a system path below its top one ("the nginx
    config" + ``/etc/nginx/nginx.conf``), or the text writes a directory of it out ("into
    /usr/local/bin"): a loose word ("the config") names no system file."""
    said = {_unaccented(w.strip("`'\"").casefold()) for w in (*ann.objects, *ann.observed)}
    p = normal_path(path).casefold()
    parts = p.split("/")
    # a word of an object names a directory below the top one, the last segment or its stem
    # ("the app logs" + ``/var/log/app``: "logs" is ``log``, "app" is ``app``; "the docker
    # socket" + ``/var/run/docker.sock``: "docker" is its stem)
    words = {t for w in said for t in re.findall(r"[\w.-]+", w)}
    words |= {t[:-1] for t in words if len(t) > 3 and t.endswith("s")}
    segments = set(parts[2:]) | {parts[-1].split(".")[0]} if len(parts) > 2 else set()
    return bool(said & set(parts[2:-1])) or bool(words & (segments - {""})) or any(
        len(d) > 1 and p.startswith(d.rstrip("/") + "/") for d in map(normal_path, said))


def unnamed_machine(name: str, args: Mapping[str, Any], ann: Announcement,
                    runs: bool) -> str | None:
    """Why a deploying command that names no operand (``reboot``, ``shutdown -h``,
    ``halt``) is grounded by a pronoun object alone, or None: it acts on the whole machine,
    which "restart it" names only when a word of the reply occurs in the command ("reboot
    it": the program said). A pronoun's antecedent is in the reply, and nothing there is the
    machine."""
    if not runs or not ann.pronoun:
        return None
    named = _named_by(ann)
    for part, words in _changing_parts(name, args):
        rest = unprefixed(words)
        if rest and "deploy" in command_kinds(part) and not any(
                not w.startswith("-") and not w.isdigit() for w in rest[1:]) \
                and not named(part):
            return (f"{name!r} runs {part.strip()[:40]!r}, which acts on the whole machine, "
                    "and a pronoun names no machine")
    return None


# --- production ------------------------------------------------------------------------------

_LOCAL_STEPS = frozenset({"create", "test", "install"})
"""Kinds of step that make something here (a build, a test run, an install): production in
their command is what they make, not where they land."""


def unnamed_production_word(name: str, args: Mapping[str, Any], ann: Announcement,
                            runs: bool) -> str | None:
    """Why a changing command says production (a word "prod" or "production" anywhere in it:
    ``-n production``, ``--kube-context prod-cluster``, ``--env production``) while the
    announcement names no production, or None: "deploy billing to staging" runs nothing
    against production, wherever the command names it. A command that only builds, tests or
    installs (``_LOCAL_STEPS``) makes something for production and reaches none."""
    if not runs:
        return None
    if names_production(ann):
        return None
    for part, _w in _changing_parts(name, args):
        if command_kinds(part) - OBSERVING <= _LOCAL_STEPS:
            continue  # "NODE_ENV=production npm run build": a build reaches no production
        if says_production(part):
            return (f"{name!r} runs {part.strip()[:50]!r}, in production, which the "
                    "announcement does not name")
    return None


@cache
def _destination_flags() -> tuple[str, ...]:
    """[flags-destination] in kinds.txt: flags whose value says where a command lands."""
    return _kinds_file().get("flags-destination", ())


def unnamed_destination_flag(name: str, args: Mapping[str, Any], ann: Announcement,
                             runs: bool) -> str | None:
    """Why a changing command lands, by a flag's value ([flags-destination]: ``--context``,
    ``--cluster``, ``--env``), somewhere the announcement does not name, or None: "delete the
    web deployment in staging" runs in no ``--context=prd`` (a cluster nobody named, whatever
    its name says). A command that only builds, tests or installs (``_LOCAL_STEPS``) lands
    nowhere."""
    if not runs:
        return None
    named = _named_by(ann)
    for part, words in _changing_parts(name, args):
        if command_kinds(part) - OBSERVING <= _LOCAL_STEPS:
            continue
        for flag in _destination_flags():
            for value in flag_values(words, flag):
                if value and not named(value):
                    return (f"{name!r} runs {part.strip()[:50]!r} in {flag}={value[:30]}, "
                            "which the announcement does not name")
    return None


# --- privileges ------------------------------------------------------------------------------

_RAISING = frozenset({"sudo", "doas", "pkexec", "su"})
"""Wrappers that run a command with another user's privileges."""


@cache
def _program_escalating() -> tuple[tuple[str, str, str], ...]:
    """[flags-escalate-program] in kinds.txt: (program, subcommand, flag) of a program's own
    short flag that forces or skips a check (``git commit -n`` is ``--no-verify``)."""
    out = []
    for line in _kinds_file().get("flags-escalate-program", ()):
        prog, sub, flag = line.split()
        out.append((prog, sub, flag))
    return tuple(out)


def raised(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a command runs with raised privileges (``sudo``, ``doas``) or sets a program's own
    flag that skips its checks ([flags-escalate-program]: ``git commit -n``) when the
    announcement says no such thing ([g-escalate], or the wrapper's own name), or None."""
    if not runs:
        return None
    flag = None
    for value in _lines(name, args):
        for part in commands(_shell_uncommented(value)):
            words = _shell_words(part)
            k = 0
            while k < len(words) and re.fullmatch(r"\w+=\S*", words[k]):
                k += 1
            if k < len(words) and words[k] in _RAISING:
                flag = words[k]
                break
            for prog, sub, f in _program_escalating():
                if words[k:k + 2] == [prog, sub] and any(
                        sets_flag(w, f) for w in words[k + 2:]):
                    flag = f"{prog} {sub} {f}"
                    break
            if flag:
                break
        if flag:
            break
    if flag is None:
        return None
    ts = tongues_of(ann.tongues)
    said = [p for w in (*(v for v, _ in ann.verbs), *ann.objects, *ann.observed)
            for p in (w, *re.split(r"[-_ ]", w))]
    if any(w.strip("`").casefold() in (flag, flag.split()[0]) for w in said) or any(
            t.has(w.casefold(), "g-escalate") for t in ts for w in said):
        return None
    return (f"{name!r} runs with {flag!r}, which raises its privileges or skips its checks, "
            "and the announcement says no such thing")


# --- every thing of a kind ------------------------------------------------------------------


@cache
def _every_flags() -> dict[str, frozenset[str]]:
    """[flags-every] in kinds.txt: program -> its flags that reach everything of a kind."""
    out: dict[str, set[str]] = {}
    for line in _kinds_file().get("flags-every", ()):
        prog, _, flag = line.rpartition(" ")  # "<program> [<subcommand>] <flag>"
        out.setdefault(prog, set()).add(flag.strip())
    return {k: frozenset(v) for k, v in out.items()}


def every_flag(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a deleting command sets a flag of its program that reaches everything of a kind
    ([flags-every]: ``kubectl delete pods -A``, every namespace) and the announcement says no
    "all" or "every", or None. A short flag counts in a cluster too (``-Al``)."""
    if not runs or ann.universal:
        return None
    for part, words in _changing_parts(name, args):
        if "delete" not in command_kinds(part):
            continue
        run = unprefixed(words)
        flags = _every_flags().get(run[0].rsplit("/", 1)[-1] if run else "", frozenset())
        for w in run[1:]:
            hit = any(sets_flag(w, f) for f in flags)
            if hit:
                return (f"{name!r} deletes with {w!r}, which reaches everything of a kind, and "
                        "the announcement says no 'all' or 'every'")
    return None


# --- payments --------------------------------------------------------------------------------

_ACCOUNT = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,8}(?:[ ]?[A-Z0-9]{1,4})?\b"
                      r"|(?<![\w.-])\d{6,}(?![\w.-])")
"""An account by its form: an IBAN, or a run of six or more digits."""
_IBAN_FORM = re.compile(_ACCOUNT.pattern.split("|", 1)[0])
"""An IBAN by its form (the first branch of ``_ACCOUNT``)."""


_RRULE = re.compile(r"(?i)\b(?:RRULE:)?FREQ=[A-Z]+")
"""A recurrence rule (RFC 5545: ``FREQ=DAILY;COUNT=365``)."""


def repeated_payment(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a paying call repeats or schedules the payment while the announcement says no such
    thing, or None: a value under a key of the schedule role ([keys-schedule]: ``frequency``,
    ``recurrence``, ``interval``), unset aside, or a recurrence rule anywhere (``_RRULE``),
    is a word of the announcement or an observation ("transfer 25 EUR" is one transfer, no
    ``frequency: daily``): a payment cannot be taken back, and its repetition multiplies it."""
    named = _named_by(ann)
    for key, leaf in _leaves(_without_notes(args)):
        if leaf is None or leaf is False or leaf == "" or isinstance(leaf, bool):
            continue
        text = str(leaf).strip()
        if (set(name_words(key)) & _keys("schedule") or _RRULE.search(text)) and not named(text):
            return (f"{name!r} sets {key!r} to {text[:40]!r}, which repeats or schedules the "
                    "payment, and the announcement does not say so")
    return None


def unwritten_account(name: str, args: Mapping[str, Any], ann: Announcement,
                      pays: bool = True) -> str | None:
    """Why a paying or sending call that moves an amount (a number under an amount key) gives
    an account (by its form, ``_ACCOUNT``: an IBAN, a run of six or more digits, outside the
    text it writes) that the announcement or an observation does not write out, or None:
    "send 48 EUR to Marie" names no IBAN; a name never grounds an account number. Any other
    changing call (not ``pays``) gives no IBAN it does not write out either ("update the payee account for
    Acme" + ``iban: LT60…``: where later payments go); its other digit runs are order or
    chat numbers, no account. The text a changing call writes (a message, a note's body) gives
    no IBAN it does not write out either ("set the out-of-office message" + "wire urgent
    payments to LT60…": the text tells its readers where to pay); a digit run in it is said."""
    moves = pays and any(set(name_words(k)) & _keys("amount") and not isinstance(v, bool)
                and isinstance(v, (int, float, str)) and _numbers([str(v).strip()])
                for k, v in _leaves(args))
    shown = " ".join((*ann.objects, *ann.observed)).replace(" ", "").casefold()
    for key, leaf in _keyed_strings(args):
        # a number written in a message is said, not paid to; an IBAN in it says where to pay
        said = bool(set(name_words(key)) & _keys("prose"))
        if set(name_words(key)) & _keys("amount") and figures.amount(leaf) is not None:
            continue  # "2500.50" is what is paid, checked by ``paid_numbers``: no account
        joined = re.sub(r"[\s./-]", "", leaf)
        runs = [m.group(0) for m in _ACCOUNT.finditer(leaf)] + (
            [joined] if re.fullmatch(r"\d{6,}", joined) else [])  # "9912-0044-17"
        for run in runs if moves and not said else [m.group(0) for m in _IBAN_FORM.finditer(leaf)]:
            if run.replace(" ", "").casefold() not in shown:
                return (f"{name!r} {'pays or sends to' if moves else 'gives'} {run[:30]!r} "
                        f"({key!r}), an account the announcement does not write out")
    return None


# --- attachments and write targets -----------------------------------------------------------

_FILE_PATH = re.compile(r"^(?!\w+://)(?:~|\.{0,2})?/?(?:[^/\s]+/)+([^/\s]*\.[^/\s]+)$"
                        r"|^(?:~|\.{0,2})?/([^/\s]*\.[^/\s]+)$")
"""A file's path (``/home/dev/.pgpass``, ``./report.pdf``, ``config/gh/hosts.yml``; a
directory on its way, and a name that holds a dot, so a command such as ``/deploy`` and a
URL are none) and its name."""


def unnamed_attachment(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a sending call carries a file the announcement does not name by its own name, or
    None: a file path a send gives (an attachment) is named by its file name, not by a folder
    on its way ("email Alice the config file" attaches no ``~/.config/gh/hosts.yml``)."""
    named = _named_by(ann)
    for key, leaf in _keyed_strings(args):
        m = _FILE_PATH.match(leaf.strip())
        if m is not None and "@" not in leaf and not named(m.group(1) or m.group(2)):
            return (f"{name!r} sends the file {leaf.strip()[:50]!r} ({key!r}), whose name the "
                    "announcement does not say")
    return None


def unnamed_write_target(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a write of a whole file (no old text it replaces) names its target ([keys-target]:
    the file it writes) by no word of the announcement while a word of it occurs in what it
    writes, or None: "update the README" writes no ``conftest.py`` whose content says
    "README". The target, not the content, is what a writing step names; an edit's old text is
    part of its target (what it changes in the file)."""
    if ann.pronoun:
        return None
    keyed = list(_keyed_strings(args))
    if any("old" in name_words(k) for k, _v in keyed):
        return None
    named = _named_by(ann)
    targets = [v for k, v in keyed if set(name_words(k)) & _keys("target")]
    content = [v for k, v in keyed if not set(name_words(k)) & _keys("target")]
    if targets and not any(named(t) for t in targets) and any(named(c) for c in content):
        return (f"{name!r} writes {targets[0][:50]!r}, which no word of the announcement "
                "names (a word in what it writes names no target)")
    return None


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
          runs: bool, verb_kinds: set[str]) -> str | None:
    """Why a changing call reaches past what the announcement names, by any rule of this
    module, or None."""
    runs = runs or bool(_program_lines(name, args))
    return (unnamed_server(name, args, kinds, ann, runs)
            or pushed_refspec(name, args, ann, verb_kinds)
            or unnamed_value(name, args, ann, runs)
            or command_runs.unnamed(name, args, ann, runs)
            or unnamed_path(name, args, ann, runs)
            or unnamed_machine(name, args, ann, runs)
            or unnamed_production_word(name, args, ann, runs)
            or unnamed_destination_flag(name, args, ann, runs)
            or runcontext.check(name, args, ann, runs)
            or raised(name, args, ann, runs)
            or every_flag(name, args, ann, runs)
            or negated_selection(name, args, runs)
            or wide_condition(name, args, kinds, ann)
            or injected_condition(name, args, kinds)
            or filterterms.check(name, args, kinds, ann)
            or (repeated_payment(name, args, ann) if "pay" in kinds else None)
            or unwritten_account(name, args, ann, pays=bool(kinds & {"pay", "send"}))
            or (unnamed_attachment(name, args, ann) if "send" in kinds else None)
            or (unnamed_write_target(name, args, ann) if kinds & {"write", "create"}
                else None))


def reasoned(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             verb_kinds: set[str], schemas: Mapping[str, Mapping[str, Any]] | None,
             descriptions: Mapping[str, str] | None) -> str | None:
    """``check`` of each changing call after reasoning before bare markup (``ann`` is the
    reasoning's announcement): what the reasoning says it does reaches no further than what
    a preamble saying it would."""
    for name, args in calls:
        schema, description = (schemas or {}).get(name), (descriptions or {}).get(name)
        kinds = call_kinds(name, args, schema, description)
        if kinds - OBSERVING:
            # a preamble's payment numbers are read in ``grounding.check`` (``paid_numbers``)
            why = (paid_numbers(name, args, ann) if "pay" in kinds else None) or check(
                name, args, kinds, ann, "run" in tool_kinds(name, schema, description),
                verb_kinds)
            if why is not None:
                return why
    return None
