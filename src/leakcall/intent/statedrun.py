"""What the announcement states of a run, kept by its command (round 45 gaps 2 and 3, rule
``ungrounded-call``; read from ``beyond.check``): "I'll run the cleanup script with --dry-run."
is no ``./cleanup.sh``, "I'll run the deploy script for staging." no bare ``./deploy.sh``, "for
version 2.3.1" no ``./deploy.sh 2.4.0``, "for the tmp folder" no ``./cleanup.sh .``.

``options`` holds a run to saying every option it adds, and ``commandscope`` a backticked
command line to being run as written; this reader holds the run to what the text states of it
in words, compared only when the text writes it:

- **a stated dry run is kept**: when an announcement says a dry run, a check or a simulation
  ([g-dry-run]: "dry run", "check mode", "Probelauf", "à blanc"), or writes an option of one
  ([flags-dry-run] in kinds.txt: ``--dry-run``, ``-n``, ``--fake``, ``--plan``, ``--check``),
  not after a word of [g-without] or a negation, each command of the line that does more than
  look passes an option or a word of one (``--check``, ``terraform plan``; any of the class
  keeps a written one): ``./x.sh --dry-run; ./x.sh`` and ``--dry-run=false`` keep none;
- **a stated scope is carried**: a project script (``./x.sh``, ``bin/x``, ``scripts/x``, a
  script an interpreter runs, ``make x``) run where an announcement's phrase after a
  preposition of [g-scope-prep] ("for the eu-west region", "on staging", "para staging") names
  a content word that is no word of the tree, a party or a time ([g-scope-here], the time
  phrases) nor of the script's own name: its words, an assignment before it or the line's
  ``cd`` carry a word of it, and every argument the script is given is a word the text writes
  or a path it names;
- **a written version is the version run**: a script given a version (``2.4.0``) the text does
  not write, where the text writes another one;
- **a wider word refuses** as ``--all`` does in ``options``: a script's argument that is ``.``,
  ``*`` or ``/``, or whose words hold a word of [g-universal] (``all``, ``all-staff``,
  ``everyone``), unless the text writes it or speaks of all.

"run the migration script" + ``./migrate.sh`` states nothing and is compared with nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .commandscope import _command_texts, _said_words
from .dispatch import RUN, reads
from .flags import module_words
from .forcing import _shell_words
from .kinds import OBSERVING, command_kinds, commands, unprefixed
from .kindsfile import section
from .looked import _named
from .preamble import Announcement
from .statedsettings import _alts, _forms
from .tables import english

__all__ = ["check"]

_TEXT_FLAG = re.compile(r"(?<![\w/.=-])(-{1,2}[A-Za-z][\w-]*)")
"""An option written in the text (``--dry-run``, ``-n``); a hyphenated word is none."""
_COMMAND_SPAN = re.compile(r"`[^`\n]*`")
"""A backticked span; one with a space is a command line, which ``commandscope`` holds to
being run as written (spans pair from the left: the text between two of them is none)."""


def _unspanned(text: str) -> str:
    """The text without its backticked command lines (``make check``), code tokens kept."""
    return _COMMAND_SPAN.sub(lambda m: " " if re.search(r"\s", m.group(0)) else m.group(0), text)


_VERSION = re.compile(r"(?:v|(?<!\d))\d++(?:\.\d++)++(?:[-+][\w.]+)?")
# (no start inside a run of digits, none backtracked: the same matches, linear on a long run)
_PART = re.compile(r"[^\W_]+")
_INFLECTED = re.compile(r"s|es|ed|d|ing")
_SENTENCE_END = re.compile(r"[.!?;:,()\n]\s|[.!?;:]$|[。！？；：，\n]")
_NEGATION = frozenset({"no", "not", "never", "non", "nicht", "kein", "keinen", "ohne", "sin",
                       "sans", "pas", "senza", "sem", "não", "без", "не", "不", "没有"})
"""Words that turn a dry run over when they come just before it ("not a dry run")."""
_OFF = frozenset({"false", "0", "no", "off", "none", "disabled", "never"})
"""Values that turn an option off (``--dry-run=false``)."""
_DRY_TAIL = frozenset({"run", "mode", "only"})
"""Words of a dry-run option's name beside the class's (``--dry-run``, ``--check-only``)."""
_SETUP = frozenset({"cd", "pushd", "popd", "set", "export", "unset", "shopt"})
"""Shell builtins that set up the line and take no step of their own."""
_REACH = 3
"""Words before a stated dry run read for a negation."""
_SPAN = 5
"""Words after a preposition read as its phrase."""
_WIDE = frozenset({".", "./", "*", "./*", "/", "/*", "**", "~"})
_SCRIPT_DIRS = re.compile(r"(?:\./)?(?:bin|scripts?|tools|ci)/[\w.-]+")
_SCRIPT_FILE = re.compile(r"(?i)[\w./-]+\.(?:sh|bash|zsh|py|js|mjs|ts|rb|pl|php|ps1)")
_INTERPRETERS = re.compile(r"(?:python[\d.]*|node|bash|sh|zsh|ruby|perl|php|pwsh|ts-node|tsx)")


@cache
def _dry_re() -> re.Pattern[str]:
    """A dry run the text states in words ([g-dry-run])."""
    spaced, tight = _alts("g-dry-run")
    return re.compile(rf"(?<![\w-])(?:{spaced})(?![\w-])" + (f"|{tight}" if tight else ""),
                      re.IGNORECASE)


@cache
def _preps() -> frozenset[str]:
    return frozenset(_forms("g-scope-prep"))


@cache
def _here() -> frozenset[str]:
    return frozenset(w for f in _forms("g-scope-here") for w in f.split())


@cache
def _stops() -> frozenset[str]:
    """Words that end a preposition's phrase: another preposition, a joining word."""
    return _preps() | frozenset(_forms("g-without")) | frozenset(
        {"and", "then", "to", "with", "so", "before", "after", "using", "via", "y", "und", "et",
         "e", "ed", "con", "mit", "avec", "com", "a", "zu", "à"})


