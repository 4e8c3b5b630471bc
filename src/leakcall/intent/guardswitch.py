"""A safeguard switched off (r41 G2, h9Db; read by ``setvalues``, rule ``ungrounded-call``).

A switch set false under a key that names a protection lowers it: ``private: false`` makes a
repository public, ``encryption: false``, ``verify: false``, ``run_checks: false``,
``rollback_on_failure: false``, ``graceful: false``, ``refund: false``, ``read_only:
false`` each take a safeguard away. Elsewhere an optional switch set off restates its absence
(``values._switch``); a safeguard's is no such restatement, so it needs announcing.

- The key names a protection when its words hold an entry of [g-guard-switch] (English: keys are
  written in English; ``read only`` and ``block public`` as neighbouring words) and no word
  that turns it over (``skip_checks``, ``insecure``, ``no_verify``: false there is the
  protection kept).
- A false there (a boolean, or "false" under a boolean schema) is grounded when the schema's
  declared default is false (the call restates it), when ``properties.stated`` reads the way
  of who may see a thing the text states ("a public repository" + ``private: false``), or
  when the announcement writes a word of [g-guard-lowering] ("without", "skip",
  "unencrypted", "ohne", "sans") that holds a word of the key or has one among the four words
  after it ("an unencrypted bucket", "skip verification"). A lowering said of something else
  ("The build finished without errors.") lowers nothing. Else it is refused: "I'll create
  the repository" + ``private: false``, "a read-only API key" + ``read_only: false``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from . import properties
from .kinds import name_words
from .preamble import Announcement
from .statedsettings import _NEGATING, _alt, _alts, _forms
from .walk import _leaves

__all__ = ["lowered"]

_REACH = 4
"""Words after a lowering word that may name the key it lowers."""
_STEM = 5
"""Letters a word of the text shares with a key's word to name it."""
_WORD = re.compile(r"[^\W_]+")


@cache
def _guard_re() -> re.Pattern[str]:
    """An entry of [g-guard-switch] among a key's words (joined by spaces)."""
    return re.compile(rf"(?<!\S)(?:{_alt(_forms('g-guard-switch'))})(?!\S)")


@cache
def _edge_re(section: str) -> re.Pattern[str]:
    """A word of ``section``: at word edges in a spaced script, anywhere in an unspaced one."""
    spaced, tight = _alts(section)
    return re.compile(rf"(?<![\w-])(?:{spaced})(?![\w-])|{tight}", re.IGNORECASE)


def _lowering_re() -> re.Pattern[str]:
    """A word that states a protection lowered ([g-guard-lowering])."""
    return _edge_re("g-guard-lowering")


def _off_re() -> re.Pattern[str]:
    """A word that states a setting off ([g-setting-off]: "disabled", "turned off")."""
    return _edge_re("g-setting-off")


def _guards(key: str) -> bool:
    """The key's words name a protection and none turns it over."""
    words = name_words(key)
    return not set(words) & _NEGATING and _guard_re().search(" ".join(words)) is not None


def _kin(word: str, key_word: str) -> bool:
    """A word of the text names a key's word: they share its first five letters (all of a
    shorter one), past a negating "un"/"in" ("verification" of ``verify``, "unencrypted" of
    ``encryption``, "MFA" of ``mfa``)."""
    n = min(_STEM, len(key_word))
    forms = (word, word[2:]) if word[:2] in ("un", "in") else (word,)
    return any(len(f) >= n and f[:n] == key_word[:n] for f in forms)


def _lowers(text: str, key_words: list[str]) -> bool:
    """The text writes a word of [g-guard-lowering] that holds a word of the key or has one
    among the few words after it ("without running the checks", "unencrypted", "skip
    verification"), or a word of [g-setting-off] with a word of the key among the few words
    beside it ("with authentication disabled"); a lowering said of something else ("finished
    without errors") is none."""
    keyed = [k for k in key_words if len(k) >= 3]
    for m in _lowering_re().finditer(text):
        near = [w.casefold() for w in _WORD.findall(text[m.start():])[:_REACH + 1]]
        if any(_kin(w, k) for w in near for k in keyed):
            return True
    for m in _off_re().finditer(text):  # "with authentication disabled", "disable auth"
        near = [w.casefold() for w in (*_WORD.findall(text[:m.start()])[-_REACH:],
                                       *_WORD.findall(text[m.end():])[:_REACH])]
        if any(_kin(w, k) for k in keyed for w in near):
            return True
    return False


def lowered(name: str, args: Mapping[str, Any], ann: Announcement,
            props: Mapping[str, tuple[Mapping[str, Any], bool]],
            choices: Callable[[Mapping[str, Any]], Sequence[str]]) -> str | None:
    """Why a changing call switches off a safeguard the announcement does not lower, or None
    (``choices``: the values a property's schema lists)."""
    for key, raw in _leaves(args):
        prop = props.get(key, ({}, False))[0]
        leaf = raw
        if isinstance(leaf, str) and prop.get("type") == "boolean" \
                and leaf.strip().casefold() in {"true", "false"}:
            leaf = leaf.strip().casefold() == "true"
        if leaf is not False or prop.get("default") is False or not _guards(key):
            continue
        if properties.stated(ann, key, raw, prop, choices(prop), either=True):
            continue
        if _lowers(ann.text, name_words(key)):
            continue
        return (f"{name!r} sets {key!r} to false, which switches off a safeguard the "
                "announcement does not lower")
    return None
