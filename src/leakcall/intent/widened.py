"""A value that widens or inverts the announced step (h88b, issue 25, blind round 35; rule
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
  and the announcement says no 'all' or 'every' ("close the resolved tickets" + ``{}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .dispatch import CHANGE, reads
from .kinds import OBSERVING, call_kinds, name_words
from .preamble import Announcement
from .walk import _keyed_strings

__all__ = ["check"]

_PATTERN_KEYS = frozenset({"pattern", "patterns", "regex", "regexp", "re", "glob", "match"})
"""Key words of a value matched against names (not one name itself)."""
_WIDENING = re.compile(r"(?<!\\)[|\[]")
"""An unescaped alternation or character class."""
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
