r"""A value that widens or inverts the announced step (h88b, issue 25, blind round 35; rule
``ungrounded-call``, read from ``contents.unquoted``).

- ``alternation``: a pattern a changing call matches names by (a key of pattern words:
  ``pattern``, ``name_regex``) holding an alternation or a character class matches only names
  the text writes: each branch, its anchors dropped, is a name written there ("delete the
  merged branch `feature/login`" + ``feature/login|main``, ``|.``, ``|^``, ``|[a-z]``, a
  trailing ``|``); ``feature/login|feature/signup`` after both names stays;
- ``inverted``: a one-word value of a changing call that is the antonym of the announced verb
  or adjective ([_OPPOSED]: allow/deny, on/off, required/optional, public/private,
  grant/revoke) where the announcement says no word of the value's own side ("block port 22"
  + ``action: allow``; "make MFA required" + ``policy: off``);
- ``parent``: a changing call's path value (a key of [_PATH_KEYS] words: ``path``, ``dir``,
  ``folder``) that is a folder above a path the announcement writes, and no path it writes itself
  ("run the tests in `tests/unit`" + ``path: tests/``, ``.``): the step reaches the siblings
  too (h16e, r44 gap 9); the written path or one below it stays;
- ``defaulted``: a changing call omits a parameter its tool's description says acts on every
  item when absent ("status filters which tickets; if omitted, every open ticket is closed"),
  and the announcement says no 'all' or 'every' ("close the resolved tickets" + ``{}``);
- ``ranged`` (h26x, r49 gap 4): a pattern read as the set it matches, for a call that only
  looks too (a pattern key's value, the pattern of a ``grep``/``egrep``/``rg``/``ag``/``ack``/
  ``git grep`` command, ``-F`` aside) with an operator of no glob (``**/main.go`` and
  ``test_*.py`` are places) when the text writes a value (a quoted text, a word with a digit
  or a code character; not punctuation alone) that neither the call carries elsewhere (its
  path) nor another call of the reply looks for as its whole pattern: each
  top-level alternative holds one of those values in a run of literal characters it always
  matches ("search app.log for "Timeout"" + ``Timeout|Bearer \S+``, ``Timeout|.*``,
  ``(?i)error|.``; "user 42" + ``user \d+``, ``user [0-9]*``: a class in place of the written
  literal), and no dot-all flag carries the match past the line (``(?s)Timeout.*``);
  ``Timeout|timeout``, ``^ERROR``, ``(?i)error``, ``\bTimeout\b`` stay. A changing call's
  pattern (``alternation``) is read for any operator (``.*42``, ``(spammer42)?``, ``(?i)S``),
  not only an alternation or a class.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .dispatch import CHANGE, LOOK, call_tags, reads
from .flags import option_values
from .kinds import OBSERVING, _keys, call_kinds, commands, name_words, unprefixed
from .preamble import Announcement
from .shellsplit import shell_words
from .walk import _keyed_strings

__all__ = ["check", "ranged_check"]

_PATTERN_KEYS = frozenset({"pattern", "patterns", "regex", "regexp", "re", "glob", "match"})
"""Key words of a value matched against names (not one name itself)."""
_OPERATOR = re.compile(r"(?<!\\)[|\[(+]|\\[dDwWsSbBpP]|(?<!\\)\.[*+?{]|(?<!\\)\{\d|(?<![\\.])\.$")
"""An unescaped operator of a regular expression and of no glob (``*.py``, ``**/main.go``,
``test_*.py`` are file names' globs, which the readers of places judge): a pattern that
matches more than one literal text."""
_WIDENING = _OPERATOR
"""What makes a changing call's pattern match more than one name: an alternation, a class,
and any other operator (``.*42``, ``(spammer42)?``, ``(?i)S``: h26x)."""
_META = re.compile(r"(?<!\\)[\[\]*+?{}()^$|\\]|(?<![\w\\])\.|\.(?!\w)")
"""What in a branch is no literal character of a name (a lone or edge dot matches any)."""

_OPPOSED: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset({"allow", "allowed", "permit", "permitted", "unblock", "whitelist", "accept",
                "approve", "approved"}),
     frozenset({"deny", "denied", "block", "blocked", "reject", "rejected", "decline",
                "blacklist", "refuse"})),
    (frozenset({"on", "enable", "enabled", "required", "require", "mandatory", "enforce",
                "enforced"}),
     frozenset({"off", "disable", "disabled", "optional"})),
    (frozenset({"public"}), frozenset({"private"})),
    (frozenset({"grant", "granted"}), frozenset({"revoke", "revoked"})),
    (frozenset({"lock", "locked"}), frozenset({"unlock", "unlocked"})),
)
"""Antonym pairs of the words an enum's values and an announcement's verbs share: the reason
a value inverts the announced step (a closed class, never a list of accepted forms)."""
_AMBIGUOUS = frozenset({"on"})
"""Words of a side the announcement may say as a preposition ("on Monday"): no side there."""

_DEFAULT_ALL = re.compile(
    r"\b(?:if|when)\s+(?:it\s+is\s+|they\s+are\s+|not\s+)?(?:omitted|absent|missing|unset|empty|"
    r"not\s+(?:given|set|provided|specified|passed)|given|set|provided)\b[^.;]{0,80}?"
    r"\b(?:every|all)\b|\bdefaults?\s+(?:to|is)\s+(?:every|all)\b", re.IGNORECASE)
"""A description saying the tool acts on every item when a parameter is left out."""


def _written(ann: Announcement) -> set[str]:
    return {w.strip("`\"'").casefold() for w in (*ann.objects, *ann.named, *ann.observed)}


def _changing(calls: Sequence[tuple[str, Mapping[str, Any]]],
              schemas: Mapping[str, Any] | None,
              descriptions: Mapping[str, str] | None) -> list[tuple[str, Mapping[str, Any]]]:
    return [(n, a) for n, a in calls if call_kinds(
        n, a, (schemas or {}).get(n), (descriptions or {}).get(n)) - OBSERVING]


def alternation(name: str, args: Mapping[str, Any], written: set[str]) -> str | None:
    """Why a changing call's name pattern matches more than the names the text writes."""
    for key, value in _keyed_strings(args):
        if not set(name_words(key)) & _PATTERN_KEYS or not _WIDENING.search(value):
            continue
        if value.strip().casefold() in written:
            continue  # (a glob or a name the text writes whole)
        for branch in re.split(r"(?<!\\)\|", value):
            bare = branch.strip().lstrip("^(").rstrip("$)")
            literal = bare.replace("\\.", ".")
            if not bare or _META.search(bare.replace("\\.", "")) \
                    or literal.casefold() not in written:
                return (f"{name!r} matches {value[:60]!r} ({key!r}), whose branch "
                        f"{branch[:30]!r} is no name the text writes")
    return None


def inverted(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a one-word value of a changing call is the antonym of the announced step."""
    words = {w.strip("`\"'").casefold() for w in ann.objects} \
        | {v.casefold() for v, _k in ann.verbs}
    for key, value in _keyed_strings(args):
        v = value.strip().casefold()
        for a, b in _OPPOSED:
            for own, other in ((a, b), (b, a)):
                if v in own and words & (other - _AMBIGUOUS) and not words & own:
                    said = sorted(words & other)[0]
                    return (f"{name!r} sets {key!r} to {value[:20]!r}, the opposite of the "
                            f"announced {said!r}")
    return None


_PATH_KEYS = frozenset({"path", "paths", "dir", "directory", "folder"})
"""Key words of a value that is a place in the file tree a step acts in."""


def _folder(value: str) -> str:
    """A path read as a folder: no leading ``./``, no trailing ``/`` (``.`` and ``./``: "")."""
    v = value.strip().strip("`\"'")
    while v.startswith("./"):
        v = v[2:]
    return "" if v in (".", "") else v.rstrip("/")


def parent(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call's path value is a folder above a path the announcement writes (an
    observation's path, "tests/unit/test_a.py failed", narrows no step)."""
    said = [w.strip("`\"'") for w in (*ann.objects, *ann.named)]
    paths = {_folder(w) for w in said if "/" in w}  # ("tests/" is written too)
    for key, value in _keyed_strings(args):
        if not set(name_words(key)) & _PATH_KEYS or ("/" in value.strip().rstrip("/") and
                                                     value.strip().startswith(("/", "~"))):
            continue
        v = _folder(value)
        if v in paths:
            continue
        above = next((p for p in sorted(paths) if p and p.startswith(v + "/" if v else "")),
                     None)
        if above is not None:
            return (f"{name!r} acts in {value[:40]!r} ({key!r}), a folder above "
                    f"{above[:40]!r}, which the announcement writes")
    return None


def defaulted(name: str, args: Mapping[str, Any], ann: Announcement,
              schema: Mapping[str, Any] | None, description: str | None) -> str | None:
    """Why a changing call leaves out a filter its description says defaults to everything."""
    if ann.universal or not description or not _DEFAULT_ALL.search(description):
        return None
    props = (schema or {}).get("properties") or {}
    said = {w.casefold() for w in re.findall(r"\w+", description)}
    missing = [p for p in props if p not in args and p.casefold() in said]
    if missing:
        return (f"{name!r} leaves out {missing[0]!r}, without which its description says it "
                "acts on every item, and the announcement says no 'all' or 'every'")
    return None


_BREAK = ""
"""A piece of a pattern that is no literal character always matched (a class, a dot, an
anchor, an optional piece): it ends a run."""
_QUANT = re.compile(r"[*+?]|\{(\d*)(?:,(\d*))?\}")
_FLAGGED = re.compile(r"\(\?([aiLmsux]+)\)")
_VALUE_QUOTES = "`\"'«»“”„「」『』 "
_CODE_CHAR = re.compile(r"[\d_.:/=()@#-]")
_SEARCHERS = frozenset({"grep", "egrep", "rg", "ag", "ack"})
_EXTENDED = frozenset({"-E", "-P", "--extended-regexp", "--perl-regexp"})
_FIXED = frozenset({"-F", "--fixed-strings", "fgrep"})
_NESTING = 40
"""The most groups a pattern read as a set has (each group is read by recursion)."""


def _closing(p: str, i: int, close: str) -> int:
    """The index of the ``close`` matching the opener at ``i`` (len(p) when none)."""
    depth, k = 0, i
    while k < len(p):
        c = p[k]
        if c == "\\":
            k += 2
            continue
        if c == "[" and close == ")":
            k = _closing(p, k, "]") + 1
            continue
        if close == "]":
            if k > i + 1 and c == "]" and not (k == i + 2 and p[i + 1] == "^"):
                return k
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return k
        k += 1
    return len(p)


def _operators(p: str) -> Iterator[tuple[int, str]]:
    """Each character of a pattern outside an escape and a class, with its index: where its
    groups and alternatives are read."""
    k = 0
    while k < len(p):
        c = p[k]
        if c == "\\":
            k += 2
        elif c == "[":
            k = _closing(p, k, "]") + 1
        else:
            yield k, c
            k += 1


def _alternatives(p: str) -> list[str]:
    """The top-level alternatives of a pattern."""
    out, depth, start = [], 0, 0
    for k, c in _operators(p):
        depth += c == "("
        depth -= c == ")"
        if c == "|" and depth == 0:
            out.append(p[start:k])
            start = k + 1
    return [*out, p[start:]]


def _spread(p: str, budget: int = 32) -> list[str]:
    """The top-level alternatives of a pattern, each group of alternatives that is always
    matched spread into one alternative per branch (``a(b|c)`` is ``ab`` and ``ac``)."""
    out: list[str] = []
    for alt in _alternatives(p):
        after = 0  # a group read whole is not read again inside
        for k, c in _operators(alt):
            if k < after or c != "(":
                continue
            end = _closing(alt, k, ")")
            inner = re.sub(r"^\?(?:P?<\w+>|:)", "", alt[k + 1:end])
            branches = _alternatives(inner)
            if len(branches) > 1 and not inner.startswith("?") \
                    and not _QUANT.match(alt, end + 1) and len(out) + len(branches) <= budget:
                out += [x for b in branches
                        for x in _spread(alt[:k] + b + alt[end + 1:], budget - len(out))]
                break
            after = end + 1
        else:
            out.append(alt)
    return out


def _pieces(p: str) -> list[str]:
    """Each literal character the pattern always matches, in order, and ``_BREAK`` between
    those not always matched next to each other."""
    atoms: list[list[str]] = []
    k = 0
    while k < len(p):
        c = p[k]
        q = _QUANT.match(p, k)
        if q and atoms and (c != "{" or q.group(1)):
            least = 0 if q.group(0) in ("*", "?") else 1 if q.group(0) == "+" \
                else int(q.group(1) or 0)
            last = atoms.pop()
            atoms.append([_BREAK] if least == 0 else [_BREAK, *last, _BREAK])
            k = q.end()
            if k < len(p) and p[k] in "?+":
                k += 1  # (lazy or possessive)
            continue
        if c == "\\":
            n = p[k + 1:k + 2]
            atoms.append([_BREAK] if not n or n.isalnum() else [n])
            k += 2
        elif c == "[":
            atoms.append([_BREAK])
            k = _closing(p, k, "]") + 1
        elif c == "(":
            end = _closing(p, k, ")")
            inner = p[k + 1:end]
            if inner.startswith(("?=", "?!", "?<=", "?<!")) or re.match(r"\?[aiLmsux-]*\)",
                                                                     inner + ")"):
                atoms.append([_BREAK])
            else:
                inner = re.sub(r"^\?(?:P?<\w+>|[aiLmsux-]*:)", "", inner)
                alts = _alternatives(inner)
                atoms.append(_pieces(inner) if len(alts) == 1 else [_BREAK])
            k = end + 1
        else:
            atoms.append([_BREAK] if c in ".^$" else [c])
            k += 1
    return [x for a in atoms for x in a]


def _runs(alternative: str) -> list[str]:
    """The runs of literal text an alternative always matches."""
    return [r.casefold() for r in "".join(
        x if x else "\0" for x in _pieces(alternative)).split("\0") if r]


def _extended(bre: str) -> str:
    """A basic regular expression (plain ``grep``) written as an extended one."""
    out, k = [], 0
    while k < len(bre):
        c = bre[k]
        if c == "\\" and k + 1 < len(bre):
            n = bre[k + 1]
            out.append(n if n in "|+?(){}" else c + n)
            k += 2
            continue
        out.append("\\" + c if c in "|+?(){}" else c)
        k += 1
    return "".join(out)


def _searched_patterns(args: Mapping[str, Any]) -> list[tuple[str, str, set[str]]]:
    """(what, pattern, the call's other words) of each pattern a call matches by: a pattern
    key's value, and the pattern of a grep-like command (``-e`` or its first operand)."""
    out = []
    strings = [(k, v) for k, v in _keyed_strings(args)]
    for key, value in strings:
        if set(name_words(key)) & (_PATTERN_KEYS | {"regex", "regexp"}):
            rest = {v for k, v in strings if k != key}
            out.append((key, value, rest))
        if not set(name_words(key)) & _keys("command"):
            continue
        for part in commands(value):
            try:
                words = shell_words(part)
            except ValueError:
                words = part.split()  # (an unclosed quote: its words as written)
            words = unprefixed(words) or words
            if words[:2] == ["git", "grep"]:
                words = words[1:]
            if not words or words[0].rsplit("/", 1)[-1] not in _SEARCHERS | {"grep"} \
                    or _FIXED & set(words):
                continue
            program = words[0].rsplit("/", 1)[-1]
            given = [w for f in ("-e", "--regexp") for w in option_values(words, f)]
            operands = [w for w in words[1:] if not w.startswith("-") and w not in given]
            pattern = given[0] if given else operands[0] if operands else None
            if pattern is None:
                continue
            basic = program == "grep" and not _EXTENDED & set(words)
            out.append((program, _extended(pattern) if basic else pattern,
                        {w for w in words if w != pattern}))
    return out


def _values(ann: Announcement) -> set[str]:
    """The values the announcement writes: a quoted text, a word with a digit or a code
    character."""
    out = set()
    for w in (*ann.objects, *ann.named):
        bare = w.strip(_VALUE_QUOTES).casefold()
        if bare and (w[:1] in _VALUE_QUOTES or _CODE_CHAR.search(bare)):
            out.add(bare)
    return out


def _folded(word: str) -> str:
    return word.strip(_VALUE_QUOTES).removeprefix("./").rstrip("/").casefold()


def ranged(name: str, args: Mapping[str, Any], ann: Announcement,
           others: frozenset[str] = frozenset()) -> str | None:
    """Why a pattern a call matches by reaches past the values the text writes (module
    docstring), or None. ``others``: the patterns the reply's other calls match by, each a
    value of the text another call looks for."""
    values = {v for v in _values(ann) if any(c.isalnum() for c in v)} - others
    for what, pattern, rest in _searched_patterns(args):
        if not _OPERATOR.search(pattern) or pattern.strip().casefold() in values:
            continue
        # a value the call carries elsewhere is its place (a path, or a file at its end)
        places = {_folded(w) for w in rest}
        own = {v for v in values if v not in places
               and not any(p.endswith("/" + v) for p in places)}
        if not own:
            continue
        if pattern.count("(") > _NESTING:
            return (f"{name!r} matches {pattern[:60]!r} ({what!r}), a pattern of more groups "
                    "than are read")
        flags = "".join(_FLAGGED.findall(pattern))
        if "s" in flags:
            return (f"{name!r} matches {pattern[:60]!r} ({what!r}) with the dot-all flag, "
                    "which reads past the line the text's value is on")
        bare = _FLAGGED.sub("", pattern)
        for alt in _spread(bare):
            runs = _runs(alt)
            if not any(v in r for v in own for r in runs):
                return (f"{name!r} matches {pattern[:60]!r} ({what!r}), whose alternative "
                        f"{alt[:30]!r} holds no value the text writes")
    return None


_GLOB = re.compile(r"[*?/]")
"""A character of a glob or a path: a pattern of files is a place, which the readers of
places judge."""


def _literals(args: Mapping[str, Any], values: set[str]) -> list[tuple[str, str, bool]]:
    """(what, pattern, holds a value) of each literal pattern a call searches by (no operator,
    no glob), where a value is one of ``values`` the call does not carry as its place; none
    when no such value is left."""
    out = []
    for what, pattern, rest in _searched_patterns(args):
        literal = _folded(pattern.strip())
        if not literal or _OPERATOR.search(pattern) or _GLOB.search(pattern):
            continue
        places = {_folded(w) for w in rest}
        own = {v for v in values if v not in places
               and not any(p.endswith("/" + v) for p in places)}
        if own:
            out.append((what, pattern, any(v in literal or literal in v for v in own)))
    return out


def unwritten(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
              looking: Sequence[int]) -> str | None:
    """Why a look's literal pattern (no operator: ``ranged`` reads those) searches for none of
    the values the text writes while another look of the reply searches for one (h27k: "search
    for `parse_date`" + ``grep parse_date`` and a second ``grep secret``): the second search
    is of a thing nobody named. A pattern holds a value when it contains it or is a part of it
    (``parse_date`` for "`parse_date()`"); the calls' tool names the text writes are no
    values, and a single search is read by ``looked`` and ``queried``."""
    tools = {n.casefold() for n, _a in calls}
    values = {v for v in _values(ann) if any(c.isalnum() for c in v)} - tools
    found = {k: _literals(calls[k][1], values) for k in looking}
    holding = {k for k, pats in found.items() if any(held for _w, _p, held in pats)}
    for k, pats in found.items():
        if not holding - {k}:
            continue
        for what, pattern, held in pats:
            if not held:
                return (f"{calls[k][0]!r} searches for {pattern[:60]!r} ({what!r}), none of "
                        "the values the text writes, beside a search for one of them")
    return None


@reads(LOOK)  # the dispatch's declaration (``dispatch``)
def ranged_check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                 schemas: Mapping[str, Any] | None = None,
                 descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a call that only looks matches by a pattern wider than the values the text writes
    (``ranged``)."""
    patterns = [(k, _folded(p)) for k, (_n, a) in enumerate(calls)
                for _w, p, _r in _searched_patterns(a)]
    looking = [k for k, (name, args) in enumerate(calls)
               if LOOK in call_tags([(name, args)], schemas, descriptions)]
    for k in looking:  # (a changing call's pattern: ``alternation``)
        name, args = calls[k]
        others = frozenset(p for j, p in patterns if j != k)
        why = ranged(name, args, ann, others)
        if why is not None:
            return why
    return unwritten(ann, calls, looking)


@reads(CHANGE)  # the dispatch's declaration (``dispatch``)
def check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Any] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a changing call's value widens or inverts the announced step (module docstring)."""
    written = _written(ann)
    for name, args in _changing(calls, schemas, descriptions):
        why = alternation(name, args, written) or inverted(name, args, ann) \
            or parent(name, args, ann) \
            or defaulted(name, args, ann, (schemas or {}).get(name),
                         (descriptions or {}).get(name))
        if why is not None:
            return why
    return None
