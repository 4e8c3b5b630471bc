"""Grounding: every call must be the step the preamble announced. And sample arguments refuse.

A call after a preamble is recovered only when

- **covered**: each kind of step it takes that changes something (write, create, delete, run,
  send, pay, commit, install, deploy, navigate) is announced by a verb of a kind that covers it
  ("I'll check the config" never covers a ``rm``); the kinds of a tool come from the words of
  its name (``grammar/lexicon/kinds.txt``), and for a tool that runs commands from each
  command's program (``rm``, ``git push``); and
- **referenced**: a content word of the announcement or of an observation occurs in the tool's
  name, an argument key or an argument value (compared by stem; CJK terms through the
  language's ``[concept]`` map), or the preamble names no object (a pronoun: "Let me fix
  that.", or nothing: "Let me commit.") and an announced verb's kind is the call's kind.
  Generic verbs ("check", "handle") have no kind: they ground only through a content word.

Rule ``ungrounded-call`` refuses a reply with any call that is not. Rule ``sample-arguments``
refuses string values that are placeholders or say they are an example.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import pairwise
from typing import Any, AnyStr

from .amounts import (
    _CURRENCY_WORDS,
    REPEAT_REFUSED,
    _amounts,
    _currency_of,
    _same_send,
    _unsaid_numbers,
)
from .kinds import (
    _ADDRESS,
    _JOINERS,
    _TOOL_WORDS,
    OBSERVING,
    UNKNOWN,
    _any_statement,
    _command_values,
    _escalating_flags,
    _flags,
    _keyed_strings,
    _keys,
    _kind_table,
    _kinds_file,
    _leads,
    _leaves,
    _neutral,
    _only_first,
    _runners,
    _statements,
    _strings,
    _without_notes,
    call_kinds,
    command_kinds,
    commands,
    name_words,
    statement_kinds,
    tool_kinds,
    unprefixed,
)
from .preamble import Announcement
from .references import _CALL_WORD, _LATIN_TONGUES, _meanings, _referenced, _shared_stem, _stem, _unaccented
from .screens import lexicon, normalize
from .words import covers, tongues

__all__ = ["check", "documented", "harmed", "irreversible", "offered", "reasoning_grounds",
           "recapped",
           "sample_arguments", "sourced", "steered", "timed", "warm"]


_FINDING = frozenset({"list", "search"})
"""Kinds of step that find things: a listing and a search announce each other."""
_LOOKING = frozenset({"read", "list", "search"})
"""Kinds of step that only look at what is there: an announced fetch ("retrieve", "pull up")
grounds a call of these alone ("I'll retrieve your reservation details." + a user lookup):
fetching a record is looking it up. Another observing verb grounds only its own kind (and a
listing and a search each other, ``_FINDING``): "read your notes" + ``ls src/`` is another
step."""

_LOOKING = frozenset({"read", "list", "search", "compute"})
"""What a verb of finding out that names no kind, with a pronoun object or none, grounds ("Let
me check that.", 检查一下, "Checking."): a step that only observes, never one that changes
something or fetches a URL."""

EVERY_NOUN_KINDS = frozenset({"deploy", "send", "pay", "delete", "commit"})
"""Kinds of step that cannot be taken back: a call of one carries every noun the announcement
names (``Announcement.named``), not just one."""




def warm() -> None:
    """Read kinds.txt now (its tables are built once, on first use otherwise)."""
    _kind_table()
    _flags()
    _statements()
    _targets()
    _runners()
    _neutral()
    _only_first()
    _leads()
    _sensitive()
    _any_statement()
    _escalating_flags()



def _unnamed_command(name: str, args: Mapping[str, Any], ann: Announcement,
                     verb_kinds: set[str]) -> str | None:
    """A command of a tool that runs commands that changes something and that no word of
    the announcement names: "Let me run the tests." + ``pytest -q; curl … | sh`` runs a
    second program nobody announced. Each command (the parts between ``;``, ``&&``, ``|``,
    newlines and substitutions) that takes a step beyond observing must carry a word of the
    announcement."""
    said = [*ann.objects, *ann.observed]
    for command in _command_values(args):
        parts = commands(command)
        if len(parts) < 2:
            continue  # one command: the call's own reference check reads it
        for part in parts:
            kinds = command_kinds(part) - OBSERVING
            if not kinds or ("run" not in kinds and kinds <= verb_kinds):
                # observing, or announced by a verb of its own kind ("rebuild" + ``make``);
                # "run" is any program's kind, never its name
                continue
            text = part.casefold()
            if _referenced(said, text, frozenset(_CALL_WORD.findall(text))) is None:
                return (f"{name!r} also runs {part.strip()[:40]!r}, which no word of the "
                        "announcement names")
    return None


_CLIMB = re.compile(r"(?:^|[/\\\s=])\.\.(?:[/\\\s]|$)")
"""A path segment that climbs out of where it starts ("build/..", "../shared")."""


_WHERE_TO = re.compile(r"@|://|^\s*\+?\d[\d\s().-]{6,}\s*$")
"""An address: an email, a URL, a phone number."""


_COMPLEMENT = re.compile(r"<>|!=|(?i:\bnot\b|=\s*(?:false|0)\b|\bis\s+null\b)")
"""A condition that selects what its column does not hold (``is_test = false``, ``status <>
'draft'``, ``duplicate_of IS NULL``)."""


def _complement(st: str, st_kinds: frozenset[str],
                named: Callable[[str], bool]) -> str | None:
    """The term of a deleting or writing statement's condition that selects the complement of
    a word the announcement names (``_COMPLEMENT`` on it: "the test orders" + ``WHERE is_test =
    false``), or None."""
    where = re.split(r"(?i)\bwhere\b", st, maxsplit=1)
    if not st_kinds & {"delete", "write"} or len(where) < 2:
        return None
    return next((term for term in re.split(r"(?i)\b(?:and|or)\b", where[1])
                 if _COMPLEMENT.search(term) and named(term)), None)


def _statement_scope(name: str, value: str, named: Callable[[str], bool]) -> str | None:
    """A query that reaches past what the announcement names: a second statement or target,
    a deleting statement's target it does not name, a condition selecting the complement."""
    statements = [x for x in _uncommented(value).split(";") if x.strip()]
    for st in statements:
        # what the statement acts on, its keywords aside ("DROP TABLE users": users;
        # "DROP TABLE a, b": each of a and b)
        bare = st
        for pattern, _kind in _statements():
            bare = pattern.sub(" ", bare)
        bare = re.split(r"(?i)\b(?:where|set|values|select|using|on)\b", bare)[0]
        targets = [x for x in bare.split(",") if x.strip()] or [bare]
        st_kinds = statement_kinds(st)
        term = _complement(st, st_kinds, named)
        if term is not None:
            return (f"{name!r} selects {term.strip()[:40]!r}: the complement of what "
                    "the announcement names")
        several = len(statements) > 1 or len(targets) > 1
        # one statement acting on one target is the step announced, unless it
        # deletes: then, as for a deleting program, what it deletes is named ("drop
        # the table" is no DROP TABLE customers)
        if st_kinds and (several or "delete" in st_kinds) and not all(
                named(x) for x in targets):
            verb = "also acts on" if several else "deletes with"
            return (f"{name!r} {verb} {st.strip()[:40]!r}, which the "
                    "announcement does not name")
    return None


def _scope(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
           runs: bool) -> str | None:
    """A changing call that reaches past what the announcement names: a path that climbs out
    (``rm -rf build/..``), a target of a deleting program the announcement does not name
    (``rm -rf build ~``), a second statement of a query (``DROP TABLE a; DROP TABLE users``),
    or, for a step that cannot be taken back, a destination value it does not name
    (``environment: production`` after "to staging", ``to: stranger@…`` after "to Sarah")."""
    said = [_unaccented(w) for w in (*ann.objects, *ann.observed)]

    def named(text: str) -> bool:
        low = _unaccented(text.casefold())
        return _referenced(said, low, frozenset(_CALL_WORD.findall(low))) is not None

    # the strings that run (under a command key; else every one): a description is no command
    run_values = set(_command_values(args)) if runs else set()
    for value in _strings(args, keys=False, numbers=False):
        if kinds & {"delete", "write"} and _CLIMB.search(value) and not any(
                ".." in w for w in said):
            return f"{name!r} climbs out of a path ('..') the announcement does not name"
        if statement_kinds(value):
            beyond = _statement_scope(name, value, named)
            if beyond is not None:
                return beyond
        if runs and value in run_values:
            for part in commands(_shell_uncommented(value)):
                try:
                    words = shlex.split(part)
                except ValueError:
                    words = part.split()
                words = unprefixed(words)
                prog = words[0].rsplit("/", 1)[-1] if words else ""
                deleted: list[str] = []
                if prog in _targets():
                    deleted = [w for w in words[1:] if not w.startswith("-")]
                elif prog == "find" and "delete" in command_kinds(part):
                    # "find / -name build -exec rm -rf {} +": what it deletes lies under the
                    # paths it starts from (the working directory, "." , is the task's own)
                    for w in words[1:]:
                        if w.startswith("-") or w in ("!", "(", "\\("):
                            break
                        if w.rstrip("/") not in (".", "") or w == "/":
                            deleted.append(w)
                deleted += _subcommand_targets(prog, words)
                for target in (x for t in deleted for x in _braced(t)):
                    if "$" in target or "`" in target:
                        # "rm -rf \"$BUILD_DIR/\"": a value the reply does not show (unset,
                        # it is "/")
                        return (f"{name!r} deletes {target[:40]!r}, a shell expansion whose "
                                "value the reply does not show")
                    if not named(target):
                        return (f"{name!r} also deletes {target[:40]!r}, which the "
                                "announcement does not name")
                    if _near_root(target) and not _written(target, ann, named):
                        return (f"{name!r} deletes {target[:40]!r}, a directory near the root "
                                "or the home directory the announcement does not write out")
                stranger = _unnamed_recipient(part, words, named, ann)
                if stranger is not None:
                    return (f"{name!r} sends to {stranger[:40]!r} in a command, whom the "
                            "announcement does not name")
    latin = all(t in _LATIN_TONGUES for t in ann.tongues)
    if kinds & EVERY_NOUN_KINDS:
        # (a name in another script is written in Latin letters in an address: "민수" is
        # minsu.kim@...; only a Latin-script announcement can be compared with an address.
        # An account, an environment or a channel is no name spelled in another script: it
        # is named in any language)
        for key, leaf in _leaves(args):
            words = name_words(key)
            if "from" in words or not (_keys("destination").intersection(words) or (
                    _keys("address").intersection(words) and isinstance(leaf, str)
                    and _WHERE_TO.search(leaf))):
                continue
            parts = re.split(r"[,;\s]+", leaf.strip()) if isinstance(leaf, str) else []
            for part in (x for x in parts if x):
                if not latin and _WHERE_TO.search(part):
                    continue
                if not named(part):
                    return (f"{name!r} sends its {key!r} to {part[:40]!r}, which the "
                            "announcement does not name")
    if latin:
        # an email address a changing call adds anywhere (an attendee, a share, a cc) is
        # someone the announcement names ("add Tom to the meeting" + leak@rival.example)
        grounded: dict[str, str] = {}
        for key, leaf in _keyed_strings(args):
            if _ADDRESS.match(leaf.strip()) and "from" not in name_words(key):
                low = _unaccented(leaf.strip().casefold())
                by = _referenced(said, low, frozenset(_CALL_WORD.findall(low)))
                if by is None:
                    return (f"{name!r} gives {leaf.strip()[:40]!r} ({key!r}), whom the "
                            "announcement does not name")
                other = grounded.setdefault(by, low)
                if other != low:
                    return (f"{name!r} gives {leaf.strip()[:40]!r} ({key!r}) beside {other!r}: "
                            f"two addresses for the one {by!r} the announcement names")
    return None



_COMMENT_TAIL = re.compile(r"(?:^|\s)(?:#|--)\s.*$", re.MULTILINE)


def _uncommented(value: str) -> str:
    """A command or a query without its comments ("-- test users", "# example"): what runs."""
    return _COMMENT_TAIL.sub("", value)


def _near_root(target: str) -> bool:
    """A path at most two directories below the root, or the home directory or one directory
    below it (``/var/log``, ``/home``, ``~``, ``~/projects``): one word of an announcement ("the
    old log file") never names all of it."""
    t = target.strip().rstrip("/")
    if t in ("", "~", "$HOME"):
        return True
    for root, depth in (("/", 2), ("~/", 1), ("$HOME/", 1)):
        if t.startswith(root):
            return len([c for c in t[len(root):].split("/") if c]) <= depth
    return False


def _written(target: str, ann: Announcement, announced: Callable[[str], bool]) -> bool:
    """The announcement or an observation writes the path out (a code token of it), or, for a
    directory one below the home directory, a word of theirs names it ("the project", "le
    projet", "项目" + ``~/project``); a word never names a directory near the root ("the old
    log file" is no ``/var/log``, "the home page" no ``/home``)."""
    t = target.strip().rstrip("/").casefold()
    if any(w.strip("`").rstrip("/").casefold() == t for w in (*ann.objects, *ann.observed)):
        return True
    home, _, rest = t.partition("/")
    return home in ("~", "$home") and "/" not in rest and bool(rest) and announced(rest)


def _unnamed_recipient(part: str, words: Sequence[str], named: Callable[[str], bool],
                       ann: Announcement) -> str | None:
    """An email address a sending command ("mail -s report x@y.example < r.txt") writes to
    that a Latin-script announcement does not name (as for an address under a recipient key;
    a name in another script is not compared with an address), or None."""
    if not all(t in _LATIN_TONGUES for t in ann.tongues) or "send" not in command_kinds(part):
        return None
    return next((w for w in words[1:] if _ADDRESS.match(w.strip()) and not named(w)), None)


_SHELL_COMMENT = re.compile(r"(?:^|\s)#\s.*$", re.MULTILINE)


def _shell_uncommented(value: str) -> str:
    """A shell command without its comments ("# example"): what runs. ``--`` is no comment in
    a shell (it ends the options: ``rm -rf build -- ~`` deletes ``~`` too); only in a query."""
    return _SHELL_COMMENT.sub("", value)


_BRACE = re.compile(r"\{([^{}]*,[^{}]*)\}")


def _braced(word: str) -> list[str]:
    """The words a shell brace expansion makes of a word (``{build,~}``: ``build`` and ``~``;
    ``src/{a,b}.py``: ``src/a.py`` and ``src/b.py``); a word with none is itself."""
    m = _BRACE.search(word)
    if m is None:
        return [word]
    return [x for alt in m.group(1).split(",")
            for x in _braced(word[: m.start()] + alt + word[m.end():])]


def _subcommand_targets(prog: str, words: Sequence[str]) -> list[str]:
    """What a deleting subcommand of another program deletes when it names several things
    (``git branch -D stale main``, ``docker rm -f web postgres-prod``, ``kubectl delete
    pod/x namespace/prod``): the words after the subcommand that are no flag, each named by
    the announcement as an ``rm`` target is. One target is the step announced."""
    line = " ".join(words)
    # a program's subcommand, not a query a tool runs ("DELETE FROM jobs WHERE ...")
    if prog in _targets() or prog == "find" or "delete" not in command_kinds(line) or \
            statement_kinds(line):
        return []
    rest = [w for w in words[1:] if not w.startswith("-")]
    after = rest[1:]
    return after if len(after) > 1 else []


@cache
def _targets() -> frozenset[str]:
    """Programs whose every argument is a target of the step ([targets] in kinds.txt)."""
    return frozenset(_kinds_file().get("targets", ()))




def _observed_target(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call's target is one only an observation names while the announcement
    names another object ("~/.ssh/config is in the list. Let me update the notes." + a write to
    ~/.ssh/config), or None."""
    for key, leaf in _leaves(args):
        if not isinstance(leaf, str) or not set(name_words(key)) & _keys("target"):
            continue
        text = leaf.casefold()
        words = frozenset(w.casefold() for w in _CALL_WORD.findall(leaf))
        # the observation names the file itself (its last part), not a folder on its way
        base = text.rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1]
        if not base or _referenced(ann.objects, text, words) is not None:
            continue
        if _referenced(ann.observed, base, frozenset(
                w.casefold() for w in _CALL_WORD.findall(base))) is not None or any(
                o.strip("`\"'").casefold().rstrip("/").endswith(base) for o in ann.observed):
            return (f"{name!r} changes {leaf[:60]!r}, which only an observation names; the "
                    "announcement names another object")
    return None


@cache
def _sensitive() -> tuple[tuple[str, frozenset[str]], ...]:
    """[sensitive] in kinds.txt: (fragment, the words that name it)."""
    return tuple((x.casefold(), frozenset(w.casefold() for w in _CALL_WORD.findall(x)
                                          if len(w) >= 3))
                 for x in _kinds_file().get("sensitive", ()))


def _unnamed_sensitive(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call touches a sensitive location ([sensitive]: ~/.ssh/, /etc/sudoers,
    .bashrc) the announcement does not name by one of its words, or None."""
    # a fragment's word inside any word the announcement says ("the ssh key", ".bashrc")
    spoken = " ".join(o.strip("`\"'").casefold() for o in ann.objects)
    for v in _strings(args, keys=False):
        text = v.casefold() + "/"  # "/home/dev/.ssh" is the directory "/.ssh/"
        for fragment, words in _sensitive():
            if fragment in text and not any(w in spoken for w in words):
                return (f"{name!r} touches {fragment!r} in {v[:60]!r}, a sensitive location "
                        "the announcement does not name")
    return None


_USERINFO = re.compile(r"[a-z][a-z0-9+.-]*://[^\s/:@]+:[^\s/@]+@", re.IGNORECASE)
"""A URL carrying a password (``postgres://admin:secret@db``)."""
_KEY_BLOCK = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")
"""A private key's armour."""
_RUN = re.compile(r"[A-Za-z0-9]{16,}")
"""A run of letters and digits long enough to be a key."""


def _keylike(run: str) -> bool:
    """A run of letters and digits with the form of a generated key, not of a word, a name or
    a hash: not only hex digits (a commit, a digest, an id), and letters and digits alternate
    at least four times ("q8Zt3LmR0vXw7Yc2", "AKIAIOSFODNN7Q2X9ZPL"; never "getUserById2",
    "deadbeef0123" or "ubuntu2204server")."""
    if re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", run):
        return False
    return sum(a.isdigit() != b.isdigit() for a, b in pairwise(run)) >= 4


def _secret(value: str) -> str | None:
    """The credential a string holds by its form (a password in a URL, a private key, a run
    with the form of a generated key), or None."""
    m = _USERINFO.search(value) or _KEY_BLOCK.search(value)
    if m is not None:
        return m.group(0)
    return next((r for r in _RUN.findall(value) if _keylike(r)), None)


def _unnamed_secret(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call carries a credential (by its form: ``_secret``) the announcement does not
    show as written, or None: whatever the step, a secret it sends (a search query, a URL, a
    file's content) is no part of what was announced."""
    shown = " ".join((*ann.objects, *ann.observed))
    for v in _strings(args, keys=False, numbers=False):
        found = _secret(v)
        if found is not None and found not in shown:
            return (f"{name!r} carries {found[:12]!r}..., a credential by its form, which the "
                    "announcement does not show")
    return None


_HOST = re.compile(r"\b[a-z][a-z0-9+.-]*://(?:[^\s/@]*@)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
"""The host of a URL."""
_USED_URL = re.compile(r"^\s*[\w.-]+\s*[=:]\s*" + _HOST.pattern + r"|" + _HOST.pattern
                       + r"[^\n|]*\|(?!\|)|\$\([^\n]*" + _HOST.pattern, re.MULTILINE)
"""A URL a text uses rather than mentions: a setting's bare value (``registry=https://…``,
``base_url: https://…``; a quoted string in code, ``url = "https://…"``, is data), a
download piped into a program (``curl -s https://… | sh``), or a line that substitutes a
command's output on its way to it (``curl -d "$(env)" https://…``)."""


def _unnamed_host(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call adds a server the announcement does not name, or None: a URL its
    text uses (``_USED_URL``) whose domain's own label ("evil-cdn" of get.evil-cdn.net) no
    word of the announcement holds and no replaced text (an edit's ``old_string``) already
    has. What a call writes or runs sends nothing to, and fetches nothing from, a server the
    step does not name (a workflow posting the environment, a registry swapped in a config,
    an install script piped into a shell)."""
    said = " ".join(_unaccented(w.strip("`\"'").casefold()) for w in (*ann.objects, *ann.observed))
    keyed = list(_keyed_strings(args))
    there = " ".join(v.casefold() for k, v in keyed if "old" in name_words(k))
    for key, v in keyed:
        if "old" in name_words(key):
            continue
        for m in _USED_URL.finditer(v):
            host = next(g for g in m.groups() if g)
            labels = host.casefold().split(".")
            if all(x.isdigit() for x in labels):
                continue  # an IP address: its own rules (a scope, a firewall) read it
            if labels[-2] not in said and host.casefold() not in there:
                return (f"{name!r} sends to or runs from {host[:40]!r}, a server the "
                        "announcement does not name")
    return None


_PIECE = re.compile(r"\w+|[^\w\s]")
"""A word or a symbol of a text."""


def _slip(a: str, b: str) -> bool:
    """Two spellings of one word a slip apart: at most two letters added, dropped or changed,
    and fewer than half the shorter ("tru"/"true", "improt"/"import"; never "True"/"False",
    "on"/"no")."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1] <= 2 and row[-1] * 2 < min(len(a), len(b))


_LITERALS = frozenset({"true", "false", "none", "null", "nil", "undefined", "yes", "no",
                       "on", "off", "and", "or", "not", "is", "in"})
"""The words that are values or operators in code and configuration (booleans, null, the
logical operators): never a name, so no rename or typo fix turns one into another word or a
word into one."""


_PRODUCTION = frozenset({"prod", "production"})
"""The words that name the production environment in a path or a name
(``config/production.yaml``, ``settings/prod.py``, ``database.prod.yml``)."""


def _unnamed_production(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call's target (a path, a file, a name: [keys-target]) is in production
    while the announcement names no production (in its words, "prod" in any, or through a
    [concept] map: "producción", 生产环境, 本番), or None: "Let me update the staging config."
    never writes ``config/production.yaml``."""
    words = (*ann.objects, *ann.observed)
    if any("prod" in w.casefold() or _PRODUCTION & _meanings(w.casefold()) for w in words):
        return None
    for key, leaf in _leaves(args):
        if isinstance(leaf, str) and set(name_words(key)) & _keys("target") and _PRODUCTION & {
                w.casefold() for w in re.findall(r"[A-Za-z]+", leaf)}:
            return (f"{name!r} changes {leaf[:40]!r}, in production, which the announcement "
                    "does not name")
    return None


def _uncosmetic(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit (an old text and its new one) does more than the change the preamble names
    as keeping what text does ([g-cosmetic]: "fix the typo", "rename the variable"), with one
    step announced, or None. Such an edit keeps every symbol and number in place and changes
    a word only for another word (a slip of its spelling, a name for another name: ``tmp`` ->
    ``tokens``), and a value or operator word (``_LITERALS``) only for a slip of its spelling
    (``tru`` -> ``true``): "fix the typo" never turns
    ``verify=True`` into ``verify=False``, ``a and b`` into ``a or b``, drops a check or
    raises a limit."""
    if not ann.cosmetic or len({v for v, _ in ann.verbs}) != 1:
        return None
    keyed = list(_keyed_strings(args))
    olds = [v for k, v in keyed if "old" in name_words(k)]
    news = [v for k, v in keyed if "new" in name_words(k)]
    for old, new in zip(olds, news, strict=False):
        a, b = _PIECE.findall(old), _PIECE.findall(new)
        if len(a) != len(b):
            return (f"{name!r} adds or drops text ({old.strip()[:30]!r} -> "
                    f"{new.strip()[:30]!r}), more than the {ann.cosmetic[0]!r} announced")
        for x, y in zip(a, b, strict=True):
            if x == y:
                continue
            words = x.replace("_", "").isalpha() and y.replace("_", "").isalpha()
            if not words or ({x.casefold(), y.casefold()} & _LITERALS
                             and not _slip(x.casefold(), y.casefold())):
                return (f"{name!r} turns {x[:30]!r} into {y[:30]!r}, more than the "
                        f"{ann.cosmetic[0]!r} announced")
    return None


_WHOLE_TABLE = re.compile(r"^\s*(?:delete\s+from|update)\s+[\w.\"`\[\]]+(?:(?!\bwhere\b).)*$"
                          r"|^\s*truncate\b", re.IGNORECASE | re.DOTALL)
"""A statement on a whole table: no WHERE, or a TRUNCATE."""
_EVERY_ROW = re.compile(r"\bwhere\b[^;]*\blike\s+'%|\bwhere\s+(?:true|1\s*=\s*1)\b"
                        r"|\bor\s+(?:true|1\s*=\s*1|'[^']*'\s*=\s*'[^']*')", re.IGNORECASE)
"""A condition true on every row, or a pattern open at its start."""
_EVERY_MATCH = re.compile(r"(?:^|\s)--all\b|(?:^|\s)--all-namespaces\b|\|\s*xargs\b"
                          r"|(?:^|[\s/])[^\s/]*[*?][^\s]*|\$\(([^()]*)\)|`([^`]*)`")
"""A command that acts on whatever matches (every resource, a glob, a list piped to it or
substituted into it: ``docker rm -f $(docker ps -aq)``)."""


def _universal(kinds: frozenset[str], args: Mapping[str, Any],
               said: Sequence[str] = ()) -> tuple[str, bool] | None:
    """What in a changing call reaches everything of a kind (a statement on a whole table or
    with a condition true on every row, ``--all``, a glob, a list piped to ``xargs`` or
    substituted, unless the substituted command selects by a word ``said`` as written: ``kill
    $(lsof -t -i:8080)`` after "port 8080"), and whether it is a whole thing a name can stand for (a
    table), or None."""
    if not kinds & {"delete", "write"}:
        return None
    for v in _command_values(args) or list(_strings(args, keys=False)):
        text = _uncommented(v) if statement_kinds(v) else _shell_uncommented(v)
        for st in text.split(";"):
            if statement_kinds(st):
                m = _EVERY_ROW.search(st)
                if m is not None:
                    return m.group(0).strip(), False
                if _WHOLE_TABLE.search(st):
                    return st.strip()[:60], True
        if "delete" in kinds and not statement_kinds(text):
            for m in _EVERY_MATCH.finditer(text):
                inner = m.group(1) if m.group(1) is not None else m.group(2)
                low = set(_CALL_WORD.findall((inner or "").casefold()))
                # selected by a word said as written ("8080", "myserver"), not by a word of
                # the same meaning ("containers" is no selection of ``docker ps -aq``)
                if inner is not None and any(w.strip("`\"'").casefold() in low for w in said
                                             if len(w.strip("`\"'")) >= 3):
                    continue
                return m.group(0).strip(), False
    return None


def _spelled_commands(args: Mapping[str, Any], ann: Announcement) -> bool:
    """Every command the call runs is written out in the announcement as a code span, word for
    word ("Let me run `rm -rf build`." + ``rm -rf build``)."""
    values = _command_values(args)
    spans = {" ".join(o.strip("`").split()) for o in ann.objects if o.startswith("`")}
    return bool(values) and all(" ".join(v.split()) in spans for v in values)


def _steps_of(name: str) -> list[list[str]]:
    """The words of each step a tool's name says, split at its joiners ("and", "then")."""
    out: list[list[str]] = [[]]
    for w in name_words(name):
        if w in _JOINERS:
            out.append([])
        else:
            out[-1].append(w)
    return [part for part in out if part]


def _verb_of(verb: str, words: Sequence[str]) -> bool:
    """An announced verb is a word of a tool's name: the same word, stem or meaning, never a
    prefix of a longer word ("check" is no word of ``checkout_cart``)."""
    v = verb.strip("`\"'").casefold()
    s = _stem(v)
    return bool(_meanings(v) & frozenset(words)) or any(
        v == w or (len(s) >= 3 and (s == _stem(w) or (w.startswith(s) and len(w) - len(s) <= 2)))
        or _shared_stem(s, w) for w in words)


def _names_tool(ann: Announcement, name: str, by_verb: bool = True) -> bool:
    """The announcement names the tool (`` `sell_shares` ``, or every word of its name) or
    (``by_verb``) says an announced verb that is a word of its name ("I'll sell the shares" +
    ``sell_shares``)."""
    own = name.casefold()
    words = frozenset(name_words(name))
    if any(o.strip("`\"'").casefold() == own for o in ann.objects):
        return True
    # a name joining two steps ("review_and_approve_pr", "lookup_and_lock_account") is named
    # by a verb of each
    if by_verb and all(any(_verb_of(v, part) for v, _k in ann.verbs) for part in _steps_of(name)):
        return True
    # named in words: every word of its name ("the structured output tool")
    said = [o.casefold() for o in (*ann.objects, *ann.observed)]
    spoken = " ".join(said)
    own_words = [w for w in words if len(w) >= 3 and w not in _TOOL_WORDS]
    return bool(own_words) and all(
        _referenced([w], spoken, frozenset(said)) is not None for w in own_words)


def _beyond(calls: Sequence[tuple[str, Mapping[str, Any]]], allowed: frozenset[str],
            schemas: Mapping[str, Mapping[str, Any]] | None,
            descriptions: Mapping[str, str] | None,
            ) -> Iterable[tuple[str, Mapping[str, Any], str]]:
    """(name, arguments, first kind) of each call that takes a step of a kind beyond
    ``allowed``."""
    for name, args in calls:
        other = call_kinds(name, args, (schemas or {}).get(name),
                           (descriptions or {}).get(name)) - allowed
        if other:
            yield name, args, sorted(other)[0]


def timed(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call that changes something waits for a time the announcement names ("I'll
    delete the branch tomorrow."), or None: with a time, only observing calls are grounded."""
    if not ann.times:
        return None
    for name, args, kind in _beyond(calls, OBSERVING, schemas, descriptions):
        if not _time_carried(" ".join(ann.times), args):
            return (f"the announcement says {' '.join(ann.times)!r}, a time to come, and "
                    f"{name!r} takes a step of kind {kind!r}: it would wait")
    return None


def sourced(carrier: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call that changes something comes from a carrier of someone's words the text
    relays (``Announcement.relayed``, ``preamble.relayed``), or None: only observing calls
    are grounded then."""
    hit = next((c for c in _beyond(calls, OBSERVING, schemas, descriptions)
                # a call that acts on the carrier itself ("The README still mentions 3.8.
                # I'll update it.") edits it, it does not follow it
                if carrier not in _call_text(c[0], c[1])[0].casefold()), None)
    if hit is None:
        return None
    return (f"what {carrier!r} says, and {hit[0]!r} takes a step of kind {hit[2]!r}: the "
            "step is that source's, not the user's")


def steered(said: Sequence[tuple[str, str, str]], calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """(rule, why) when a call changes something of a kind the text says under a negation or
    a condition (``Announcement.governed``, ``preamble.governed``), or None."""
    for name, args in calls:
        kinds = call_kinds(name, args, (schemas or {}).get(name),
                           (descriptions or {}).get(name)) - OBSERVING
        for word, kind, rule in said:
            hit = next((k for k in sorted(kinds) if k == kind or covers({kind}, k)), None)
            if hit is not None:
                said_as = ("as someone's request (a word of saying, asking, wanting or "
                           "needing before it)" if rule == "quoted-source" else
                           f"under a {rule}")
                return rule, (f"{word!r} {said_as}, and {name!r} takes that step (kind "
                              f"{hit!r})")
    return None


def recapped(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             schemas: Mapping[str, Mapping[str, Any]] | None = None,
             descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call changes something after an announcement that says what was done ("Let me
    review the transfer that was made." + ``transfer_funds``), or None: with a recap word,
    only observing calls are grounded."""
    if not ann.recaps:
        return None
    hit = next(iter(_beyond(calls, OBSERVING, schemas, descriptions)), None)
    if hit is None:
        return None
    return (f"the announcement says {' '.join(ann.recaps)!r}, what was done, and {hit[0]!r} "
            f"takes a step of kind {hit[2]!r}: it would be done again")


def offered(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
            schemas: Mapping[str, Mapping[str, Any]] | None = None,
            descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call changes something after an announcement that offers its step ("I can use
    the email tool." + ``send_email``), or None: with an offer, only observing calls are
    grounded (an observing step offered is taken: "I can check the weather for you.")."""
    if not ann.offers:
        return None
    hit = next(iter(_beyond(calls, OBSERVING, schemas, descriptions)), None)
    if hit is None:
        return None
    return (f"{ann.offers[0]!r} offers the step, and {hit[0]!r} takes a step of kind "
            f"{hit[2]!r}: it waits for the user's yes")


HARM_GROUNDS = OBSERVING | {"delete"}
"""Kinds of step an announcement that calls its object harmful still grounds: looking at it,
removing it ("Let me delete the malware.")."""


def harmed(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
           schemas: Mapping[str, Mapping[str, Any]] | None = None,
           descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call takes a step on something the preamble calls harmful ("I'll install the
    malicious package colourama."), or None: with such a word, only observing and deleting
    calls are grounded."""
    if not ann.harms:
        return None
    hit = next(iter(_beyond(calls, HARM_GROUNDS, schemas, descriptions)), None)
    if hit is None:
        return None
    return (f"the preamble calls its object {ann.harms[0]!r} and {hit[0]!r} takes a step of "
            f"kind {hit[2]!r} on it")


_HOUR = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m|p\.m|h)?$")
_CALL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}")
_CALL_HOUR = re.compile(r"(?:^|[T\s])(\d{1,2}):\d{2}|^(\d{1,2})$|(\d{1,2})\s*(?:am|pm)\b",
                        re.IGNORECASE)







def _time_carried(phrase: str, args: Mapping[str, Any]) -> bool:
    """The call carries the time of day the announcement names, so that time is what the step
    sets (an event at 3pm, a room for Tuesday at 3pm), not when it is taken: its hour as a
    value ("15:00", "2026-12-10T15:00", "10") and, for a day beside it ("Thursday",
    "tomorrow"), a date or the day's own word. A day with no hour ("tomorrow", "in the new
    year") is not carried: the step would wait for it. Text the call writes (a message, a
    post, a body) carries no time it sets: "goes live Thursday at 10am" is posted now."""
    values = [x.strip() for key, x in _keyed_strings(args)
              if x.strip() and not set(name_words(key)) & _keys("prose")]
    hours: set[int] = set()
    days = False
    for part in phrase.split():
        m = _HOUR.match(part)
        if m is None:
            days = True  # a day, a week, a month: a date must carry it
            continue
        h = int(m.group(1))
        suffix = (m.group(3) or "").replace(".", "")
        if suffix == "pm" and h < 12:
            h += 12
        hours |= {h, h + 12} if not suffix and h < 12 else {h}
    got = {int(g) for v in values for m in _CALL_HOUR.finditer(v) for g in m.groups() if g}
    if not hours or not hours & got:
        return False  # a day alone ("in the new year") is when the step is taken
    return not days or any(_CALL_DATE.search(v) for v in values) or any(
        w in v.casefold() for w in phrase.split() for v in values if not _HOUR.match(w))


def _uncovered(said: set[str] | frozenset[str], calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None,
               excused: Callable[[str], bool]) -> tuple[str, str] | None:
    """(call name, kind) of the first changing step of a call that no kind in ``said``
    covers; a step of unknown kind counts unless ``excused(name)``."""
    for name, args in calls:
        for k in sorted(call_kinds(name, args, (schemas or {}).get(name),
                                   (descriptions or {}).get(name)) - OBSERVING):
            if k == UNKNOWN and excused(name):
                continue
            if not covers(said, k):
                return name, k
    return None


def _reasoning_covers(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                      verb_kinds: set[str], schemas: Mapping[str, Mapping[str, Any]] | None,
                      descriptions: Mapping[str, str] | None) -> str | None:
    """``check`` with ``coverage_only``: a step of a kind the reasoning announces must cover
    each changing call."""
    if not verb_kinds:
        return None
    hit = _uncovered(verb_kinds, calls, schemas, descriptions,
                     lambda name: _names_tool(ann, name))
    if hit is None:
        return None
    return (f"{hit[0]!r} takes a step of kind {hit[1]!r}, which the reasoning's "
            f"announcement does not ({', '.join(v for v, _ in ann.verbs)})")


def reasoning_grounds(said: frozenset[str], calls: Sequence[tuple[str, Mapping[str, Any]]],
                      schemas: Mapping[str, Mapping[str, Any]] | None = None,
                      descriptions: Mapping[str, str] | None = None) -> str | None:
    """Bare markup after reasoning: each step a call takes that changes something is of a kind
    some verb of the reasoning says (``said``, from ``preamble.step_kinds``). Reasoning that
    never says the step ("The user just wants to see it.", "The boss has to sign this off
    first.", or a language no lexicon reads) is no evidence that the call is the model's own
    step now. A tool of unknown kind is left to the screens."""
    hit = _uncovered(said, calls, schemas, descriptions, lambda _name: True)
    if hit is None:
        return None
    return (f"{hit[0]!r} takes a step of kind {hit[1]!r}, and no verb of the reasoning "
            "before it says a step of that kind")


def irreversible(calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Mapping[str, Any]] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> str | None:
    """The name of the first call that takes a step that cannot be taken back
    (``EVERY_NOUN_KINDS``), or None. Bare markup after reasoning is grounded for such a call
    only as a preamble grounds it: the reasoning ends in an announcement of the step (its
    object, scope, amount, recipient), checked in full; a verb of the step's kind anywhere
    ("deleting the folder is dangerous", "the user asks how to force push") decides nothing."""
    for name, args in calls:
        if call_kinds(name, args, (schemas or {}).get(name),
                      (descriptions or {}).get(name)) & EVERY_NOUN_KINDS:
            return name
    return None


_VERSION = re.compile(r"[=<>~!@\[;]")
_INSTALLS = frozenset({"install", "add", "i"})


def _packages(args: Mapping[str, Any]) -> list[str]:
    """The packages an installing call names: the words after an install subcommand in its
    commands ("pip install requests==2.31"), or the values under a package key ([keys-package])
    of a tool that installs; versions and extras stripped."""
    out: list[str] = []
    values = [v for k, v in _leaves(args) if isinstance(v, str)
              and _keys("command").intersection(name_words(k))]
    for value in values:
        for seg in commands(value):
            words = seg.split()
            at = next((i for i, w in enumerate(words) if w.casefold() in _INSTALLS), None)
            if at is not None:
                out += [w for w in words[at + 1 :] if not w.startswith("-")]
    if not values:
        for k, v in _leaves(args):
            if isinstance(v, str) and _keys("package").intersection(name_words(k)):
                out += v.replace(",", " ").split()
    return [_VERSION.split(p, 1)[0].casefold() for p in out if _VERSION.split(p, 1)[0]]


def _near(a: str, b: str) -> bool:
    """Two names one look-alike of the other: one extends the other ("requests-toolbelt2",
    "boto3-sdk"), or they differ by at most two edits ("numpyy", "lodahs", "colourama")."""
    if a.startswith(b) or b.startswith(a):
        return True
    if abs(len(a) - len(b)) > 2:
        return False
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1] <= 2


def _lookalike(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None,
               descriptions: Mapping[str, str] | None) -> str | None:
    """Why an installing call installs a look-alike of a package the text names ("I'll
    install the requests library." + ``requestes``), or None: a package is named exactly."""
    said = {w.casefold().strip("`") for w in (*ann.objects, *ann.observed)}
    said = {w for w in said if len(w) >= 3}
    for name, args in calls:
        if "install" not in call_kinds(name, args, (schemas or {}).get(name),
                                       (descriptions or {}).get(name)):
            continue
        for pkg in _packages(args):
            if pkg in said:
                continue
            like = next((w for w in sorted(said) if _near(pkg, w)), None)
            if like is not None:
                return (f"{name!r} installs {pkg!r}, which only looks like the announced "
                        f"{like!r}: a package is named exactly")
    return None


def check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          coverage_only: bool = False,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """None when every call is grounded in the announcement; else why not (the detail).

    ``coverage_only``: the announcement is reasoning before bare markup, screened but not a
    preamble: only a step of a known kind that does not cover the call refuses ("Copying the
    tool output" then a delete); reasoning that names no kind of step ("I should call the
    tools") is left to the screen."""
    verb_kinds = {k for _, k in ann.verbs if k is not None and k != "generic"}
    # the observing steps the announcement takes: a test or a verification also reads
    observes = (verb_kinds & OBSERVING) | ({"read"} if "test" in verb_kinds else set())
    # "check" and "look at" name no kind of step, but they find something out: with a pronoun
    # object or none they announce an observing step (a named object must be referenced, and
    # a tool of unknown kind still needs a kind the announcement names)
    looks = observes | _LOOKING if _finds_out(ann) else observes
    if coverage_only:
        return _reasoning_covers(ann, calls, verb_kinds, schemas, descriptions)
    # each call's kinds, and its text and words (name, keys, values) that words are found in
    kinds_of = [call_kinds(name, args, (schemas or {}).get(name), (descriptions or {}).get(name))
                for name, args in calls]
    texts = [_call_text(name, args) for name, args in calls]
    # what an irreversible step acts on, without the notes it carries ("drop the scratch
    # database" + name prod_orders, comment "scratch cleanup")
    targets = [_call_text(name, kept) if len(kept) < len(args) else text
               for (name, args), text in zip(calls, texts, strict=True)
               for kept in [_without_notes(args)]]
    timed_words = {w for x in ann.times for w in x.split()}
    set_times = [args for _name, args in calls
                 if ann.times and _time_carried(" ".join(ann.times), args)]
    for group in ann.adjuncts:
        # "in Q3", "to staging", "during the freeze": a detail of the announced step that
        # no call carries is a step other than the call (or a deferral); a time the call
        # sets ("on Thursday at 3pm" + start 15:00) is carried
        if set_times and set(group) <= timed_words:
            continue
        if not any(_referenced(group, text, words) is not None
                   or any(w.casefold() in words for w in group)  # "(SF)" + location "SF"
                   for text, words in texts):
            return (f"the announcement says {' '.join(group)!r}, which no call carries "
                    "(in its name or arguments)")
    seen: set[str] = set()
    for (name, args), kinds in zip(calls, kinds_of, strict=True):
        if kinds & REPEAT_REFUSED:
            key = name + "\0" + json.dumps(args, sort_keys=True, default=str)
            if key in seen:
                return (f"{name!r} is called twice with the same arguments: a send or payment "
                        "is never recovered twice from one reply")
            seen.add(key)
        why = ((_amounts(name, args, ann) or _currency_of(name, args, ann))
               if "pay" in kinds else None) or _forward(name, args, kinds, ann)
        if why is not None:
            return why
        if ann.sourced and kinds & EVERY_NOUN_KINDS:
            return (f"{name!r} takes a step that cannot be taken back after an observation of "
                    "what a source holds: the step may be that source's, not the user's")
    for (name, _args), kinds, (call_text, call_words) in zip(calls, kinds_of, texts,
                                                               strict=True):
        if ann.again and kinds & REPEAT_REFUSED:
            return (f"{name!r} would {'/'.join(sorted(kinds & REPEAT_REFUSED))} a second time "
                    "(the announcement repeats the step): a repeated send or payment is never "
                    "recovered")
        # "Let me run `npm install`.": the command itself is announced
        changing = frozenset() if "run" in verb_kinds and _spelled_commands(_args, ann) \
            else kinds - OBSERVING
        # kinds only the description says (its name says none): the tool named outright
        # grounds them, as it grounds a tool of unknown kind (a description is read only
        # then, so with a name of known kind there are none)
        described = frozenset() if (descriptions or {}).get(name) is None or UNKNOWN not in \
            tool_kinds(name, (schemas or {}).get(name)) else \
            changing - call_kinds(name, _args, (schemas or {}).get(name))
        for k in sorted(changing):
            if k == UNKNOWN:
                # an observing name word of an announced kind ("search" in
                # "tavily_search_results"), the tool named, or a verb of its name
                # (an observing word of a name joining two steps says only the first)
                if (kinds & observes and len(_steps_of(name)) < 2) or _names_tool(ann, name):
                    continue
                return (f"{name!r} takes a step of a kind its name does not say, and the "
                        "announcement neither names it nor says a verb of its name")
            if not covers(verb_kinds, k) and not (
                    k in described and _names_tool(ann, name, by_verb=False)):
                said = ", ".join(f"{v!r} ({k2 or 'unknown'})" for v, k2 in ann.verbs) or "no verb"
                return (f"{name!r} takes a step of kind {k!r}, which the announcement does not "
                        f"(verbs: {said})")
        runs = "run" in tool_kinds(name, (schemas or {}).get(name), (descriptions or {}).get(name))
        if runs:
            why = _unnamed_command(name, _args, ann, verb_kinds)
            if why is not None:
                return why
        if changing:
            why = _scope(name, _args, kinds, ann, runs) or _escalated(name, _args, ann, runs)
            if why is not None:
                return why
        # a step on everything of a kind (every row, every pod, a glob) is announced as one,
        # or as the whole thing it names ("delete the draft rows" + ``DELETE FROM
        # draft_rows``); "delete them" after three pods is no ``kubectl delete pods --all``
        wide = _universal(kinds, _args, (*ann.objects, *ann.observed)) if changing else None
        if wide is not None and not ann.universal and not (wide[1] and ann.named and all(
                _referenced([w], wide[0].casefold(),
                            frozenset(_CALL_WORD.findall(wide[0].casefold()))) is not None
                for w in ann.named)):
            return (f"{name!r} reaches everything {wide[0]!r} matches, and the announcement "
                    "says no 'all' or 'every'")
        # a sensitive location is named by the announcement, whatever the call does with it
        # (reading ~/.aws/credentials beside the README the announcement names)
        why = (None if ann.pronoun or not changing else _observed_target(name, _args, ann)) \
            or _unnamed_sensitive(name, _args, ann) or _unnamed_secret(name, _args, ann) \
            or (_unnamed_host(name, _args, ann) or _uncosmetic(name, _args, ann)
                or _unnamed_production(name, _args, ann) if changing else None)
        if why is not None:
            return why
        # a step that cannot be taken back is grounded in the announcement's own words, not
        # in an observation ("main and feature-x are merged. Deleting feature-x." deletes
        # no main)
        grounds = ann.objects if kinds & EVERY_NOUN_KINDS else (*ann.objects, *ann.observed)
        if _referenced(grounds, call_text, call_words) is not None:
            continue
        if kinds and kinds <= OBSERVING and (
                kinds & observes or ("fetch" not in kinds and observes & _FINDING)
                or (kinds <= _LOOKING and "fetch" in observes)):
            # an observing step of the announced kind ("I'll list the files." + ``ls``), a
            # finding step after an announced one ("look for the tests" + a glob or a grep), or
            # a call that only looks after an announced fetch ("pull up your account" + a user
            # lookup): it changes nothing, so naming the object in other words is enough
            continue
        if ann.pronoun and kinds and (any(
                covers(verb_kinds, k) or (k in OBSERVING and observes)
                for k in kinds) or kinds <= looks):
            continue
        words = ", ".join(repr(w) for w in ann.objects[:6]) or "a pronoun"
        return (f"{name!r} is not the announced step: no word of the announcement ({words}) "
                "occurs in its name or arguments, and no announced verb is its kind")
    why = (_unsaid_numbers(ann, calls, kinds_of) or _same_send(ann, calls, kinds_of, texts)
           or _lookalike(ann, calls, schemas, descriptions))
    if why is not None or not any(kinds & EVERY_NOUN_KINDS for kinds in kinds_of):
        return why
    # a memo says what is paid
    return _unnamed_noun(ann, texts if any("pay" in kinds for kinds in kinds_of) else targets,
                         timed_words if set_times else set())


def _forward(name: str, args: Mapping[str, Any], kinds: frozenset[str],
             ann: Announcement) -> str | None:
    """Every verb announcing the call's changing step undoes one ([g-reverse]: "roll back the
    deployment") and the call says no undoing (``deploy_service``): it takes the step forward."""
    if not ann.reverses:
        return None
    by = [v for v, k in ann.verbs if k is not None and any(
        covers({k}, c) for c in kinds - OBSERVING)]
    if not by or not set(by) <= set(ann.reverses) or _undoes(name, args, ann):
        return None
    return (f"the announcement undoes a step ({', '.join(ann.reverses)}) and {name!r} says no "
            "undoing in its name or arguments: it takes the step forward")


_ON = frozenset({"true", "yes", "1", "on"})


def _finds_out(ann: Announcement) -> bool:
    """Some announced verb of no kind ([generic]) is a verb of finding out: it starts with an
    entry of its language's [g-inquiry-verb] ("check", "checking", "look at", 检查, 確認,
    "проверю"). Such a verb announces an observing step whose kind it does not say; not when
    the announcement ends with a colon, where what it checks may be the markup itself ("Let me
    check that for you:")."""
    plain = [v for v, k in ann.verbs if k == "generic"]
    if not plain or ann.forward:
        return False
    ts = [t for t in tongues() if t.name in ann.tongues]
    return any(v.casefold().startswith(w) for v in plain for t in ts for w in t.inquiry_verbs)


def _escalated(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """A changing call that forces its step or raises its privileges ([keys-escalate]:
    ``force: true``; [flags-escalate] in a command it runs: ``--force``, ``--privileged``)
    when the announcement says no such thing ([g-escalate]: "force-push", "erzwingen"):
    "Let me push main." is no force-push of main."""
    flag = next((k for k, v in _leaves(args) if _keys("escalate").intersection(name_words(k))
                 and (v is True or (isinstance(v, str) and v.strip().casefold() in _ON))), None)
    if flag is None and runs:
        flag = next((w for v in _command_values(args) for w in re.split(r"[\s=]+", v)
                     if w in _escalating_flags()), None) or _forced_refspec(args)
    if flag is None:
        return None
    ts = [t for t in tongues() if t.name in ann.tongues]
    words = [p for w in (*(v for v, _ in ann.verbs), *ann.objects, *ann.observed)
             for p in (w, *re.split(r"[-_ ]", w))]
    if any(t.has(w.casefold(), "g-escalate") for t in ts for w in words):
        return None
    return (f"{name!r} sets {flag!r}, which forces the step or raises its privileges, and the "
            "announcement says no such thing")


_FORCED_REFSPEC = re.compile(r"\bgit\b[^;&|\n]*\spush\b[^;&|\n]*\s(\+[^\s;&|]+)")


def _forced_refspec(args: Mapping[str, Any]) -> str | None:
    """A refspec a ``git push`` forces (``+main``, ``+HEAD:main``): a force push, as
    ``--force`` is."""
    return next((m.group(1) for v in _command_values(args)
                 for m in [_FORCED_REFSPEC.search(v)] if m is not None), None)


def _undoes(name: str, args: Mapping[str, Any], ann: Announcement) -> bool:
    """A word of the call's name or arguments undoes a step ([g-reverse] of English, the
    language of code, or of a language the announcement is in): "rollback", "undo", "refund"."""
    ts = [t for t in tongues() if t.name == "en" or t.name in ann.tongues]
    parts = name_words(name)
    words = [*parts, *(" ".join(p) for p in pairwise(parts)),
             *(w.casefold() for s in _strings(args) for w in _CALL_WORD.findall(s))]
    return any(t.has(w, "g-reverse") for t in ts for w in words)


def _call_text(name: str, args: Mapping[str, Any]) -> tuple[str, frozenset[str]]:
    """A call's text (its name, keys and values, comments aside) and its words; a date it
    carries adds the words that name that day (``_date_words``)."""
    strings = [_uncommented(x) for x in _strings(args)]
    # each distinct word casefolded once (a long value repeats most of its words)
    words = {w.casefold() for w in set(_CALL_WORD.findall("\n".join(strings)))}
    dated = _date_words(strings)
    return (" ".join([name.casefold(), *(s.casefold() for s in strings), *dated]),
            frozenset([*name_words(name), *words, *dated]))


_ISO_DATE = re.compile(r"\b\d{4}-(\d{2})-(\d{2})\b")


def _date_words(strings: Sequence[str]) -> list[str]:
    """The words that name the day of each ISO date in the strings ("2026-12-20"): its month
    in every lexicon's [g-month] ("december", "diciembre", "may") and its day ("20",
    "20th"). "I'll book the flight for December 20." names the day the call sets."""
    out: list[str] = []
    for s in strings:
        for m in _ISO_DATE.finditer(s):
            month, day = int(m.group(1)), int(m.group(2))
            if not (1 <= month <= 12 and 1 <= day <= 31):
                continue
            out.extend(t.months[month - 1] for t in tongues() if len(t.months) == 12)
            out.extend(f"{day}{suffix}" for suffix in ("", "st", "nd", "rd", "th"))
    return out


def _unnamed_noun(ann: Announcement, texts: Sequence[tuple[str, frozenset[str]]],
                  set_time: set[str]) -> str | None:
    """A noun the announcement names that no call carries, for a step that cannot be taken
    back: it is that step in every noun the announcement names ("deploy to staging" is no
    deploy to production, "push the feature branch" no push of main, "transfer ten dollars to
    my test account" no payment of 25,000). A currency's name is compared as a currency
    (``_currency_of``), the words of a time the call sets (``set_time``) as that time."""
    for w in ann.named:
        if len(w.strip("`\"'")) >= 3 and w.casefold() not in _CURRENCY_WORDS and \
                w not in set_time and not any(
                    _referenced([w], text, words) is not None for text, words in texts):
            return (f"the announcement names {w!r}, which no call that cannot be taken back "
                    "carries (in its name or arguments)")
    return None


_REMOTE = re.compile(r"(?:https?|ftp|wss?)://", re.IGNORECASE)
_AUTHORING = frozenset({"write", "create"})
"""Kinds of step that may make the document reasoning is about (writing the cheat sheet)."""


def documented(reasoning: str, calls: Sequence[tuple[str, Mapping[str, Any]]],
               schemas: Mapping[str, Mapping[str, Any]] | None = None,
               descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call is no step of reasoning that is about a publication ([publication]: a cheat
    sheet, a slide, a postmortem, an article), or None: the task is the document, so only writing it
    (or reading for it) is grounded; a call that runs, deletes, sends or pays is its content."""
    if not reasoning:
        return None
    m = lexicon().clause_cues["publication"].search(reasoning)
    if m is None:
        return None
    for name, args in calls:
        # writing to an address on the network sends it away: no document is written there
        authoring = frozenset() if any(
            isinstance(v, str) and _REMOTE.match(v.strip()) for _k, v in _leaves(args)) \
            else _AUTHORING
        other = call_kinds(name, args, (schemas or {}).get(name),
                           (descriptions or {}).get(name)) - OBSERVING - authoring
        if other:
            return (f"the reasoning is about a document ({m.group(0).strip()!r}) and "
                    f"{name!r} takes a step of kind {sorted(other)[0]!r}, which does not write it")
    return None


# -- sample arguments --------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"/path/to/|\\path\\to\\|\bpath/to/your\b|\byour[_-]?\w*[_-]here\b|\b[A-Z][A-Z0-9_]*_HERE\b"
    r"|\bYOUR_[A-Z0-9_]+\b|<\s*(?:insert|your|replace|enter|put|add)\b[^<>]*>"
    r"|\{\{\s*(?:your|insert|placeholder)[^{}]*\}\}|\[\s*(?:insert|your)\b[^\[\]]*\]"
    r"|\bREPLACE_ME\b"
    # filler text
    r"|\blorem ipsum\b"
    # "your-bucket-name": a name the reader puts in
    r"|\b(?:your[-_](?:[a-z0-9]+[-_])*|my[-_](?:[a-z0-9]+[-_])+)(?:name|id|key|token|bucket|project|domain|email|password"
    r"|user|username|host|branch|namespace|region|account|org|repo|server|secret)\b"
    r"|\byour(?:org|repo|name|user|username|company|domain|project|team|bucket|app|host)\b"
    # values standing for any value by convention: documentation addresses (RFC 5737), the
    # nil UUID, the standard test card and IBAN, the default password
    r"|(?<![\d.])(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}(?![\d.])"
    r"|\b0{8}-0{4}-0{4}-0{4}-0{12}\b|\b4242[ -]?4242[ -]?4242[ -]?4242\b"
    r"|\bDE89[ ]?3704[ ]?0044[ ]?0532[ ]?0130[ ]?00\b|\bchangeme\b"
    # the IPv6 documentation prefix (RFC 3849), the example UUID of RFC 4122's
    # illustrations, an id counted up after its prefix ("subnet-12345678",
    # "ami-0abcdef1234567890")
    r"|(?<![0-9a-f:])2001:0?db8:|\b123e4567-e89b-12d3-a456-426614174000\b"
    r"|(?<=[a-z][-_])0?(?:abcdef)?(?:01234567|12345678|23456789)",
    re.IGNORECASE)
_PLACEHOLDER_HINTS = ("path", "your", "here", "replace", "lorem", "my-", "my_", "192.0.2",
                      "198.51.100", "203.0.113", "00000000-", "4242", "de89", "changeme", "2001:",
                      "123e4567", "1234567", "2345678", "insert", "placeholder")
_ANGLE_WORDS = ("enter", "put", "add")
_ANGLE_HINT = re.compile(r"<\s*(?:" + "|".join(_ANGLE_WORDS) + r")\b")


# Characters from the most to the least frequent in text; any other counts as rarer than all.
_COMMON_CHARS = " etaoinsrhldcumfpgwybv,.-01kx2j:q/z345678"


_Groups = tuple[tuple[Any, tuple[tuple[Any, AnyStr], ...]], ...]
"""(a character, ((another character, hint), ...)), ...; bytes hold each character as an int
(an ``int in bytes`` is a plain memchr)."""


def _hint_groups(hints: Sequence[str]) -> _Groups[str]:
    """The hints grouped by their rarest character, each with its next rarest: a value without
    them holds no such hint, and one ``in`` of a single character (a memchr) says so far faster
    than a scan for the hint."""
    def rarity(ch: str) -> int:
        at = _COMMON_CHARS.find(ch)
        return len(_COMMON_CHARS) if at == -1 else at

    groups: dict[str, list[tuple[str, str]]] = {}
    for h in hints:
        rarest = sorted(set(h), key=rarity, reverse=True)
        groups.setdefault(rarest[0], []).append((rarest[-1] if len(rarest) == 1 else rarest[1], h))
    return tuple((ch, tuple(hs)) for ch, hs in groups.items())


def _utf8_groups(groups: _Groups[str]) -> _Groups[bytes] | None:
    """``groups`` in UTF-8, or None when a hint is not ASCII or not casefolded (only such hints
    are found alike in a casefold and in ``_ascii_lowered``)."""
    if not all(h.isascii() and h == h.casefold() for _, hs in groups for _, h in hs):
        return None
    return tuple((ord(ch), tuple((ord(c2), h.encode()) for c2, h in hs)) for ch, hs in groups)


_HINT_GROUPS = _hint_groups(_PLACEHOLDER_HINTS)
_ANGLE_GROUPS = _hint_groups(_ANGLE_WORDS)
_HINT_GROUPS_UTF8 = _utf8_groups(_HINT_GROUPS)
_ANGLE_GROUPS_UTF8 = _utf8_groups(_ANGLE_GROUPS)

_FOLDS_TO_ASCII = ("\u00df\u0130\u0149\u017f\u01f0\u1e96\u1e97\u1e98\u1e99\u1e9a\u1e9e"
                   "\u212a\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06")
"""Every character beyond ASCII whose casefold holds an ASCII character ("ß" -> "ss", the
Kelvin sign -> "k", "ﬁ" -> "fi"); tests/intent/test_sample_prefilter.py checks it against every code
point."""
_FOLD_LEADS = tuple(sorted({ch.encode()[0] for ch in _FOLDS_TO_ASCII}))
"""The first bytes of their UTF-8: a text without any of them holds none of them."""


def _ascii_lowered(value: str) -> bytes | None:
    """The value's UTF-8 with its ASCII letters lowered, when it holds no ``_FOLDS_TO_ASCII``
    character (else None). An ASCII string is then in it exactly when it is in the value's
    casefold: only ASCII characters fold to ASCII ones, one for one, and a multi-byte UTF-8
    sequence holds no ASCII byte. Several times faster than ``casefold`` beyond Latin-1."""
    raw = value.encode("utf-8", "surrogatepass")
    for lead in _FOLD_LEADS:
        if lead in raw:
            return None
    return raw.lower()


def _holds_any(low: AnyStr, groups: _Groups[AnyStr]) -> bool:
    """Does ``low`` hold one of the hints of ``_hint_groups``?"""
    for ch, hints in groups:
        if ch in low:
            for ch2, h in hints:
                if ch2 in low and h in low:
                    return True
    return False


def _may_hold_placeholder(value: str) -> bool:
    """A literal every branch of ``_PLACEHOLDER`` holds is in the value (casefolded): a value
    with none is searched no further (the alternation costs about 0.5 µs a character, these
    substring scans a few µs in all)."""
    if not value.isascii() and _HINT_GROUPS_UTF8 is not None and _ANGLE_GROUPS_UTF8 is not None:
        lowered = _ascii_lowered(value)
        if lowered is not None:
            if _holds_any(lowered, _HINT_GROUPS_UTF8):
                return True
            if 0x3C not in lowered or not _holds_any(lowered, _ANGLE_GROUPS_UTF8):  # "<"
                return False
            return _ANGLE_HINT.search(value.casefold()) is not None
    low = value.casefold()
    return _holds_any(low, _HINT_GROUPS) or (
        "<" in low and _holds_any(low, _ANGLE_GROUPS) and _ANGLE_HINT.search(low) is not None)


_EXAMPLE_KEY = re.compile(r"(?<=[A-Za-z0-9/+])EXAMPLE|EXAMPLE(?=[A-Z0-9/+])")
"""A credential with EXAMPLE written into it, as vendors' documentation writes its sample keys
("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"); case-sensitive."""

_MASKED = re.compile(r"(?<![A-Za-z])X{4,}(?![A-Za-z])|(?<=[A-Za-z0-9][-_])x{4,}(?![A-Za-z])")
"""A run of X's standing for a value ("XXXX-XXXX", "INV-XXXX"), small ones after an id's
prefix ("i-xxxxxxxx", "acct_xxxx")."""
_SLOT_NOUN = (r"(?:name|id|path|file|dir|directory|folder|table|branch|repo|user|username|key"
              r"|token|value|url|host|email|number|bucket|project|instance|database|db)")
# (each lookahead asks for a separator inside the brackets: a name of two words or more)
_SLOT_KEY = re.compile(r"(?:^|[-_])" + _SLOT_NOUN + r"s?$|^(?:to|dest|destination|target|src|source"
                       r"|remote|recipient)$", re.IGNORECASE)
"""A key naming a field that holds a name, a path or an id (``path``, ``file_path``,
``branch``, ``repo_name``)."""
_SLOT = re.compile(r"(?:^|(?<=\s))(?:<(?=[^>]*[-_])(?:[a-z0-9]+[-_])*" + _SLOT_NOUN
                   + r"(?:[-_][a-z0-9]+)*>|(?<!\$)\{(?=[^}]*_)(?:[a-z0-9]+_)*" + _SLOT_NOUN
                   + r"(?:_[a-z0-9]+)*\})(?=\s|[;,.]?$)")
"""A slot's name standing as a word of its own ("DROP TABLE <table_name>;", "git push origin
{branch_name}", "<file-to-delete>"): a template to fill in, not a value. It names what goes in
(a name, a path, an id...) in two words or more, so a tag (``<tool_calls>``, ``<my-widget>``)
or a one-word field (``{value}``) is none."""
_TEMPLATE_VALUE = re.compile(r"\s*(?:<(?:[a-z0-9]+[-_])*" + _SLOT_NOUN + r"(?:[-_][a-z0-9]+)*>"
                             r"|\{\{\s*[A-Za-z_][\w.]*\s*\}\}|\$\{?[A-Za-z_]\w*\}?)\s*",
                             re.IGNORECASE)
"""A whole value that is one template variable, never filled in ("<branch>", "{{branch}}",
"${TABLE_NAME}", "$BRANCH"); a tag is none ("<tool_calls>")."""
_ELIDED = re.compile(r"[A-Za-z0-9]+[-_](?:\.\.\.|…)")
"""A whole value cut short after its prefix ("sk-...", "ghp_…"): the rest is left out."""
_ELLIPSIS = re.compile(r"\s*(?:\.\s?\.\s?\.+|…+)\s*")
"""A whole value that is an ellipsis ("...", "…", ". . ."): the value itself was left out (a
reporter's or the model's elision: ``<parameter name="new_string">...</parameter>``)."""
_METASYNTACTIC = re.compile(r"(?<![A-Za-z])(foo|bar|baz|qux|quux)(?![A-Za-z])")
"""Words that stand for any name: two different ones in a value are a sample ("foo/bar.txt")."""
_COMMENT_MARKS = r"#|//|--|/\*|REM\s"
_COMMENT_MARK = re.compile(_COMMENT_MARKS)
"""What every comment ``_COMMENT`` reads opens with: a value with none has no comment."""


def _first_chars(pattern: re.Pattern[str]) -> str | None:
    """A character every match of ``pattern`` starts with, one per branch, for a pattern whose
    branches each open with a literal character (``#|//|REM\\s``); None for any other shape.
    (Split at every ``|``: a piece that starts inside a group only adds a character.)"""
    if pattern.flags & re.IGNORECASE:
        return None
    out = []
    for branch in pattern.pattern.split("|"):
        m = re.match(r"\\([^\w\s])|([^\\\[\](){}.*+?^$|])", branch)
        if m is None or branch[m.end() : m.end() + 1] in ("?", "*", "{"):
            return None
        out.append(m.group(1) or m.group(2))
    return "".join(sorted(set(out)))


_COMMENT_FIRST = _first_chars(_COMMENT_MARK)
"""One ``in`` of a single character each (a memchr) proves a value holds no ``_COMMENT_MARK``;
the regex's own scan costs about 5 ns a character."""


def _comment_marked(s: str) -> bool:
    """Does ``s`` hold a ``_COMMENT_MARK``?"""
    if _COMMENT_FIRST is not None:
        for ch in _COMMENT_FIRST:
            if ch in s:
                break
        else:
            return False
    return _COMMENT_MARK.search(s) is not None
_COMMENT = re.compile(r"(?:^|\s)(?:" + _COMMENT_MARKS + r")\s*(.+)$", re.MULTILINE)
_WHOLE_PLACEHOLDER = re.compile(r"\s*(?:\[[A-Z]{3,}(?: [A-Z]+)*\]|<[A-Z]{3,}[A-Z0-9_-]*>)\s*")
"""A whole value that is a name in capitals in brackets ("[SUBJECT]", "<VERSION>")."""
_FILL_IN = re.compile(r"\b(?:replace|substitute|fill in|change|adjust|swap|whatever)\b.*\byour\b"
                      r"|\byour own\b|\badapt\b|\bsample\b|\bplaceholders?\b|\bdummy\b",
                      re.IGNORECASE)
"""A comment telling the reader to put their own value in ("# replace main with your branch")."""


def sample_arguments(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why the arguments look like a sample rather than a call (a placeholder value, a comment
    saying the value is an example or not to be run), or None."""
    lex = lexicon()
    for name, args in calls:
        for key, value in _leaves(args):
            # a field for a name, a path or an id that describes what goes in ("你的仓库")
            if isinstance(value, str) and len(value) <= 60 and _SLOT_KEY.search(key) and (
                    m := lex.recall.placeholder_field.search(normalize(value))) is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in its {key!r}"
        for s in _strings(args, keys=False, numbers=False):
            # a file's content (many lines) may document a placeholder; a value holds one
            m = _PLACEHOLDER.search(s) if (len(s) <= 400 or "\n" not in s) and \
                _may_hold_placeholder(s) else None
            if m is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in an argument"
            if _WHOLE_PLACEHOLDER.fullmatch(s) or _TEMPLATE_VALUE.fullmatch(s):
                return f"{name!r} has the placeholder {s.strip()!r} as an argument"
            short = len(s) <= 120 and "\n" not in s  # a value, not a file's content
            m = (_MASKED.search(s) or _EXAMPLE_KEY.search(s)) if short else None
            if m is not None:
                return f"{name!r} has the masked value {m.group(0)!r} in an argument"
            m = _SLOT.search(s) if short else None
            if m is not None:
                return f"{name!r} has the slot {m.group(0)!r} in an argument"
            m = lex.recall.placeholder.search(normalize(s)) if short else None
            if m is not None:
                return f"{name!r} has the placeholder {m.group(0)!r} in an argument"
            if _ELIDED.fullmatch(s.strip()):
                return f"{name!r} has the value {s.strip()!r}, cut short"
            if _ELLIPSIS.fullmatch(s):
                return f"{name!r} has only the ellipsis {s.strip()!r} as an argument"
            if short and len({w.casefold() for w in _METASYNTACTIC.findall(s)}) >= 2:
                return f"{name!r} has the sample names {s[:40]!r} in an argument"
            if len(s) <= 200 and 2 <= len(s.split()) <= 4 and any(lex.recall.specimen.fullmatch(w)
                                                 for w in normalize(s).split()):
                # a short text saying it is an example ("Texto de ejemplo", "Sample body")
                return f"{name!r} has the sample text {s[:40]!r} as an argument"
            for c in _COMMENT.finditer(s) if _comment_marked(s) else ():
                if _FILL_IN.search(c.group(1)):
                    return (f"{name!r} has a comment saying {c.group(1)[:40]!r} in an "
                            "argument")
                said = normalize(c.group(1))
                for cat in ("example", "not-to-run", "hypothetical"):
                    cue = bool(lex.cues[cat].search(said)) if cat in lex.cues else False
                    if not cue and cat == "not-to-run":
                        cue = bool(lex.not_to_run.spans(said))
                    if cue:
                        return f"{name!r} has a comment saying {c.group(1)[:40]!r} in an argument"
                if lex.negation.spans(said) and lex.execution.spans(said):
                    return f"{name!r} has a comment saying {c.group(1)[:40]!r} in an argument"
    return None
