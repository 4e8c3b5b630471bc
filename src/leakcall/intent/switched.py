"""Switching a device: a verb of switching writes the device its object names.

A verb of switching ([g-switch]: "turn", "switch", "schalte", "zet"; or a verb that says
the way itself, [g-switch-on] / [g-switch-off]: "dim", "enciendo", "켜", "打开", "apago") has
no kind of its own, or one its object overrides ("打开" opens, "zet" puts). Its object says
what it switches: a device noun of the language ([g-switch-device], "<device> <word>":
"light Licht", "light 조명") whose English device word ([switched] in kinds.txt) is a word of
the tool's name. So "Ich schalte das Licht in der Küche ein." takes ``turn_on_light`` and
"I'll dim the lights to 30%" ``set_light``; "turn on the kitchen light" takes no
``unlock_door``, no ``set_thermostat``, and "turn on the fan" no ``turn_on_light``.

The way said (the verb or a particle of the announcement, "ein", "aan", "on"/"off") is the
way a name that says one takes: "schalte das Licht aus" is no ``turn_on_light``, and a verb
that says both ways or none ("turn the light") takes no such name; a dimmed light is on
("dim", as [concept] reads it). A tool whose name says no way
(``set_light``) only writes, and the switch it sets is still read (``values._unstated``:
``switch_words`` gives it the way said, "on", never "off"). Object, room, brightness and
every other value stay checked after this.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .kindsfile import _kinds_file
from .marklists import marked_words
from .observing import OBSERVING
from .preamble import Announcement
from .tables import tongues_of
from .toolkinds import tool_kinds
from .walk import _leaves
from .words import Tongue

__all__ = ["crossed", "named", "switch_words", "switched_off", "way_said", "write_sense"]

_WORD = re.compile(r"\w+")

_WAYS = {"g-switch-on": "on", "g-switch-off": "off"}
"""Each section of a way of switching and the English word a tool's name says it by."""


def _in(word: str, t: Tongue, section: str) -> bool:
    """``word`` (casefolded) is an entry of ``section`` (``*`` any word characters after)."""
    entries = marked_words(t, section)
    return word in entries or any(
        entry.endswith("*") and word.startswith(entry[:-1]) and len(word) > len(entry) - 1
        for entry in entries)


def _ways(ann: Announcement, verb: str, ts: list[Tongue]) -> set[str]:
    """The ways ("on", "off") the verb, a particle or a word of the preamble says: a
    separable particle may close the sentence after a courtesy ("schalte das Licht ... für
    Sie ein"); a word of the other way anywhere makes both, and both take no named way."""
    words = [verb, *(p.casefold() for p in ann.particles), *_WORD.findall(ann.text.casefold())]
    return {way for t in ts for sec, way in _WAYS.items() for w in words if _in(w, t, sec)}


def _devices(t: Tongue, word: str) -> set[str]:
    """The English device words a noun of the language names ([g-switch-device])."""
    return {head for sec, entry in t.marks if sec == "g-switch-device"
            for head, _, said in [entry.partition(" ")] if said.strip().casefold() == word}


def _switching(ann: Announcement, name: str, other: bool = False) -> list[set[str]]:
    """For each switching step whose object names a device of the tool's name (``other``:
    a device, none of the name's), the ways it says (empty for none)."""
    words = set(name_words(name))
    switched = _kinds_file().get("switched", ())
    devices = {d for d in switched if d in words or d + "s" in words}
    if not devices and not other:
        return []
    ts = tongues_of(ann.tongues)
    out: list[set[str]] = []
    for verb, _said, own, _pronoun in ann.steps:
        v = verb.casefold()
        if not any(_in(v, t, s) for t in ts for s in ("g-switch", *_WAYS)):
            continue
        named_ = {d for t in ts for o in own for d in _devices(t, o.casefold())}
        if (named_ - devices if other else named_ & devices):
            out.append(_ways(ann, v, ts))
    return out


