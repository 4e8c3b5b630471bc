"""A step's direction against its call's (issue 25, round 57 gaps 2, 3, 6 and 7; rule
``ungrounded-call``, read by ``grounding.check`` for each changing call).

Granting and revoking, opening and closing, enabling and disabling, making public and making
private are steps of one kind (``write``) on the same objects, so kind and object cannot tell
"I'll revoke admin from eve." from ``grant_role(eve, admin)``; ``inverse`` reads only the
names that undo behind a prefix (``unlock_door``). Here:

- ``opposed``: a tool whose name (else its description's first sentence) says one way only
  ([direction-on] or [direction-off] of kinds.txt: ``grant_role``, ``open_port``,
  ``make_public``; ``revoke_role``, ``close_port``) is not grounded by a step bound to its call
  (a noun of it carried by the call, or the announcement's only step) that says the other way
  ([g-direction-on] / [g-direction-off] of every lexicon: "revoke", "close", "private",
  "ferme", "закрою", "关闭"; the step's verb, or its last noun: "make `x` private", or any
  noun after a word of no known kind: "eve loses admin") or keeps
  what is ([g-keep]: "keep eve as admin"), unless a bound step, or an announced verb of the
  tool's name, says the tool's way too ("close the old rule and open port 22").
- ``emptied``: emptying keeps the container, deleting removes it. A deleting call (no
  command line) whose tool names neither an emptying step (in its name or description) nor a
  part of the thing ([g-emptying]: "clear", "truncate",
  "purge", "vider", "leeren", "очищу", "清空"; [emptied-part] of kinds.txt: ``delete_rows``,
  ``truncate_table``) takes out a thing an emptying step names as a whole argument value
  ("clear `/srv/app`" + ``delete_directory(/srv/app)``, "truncate the `users` table" +
  ``drop_table(users)``), unless a bound step says a verb of deleting or of the tool's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from .carriednouns import _call_text
from .kinds import name_words
from .kindsfile import _kinds_file
from .preamble import Announcement
from .references import _referenced
from .statedsettings import _alts
from .tables import tongues_of
from .walk import _strings

__all__ = ["emptied", "opposed"]

_SECTIONS = {"on": "g-direction-on", "off": "g-direction-off"}
_OTHER = {"on": "off", "off": "on"}
_WAY_WORDS = {"on": "granting, opening, enabling or making public",
              "off": "revoking, closing, disabling or making private"}
_NEVER = "(?!x)x"
_SENTENCE = re.compile(r"[.!?;\n]")

Step = tuple[str, str | None, tuple[str, ...], bool]


@cache
def _way_re(way: str) -> re.Pattern[str]:
    """A word of one way: of a spaced script at word edges, of an unspaced one anywhere."""
    spaced, unspaced = _alts(_SECTIONS[way])
    return re.compile(rf"(?<![\w-])(?:{spaced or _NEVER})(?![\w-])|{unspaced or _NEVER}",
                      re.IGNORECASE)


def _ways(text: str) -> set[str]:
    """The ways the words of a text say; a form inside a longer one of the other way is that
    one's ("公开" in "不公开"/"비공개" is private, "ปิด" in "เปิด" is open)."""
    spans = {way: [m.span() for m in _way_re(way).finditer(text) if m.group(0)]
             for way in ("on", "off")}
    return {way for way, found in spans.items() if any(
        not any(a <= s and e <= b and (a, b) != (s, e) for a, b in spans[_OTHER[way]])
        for s, e in found)}


@cache
def _section_re(section: str) -> re.Pattern[str]:
    """A search for the entries of a lexicon section ([g-emptying], [g-trashing]) as words."""
    spaced, unspaced = _alts(section)
    return re.compile(rf"(?<![\w-])(?:{spaced or _NEVER})(?![\w-])|{unspaced or _NEVER}",
                      re.IGNORECASE)


def _emptying(word: str) -> bool:
    return _section_re("g-emptying").search(word) is not None


@cache
def _tool_words() -> dict[str, str]:
    """Each English word of a tool's name or description that says a way -> that way."""
    return {w.casefold(): way for way in ("on", "off")
            for w in _kinds_file().get(f"direction-{way}", ())}


def _tool_way(name: str, description: str | None) -> str | None:
    """The one way the tool's name says, else the one its description's first sentence says."""
    for words in (name_words(name), re.findall(
            r"[a-z]+", _SENTENCE.split(description or "", maxsplit=1)[0].casefold())):
        ways = {_tool_words()[w] for w in words if w in _tool_words()}
        if ways:
            return next(iter(ways)) if len(ways) == 1 else None
    return None


