"""A field of a closed list a record's update sets that the announcement does not give (issue
25, h9Be; rule ``ungrounded-call``, read by ``beyond.check`` for a changing call).

A tool that updates a record ([record-update] in kinds.txt: ``set_thermostat``,
``update_ticket``, ``change_plan``) writes each field it is given onto the record, and a field
it is not given stays as it is (``values._switch`` reads its switches so). A field whose
schema lists its values (``enum``) chooses a way the record then works: "set the thermostat to
21" + ``mode: cool`` switches the heating to cooling, a change nobody wrote. Such a value is
carried only when the announcement or an observation writes it (anywhere, whole, or each of its words, by
stem or a [concept] map: ``enums._says``) or it is the schema's default (``enums._default``:
its ``default``, or the one value a sentence of its description says with "default"). A
key of a closed list holds no text, whatever its name ("mark order 5521 as shipped" +
``status: refunded``: a ``status`` is a note's word only where it is free text; h9Ca); a unit
(``enums`` binds units to their numbers) is left to its own reader; a tool that creates, sends
or runs is left to ``enums`` (a rank of cost it does not say, another value of the list than
the one it says, or a step that cannot be taken back no announced verb says).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .enums import _default, _says, _spoken
from .preamble import Announcement
from .switched import way_said
from .units import unit_named
from .values import _enum, _listed, _updates_record
from .walk import _keyed_strings

__all__ = ["check"]

_WORD = re.compile(r"[^\W\d_]+")
"""A word the announcement writes anywhere ("switch it to cool", past its objects)."""


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None) -> str | None:
    """Why a record's update sets a field of a closed list to a value the announcement does not
    give and the schema does not default to, or None."""
    if not _updates_record(name):
        return None
    props = _listed(schema or {})
    if not props:
        return None
    said = [w.casefold() for w in (*ann.objects, *ann.observed, *_WORD.findall(ann.text),
                                   *way_said(ann, name))]
    spoken = _spoken(said)
    for key, text in _keyed_strings(args):
        choices = _enum(props.get(key, ({}, False))[0])
        value = text.strip()
        if len(choices) < 2 or value.casefold() not in {c.casefold() for c in choices} \
                or unit_named(value) is not None \
                or _says(value, said, spoken):
            continue
        default = _default(props[key][0])
        if default is not None and default.casefold() == value.casefold():
            continue
        return (f"{name!r} sets {key!r} to {value!r}, a field of the record the announcement "
                "does not give")
    return None
