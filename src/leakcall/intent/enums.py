"""Enum values and unit defaults (issue 25, round 36; rule ``ungrounded-call``, read by
``beyond.check`` for a changing call).

A value a tool takes from a closed list (its schema's ``enum``) chooses one step among
several; the announcement grounds the one it says:

- a value that names a unit (``unitwords.TABLE``: ``fahrenheit``, ``EUR``) under an enum, or
  under a key that names a unit or a scale (``unit``, ``currency``), is the unit the
  announcement binds to the number the call carries ("21°C" + ``unit: fahrenheit``
  refuses); an omitted unit argument is its schema's default, read from ``default`` or from
  its description ("Defaults to celsius."), so "68°F" with no unit given refuses where the
  default is Celsius. A tool that states no default, and an announcement that binds no
  number of that dimension, change nothing (``units`` reads the number's own key);
- a value the announcement does not say, where it says another of the same list ("a ground
  shipment" + ``service: overnight``; "once" + ``repeat: daily``; "mark it as shipped" +
  ``status: refunded``: a closed list holds no text, whatever its key's name), refuses;
- a value not said at all refuses when it is not the schema's default and is a rank of
  cost or reach ([ranked-values] in kinds.txt: ``first``, ``overnight``, ``priority``,
  ``all``): "Book LH400." books no first-class seat; or when it is a form of a verb of a
  step that cannot be taken back (``_FINAL``: ``refunded``, ``cancelled``, ``merged``,
  ``published``) and no announced verb is of that kind: "I'll add a note to order 5521" sets
  no ``status: cancelled`` (h9Ca).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .guardswitch import _lowering_re
from .kinds import _keys, name_words
from .kindsfile import section
from .opening import _kinds as _form_kinds
from .preamble import Announcement
from .references import _CALL_WORD, _meanings, _stem
from .units import _numbers, bound, unit_named
from .unitwords import SYSTEMS
from .values import _enum, _listed, _said_value
from .walk import _keyed_strings

__all__ = ["check"]

_UNIT_KEYS = frozenset({"unit", "units", "scale", "currency", "uom"})
"""Words of a key's name that say it holds a unit or a scale (``unit``, ``temp_scale``)."""
_DEFAULT = re.compile(r"\bdefault", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.;\n]+")


def _unit_key(key: str, prop: Mapping[str, Any]) -> bool:
    """The key holds a unit: its schema is an enum, or its name says unit or scale."""
    return bool(_enum(prop)) or bool(_UNIT_KEYS & set(name_words(key)))


def _default(prop: Mapping[str, Any]) -> str | None:
    """The schema's default of a property: its ``default``, or the one value of its list
    (or the one unit) a sentence of its description says with "default" ("Defaults to
    celsius.", "celsius by default")."""
    given = prop.get("default")
    if isinstance(given, str):
        return given
    choices = _enum(prop)
    for m in _SENTENCE.finditer(str(prop.get("description", ""))):
        if not _DEFAULT.search(m[0]):
            continue
        words = set(re.findall(r"[\w°%$€£¥-]+", m[0].casefold()))
        named = [c for c in choices if c.casefold() in words] if choices else \
            [w for w in words if unit_named(w) is not None]
        if len(named) == 1:
            return named[0]
    return None


def _announced_units(dim: str, text: str, numbers: set[float]) -> set[str] | None:
    """The units the announcement binds, in ``dim``, to a number the call carries (to any
    number when the call carries none it binds), or None when it binds none in ``dim``."""
    found = [(n, units) for n, d, units, _f in bound(text) if d == dim]
    if not found:
        return None
    carried = [units for n, units in found if n in numbers]
    return set().union(*(carried or [u for _n, u in found]))


_BIT_CASE = re.compile(r"[KMGTP]i?b")
"""A size's unit written as bits: a capital prefix before a small "b" (``Mb``, ``Gib``)."""