def _bound(ann: Announcement, name: str, args: Mapping[str, Any]) -> list[Step]:
    """The announced steps a noun of which the call carries; the only step when none does."""
    text, words = _call_text(name, args)
    out = [s for s in ann.steps
           if s[2] and _referenced(s[2], text, words, ann.tongues) is not None]
    return out or (list(ann.steps) if len(ann.steps) == 1 else [])


def _keeps(ann: Announcement, verb: str) -> bool:
    return any(t.has(verb.casefold(), "g-keep") for t in tongues_of(ann.tongues))


def opposed(ann: Announcement, name: str, args: Mapping[str, Any], description: str | None,
            verb_of: Callable[[str, Sequence[str]], bool]) -> str | None:
    """Why a call whose tool says one way is grounded only by a step of the other way, or of
    keeping; None otherwise.

    ``verb_of(verb, words)``: an announced verb is one of the words (``grounding._verb_of``)."""
    way = _tool_way(name, description)
    if way is None:
        return None
    bound = _bound(ann, name, args)
    own = name_words(name)
    if not bound or any(way in _ways(" ".join((v, *nouns))) for v, _k, nouns, _p in bound) \
            or any(verb_of(v, own) and way in _ways(v) for v, _k, _n, _p in ann.steps):
        return None
    for verb, kind, nouns, _p in bound:
        # the verb, or its last noun ("make `x` private"); after a word of no known kind (a
        # subject read as the verb: "eve loses admin") any of its nouns
        said = _ways(verb) | (_ways(nouns[-1].strip("`\"'")) if nouns else set())
        if kind is None and not said:
            said = _ways(" ".join(nouns))
        if _OTHER[way] in said or _keeps(ann, verb):
            what = "keeps what is" if _OTHER[way] not in said else \
                f"says the other way ({_WAY_WORDS[_OTHER[way]]})"
            return (f"{name!r} takes a step of {_WAY_WORDS[way]}, and the announced step "
                    f"{verb!r} on its objects {what}: it is not the announced step")
    return None


@cache
def _parts() -> frozenset[str]:
    return frozenset(w.casefold() for w in _kinds_file().get("emptied-part", ()))


def _plain(value: str) -> str:
    return value.strip("`\"'").rstrip("/").casefold()


def emptied(ann: Announcement, name: str, args: Mapping[str, Any], kinds: frozenset[str],
            description: str | None, verb_of: Callable[[str, Sequence[str]], bool]) -> str | None:
    """Why a deleting call takes out the thing an emptying step names, or None: not for a
    tool whose name or description says an emptying step or a part of the thing, nor for a
    command line (its readers see what it deletes: "clean the build directory with `rm -rf
    build`")."""
    own = name_words(name)
    if "delete" not in kinds:
        return None
    weaker: list[tuple[Callable[[str], bool], str]] = []
    if not (any(_emptying(w) for w in own) or set(own) & _parts() or _emptying(description or "")):
        weaker.append((_emptying, "empties {} ({!r}), which keeps it, and {!r} takes it out whole"))
    if not _recoverable(own, description):
        weaker.append((_trashing, "moves {} to a trash ({!r}), which can be undone, and {!r} "
                                  "deletes it for good"))
    if not weaker:
        return None
    values = {_plain(v) for v in _strings(args) if _plain(v)}
    bound = [s for s in ann.steps if any(_plain(n) in values for n in s[2])]
    if any(not any(w(v) for w, _ in weaker) and (k == "delete" or verb_of(v, own))
           for v, k, _n, _p in bound):
        return None
    for verb, _k, nouns, _p in bound:
        for weak, why in weaker:
            if weak(verb):
                thing = next(n for n in nouns if _plain(n) in values)
                return f"the announcement {why.format(thing, verb, name)}: it is not the announced step"
    return None


def _trashing(word: str) -> bool:
    return _section_re("g-trashing").search(word) is not None


@cache
def _tool_re(section: str) -> re.Pattern[str]:
    words = sorted(_kinds_file().get(section, ()), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w-])",
                      re.IGNORECASE)


def _recoverable(own: Sequence[str], description: str | None) -> bool:
    """A deleting tool whose name or description says its step can be undone ([trash-tool] of
    kinds.txt: "trash", "restore"), and whose description does not say it cannot
    ([permanent-tool]: "permanently", "cannot be undone")."""
    text = " ".join(own) + " " + (description or "")
    return _tool_re("trash-tool").search(text) is not None and _tool_re(
        "permanent-tool").search(description or "") is None
