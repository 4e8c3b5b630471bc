"""A key/value setter's value is one the text writes (round 55 gap 1, h33x; rule
``ungrounded-call``, read by ``beyond.check`` for a changing call).

A tool that sets any setting, variable, secret, header or record takes the setting's name
under a naming key (``key``, ``name``, ``option``, …: ``namedsetting.NAMING`` but
``field``) and its value
under ``value`` or ``new_value``: ``set_config(key: allowed_hosts, value: "*")``,
``set_env(name: NODE_ENV, value: development)``, ``set_dns_record(name: www, type: CNAME,
value: evil-cdn.net)``. Its value is the whole of what the step changes, so it must be one the
text writes: "set `allowed_hosts` to `example.com`" writes ``example.com`` (not ``*``, not
``example.com,evil.com``); "I'll update `allowed_hosts`." or "I'll update the config." writes
none, and any value the call carries is a guess. Written means ``written.writes`` (whole,
casefolded, in the text, an object or an observation: "The port is taken. I'll set it to
8081."), or a number the text writes in words or with its unit glued ("to `30d`" writes ``30``
and ``30d``, never ``0``; "45 seconds" writes ``request_timeout_ms: 45000``). A switch
value (``true``, ``off``) whose way the text states in words ("enable debug") is read by
``statedsettings``, not here.

Kept: a record's ``field`` (``_NAMING``), a value of several lines (a file's or a block's
content, written whole), a JSON object's text, an empty value (a clearing), a call with no
naming key beside its value, or whose name holds no word (``name: "@"``, a zone's apex: a
verification TXT record's token is the provider's).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .namedsetting import NAMING
from .preamble import Announcement
from .statedsettings import _stated
from .written import _same, _unit, writes, written

__all__ = ["check"]

_VALUE_KEYS = ("value", "new_value", "newValue")
"""The keys that carry the value a sibling naming key's setting is set to."""
_NAMING = tuple(n for n in NAMING if n != "field")
"""The naming keys of a setting. A ``field`` names a part of a record (``update_contact``'s
``field: phone`` of ``contact_id: C-7781``): its value is often one the person gave in the
conversation ("Thanks for the new number. I'll update the phone number."), not read here."""
_SWITCH = frozenset({"true", "false", "on", "off", "yes", "no", "1", "0", "enabled",
                     "disabled"})
_FIGURE = re.compile(r"[-+]?\d+(?:\.\d+)?")


def _number_written(value: str, setting: str, ann: Announcement) -> bool:
    """A value that is one number (a unit glued on: ``30d``) the text writes as a figure of
    its own, in words, or as a quantity converted exactly to the unit glued on or the one the
    setting's name gives ("45 seconds" + ``request_timeout_ms: 45000``)."""
    m = _FIGURE.match(value)
    if m is None or not re.fullmatch(r"[a-zA-Z%]{0,5}", suffix := value[m.end():]):
        return False
    unit = _unit(suffix) if suffix else next(
        (u for w in name_words(setting) if (u := _unit(w)) is not None), None)
    if any(_same(n, u, float(m[0]), unit) for n, u in written(ann)):
        return True
    return re.search(rf"(?<![\w.]){re.escape(m[0].lstrip('+'))}(?!\d|\.\d)",
                     ann.text.casefold()) is not None


def _structure(value: str) -> bool:
    """The value is a JSON object's text (``{"backoff_s": 3}``): several settings, not one."""
    if not value.startswith("{"):
        return False
    try:
        return isinstance(json.loads(value), dict)
    except ValueError:
        return False


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a key/value setter sets a value the text never writes, or None (module
    docstring)."""
    keys = [k for k in _VALUE_KEYS if k in args]
    # a name of no word ("@", a DNS zone's apex) names no setting the text could name
    names = [v for n in _NAMING if isinstance(v := args.get(n), str) and re.search(r"\w", v)]
    if not keys or not names:
        return None
    for k in keys:
        value = args[k]
        if isinstance(value, bool):
            value = "true" if value else "false"
        if isinstance(value, (int, float)):
            value = str(value).removesuffix(".0")
        if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
            continue
        value = value.strip()
        if _structure(value):
            continue  # a JSON text's keys and numbers: ``keyedunits``
        if value.casefold() in _SWITCH and _stated(ann.text):
            continue  # a way stated in words ("enable debug"): ``statedsettings``
        if writes(value, ann) or _number_written(value, names[0], ann):
            continue
        return (f"{name!r} sets {names[0].strip()} to {value!r}, a value the text never "
                "writes")
    return None