def _name_words(word: str) -> list[str]:
    return [w.casefold() for w in _PART.findall(word)]


def _dry_word(word: str) -> bool:
    """A word of the command that asks for a dry run ([flags-dry-run]): every word of its
    name is of the class, up to "run", "mode" and "only" (``--dry-run``, ``--check-only``), or
    its words joined are (``--what-if``); ``n`` only as ``-n``. An option given a value that
    turns it off (``--dry-run=false``) is none, and so is one whose name has any other word
    (``--no-dry-run``, ``--plan-and-apply``)."""
    head, eq, value = word.partition("=")
    if eq and value.strip("\"'").casefold() in _OFF:
        return False
    if head.startswith("-") and not head.startswith("--") and head.lstrip("-") == "n":
        return True
    names = _name_words(head)
    core = [n for n in names if n not in _DRY_TAIL]
    return bool(core) and (("n" not in core and set(core) <= section("flags-dry-run"))
                           or "".join(names) in section("flags-dry-run"))


def _takes_step(part: str) -> bool:
    """A simple command that does more than look or set up the line."""
    words = _shell_words(part)
    return bool(words) and words[0] not in _SETUP and not command_kinds(part) <= OBSERVING


def _negated(text: str, at: int) -> bool:
    before = text[:at].split()[-_REACH:]
    return any(w.strip(".,;:!?()`\"'").casefold() in _NEGATION | frozenset(_forms("g-without"))
               for w in before)


def _dry_stated(text: str) -> str | None:
    """The dry run the text states (a phrase, or an option it writes), or None."""
    bare = _unspanned(text)
    for m in _dry_re().finditer(bare):
        if not _negated(bare, m.start()):
            return m.group(0)
    for m in _TEXT_FLAG.finditer(bare):
        if _dry_word(m.group(1)) and not _negated(bare, m.start()):
            return m.group(1)
    return None


def _script_args(words: Sequence[str]) -> tuple[str, list[str]] | None:
    """(the script, its arguments) of a project script's command, or None."""
    if not words:
        return None
    prog = words[0]
    base = prog.rsplit("/", 1)[-1].casefold()
    if (prog.startswith("./") and prog.count("/") == 1) or _SCRIPT_DIRS.fullmatch(prog) or (
            "/" in prog and _SCRIPT_FILE.fullmatch(prog) and not prog.startswith("/")):
        return prog, list(words[1:])
    if _INTERPRETERS.fullmatch(base):
        at = next((i for i, w in enumerate(words[1:], 1) if not w.startswith("-")), None)
        if at is not None and words[at - 1] not in ("-c", "-e", "-m") and \
                _SCRIPT_FILE.fullmatch(words[at]):
            return words[at], list(words[at + 1:])
    if base in ("make", "gmake") and len(words) > 1 and not words[1].startswith("-") \
            and "=" not in words[1]:
        return words[1], list(words[2:])
    return None


