"""Values a changing call sets against what the text writes (issue 25, h9Aa; rule
``ungrounded-call``, read by ``beyond.check``).

- a switch set off that the announced step turns on: every word of the switch's name is said
  and a verb of the step says one of them ("turn on the kitchen lights" + ``on: false``,
  "enable notifications" + ``notifications_enabled: false``). An optional switch set off is
  read elsewhere as restating its absence (``values._switch``); that holds only where the text
  says nothing of that switch: "replace the string" + ``replace_all: false`` stays;
- a number a device's switching step sets ([g-switch]: "turn on the kitchen lights" +
  ``brightness: 60``): a switching verb says a way, not a degree, so every number is one the
  text writes or the schema's declared ``default`` (never "optional, so a default");
- a value the text quotes after the noun of a message's or record's part ("with the subject
  'Report'", "titled 'Login fails'", "mit dem Betreff 'Bericht'"; [keys-prose] words, or their
  [concept] meaning) is carried under a key of that part: a heading key ([keys-heading]) as
  written, a body as part of it. A quote carried elsewhere ("Report" as the body, "Invoice" as
  the subject) names another message;
- a switch or listed value of who may see a thing holds the way the announcement states it
  ("a private repository" + ``private: false``, "un dépôt privé" + ``public: true``;
  ``properties.crossed``, h9Ca);
- a safeguard switched off (``private: false``, ``verify: false``) is announced lowered
  (``guardswitch.lowered``, h9Db).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import guardswitch, properties
from .acrossscripts import verb_meanings
from .kinds import _keys, name_words
from .partwords import part_word
from .preamble import Announcement
from .references import _referenced
from .switched import _numbers_said, _switching, switch_words
from .values import _enum, _listed, _participled
from .walk import _keyed_strings, _leaves

__all__ = ["check"]

_QUOTE = re.compile(r"(?<![^\s:(\[])(?:'([^'\n]{1,200}?)'|\"([^\"\n]{1,200}?)\"|“([^”\n]{1,200})”|"
                    r"‘([^’\n]{1,200})’|«\s?([^»\n]{1,200}?)\s?»|„([^“”\n]{1,200})[“”])(?!\w)")
"""A quoted value and its quotes (straight, curly, guillemets, low-high), opening after a
space, a colon or a bracket: an apostrophe inside a word ("I'll") opens none."""
_BEFORE = re.compile(r"([^\W\d_]+)\W{0,3}$")
"""The word right before a quote, past a colon or a dash."""
_LINK = frozenset({"line", "field", "text", "heading"})
"""English nouns a part's noun takes before its value ("the subject line 'Report'")."""
_EDGE = " \t.,;:!?"
_WORDS = re.compile(r"[^\W_]+")


def _quoted_parts(text: str) -> list[tuple[str, str]]:
    """(key word, quoted value) of each quote right after the noun of a part."""
    out: list[tuple[str, str]] = []
    for m in _QUOTE.finditer(text):
        value = next(g for g in m.groups() if g is not None).strip()
        before = text[:m.start()]
        for _ in range(2):
            w = _BEFORE.search(before)
            if w is None:
                break
            part = part_word(w[1])
            if part is not None:
                out.append((part, value))
                break
            if w[1].casefold() not in _LINK:
                break
            before = before[:w.start()]
    return out


def _norm(s: str) -> str:
    return " ".join(s.casefold().split()).strip(_EDGE)


def _misquoted(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a key of a quoted part carries none of the values quoted for that part, or None
    (several messages may quote one each)."""
    heading = _keys("heading")
    strings = list(_keyed_strings(args))
    quoted: dict[str, list[str]] = {}
    for part, value in _quoted_parts(ann.text):
        quoted.setdefault(part, []).append(_norm(value))
    for part, values in quoted.items():
        own = [(k, v) for k, v in strings if part in name_words(k)]
        if not own and part in heading:
            own = [(k, v) for k, v in strings if set(name_words(k)) & heading]
        for key, v in own:
            if not any((_norm(v) == q) if part in heading else (q in _norm(v)) for q in values):
                return (f"{name!r} sets {key!r} to {v[:40]!r}, where the announcement writes "
                        f"the {part} {values[0][:40]!r}")
    return None


def _crossed_switch(name: str, args: Mapping[str, Any], ann: Announcement,
                    props: Mapping[str, tuple[Mapping[str, Any], bool]]) -> str | None:
    """Why a switch set off is one the announced step turns on, or None."""
    said = [w.casefold() for w in (*ann.objects, *ann.observed)]
    verbs: Sequence[str] = [v.casefold() for v, _k in ann.verbs] + switch_words(ann, name)
    verbs = [*verbs, *verb_meanings(verbs)]  # "سأقفل" says "lock" (acrossscripts)
    quiet = _keys("note") | _keys("prose")
    # a function word of the name ("all" of ``replace_all``) is no object word: read as written
    text = frozenset(_WORDS.findall(ann.text.casefold()))
    for key, raw in _leaves(args):
        prop = props.get(key, ({}, False))[0]
        leaf = {"false": False, "true": True}.get(raw.strip().casefold(), raw) \
            if isinstance(raw, str) and prop.get("type") == "boolean" else raw
        words = name_words(key)
        if leaf is not False or not words or set(words) & quiet:
            continue
        on = next((v for v in verbs if _referenced([v], " ".join(words), frozenset(words))
                   is not None), None) or _participled(said, words)
        if on is None:
            continue
        if all(_referenced([*said, *verbs], w, frozenset({w})) is not None or w in text
               or any(w in (s + "d", s + "ed", s + s[-1:] + "ed") for s in said)
               for w in words):
            return (f"{name!r} sets {key!r} to false where the announcement says {on!r}: "
                    "it turns off what the announced step turns on")
    return None


def _degree(name: str, args: Mapping[str, Any], ann: Announcement,
            props: Mapping[str, tuple[Mapping[str, Any], bool]]) -> str | None:
    """Why a number a device's switching step sets is neither written nor the declared
    default, or None."""
    if not _switching(ann, name):
        return None
    for key, leaf in _leaves(args):
        if not isinstance(leaf, (int, float)) or isinstance(leaf, bool):
            continue
        default = props.get(key, ({}, False))[0].get("default")
        if isinstance(default, (int, float)) and float(default) == float(leaf):
            continue
        if not _numbers_said(ann, {key: leaf}):
            return (f"{name!r} sets {key!r} to {leaf!r}, a degree the switching step does "
                    "not write")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None, runs: bool) -> str | None:
    """Why a changing call's switch, number or quoted part is not the one the text writes."""
    props = _listed(schema or {})
    if runs:  # a run's own values are its command's; a safeguard it switches off is not
        return guardswitch.lowered(name, args, ann, props, _enum)
    return _crossed_switch(name, args, ann, props) or _degree(name, args, ann, props) \
        or _misquoted(name, args, ann) or properties.crossed(name, args, ann, props, _enum) \
        or guardswitch.lowered(name, args, ann, props, _enum)
