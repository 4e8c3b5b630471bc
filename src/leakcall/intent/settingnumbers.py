"""The numbers of the changing calls and the elements of their lists, read last (h26f, h35y,
issue 25; rule ``ungrounded-call``).

Each changing call that runs no command (as ``values._unsaid_setting`` reads its switches)
has each number it sets read by ``unsaidnumbers``, after every other reader of the calls
(``pipeline``, through ``contents.closing``): a reader that reads the number more closely (a
unit, a sign, a quantity the text writes otherwise, a sibling call, a key the schema does not
declare) keeps its own refusal. A call that makes, hands on or sets has each element of its
lists read first by ``unsaidvalues.unsaid_elements`` (a list of targets whose items the text
writes out keeps ``listsexact``'s refusal). Reasoning before bare markup is not read here."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from . import properties, unsaidnumbers, unsaidvalues
from .keypress import press_words
from .kinds import _keys, call_kinds, name_words
from .observing import OBSERVING
from .preamble import Announcement
from .switched import switch_words, switched_off
from .toolkinds import tool_kinds
from .values import _enum, _listed, _switch, _updates_record
from .walk import _leaves

__all__ = ["check"]


def check(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
          schemas: Mapping[str, Mapping[str, Any]] | None = None,
          descriptions: Mapping[str, str] | None = None) -> str | None:
    """Why a changing call that runs no command carries a list element the text does not write
    (``unsaidvalues.unsaid_elements``) or sets a number the announcement neither writes nor
    names the key of (``unsaidnumbers``), or None."""
    quiet = _keys("note") | _keys("prose")
    said = [w.casefold() for w in (*ann.objects, *ann.observed)]
    for name, args in calls:
        schema, description = (schemas or {}).get(name), (descriptions or {}).get(name)
        kinds = call_kinds(name, args, schema, description)
        if not kinds - OBSERVING - {"delete"} or "run" in tool_kinds(name, schema, description):
            continue
        props = _listed(schema or {})
        verbs = [v.casefold() for v, _k in ann.verbs] + switch_words(ann, name) \
            + press_words(ann, name)
        why = unsaidvalues.unsaid_elements(name, args, ann, props, said, verbs, kinds)
        if why is not None:
            return why
        named = functools.partial(unsaidnumbers.named_key, said=said, verbs=verbs,
                                  own=" ".join(name_words(name)))
        for key, raw in _leaves(args):
            if set(name_words(key)) & quiet or (props and key not in props):
                continue  # a key the schema does not declare: ``schemakeys`` names that
            prop = props.get(key, ({}, False))[0]
            if switched_off(ann, name, key, raw, args) \
                    or properties.stated(ann, key, raw, prop, _enum(prop)) \
                    or _switch(raw, props.get(key), _updates_record(name)) is not None:
                continue  # a switch: ``values._unstated`` read it with the settings
            why = unsaidnumbers.unsaid(name, key, raw, props.get(key), ann, named,
                                       args.get(key) is raw)
            if why is not None:
                return why
    return None