def _bits(value: str, dim: str) -> bool:
    """The unit carried is bits where the text binds its number to a size in bytes (the
    text is read folded, so a size it writes is bytes): an eighth of the size."""
    return dim == "storage" and bool(_BIT_CASE.fullmatch(value))


def _paired(key: str, args: Mapping[str, Any]) -> set[float]:
    """The numbers a unit key states the unit of: those under a key of its other words
    (``interval_unit``: ``interval``), or every number the call carries when it names none
    (``unit``)."""
    own = set(name_words(key)) - _UNIT_KEYS
    carried = list(_numbers(args))
    paired = {n for k, n in carried if own and own <= set(name_words(k))}
    return paired or {n for _k, n in carried}


def _unshown_unit(name: str, key: str, value: str, given: bool, text: str,
                  numbers: set[float]) -> str | None:
    """Why a unit the call carries under a key of units, one of no dimension the text binds
    to a number it carries (an unknown unit: ``K`` for "21 °C", ``mL`` for "5 mg", ``%`` or
    ``B`` for "10 MB"), is not the text's: unknown means not shown, never unrelated. A value
    the text writes as a word of its own, or a system of units (``readsizes``), passes."""
    if not given or not value or value.casefold() in SYSTEMS:
        return None
    found = [(d, units) for n, d, units, _f in bound(text) if n in numbers]
    if not found:
        return None
    unit = unit_named(value)
    if unit is not None and _bits(value, unit[0]) and any(d == "storage" for d, _u in found):
        return (f"{name!r} carries {key!r} {value!r}, bits, and the announcement binds its "
                "number to bytes")
    if unit is not None and any(d == unit[0] and units & unit[1] for d, units in found):
        return None
    if re.search(r"(?<![\w°])" + re.escape(value.casefold()) + r"(?!\w)", text) is not None:
        return None
    stated = sorted({u for _d, units in found for u in units})
    return (f"{name!r} carries {key!r} {value!r}, a unit the text does not show, and the "
            f"announcement binds its number to {'/'.join(stated)}")


def _unit_swap(name: str, args: Mapping[str, Any], schema: Mapping[str, Any],
               text: str) -> str | None:
    """Why a unit the call carries (at any depth), or the default of a unit argument it
    leaves out, is not the unit the announcement binds to its number, or None."""
    numbers = {n for _k, n in _numbers(args)}
    carried = dict(_keyed_strings(args))
    top = schema.get("properties")
    for key, (prop, _required) in _listed(schema).items():
        if not _unit_key(key, prop):
            continue
        value, given = carried.get(key), key in carried
        if not given and isinstance(top, Mapping) and key in top and key not in args:
            value = _default(prop)
        if not isinstance(value, str):
            continue
        unit = unit_named(value.strip())
        stated = None if unit is None else _announced_units(unit[0], text, numbers)
        if unit is None or stated is None or _bits(value.strip(), unit[0]):
            why = _unshown_unit(name, key, value.strip(), given, text, _paired(key, args)) \
                if set(name_words(key)) & _UNIT_KEYS else None
            if why is not None:
                return why
            continue
        if stated is not None and not stated & unit[1]:
            how = "carries" if given else "leaves as its default"
            return (f"{name!r} {how} {key!r} {value.strip()!r}, and the announcement binds "
                    f"its number to {'/'.join(sorted(stated))}")
    return None


def _spoken(said: Sequence[str]) -> set[str]:
    """The announcement's and observations' words as written, each split at its symbols
    ("economy-class": economy, class), and their stems."""
    words: set[str] = set()
    for item in said:
        low = item.strip("`\"'")
        words.add(low)
        words.update(_CALL_WORD.findall(low))
    return words | {_stem(w) for w in words}


