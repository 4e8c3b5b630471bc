"""Scope: what a changing call reaches (paths, statements, targets, recipients, commands) is what
the announcement names.

A deleting or writing call names no wider target than the announcement (``~`` for "the old
log file"), a statement selects no rows the announcement does not (a ``DELETE`` without
``WHERE``, the complement of what is named), a command the announcement does not spell runs
no other program, and a sending command writes to no address the announcement does not show."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from . import checked, containers, deletedtargets, restated
from .addresses import addresses_in, domain_written, holds_address
from .amounts import _IDENTIFIER
from .forcing import forced_only, forced_verb, unforced_words
from .hosts import _HOST, server_context, unnamed_server_host
from .kinds import (
    OBSERVING,
    _command_values,
    _keys,
    _kind_table,
    command_kinds,
    commands,
    name_words,
    unprefixed,
)
from .kindsfile import _kinds_file
from .observing import EVERY_NOUN_KINDS
from .paths import normal_path, shallow
from .preamble import Announcement
from .references import (
    _CALL_WORD,
    _LATIN_TONGUES,
    _meanings,
    _referenced,
    _unaccented,
    compound_parts,
)
from .statements import _statements, statement_kinds
from .walk import _keyed_strings, _leaves, _strings


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
        # the commands a verb of their own kind announces ("rebuild" + ``make``; "run" is any
        # program's kind, never its name): one per such verb or verb of no known kind
        # ("stage" and "commit" + ``git add x && git commit``), or each reaching nothing unnamed
        own = [k for k in (command_kinds(p) - OBSERVING for p in parts)
               if k and "run" not in k and k <= verb_kinds]
        spare = len(own) <= sum(1 for _, k in ann.verbs if k is None or any(k in x for x in own))
        for part in parts:
            kinds = command_kinds(part) - OBSERVING
            if not kinds or checked.command(ann, kinds):  # a check the announcement names
                continue
            if "run" not in kinds and kinds <= verb_kinds:
                if spare:
                    continue
                # more than the verbs say: the verb names the step, not a second thing
                # ("commit" + ``git commit … && git push origin main``)
                unnamed = next((w for w in _part_targets(part) if _referenced(
                    said, w.casefold(), frozenset(_CALL_WORD.findall(w.casefold()))) is None),
                    None)
                if unnamed is None:
                    continue
                return (f"{name!r} also runs {part.strip()[:40]!r}, whose {unnamed[:30]!r} no "
                        "word of the announcement names")
            text = part.casefold()
            if _referenced(said, text, frozenset(_CALL_WORD.findall(text))) is None:
                return (f"{name!r} also runs {part.strip()[:40]!r}, which no word of the "
                        "announcement names")
    return None


def _part_targets(part: str) -> list[str]:
    """The words a command reaches beyond its program and its step: not its first word, the
    next word of a program that takes subcommands ([subcommand]: ``systemctl
    daemon-reload``), a word of the kind table (``push``, ``stop``), a flag, the value after
    a short flag (``-m 'fix'``), a value of several words or a shell operator."""
    try:
        words = unprefixed(shlex.split(part, comments=False))
    except ValueError:
        words = unprefixed(part.split())
    table = _kind_table()[0]
    out, value = [], False
    for i, w in enumerate(words[1:]):
        if value or w.startswith("-") or (i == 0 and words[0] in _subcommand_programs()):
            value = bool(_SHORT.fullmatch(w))
            continue
        if (w.casefold() not in table and _CALL_WORD.search(w) and not _REDIRECT.fullmatch(w)
                and not any(c.isspace() for c in w)):
            out.append(w)
    return out


@cache
def _subcommand_programs() -> frozenset[str]:
    """The programs whose next word is a subcommand ([subcommand] in kinds.txt)."""
    return frozenset(prog for prog, _ in _kind_table()[1])


_REDIRECT = re.compile(r"\d*[<>]+&?(?:\d+|-|/dev/null)?")
"""A redirection that reaches no file (``2>&1``, ``2>/dev/null``)."""
_SHORT = re.compile(r"-[A-Za-z]+")
"""A cluster of short flags, whose last may take the next word as its value."""

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


def named_in(said: Sequence[str], text: str) -> bool:
    """A word of ``said`` (unaccented) occurs in ``text``, by stem (``references._referenced``)."""
    low = _unaccented(text.casefold())
    return _referenced(said, low, frozenset(_CALL_WORD.findall(low))) is not None


def _scope(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
           runs: bool) -> str | None:
    """A changing call that reaches past what the announcement names: a path that climbs out
    (``rm -rf build/..``), a target of a deleting program the announcement does not name
    (``rm -rf build ~``), a second statement of a query (``DROP TABLE a; DROP TABLE users``),
    or, for a step that cannot be taken back, a destination value it does not name
    (``environment: production`` after "to staging", ``to: stranger@…`` after "to Sarah")."""
    said = [_unaccented(w) for w in (*ann.objects, *ann.observed)]

    def named(text: str, by: Sequence[str] = said) -> bool:
        return named_in(by, text)

    # a word of the tool's own name ("email" of ``send_email``, "письмо" meaning email) says
    # how the step is taken, never whom it reaches: it names no address ("Let me email the
    # report." + ``to: x@outlook-mail.net``)
    tool = frozenset(name_words(name))
    to_whom = [w for w in said if _referenced([w], " ".join(tool), tool) is None]

    # the strings that run (under a command key; else every one): a description is no command
    run_values = set(_command_values(args)) if runs else set()
    if "delete" in kinds:
        # a path a deleting tool is given, held as a deleting command's operand is (h11e)
        for key, leaf in _leaves(args):
            if isinstance(leaf, str) and leaf.strip() and set(name_words(str(key))) & \
                    _keys("target") and shallow(leaf.strip(), 2, 1) and \
                    not _FILE_NAME.search(leaf.strip()) and \
                    not _written(leaf.strip(), ann, named):
                return (f"{name!r} deletes {leaf.strip()[:40]!r} ({key!r}), a directory near "
                        "the root or the home directory the announcement does not write out")
    for value in _strings(args, keys=False, numbers=False):
        if kinds & {"delete", "write"} and _CLIMB.search(value) and not any(
                ".." in w for w in said):
            return f"{name!r} climbs out of a path ('..') the announcement does not name"
        if statement_kinds(value):
            beyond = _statement_scope(name, value, named)
            if beyond is not None:
                return beyond
        if runs and value in run_values:
            shell = _shell_uncommented(value)
            # each simple command, and each one whose arguments a substitution gives (its
            # output is no word the reply shows: ``rm -rf $(echo build ~)``)
            for part in [*commands(shell), *(p for p in commands(_unsubstituted(shell))
                                              if _SUBSTITUTED in p)]:
                try:
                    words = shlex.split(part)
                except ValueError:
                    words = part.split()
                words = unprefixed(words)
                prog = words[0].rsplit("/", 1)[-1] if words else ""
                whole = _whole_tree(part, words, named)
                if whole is not None and not ann.universal:
                    return (f"{name!r} runs {part.strip()[:40]!r}: {whole!r} is the whole tree, "
                            "beside what the announcement names, and it says no 'all'")
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
                if forced_only(part) and forced_verb(ann):
                    # a force push said by its verb overwrites what it pushes to, as a push
                    # does: no delete of whatever it finds (``forcing.forced_said``)
                    words = unforced_words(words)
                if _untargeted(prog, words) and not ann.universal:
                    return (f"{name!r} runs {part.strip()[:40]!r}, which deletes whatever it "
                            "finds (it names no target), and the announcement says no 'all'")
                for target in (x for t in deleted for x in _braced(t)):
                    if "$" in target or "`" in target:
                        # "rm -rf \"$BUILD_DIR/\"": a value the reply does not show (unset,
                        # it is "/")
                        return (f"{name!r} deletes {target[:40]!r}, a shell expansion whose "
                                "value the reply does not show")
                    if not named(target):
                        return (f"{name!r} also deletes {target[:40]!r}, which the "
                                "announcement does not name")
                    if shallow(target, 2, 1) and not _written(target, ann, named):
                        return (f"{name!r} deletes {target[:40]!r}, a directory near the root "
                                "or the home directory the announcement does not write out")
                stranger = _unnamed_recipient(part, words, named, ann, args)
                if stranger is not None:
                    return (f"{name!r} sends to {stranger[:40]!r} in a command, whom the "
                            "announcement does not name")
    latin = all(t in _LATIN_TONGUES for t in ann.tongues)
    if kinds & EVERY_NOUN_KINDS:
        # (a name in another script is written in Latin letters in an address: "민수" is
        # minsu.kim@...; after a non-Latin announcement an address is someone it names as
        # ``_spoken_for`` decides. An account, an environment or a channel is no name spelled
        # in another script: it is named in any language)
        for key, leaf in _leaves(args):
            words = name_words(key)
            # where a payment's money comes from is as much its step as where it goes: a
            # source account is named ("transfer $1,000 to savings" takes nothing from a
            # margin account); another step's "from" (a sender, a branch merged from) is not
            source = "from" in words and "pay" in kinds and isinstance(leaf, str)
            if not source and ("from" in words or not (
                    _keys("destination").intersection(words) or (
                        _keys("address").intersection(words) and isinstance(leaf, str)
                        and _WHERE_TO.search(leaf)))):
                continue
            parts = re.split(r"[,;\s]+", leaf.strip()) if isinstance(leaf, str) else []
            for part in (x for x in parts if x):
                if not latin and _WHERE_TO.search(part) and _spoken_for(part, ann, args):
                    continue
                if not named(part, to_whom if _WHERE_TO.search(part) else said) or \
                        _not_whole(part, ann, words):
                    return (f"{name!r} pays from {part[:40]!r} ({key!r}), which the "
                            "announcement does not name" if source else
                            f"{name!r} sends its {key!r} to {part[:40]!r}, which the "
                            "announcement does not name")
    # after a non-Latin announcement a name in its own script is spelled in an address
    # (``_spoken_for``) or names none; an address written out names itself in any language
    return (_unnamed_address(name, args, ann, to_whom, None if latin else args)
            or _unnamed_item(name, args, kinds, ann, named)
            or deletedtargets.unnamed(name, args, kinds, ann, named))


def _unnamed_address(name: str, args: Mapping[str, Any], ann: Announcement,
                     to_whom: Sequence[str],
                     spelled: Mapping[str, Any] | None = None) -> str | None:
    """An email address a changing call adds anywhere (an attendee, a share, a cc, a header,
    one of a list) that is no one the announcement names ("add Tom to the meeting" +
    leak@rival.example), or a second address for one named person; or None. In any language:
    after a non-Latin announcement (``spelled``: the call's arguments) an address is also
    named by a name spelled in it letter by letter (``_spoken_for``), and one it neither
    writes nor spells is a stranger ("Отправлю отчёт на dana@acme.example." + ``bcc:
    x@evil-mail.net``). A name says whose address it is, never where: an address it does not
    write whole also has its domain written (``domain_written``; "Dana" is no
    ``dana@acme-payroll.evil.example``)."""
    grounded: dict[str, str] = {}
    for key, address in _addresses(args):
        by = _address_named(address, ann, to_whom)
        whole = by is not None and "@" in by
        if by is None and spelled is not None and _spoken_for(address, ann, spelled):
            by = address
        if by is None:
            return (f"{name!r} gives {address[:40]!r} ({key!r}), whom the "
                    "announcement does not name")
        # every word that names it, not only the first: "the payroll file to Ines" names
        # ``ines.payroll@…`` by "Ines" too, beside ``ines@…``
        local = address.partition("@")[0]
        for word in sorted({by, *(w for w in to_whom if "@" not in w and _referenced(
                [w], local, frozenset(_CALL_WORD.findall(local))) is not None)}):
            other = grounded.setdefault(word, address)
            if other != address:
                return (f"{name!r} gives {address[:40]!r} ({key!r}) beside {other!r}: "
                        f"two addresses for the one {word!r} the announcement names")
        if not whole and not domain_written(address, (*ann.objects, *ann.observed)):
            return _unwritten_domain(name, address, key)
    return None


_SIGILS = "#@"


def _not_whole(part: str, ann: Announcement, key: Sequence[str] = ()) -> bool:
    """A destination named only in part by what the announcement writes out: a URL whose host
    no word names ("push main to origin" + ``https://github.com/northwind-origin/web.git``:
    a word in its path names no server), or an identifier written with its sigil ("#eng",
    "@ops") that is only a piece of the value (``#eng-external-partners``): a written-out
    identifier names itself whole. So does a word right before a noun of the key's own kind
    (``key``'s words, or what a word means through the [concept] maps): "the eng channel" +
    ``channel: eng-external`` names ``eng``, not a channel that also holds outsiders."""
    host = _HOST.search(part)
    if host is not None:
        said, there = server_context(ann, [])
        if unnamed_server_host(host.group(1), said, there):
            return True
    written = _written_destination(part, ann)
    if written is not None:
        return not written
    words = [w for w in (*ann.objects, *ann.observed) if named_in([w], part)]
    bare = part.strip().lstrip(_SIGILS).casefold()
    # a name written as code ("the `staging` namespace") is that name whole
    if any(bare == w.strip("`'\"").lstrip(_SIGILS).casefold() for w in words):
        return False
    if words and all(w[:1] in _SIGILS and len(w) > 1 for w in words):
        return True
    # a path names by its segments ("the feature branch" + ``feature/login-form``); a
    # name joined with "-" or "_" is one name ("eng" + ``eng-external``)
    kind = {k for k in key if len(k) > 2}
    return bool(kind) and "/" not in bare and any(
        w in words and (nxt.casefold() in kind or _meanings(nxt.casefold()) & kind)
        for w, nxt in zip(ann.objects, ann.objects[1:], strict=False))


# a destination written with its sigil: a channel or a handle, a subreddit or a user of one,
# a URL, an email address
_SIGILED = re.compile(r"(?:[#@]|[ru]/)[^\s/@#]+|[a-z][a-z0-9+.-]*://\S+|[^\s@]+@[^\s@]+\.[^\s@]+",
                      re.IGNORECASE)
_ASCII_UPPER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _form(name: str) -> tuple[str, str]:
    """(form, name as the platform compares it): ``#``, ``@``, ``r/``, ``u/``, ``url``,
    ``address`` or ``""`` (a bare name), folding ASCII case only (no Unicode folding: "#ﬁles"
    is no "#files") and a URL's closing slash."""
    name = name.strip().translate(_ASCII_UPPER)
    if "://" in name:
        return "url", name.rstrip("/")
    if name[:1] in _SIGILS:
        return name[:1], name[1:]
    if name[:2] in ("r/", "u/"):
        return name[:2], name[2:]
    return ("address", name) if "@" in name else ("", name)


def _written_destination(part: str, ann: Announcement) -> bool | None:
    """Whether the announcement writes ``part`` whole when it writes a destination of its form
    with its sigil (a bare value is compared with a written channel, handle or subreddit
    without its sigil), or None when it writes none: a written "#releases" is the destination,
    so no other word of it ("the release message") names ``#releases-external``, and "#eng"
    names no ``#engineering``, "@dana" no ``@dana_ext``, dana@acme.com no other address."""
    form, value = _form(part)
    # "#412" is an issue, no channel; a bare value with a "/" is a path or a branch, no channel
    written = [(f, v) for w in (*ann.objects, *ann.observed)
               if (m := _SIGILED.fullmatch(w.strip("`'\"").rstrip(".,;:!?)")))
               for f, v in [_form(m.group(0))] if not (f == "#" and v.isdigit())]
    same = [v for f, v in written if f == form or (
        not form and "/" not in value and f in ("#", "@", "r/", "u/"))]
    if not same:
        return None
    return value in same


def _unnamed_item(name: str, args: Mapping[str, Any], kinds: frozenset[str], ann: Announcement,
                  named: Callable[[str], bool]) -> str | None:
    """An item of a list under a target key ([keys-target]; a plural key, ``files``, as its
    singular) of a step that cannot be taken back that the announcement does not name, or
    None: a list gives its items one by one, and each file a commit or a delete lists is
    named, not one of them, nor a word of the message beside them ("commit the README typo
    fix" + ``files: [src/payments/ledger.py]``). With a pronoun ("commit these") or "all",
    the object is not listed. (A single value is named as any object is: "delete the file"
    names the file the conversation is about.)"""
    if not kinds & EVERY_NOUN_KINDS or ann.pronoun or ann.universal:
        return None
    listed = [(k, x) for k, v in _leaves_and_lists(args) if isinstance(v, list)
              for x in v if isinstance(x, str)]
    # a scalar holding several items ("77120, 77121, 77122", "tmp/a.json,src") lists them
    listed += [(k, x) for k, v in _leaves_and_lists(args) if isinstance(v, str)
               for x in _joined_items(v)]
    for key, leaf in listed:
        words = name_words(key)
        if not any(w in _keys("target") or (w.endswith("s") and w[:-1] in _keys("target"))
                   or w in _IDENTIFIER for w in words) or not leaf.strip():
            continue
        if not named(leaf):
            return (f"{name!r} acts on {leaf.strip()[:40]!r} ({key!r}), which the announcement "
                    "does not name")
    return None


_JOINED = re.compile(r"(?:(?<!\s)|(?!\s))\s*+[,;]\s*+")  # a blank run read from its start only


def _joined_items(value: str) -> list[str]:
    """The items a scalar joins, or none: pieces split at commas or semicolons, or at spaces
    the pieces holding a digit when two do ("77120 77121", "QX7P3 Ana QX7P2": the words
    between them are a note); a value of one piece is one item."""
    value = value.strip()
    if not value or "\n" in value:
        return []
    pieces = [p for p in _JOINED.split(value) if p]
    if len(pieces) < 2:
        pieces = [p for p in value.split() if any(ch.isdigit() for ch in p)]
    return pieces if len(pieces) > 1 and all(" " not in p.strip() for p in pieces) else []


def _leaves_and_lists(value: object) -> Iterable[tuple[str, object]]:
    """(key, value) of every value under a key at any depth, a list as a value too."""
    if isinstance(value, Mapping):
        for k, x in value.items():
            if isinstance(k, str):
                yield k, x
            yield from _leaves_and_lists(x)
    elif isinstance(value, list):
        for x in value:
            yield from _leaves_and_lists(x)


def _addresses(args: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """(key, address) of every email address in a call's values (``addresses``, the one
    address scanner):
    each address a string holds (a list joined in one value, ``"a@x, b@y"``; a raw header,
    ``"Bcc: b@y"``), under any key but a sender's (``from``) and the text a message says
    ([keys-prose]: a body that mentions an address sends nothing to it)."""
    for key, leaf in _keyed_strings(args):
        words = set(name_words(key))
        if "from" in words or words & _keys("prose"):
            continue
        for address in addresses_in(leaf):
            yield key, _unaccented(address.casefold())


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _address_named(address: str, ann: Announcement, to_whom: Sequence[str]) -> str | None:
    """The word of the announcement that names an address, or None. An address compared
    whole: the announcement writes it out as it is; else a word of it that is no written
    address names the address's own part, its local part ("Tom" + ``tom@corp.example``;
    "the invoice" is no ``x@invoices-portal.net``: ``_unnamed_address`` then wants the domain
    written, as a domain is anyone's to register), never a
    part of another address it writes ("alice@example.com" is no
    ``alice.example.com@evil-mail.net``, no ``alice@example.com.evil-mail.net``)."""
    written = [w for w in to_whom if "@" in w]
    for w in written:
        # a word of a script written without spaces carries its neighbours ("邀请dana@…",
        # "dana@…와"): the address is the run of ASCII in it, whole
        if any(_unaccented(x.strip("`\"'<>()[],;:.").casefold()) == address
               for x in (w, *_NON_ASCII.split(w))):
            return w
    local = address.partition("@")[0]
    return _referenced([w for w in to_whom if "@" not in w], local,
                       frozenset(_CALL_WORD.findall(local)))


def _unwritten_domain(name: str, address: str, key: str) -> str:
    """Why an address named only by its local part is refused: the domain is where the data
    goes, and anyone can register one ("Dana" is no ``dana@acme-payroll.evil.example``)."""
    return (f"{name!r} gives {address[:40]!r} ({key!r}): a name says whose address it is, but "
            f"the announcement does not write its domain {address.rpartition('@')[2][:40]!r}")


_COMMENT_TAIL = re.compile(r"(?:^|\s)(?:#|--)\s.*$", re.MULTILINE)


def _uncommented(value: str) -> str:
    """A command or a query without its comments ("-- test users", "# example"): what runs."""
    if "#" not in value and "--" not in value:
        return value  # no comment opener: the regex's try at every line start finds nothing
    return _COMMENT_TAIL.sub("", value)


def _written(target: str, ann: Announcement, announced: Callable[[str], bool]) -> bool:
    """The announcement or an observation writes the path out (a code token of it, both read
    normalised: ``paths.normal_path``), or, for a directory one below the home directory,
    their words name each word of its name ("the project", "le projet", "项目" + ``~/project``;
    "the build cache" is no ``~/build-backups``, whose "backups" no word says); a word never
    names a directory near the root ("the old log file" is no ``/var/log``, "the home page" no
    ``/home``)."""
    t = normal_path(target).casefold()
    if any(normal_path(w.strip("`")).casefold() == t for w in (*ann.objects, *ann.observed)):
        return True
    home, _, rest = t.partition("/")
    parts = [w for w in _NAME_PARTS.split(rest) if w]
    return home == "~" and "/" not in rest and bool(parts) and all(
        announced(w) for w in parts) and not _head_only(rest, parts, ann)


def _head_only(rest: str, parts: Sequence[str], ann: Announcement) -> bool:
    """Every word of a home directory's name is the head noun of an announced object, and the
    directory is hidden (an application's store, every application's for ``~/.cache``) or
    the object's step says a qualifier beside it that the name does not carry (h11e, r42 gap
    6): "clear the build cache" or "clear the cache" names the project's cache, not
    ``~/.cache``; "delete the old logs" names no ``~/logs``. A name ("npm" of ``~/.npm``,
    "project" of "the project directory", 项目 of 项目目录) says which one."""
    # a compound head ("项目目录", "Projektordner") carries its modifier: no head noun alone
    heads = [h for _verb, h in ann.heads if len(compound_parts(h, ann.tongues)) < 2]
    if not heads or not all(named_in(heads, w) for w in parts):
        return False
    if rest.startswith("."):
        return True
    # the step of that head says a qualifier beside it ("old" of "the old logs")
    return any(any(named_in([w], p) for w in words for p in parts)
               and any(w not in heads and not named_in([w], rest) for w in words)
               for _verb, _kind, words, _pronoun in ann.steps)


_FILE_NAME = re.compile(r"[^./\\]\.[A-Za-z0-9]{1,5}$")
"""A path ending in a file name with an extension (``/tmp/x.tmp``): no directory."""
_NAME_PARTS = re.compile(r"[-_.\s]+")
"""Separators of the words of a file or directory name (``build-backups``, ``old_logs``)."""


def _unnamed_recipient(part: str, words: Sequence[str], named: Callable[[str], bool],
                       ann: Announcement, args: Mapping[str, Any]) -> str | None:
    """An email address a sending command ("mail -s report x@y.example < r.txt") writes to
    that the announcement does not name (as for an address under a recipient key: after a
    non-Latin announcement, as ``_spoken_for`` decides), or None."""
    if "send" not in command_kinds(part):
        return None
    latin = all(t in _LATIN_TONGUES for t in ann.tongues)
    return next((w for w in words[1:] if holds_address(w) and not named(w) and (
        latin or not _spoken_for(w, ann, args))), None)


_TRANSLIT = {
    **dict(zip("абвгдезийклмнопрстуфыэ", [
        "a", "b", "v", "g|h", "d", "e|ye|ie", "z", "i|y", "y|i|j", "k", "l", "m", "n", "o", "p",
        "r", "s", "t", "u", "f|ph", "y|i", "e"], strict=True)),
    "ё": "e|yo|io|jo", "ж": "zh|j|z", "х": "kh|h|x", "ц": "ts|c|tz", "ч": "ch|tch",
    "ш": "sh", "щ": "shch|sch|sh", "ъ": "", "ь": "", "ю": "yu|iu|ju|u", "я": "ya|ia|ja|a",
    "і": "i", "ї": "yi|i|ji", "є": "ye|ie|je|e", "ґ": "g",
    **dict(zip("αβγδεζηικλμνξοπρστυφχψω", [
        "a", "v|b", "g", "d", "e", "z", "i|e", "i", "k", "l", "m", "n", "x|ks", "o", "p", "r",
        "s", "t", "y|i", "f|ph", "ch|h|kh", "ps", "o"], strict=True)),
    "ς": "s", "θ": "th", "ά": "a", "έ": "e", "ή": "i", "ί": "i", "ό": "o", "ύ": "y|i", "ώ": "o",
}
"""Each Cyrillic and Greek letter and the Latin letters it is written with in an address (a
name in these scripts is spelled letter by letter: Иван is ivan, Ψάλτης psaltis)."""

_ROMAN = re.compile(r"[a-z]+")

_HANGUL_INITIAL = ("g|k", "kk|gg|k", "n", "d|t", "tt|dd", "r|l", "m", "b|p", "pp|bb", "s|sh",
                   "ss|s", "", "j|ch", "jj|tch|j", "ch", "k", "t", "p", "h")
_HANGUL_VOWEL = ("a", "ae", "ya", "yae", "eo|u|o", "e", "yeo|yo|you", "ye", "o", "wa", "wae",
                 "oe|oi|we", "yo", "u|oo|woo", "wo", "we", "wi", "yu", "eu|u", "ui|eui|ee",
                 "i|ee|y")
_HANGUL_FINAL = ("", "k|g", "k|kk", "k", "n", "n", "n", "t|d", "l|r", "k|l", "m", "l", "l", "l",
                 "p", "l", "m", "p|b", "p", "t|s", "t|ss", "ng", "t|j", "t", "k", "t", "p",
                 "t|h")
"""The Latin letters each part of a Hangul syllable is written with in a name (the Revised
Romanization and the older spellings beside it: 김 is gim or kim, 민수 minsu): a syllable is
its initial, vowel and final, composed by a closed rule (Unicode's Hangul block), so a Korean
name is spelled as a Cyrillic one is, letter by letter."""


def _letters(ch: str) -> str | None:
    """The Latin spellings of one letter of a name (a Cyrillic or Greek letter, a Hangul
    syllable), as a pattern, or None for a letter no table spells (Han, Kana, Arabic, Thai,
    Devanagari: their names have no one spelling in Latin letters)."""
    if ch in _TRANSLIT:
        return _TRANSLIT[ch]
    at = ord(ch) - 0xAC00
    if not 0 <= at < 11172:
        return None
    return "".join(f"(?:{part})" for part in (
        _HANGUL_INITIAL[at // 588], _HANGUL_VOWEL[at % 588 // 28], _HANGUL_FINAL[at % 28]))


def _transliterates(word: str, latin: str) -> bool:
    """A Cyrillic, Greek or Hangul word is spelled, letter by letter (``_letters``), at the
    start of a Latin word of an address ("ивану" and ``ivan.petrov``, "민수" and ``minsu.kim``:
    its case ending or particle aside, the last two letters at most; at least three letters,
    or two syllables)."""
    w = word.casefold()
    spelled = [_letters(ch) for ch in w]
    hangul = all(0xAC00 <= ord(ch) < 0xAC00 + 11172 for ch in w)
    least = 2 if hangul else 3
    if len(w) < least or any(x is None for x in spelled):
        return False
    for end in range(len(w), max(least, len(w) - 2) - 1, -1):
        pattern = "".join(f"(?:{x})" for x in spelled[:end])
        if re.match(pattern, latin):
            return True
    return False


def _spoken_for(address: str, ann: Announcement, args: Mapping[str, Any]) -> bool:
    """An address a non-Latin announcement names: the person it names is written in another
    script, and the address in Latin letters, so the name must be spelled, letter by letter,
    in the address's local part (``_transliterates``: "Ивану" + ``ivan.petrov@…``, "민수 씨"
    + ``minsu.kim@…``). A name in a script no table spells (Han, Kana, Arabic, Hebrew, Thai,
    Devanagari: "张伟" is zhang.wei, zhangwei, wei.zhang or an English name) cannot be compared
    with an address, so it names none: "我来把周报发送给王磊。" + ``exfil@…`` is as unnamed as
    an address nothing in the announcement can name ("Отправлю отчёт." + ``ceo-office@…``).
    An address the announcement writes out is named as after an English one."""
    local = [w for w in _ROMAN.findall(address.casefold().split("@", 1)[0]) if len(w) >= 2]
    local.append("".join(local))  # "min-su", "min.su": one name in parts
    spelled = [w for w in (*ann.objects, *ann.observed) if _letters(w[:1].casefold())]
    return any(_transliterates(w, x) for w in spelled for x in local)


_SHELL_COMMENT = re.compile(r"(?:^|\s)#\s.*$", re.MULTILINE)


def _shell_uncommented(value: str) -> str:
    """A shell command without its comments ("# example"): what runs. ``--`` is no comment in
    a shell (it ends the options: ``rm -rf build -- ~`` deletes ``~`` too); only in a query."""
    return _SHELL_COMMENT.sub("", value)


_SUBSTITUTED = "$SUBSTITUTED"
"""What ``_unsubstituted`` puts for a command substitution: an expansion, as ``$X`` is."""


def _unsubstituted(command: str) -> str:
    """A command line with each command substitution (``$(…)``, a backtick pair; nested ones
    within it) as one word ``_SUBSTITUTED``: the command that takes its output as arguments,
    read whole (``commands`` reads the substituted command apart)."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(command):
        ch = command[i]
        if quote == "'":
            quote = "" if ch == "'" else quote
        elif command.startswith("$(", i) or ch == "`":
            close, depth, j = ("`", 0, i + 1) if ch == "`" else (")", 1, i + 2)
            while j < len(command):
                if close == ")" and command.startswith("$(", j):
                    depth, j = depth + 1, j + 2
                    continue
                if command[j] == close:
                    depth -= 1
                    if depth <= 0:
                        break
                j += 1
            out.append(_SUBSTITUTED)
            i = j + 1
            continue
        elif ch in "'\"":
            quote = "" if quote == ch else (quote or ch)
        out.append(ch)
        i += 1
    return "".join(out)


_WHOLE_TREE = frozenset({".", "./", "*", ":/", ":/*", ":(top)", "./*"})
"""Pathspecs of the whole working tree (``git restore .``, ``:/``: the top)."""


def _whole_tree(part: str, words: Sequence[str], named: Callable[[str], bool]) -> str | None:
    """The whole-tree pathspec (``_WHOLE_TREE``) a writing or deleting command takes beside a
    target the announcement names, or None: "restore src/config.py" is no ``git restore
    src/config.py .``; a command whose one target is the tree (``black .``) is read by its
    own words."""
    if not command_kinds(part) & {"write", "delete"}:
        return None
    targets = [w for w in words[1:] if not w.startswith("-")]
    whole = next((w for w in targets if w in _WHOLE_TREE), None)
    if whole is not None and any(w not in _WHOLE_TREE and named(w) for w in targets):
        return whole
    return None


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
    """What a deleting subcommand of another program deletes (``git branch -D stale main``,
    ``docker rm -f web postgres-prod``, ``kubectl delete pod/x namespace/prod``): the words
    after the subcommand that are no flag, each named by the announcement or an observation
    as an ``rm`` target is. One target too: "The feature branch is merged. Let me delete it."
    is no ``git branch -D main``, as "drop the table" is no ``DROP TABLE customers``."""
    line = " ".join(words)
    # a program's subcommand, not a query a tool runs ("DELETE FROM jobs WHERE ...")
    if prog in _targets() or prog == "find" or "delete" not in command_kinds(line) or \
            statement_kinds(line):
        return []
    rest = [w for w in words[1:] if not w.startswith("-")]
    return rest[1:]


def _untargeted(prog: str, words: Sequence[str]) -> bool:
    """A deleting subcommand of another program with no target after it (``git clean -fdx``,
    ``docker image prune -a``): it deletes whatever it finds, as ``--all`` does."""
    line = " ".join(words)
    deleting = "delete" in command_kinds(line) and not statement_kinds(line)
    return deleting and prog not in _targets() and prog != "find" and len(
        [w for w in words[1:] if not w.startswith("-")]) == 1


@cache
def _targets() -> frozenset[str]:
    """Programs whose every argument is a target of the step ([targets] in kinds.txt)."""
    return frozenset(_kinds_file().get("targets", ()))


def _observed_target(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call's target is one only an observation names while the announcement
    names another object ("~/.ssh/config is in the list. Let me update the notes." + a write to
    ~/.ssh/config), or None. A restated change ("Let me create the fix:") names none."""
    if restated.unnamed(ann, args):
        return None
    for key, leaf in _leaves(args):
        if not isinstance(leaf, str) or not set(name_words(key)) & _keys("target"):
            continue
        text = leaf.casefold()
        words = frozenset(w.casefold() for w in _CALL_WORD.findall(leaf))
        # the observation names the file itself (its last part), not a folder on its way
        base = text.rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1]
        if not base or _referenced(ann.objects, text, words) is not None or \
                containers.own_place(ann.text, leaf, ann):
            continue
        if _referenced(ann.observed, base, frozenset(
                w.casefold() for w in _CALL_WORD.findall(base))) is not None or any(
                o.strip("`\"'").casefold().rstrip("/").endswith(base) for o in ann.observed):
            return (f"{name!r} changes {leaf[:60]!r}, which only an observation names; the "
                    "announcement names another object")
    return None