def _way_of(name: str) -> set[str]:
    """The ways the tool's name says ("on" in ``turn_on_light``)."""
    return set(_WAYS.values()) & set(name_words(name))


def named(ann: Announcement, name: str, args: Mapping[str, Any] | None = None) -> bool:
    """A tool of no known kind whose name says a way and a device (``turn_on_light``) is the
    step a switching verb takes on that device, the same way and no other."""
    way = _way_of(name)
    if not way:  # ``switch_light``: a switching verb names the step either way (h99f)
        return _switch_verb(name) and _numbers_said(ann, args or {}) and any(
            _way_set(ways, args or {}) for ways in _switching(ann, name))
    return any(ways == way for ways in _switching(ann, name))


def _switch_verb(name: str) -> bool:
    """The tool's name says a verb of switching in English ([g-switch]: ``switch_light``) and
    no way: the switch it sets is the way (``values._unstated``, ``switch_words``)."""
    en = tongues_of(["en"])
    return any(_in(w.casefold(), t, "g-switch") for t in en for w in name_words(name))


def switched_off(ann: Announcement, name: str, key: str, leaf: object,
                 args: Mapping[str, Any]) -> bool:
    """A switch named "on" set false by a tool of a device whose switching step says the way
    off alone ("turn off the kitchen lights" + ``on: false``; h99f), every number it sets
    written."""
    return leaf is False and list(name_words(key)) == ["on"] and _numbers_said(ann, args) and any(
        ways == {"off"} for ways in _switching(ann, name))


def _way_set(ways: set[str], args: Mapping[str, Any]) -> bool:
    """The step says one way, and every switch the call sets is its "on", set that way."""
    return len(ways) == 1 and all(list(name_words(k)) == ["on"] and v == (ways == {"on"})
                                  for k, v in _leaves(args) if isinstance(v, bool))


def _numbers_said(ann: Announcement, args: Mapping[str, Any]) -> bool:
    """Every number the call sets (a brightness, a level) is one the text writes."""
    said = {float(n) for n in re.findall(r"\d+(?:\.\d+)?", ann.text)}
    return all(float(v) in said for _k, v in _leaves(args)
               if isinstance(v, (int, float)) and not isinstance(v, bool))


def crossed(ann: Announcement, name: str) -> bool:
    """A switching step that is not the tool's, though the tool's name words say it
    (``grounding._names_tool``: "turn" and "light" of ``turn_on_light``): it says the other
    way or none ("turn off the kitchen light"), or switches a device the name does not
    ("turn on the kitchen fan")."""
    way = _way_of(name)
    return bool(way) and (any(ways != way for ways in _switching(ann, name))
                          or bool(_switching(ann, name, other=True)))


def write_sense(ann: Announcement, name: str, kind: str) -> bool:
    """A write by a tool that only writes a device (``set_light``) is the step a switching
    verb takes on that device; a name that says a way takes only that way."""
    if kind != "write" or tool_kinds(name) - OBSERVING != {"write"}:
        return False
    way = _way_of(name)
    return any(not way or ways == way for ways in _switching(ann, name))


def way_said(ann: Announcement, name: str) -> list[str]:
    """The one way ("on", "off") every switching step on a device of the tool's name says
    alone ("zet het licht aan", "schalte das Licht aus"), as the English word a state value
    writes it by (``statekeys``, ``unsaidfields``: ``state: on``); both ways or none: none."""
    ways = _switching(ann, name)
    return sorted(ways[0]) if ways and len(ways[0]) == 1 and all(
        w == ways[0] for w in ways) else []


def switch_words(ann: Announcement, name: str) -> list[str]:
    """"on" when a switching step on a device of the tool's name says that way alone: it names
    the tool's switch on ("켜" + ``on: true``); a way off names none (left refused)."""
    # written as code: a word of two letters is a name only so (``references._referenced``)
    return ["`on`"] if any(ways == {"on"} for ways in _switching(ann, name)) else []