def _says(value: str, said: Sequence[str], spoken: set[str]) -> bool:
    """The announcement says the value chosen: whole, or each of its words as a word it
    says (by stem or a [concept] map), never as a part of a longer word ("over" says no
    ``overnight``, "priority" no ``international_priority``)."""
    low = value.casefold()
    if low in spoken:
        return True
    return all(p in spoken or _stem(p) in spoken or any(p in _meanings(w) for w in said)
               for p in name_words(value) or [low])


def _said_other(value: str, said: Sequence[str]) -> bool:
    """The announcement says another value of the list: whole, or every word of it, as
    ``values`` reads a stated setting (a stem or a longer word counts: refusing is safe)."""
    words = [w for w in name_words(value) if w] or [value.casefold()]
    return _said_value(value.casefold(), said) or all(_said_value(w, said) for w in words)


def _ranked(value: str) -> bool:
    """A word of the value is a rank of cost or reach ([ranked-values])."""
    ranks = section("ranked-values")
    return value.casefold() in ranks or bool(ranks & set(name_words(value)))


_WORD_VALUE = re.compile(r"[A-Za-z][A-Za-z_-]*")


def _unlisted_rank(key: str, value: str, prop: Mapping[str, Any], said: Sequence[str],
                   spoken: set[str]) -> bool:
    """A one-word value of a key whose schema lists no values is a rank of reach or cost
    the announcement does not say (h20d, round 46: ``zone: all``, ``hold: permanent`` after "set the
    thermostat to 21 degrees"), and not the schema's default; a note or prose holds none."""
    if set(name_words(key)) & (_keys("note") | _keys("prose")) \
            or not _WORD_VALUE.fullmatch(value) or not _ranked(value):
        return False
    default = _default(prop)
    return not _says(value, said, spoken) and (default is None
                                               or default.casefold() != value.casefold())


def _unsaid_choice(name: str, args: Mapping[str, Any], props: Mapping[str, Any],
                   ann: Announcement) -> str | None:
    """Why a value a changing call takes from a closed list is not the one the announcement
    says, or None."""
    said = [w.casefold() for w in (*ann.objects, *ann.observed)]
    spoken = _spoken(said)
    for key, text in _keyed_strings(args):
        prop = props.get(key, ({}, False))[0]
        choices = _enum(prop)
        value = text.strip()
        if len(choices) < 2 and _unlisted_rank(key, value, prop, said, spoken) \
                and value.casefold() not in _CALL_WORD.findall(ann.text.casefold()):
            return (f"{name!r} sets {key!r} to {value!r}, a rank of cost or reach the "
                    "announcement does not say")
        if len(choices) < 2:
            step = _unlisted_step(key, value, prop, ann, said, spoken)
            if step is not None:
                return (f"{name!r} sets {key!r} to {value!r}, a step of kind {step!r} the "
                        "announcement does not say")
            if _lowered_part(key, value, prop, ann, said, spoken):
                return (f"{name!r} sets {key!r} to {value!r}, which leaves out or switches "
                        "off a part, and the announcement says no such lowering")
        if len(choices) < 2 or value.casefold() not in {c.casefold() for c in choices} \
                or unit_named(value) is not None \
                or _says(value, said, spoken):
            continue
        other = next((c for c in choices if c.casefold() != value.casefold()
                      and _said_other(c, said)), None)
        if other is not None:
            return (f"{name!r} sets {key!r} to {value!r} where the announcement says "
                    f"{other!r}")
        default = _default(prop)
        if _ranked(value) and (default is None or value.casefold() != default.casefold()):
            return (f"{name!r} sets {key!r} to {value!r}, a rank of cost or reach the "
                    "announcement does not say")
        step = _unsaid_step(value, ann)
        if step is not None and value.casefold() != (default or "").casefold():
            return (f"{name!r} sets {key!r} to {value!r}, a step of kind {step!r} the "
                    "announcement does not say")
    return None


_FINAL = frozenset({"delete", "pay", "commit", "send", "deploy"})
"""Kinds of step that cannot be taken back by setting the value again (a refund paid, an order
cancelled, a pull request merged, a post published)."""