def _tokens(sentence: str) -> list[str]:
    return [w.strip(".,;:!?()`\"'").casefold() for w in sentence.split()]


_ARG_NOUNS = frozenset({
    "region", "regions", "zone", "zones", "index", "indexes", "indices", "tenant", "tenants",
    "cluster", "clusters", "namespace", "namespaces", "environment", "environments", "env",
    "canary", "shard", "shards", "database", "databases", "table", "tables", "bucket",
    "buckets", "queue", "queues", "folder", "folders", "dir", "version", "release", "branch",
    "users", "user", "customers", "customer", "accounts", "account", "engineer", "engineers",
    "team", "teams", "group", "groups", "channel", "channels", "audience", "site", "sites",
    "host", "hosts", "server", "servers", "locale", "language", "country", "market",
    "frontend", "backend", "service", "services", "package", "packages", "module", "modules",
    "component", "components", "worker", "workers", "api", "client", "app", "apps"})
"""Heads of a scope phrase a script's argument selects (h18b narrowed, fxc): a region, zone,
index, audience, part of the tree or other selected noun ("for the eu-west region", "for test
users", "for the frontend")."""
_RUN_WORDS = frozenset({"run", "runs", "running", "rerun", "execute", "executing", "launch",
                        "invoke", "trigger", "start", "kick", "führe", "führen", "ausführen",
                        "starte", "lance", "lancer", "exécute", "exécuter", "ejecuta",
                        "ejecutar", "lanza", "esegui", "eseguire", "lancia", "executa",
                        "executar", "rodar", "rodo"})
"""Words that make a sentence or plan item the step of the call's run (besides the script's
own name words): another item of a plan ("1. Update the import in `app.py`") states no scope
of it."""


def _arg_like(phrase: Sequence[str], raw: Sequence[str]) -> bool:
    """A scope phrase whose head a script's argument carries: a served environment, a noun of
    [_ARG_NOUNS], a version, or a code token (a word with a digit, ``-``, ``_`` or ``.``)."""
    served = section("environment-served") | section("environment-name")
    return any(x in served or x in _ARG_NOUNS or _VERSION.fullmatch(x) is not None
               or re.search(r"[\d_.-]", r.strip(".,;:!?()\"'")) is not None
               for x, r in zip(phrase, raw, strict=True))


def _manner(sentence: str) -> frozenset[str]:
    """The words of a manner phrase of the sentence ([g-manner-*]: "in the foreground"):
    no scope."""
    low = sentence.casefold()
    out: set[str] = set()
    for name in ("g-manner-quiet", "g-manner-verbose", "g-manner-background",
                 "g-manner-foreground"):
        for form in _forms(name):
            spaced = re.escape(form).replace("\\ ", r"(?:\s+the)?\s+")
            if re.search(rf"(?<!\w){spaced}(?!\w)", low):
                out.update(form.split())
    return frozenset(out)


def _same_step(words: Sequence[str], own: frozenset[str]) -> bool:
    """The sentence or plan item runs the script: it has a run word or a word of the
    script's own name ("the deploy script" for ``./deploy.sh``, "migration" for ``migrate``)."""
    return any(w in _RUN_WORDS or any(_stem_said(p, own) or (
        len(p) >= 5 and any(len(o) >= 5 and o[:5] == p[:5] for o in own))
        for p in _name_words(w)) for w in words)


def _scopes(ann: Announcement, own: frozenset[str]) -> list[str]:
    """The content words of the phrases after a preposition of [g-scope-prep] the text states
    in the step of the run (its sentence or plan item): no word of the tree, a party or a
    time, nor of the script's own name, and only a phrase whose head an argument carries (a
    served environment, a region, index or audience noun, a version, a code token), never a
    manner ("in the foreground") nor a purpose ("for the toolchain")."""
    objects = {o.strip("`\"'").casefold() for o in ann.objects}
    timed = {w.casefold() for group in ann.adjuncts for w in group}
    out: list[str] = []
    for sentence in _SENTENCE_END.split(_unspanned(ann.text)):
        words = _tokens(sentence)
        raw = sentence.split()
        if not _same_step(words, own):
            continue
        manner = _manner(sentence)
        for i, w in enumerate(words):
            if w not in _preps():
                continue
            phrase: list[str] = []
            for x in words[i + 1:i + 1 + _SPAN]:
                if x in _stops():
                    break
                phrase.append(x)
            if not phrase or set(phrase) & manner or \
                    not _arg_like(phrase, raw[i + 1:i + 1 + len(phrase)]):
                continue
            out += [x for x in phrase if x in objects and x not in _here() and x not in timed
                    and x not in own and not english().has(x, "g-common")]
    return out


