"""A run's time limit far beyond any run (r51 G5 ``unsaid-timeout``; rule ``ungrounded-call``,
read by ``grounding.check`` for a call of a tool that runs something).

"I'll run `pytest`." + ``timeout: 86400000`` holds the session for a day on a step announced
as a test run: the announcement states no limit. A number under a duration's key
(``unitwords.DURATION_KEYS``: ``timeout``, ``deadline``, ``wait``) of a running tool is held,
when the text neither writes it (``written.writes``) nor names its key ("with a longer
timeout", ``lookchanges._worded``), to one hour in its key's unit (its suffix's, its name's, its
schema's or the tool's description's: ``keyedunits._time_unit``), and in milliseconds where
none is given: the reading that makes it shortest, so a refusal holds under every reading;
there, to ten minutes, the ceiling of the shells that take milliseconds (h29w, r51-atk-067:
``timeout: 999999``). Past it, refused; ``timeout: 600000`` (ten minutes in milliseconds) is
an ordinary run's.
A quantity the text states with its unit is ``keyedunits``' to compare.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .keyedunits import _parse, _time_unit
from .kinds import name_words
from .lookchanges import _worded
from .preamble import Announcement
from .unitwords import DURATION_KEYS
from .written import writes

__all__ = ["unsaid"]

_BOUND = 3600.0
"""One hour, in seconds: no run an announcement names without a limit needs more."""
_BOUND_UNITLESS = 600.0
"""Ten minutes, in seconds: the longest limit of the shells that take milliseconds (600000,
the ceiling of Claude Code's and similar agents' ``timeout``); a number with no unit anywhere,
read as milliseconds, is held to it (r51-atk-067: ``timeout: 999999``)."""
_MONTH = 30 * 86400.0


def unsaid(name: str, args: Mapping[str, Any], ann: Announcement,
           schema: Mapping[str, Any] | None, description: str | None) -> str | None:
    """Why a running call sets a time limit past an hour that the text neither writes nor
    names, or None (module doc)."""
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    for key, leaf in args.items():
        if not isinstance(key, str) or isinstance(leaf, bool) or not set(name_words(key)) & DURATION_KEYS:
            continue
        got = (float(leaf), "") if isinstance(leaf, int | float) else \
            _parse(leaf) if isinstance(leaf, str) else None
        if got is None:
            continue
        prop = props.get(key) if isinstance(props, Mapping) else None
        unit = _time_unit(key, got[1], prop if isinstance(prop, Mapping) else {}, description or "")
        seconds = got[0] / 1000 if unit is None else got[0] * (unit[1] if unit[0] == "s" else _MONTH)
        bound = _BOUND_UNITLESS if unit is None else _BOUND
        if seconds <= bound or writes(leaf, ann) or _worded(key, ann, DURATION_KEYS):
            continue
        past = "an hour" if unit is not None else "ten minutes"
        return (f"{name!r} runs with {key!r} {leaf!r}, past {past} however it is read: a time "
                "limit the announcement neither writes nor names")
    return None