_STEP_VALUE = re.compile(r"[A-Za-z]+(?:_[A-Za-z]+)*|[a-z]+(?:[A-Z][a-z]+)+")
"""A value of words joined as one identifier (``truncate``, ``drop_and_recreate``,
``overwriteProduction``): a choice of how the step goes, not a name or a text (a slug joined
by hyphens, ``fix-login``, is a branch's or a page's name)."""
_UNLISTED = frozenset({"delete", "write"})
"""Kinds of the words of a value no closed list holds that take a step of their own: a
choice named so (``strategy: truncate``, ``on_mismatch: overwrite_production``) erases or
replaces what the announced step (optimize, verify) keeps."""


def _unlisted_step(key: str, value: str, prop: Mapping[str, Any], ann: Announcement,
                   said: Sequence[str], spoken: set[str]) -> str | None:
    """The kind of step (``_UNLISTED``) a word of a one-identifier value takes, under any key
    whose schema lists no values (its name aside: ``strategy``, ``on_mismatch``), when no
    announced verb is of that kind and the text does not say the value (blind round 49 gap
    7, h26y); a name, a note or prose holds none, an operation's selector or a command is
    read as the step itself (``command: str_replace``), and the schema's default is chosen
    by nobody."""
    if not _STEP_VALUE.fullmatch(value) or set(name_words(key)) & (
            _keys("note") | _keys("prose") | _keys("identity") | _keys("selector")
            | _keys("command") | {"name", "id"}):
        return None
    default = _default(prop)
    if _says(value, said, spoken) or (default is not None
                                      and default.casefold() == value.casefold()):
        return None
    announced = {k for _v, k in ann.verbs if k}
    for w in name_words(value) or [value.casefold()]:
        steps = _form_kinds(w) & _UNLISTED
        if steps and not steps & announced:
            return sorted(steps)[0]
    return None


def _lowered_part(key: str, value: str, prop: Mapping[str, Any], ann: Announcement,
                  said: Sequence[str], spoken: set[str]) -> bool:
    """A one-identifier value of a key whose schema lists no values names a part left out or
    a guard switched off ([g-guard-lowering]: ``rebuild_without_index_on_email``,
    ``skip_validation``, ``disable_checks``; a word of it and a word after it), when the text
    writes no lowering word of its own ("without", "skip", "ohne", "sans") and does not say
    the value (r49-atk-150, h27k): the choice is a step of its own ("optimize the users
    table" drops no index). As for ``_unlisted_step``, a name, a note, prose, a selector or
    a command holds none, and the schema's default is chosen by nobody."""
    words = name_words(value)
    if len(words) < 2 or not _STEP_VALUE.fullmatch(value) or set(name_words(key)) & (
            _keys("note") | _keys("prose") | _keys("identity") | _keys("selector")
            | _keys("command") | {"name", "id"}):
        return False
    lowering = _lowering_re()
    at = next((i for i, w in enumerate(words) if lowering.fullmatch(w)), None)
    if at is None or at == len(words) - 1 or lowering.search(ann.text):
        return False
    default = _default(prop)
    return not _says(value, said, spoken) and (default is None
                                               or default.casefold() != value.casefold())


def _unsaid_step(value: str, ann: Announcement) -> str | None:
    """The kind of a step that cannot be taken back a value of a closed list takes
    ("refunded", "cancelled", "merged": a verb form, ``opening._kinds``), when no announced
    verb is of that kind; or None."""
    said = {k for _v, k in ann.verbs if k}
    for w in name_words(value) or [value.casefold()]:
        steps = _form_kinds(w) & _FINAL
        if steps and not steps & said:
            return sorted(steps)[0]
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None) -> str | None:
    """Why a changing call's unit or closed-list value is not the one announced, or None."""
    props = _listed(schema or {})
    if not props:
        return None
    return _unit_swap(name, args, schema or {}, ann.text) \
        or _unsaid_choice(name, args, props, ann)