def _said(word: str, said: frozenset[str], ann: Announcement) -> bool:
    """An argument is one the text writes: whole, every word of it (a number aside: ``eu-west-1``
    for "eu-west"), or a path a content word names."""
    low = word.strip("\"'").casefold()
    if low in said or _named(low, ann.objects, ann.tongues):
        return True
    parts = [p for p in _name_words(low) if not p.isdigit()]
    return bool(parts) and all(_stem_said(p, said) for p in parts)


def _stem_said(part: str, said: frozenset[str]) -> bool:
    """A word of an argument is a word the text writes, either inflected as a plural or a
    participle ("products" for ``product``, "users" for ``user``): a shortening is none
    ("products" is no ``prod``)."""
    pieces = {p for s in said for p in _name_words(s)}
    return part in pieces or any(_INFLECTED.fullmatch(long[len(short):]) is not None
                                 for p in pieces if min(len(p), len(part)) >= 3
                                 for short, long in ((p, part), (part, p)) if long.startswith(short))


def _carries(args: Sequence[str], scopes: Sequence[str]) -> bool:
    """Some argument carries a word of a stated scope (``--env=staging``, ``eu-west-1``)."""
    parts = {p for a in args for p in _name_words(a)}
    return any(_stem_said(p, frozenset(parts)) for s in scopes for p in _name_words(s))


def _wide(word: str) -> bool:
    low = word.strip("\"'").casefold()
    return low in _WIDE or any(english().has(p, "g-universal") for p in _name_words(low))


def _script_why(script: str, args: list[str], ann: Announcement, said: frozenset[str],
                part: str, line: Sequence[str]) -> str | None:
    values = [a.split("=", 1)[1] if a.startswith("-") and "=" in a else a for a in args]
    values = [v for v in values if v and not v.startswith("-")]
    wide = next((v for v in values if _wide(v) and not _said(v, said, ann)), None)
    if wide is not None and not ann.universal:
        return (f"the script {script!r} is given {wide!r}, which reaches every thing of its kind, "
                "and the announcement names one")
    versions = {m.group(0).lstrip("v") for m in _VERSION.finditer(ann.text)}
    other = next((v for v in values if _VERSION.fullmatch(v) and versions
                  and v.lstrip("v") not in versions), None)
    if other is not None:
        return (f"the script {script!r} is given the version {other!r}, and the announcement "
                f"writes {', '.join(sorted(versions))!r}")
    own = frozenset(_name_words(script.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
    scopes = _scopes(ann, own)
    if not scopes:
        return None
    # its own words carry it, an assignment before it too, or the line's ``cd``: ``cd frontend
    # && ./build.sh``, ``ENV=staging ./deploy.sh`` (another command of the line does not)
    if not _carries([x for w in line for x in w.split("=")], scopes):
        return (f"the announcement states the run for {scopes[0]!r}, and {part.strip()!r} "
                "carries no argument of it: the script runs on its default")
    unsaid = next((v for v in values if not _said(v, said, ann)), None)
    if unsaid is not None:
        return (f"the script {script!r} is given {unsaid!r}, a value the announcement does not "
                f"write where it states {scopes[0]!r}")
    return None


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a run drops a dry run or a scope the announcement states, or gives a script another
    value than the stated one, or None."""
    if not runs:
        return None
    dry = _dry_stated(ann.text)
    said, _code = _said_words(ann)
    said = said | {w for w in _tokens(ann.text) if w}
    for text in _command_texts(args):
        parts = commands(text)
        if dry is not None:
            # each command of the line that does more than look keeps it: ``./x.sh --dry-run;
            # ./x.sh`` runs the step for real after the dry run
            real = next((p for p in parts if _takes_step(p) and not any(
                _dry_word(w) for w in _shell_words(p)[1:])), None)
            if real is not None:
                return (f"the announcement states {dry!r}, and the command {real.strip()!r} "
                        "passes no option of a dry run: it takes the step for real")
        setup = [w for p in parts if (ws := _shell_words(p)) and ws[0] in _SETUP for w in ws]
        for part in parts:
            found = _script_args(module_words(unprefixed(_shell_words(part))))
            if found is None:
                continue
            why = _script_why(*found, ann, said, part, [*setup, *_shell_words(part)])
            if why is not None:
                return why
    return None
