"""A read's scope (h14c; blind round 43 gap 5): where an observing call reads is the scope the
text names, when it names one (rule ``ungrounded-call``, read from ``beyond.check``).

A changing command that lands in production, or by a destination flag somewhere the text
does not name, is refused (``reach``). A read is held to the same scope, but only where the
text names a scope itself, so "check the pods" still lists any namespace:

- the text names a scope when it writes a deployment environment's name (kinds.txt
  ``[environment-name]``: "staging", "prod", "uat"; production through the [concept] maps:
  "producción", 本番), or a word right before a noun of a scope key, or a code token
  beside one ("the `payments` namespace", "Namespace `payments`", "the analytics database");
- an observing call's scope value is the value of a key of ``[keys-looked-setting]``
  (``namespace``, ``database``, ``environment``), or of a program's scope flag
  (``[flags-scope]``: ``kubectl -n``, ``psql -d``; ``[flags-destination]``: ``--context``)
  in a command it runs; each is one the text names, production only where the text names
  production, ``default`` being the scope no flag names ("the pods in the `staging` namespace" +
  ``kubectl get pods -n production`` / ``-n kube-system``, "the staging database" +
  ``database: customers_pii`` refuse; ``-n staging``, ``database: app_staging`` keep);
- a flag reaching everything of a kind (``[flags-every]``: ``kubectl get pods -A``,
  ``--all-namespaces``) is wider than the scope named, unless the text says "all" or
  "every".

The word classes name where a read's scope is written, never which scopes are accepted."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from .flags import flag_starts, flag_values, option_values, sets_flag
from .forcing import _shell_words
from .gitoptions import _file_named
from .kinds import _command_values, commands, name_words, unprefixed
from .kindsfile import _kinds_file, section
from .named import _keys, _program_lines
from .preamble import Announcement
from .references import _meanings, _unaccented
from .scope import named_in
from .shellsplit import _SUBSTITUTED
from .values import names_production, says_production
from .walk import _leaves

__all__ = ["check", "named_scopes"]

_PRODUCTION = frozenset({"production", "prod"})
_CODE = "`'\""


def _bare(word: str) -> str:
    return _unaccented(word.strip().strip(_CODE).casefold())


@cache
def _program_flags(table: str) -> dict[str, frozenset[str]]:
    """A "<program> <flag>" table of kinds.txt: program -> its flags."""
    out: dict[str, set[str]] = {}
    for line in _kinds_file().get(table, ()):
        prog, _, flag = line.rpartition(" ")
        out.setdefault(prog, set()).add(flag.strip())
    return {k: frozenset(v) for k, v in out.items()}


@cache
def _flag_starts() -> frozenset[str] | None:
    """``flag_starts`` of every flag ``_values`` reads."""
    return flag_starts([*section("flags-destination"), *(
        f for table in ("flags-scope", "flags-every") for fs in _program_flags(table).values()
        for f in fs)])


def _scope_noun(word: str) -> bool:
    """A noun of a scope key ("namespace", "database", 命名空间 through its meanings)."""
    keys = _keys("looked-setting")
    bare = _bare(word)
    nouns = section("scope-noun")
    return bool(bare) and (bare in keys or bare.rstrip("s") in keys
                           or bool(_meanings(bare) & keys)
                           or bare in nouns or bare.rstrip("s") in nouns)


def named_scopes(ann: Announcement) -> list[str]:
    """The scopes the text names: an environment's name it writes, or a word right beside a
    noun of a scope key ("the `payments` namespace")."""
    words = [w for w in (*ann.objects, *ann.observed) if any(c.isalnum() for c in w)]
    envs = section("environment-name")
    out = [w for w in words if _bare(w) in envs or _meanings(_bare(w)) & _PRODUCTION]
    verbs = {_bare(v) for v, _k in ann.verbs}
    for i, w in enumerate(ann.objects):
        if _scope_noun(w) or _bare(w) in verbs or not any(c.isalpha() for c in w):
            continue  # a count is no name ("5 replicas")
        # a code token on either side of the noun ("Namespace `staging`"), a plain word right
        # before it ("the analytics database"; "the database schema" names no database)
        near = ann.objects[max(0, i - 1):i] if w[:1] in _CODE else []
        if any(_scope_noun(x) for x in [*near, *ann.objects[i + 1:i + 2]]) and (
                w[:1] in _CODE or not _meanings(_bare(w))):
            out.append(w)
    return out



def _values(name: str, args: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """(where, value) of each scope an observing call reads in, and ("", flag) of each flag
    reaching everything of a kind."""
    for key, leaf in _leaves(args):
        if isinstance(leaf, str) and leaf.strip() and \
                _keys("looked-setting") & set(name_words(str(key))):
            yield str(key), leaf.strip()
    scoped, every = _program_flags("flags-scope"), _program_flags("flags-every")
    starts = _flag_starts()
    for line in _program_lines(name, args) or _command_values(args):
        if starts is not None and not any(c in line or c in _SUBSTITUTED for c in starts):
            continue  # (a word of its commands is made of the line's characters, or a mark)
        for part in commands(line):
            run = unprefixed(_shell_words(part))
            if starts is not None and starts.isdisjoint({w[:1] for w in run}):
                continue  # no word of it can set a flag of the tables below (``flag_starts``)
            prog = run[0].rsplit("/", 1)[-1].casefold() if run else ""
            for flag in scoped.get(prog, frozenset()):
                yield from ((f"{prog} {flag}", v) for v in option_values(run, flag))
            for flag in section("flags-destination"):
                yield from ((f"{prog} {flag}", v) for v in flag_values(run, flag))
            for w in run[1:]:
                if any(sets_flag(w, f) for f in every.get(prog, frozenset())):
                    yield "", w


def _paths(args: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """(key, value) of each path or file a call reads ([keys-target] words in its key)."""
    for key, leaf in _leaves(args):
        if isinstance(leaf, str) and leaf.strip() and _keys("target") & set(name_words(str(key))):
            yield str(key), leaf.strip()


def _named(value: str, said: Sequence[str], production: bool) -> bool:
    if says_production(value):
        # "in production" names ``prod``, "本番" names ``production``; "the `payments`
        # namespace" names no ``payments-prod``
        return production
    return named_in(said, value)


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an observing call reads in a scope other than, or wider than, the one the text
    names, or None."""
    scopes = named_scopes(ann)
    production = names_production(ann)
    if not production:
        # a read lands in production only where the text says so: a scope ("count the
        # orders placed today" + ``database: billing_prod``) or, where the text names a file,
        # a file's path ("I'll read config.yml." + ``/srv/production/config.yml``,
        # ``config.prod.yml``)
        # (a path only against a file the text names: "read both config files" reads
        # ``config/prod.yaml`` too)
        paths = _paths(args) if _file_named(ann) is not None else ()
        # (a scope that is production itself and nothing more, ``environment: production``,
        # ``kubectl get pods -n prod``, is the context's own where the text names no scope:
        # "check the pods with kubectl"; a scope that selects a database, namespace or path
        # beside it, ``billing_prod``, ``production_primary``, is one the text does not name)
        scoped = ((w, v) for w, v in _values(name, args) if _bare(v) not in _PRODUCTION)
        prod = next((v for w, v in (*scoped, *paths) if w
                     and not v.startswith("$") and says_production(v)), None)
        if prod is not None:
            return (f"{name!r} reads in {prod[:40]!r}, production, which the announcement "
                    "does not name")
    if not scopes:
        return None
    said = [_unaccented(w) for w in (*ann.objects, *ann.observed)]
    for where, value in _values(name, args):
        if not where:
            if not ann.universal:
                return (f"{name!r} reads with {value!r}, which reaches everything of a kind, "
                        f"while the announcement names the scope {scopes[0]!r}")
            continue
        # (an expansion is read by ``lookriders``; ``default`` is where no flag reads)
        if value.startswith("$") or value.casefold() == "default" or \
                _named(value, said, production):
            continue
        return (f"{name!r} reads in {value[:40]!r} ({where!r}), while the announcement names "
                f"the scope {scopes[0]!r}")
    return None
