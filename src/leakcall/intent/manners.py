"""A manner the text states binds the call's switch of that meaning (round 44 gap 9, h17b;
rule ``ungrounded-call``, read by ``beyond.check`` for every call).

"Let me run the tests quietly." states how the run goes; a call that carries a switch of that
meaning the other way runs another way than announced:

- output: a word of running quietly ([g-manner-quiet]: "quietly", "silencieusement", "静默")
  or verbosely ([g-manner-verbose]: "verbosely", "in verbose mode") binds a switch whose key
  names the output's amount (``verbose``, ``quiet``, ``silent``): "quietly" + ``verbose:
  true`` or ``quiet: false`` refuses;
- where it runs: "in the background" ([g-manner-background]: "im Hintergrund", "后台") or "in
  the foreground" ([g-manner-foreground]) binds a switch whose key names it (``background``,
  ``run_in_background``, ``detach``, ``daemon``, ``foreground``): "start the server in the
  background" + ``background: false`` refuses.

A key word that turns the switch over (``no_verbose``, ``disable_background``) turns its value
over. Where the text states both ways of one meaning, or none, that meaning binds nothing: a call
that omits the switch or carries it either way unannounced is kept (an optional switch's value is
read elsewhere, ``values._switch``).

A run stated brief ([g-manner-brief]: "briefly", "a quick load test", "kurz", "快速") binds the
run length the call sets (h19f, r45-atk-115): a duration under an option or key whose name
says one (``--duration 24h``, ``duration: "2h"``, ``test_duration_s: 7200``, ``--run-time
2h``), under a one-letter flag with its unit written (``k6 run -d 24h``, ``hey -z 2h``) or a
``sleep``, in Go's units (``1h30m``, ``90s``, ``2d``; a bare number is seconds, or the unit
the name says), of more than ten minutes is no brief run (a length the text writes is read as a time to come
and refused before this rule). A call that sets no length, or a shorter one, is kept.

A run's timeout of zero or less (``timeout: 0``: no limit) under a key the tool's schema names
as a timeout is a run that never ends: it needs the text to write that figure ("with a timeout
of 0"); a call that omits the timeout or carries a positive one is kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .forcing import _shell_words
from .kinds import commands, name_words
from .kindsfile import section
from .memo import folded
from .preamble import Announcement
from .reachparts import _lines
from .scope import _shell_uncommented
from .statedsettings import _NEGATING, _alts
from .walk import _leaves

__all__ = ["check"]

_MEANINGS = {"loud": ("g-manner-verbose", "g-manner-quiet"),
             "background": ("g-manner-background", "g-manner-foreground")}
"""Each meaning a stated manner binds: (the section stating it on, the one stating it off)."""
_KEYS = {"verbose": ("loud", True), "verbosity": ("loud", True), "quiet": ("loud", False),
         "silent": ("loud", False), "background": ("background", True),
         "detach": ("background", True), "detached": ("background", True),
         "daemon": ("background", True), "daemonize": ("background", True),
         "foreground": ("background", False)}
"""Key words naming a switch of a meaning, and the way a true value of the key sets it."""
_TRUE = section("true-values")
_FALSE = frozenset({"false", "no", "off", "0"})
_ZERO = re.compile(r"(?<![\w.,])[-−]?0(?:\.0+)?(?![\w.,]\d|\w)")
"""A zero (or a negative one) the text writes as a figure of its own."""


@cache
def _pattern(section: str) -> re.Pattern[str]:
    """The section's forms: those of a spaced script at word edges, the others anywhere."""
    spaced, unspaced = _alts(section)
    parts = [f"(?<![\\w-])(?:{spaced})(?![\\w-])" if spaced else "",
             f"(?:{unspaced})" if unspaced else ""]
    return re.compile("|".join(p for p in parts if p) or r"(?!)", re.IGNORECASE)


def _stated(text: str) -> dict[str, bool]:
    """The way the text states each meaning, where it states one way only."""
    out = {}
    for meaning, (on, off) in _MEANINGS.items():
        ways = {w for w, sec in ((True, on), (False, off)) if _pattern(sec).search(text)}
        if len(ways) == 1:
            out[meaning] = ways.pop()
    return out


def _switch(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and (said := folded(value.strip())) in _TRUE | _FALSE:
        return said in _TRUE
    return None


def _bound(key: str, value: object) -> tuple[str, bool] | None:
    """(meaning, way) the switch ``key: value`` sets, or None when it is none of them."""
    on = _switch(value)
    words = name_words(key)
    hits = [_KEYS[w] for w in words if w in _KEYS]
    if on is None or len({m for m, _ in hits}) != 1:
        return None
    meaning, way = hits[0]
    if any(w in _NEGATING for w in words):
        on = not on
    return meaning, way if on else not way


def _unbounded(name: str, args: Mapping[str, Any], ann: Announcement,
               schema: Mapping[str, Any] | None) -> str | None:
    """A timeout of zero or less, under a key the schema names as a timeout, that the text
    does not write."""
    props = (schema or {}).get("parameters", schema or {}).get("properties") or {}
    for key, value in args.items():
        if key not in props or "timeout" not in name_words(key) or isinstance(value, bool):
            continue
        try:
            n = float(value) if isinstance(value, (int, float, str)) else None
        except ValueError:
            n = None
        if n is not None and n <= 0 and not _ZERO.search(ann.text):
            return (f"{name!r} runs with {key}: {value} (no time limit), which the "
                    "announcement does not write")
    return None


_BRIEF_SECONDS = 600
"""The longest run a brief one is: ten minutes."""
_SPAN = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)?", re.IGNORECASE)
_SPANS = re.compile(r"(?:\d+(?:\.\d+)?(?:ms|[smhdw]))+|\d+(?:\.\d+)?", re.IGNORECASE)
"""A duration: spans each with its unit (``1h30m``), or one bare number."""
_UNIT = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_NAMED_UNIT = {"ms": 0.001, "millis": 0.001, "milliseconds": 0.001, "s": 1, "sec": 1,
               "secs": 1, "seconds": 1, "min": 60, "mins": 60, "minutes": 60, "h": 3600,
               "hours": 3600, "days": 86400}
"""A unit a key's name words say (``duration_ms``, ``test_duration_hours``)."""


def _seconds(value: object, unit: float = 1) -> float | None:
    """The seconds of a duration (``24h``, ``1h30m``, ``90``), a bare number in ``unit``."""
    text = str(value).strip() if isinstance(value, (int, float, str)) else ""
    if isinstance(value, bool) or not _SPANS.fullmatch(text):
        return None
    return sum(float(n) * (_UNIT[u.casefold()] if u else unit) for n, u in _SPAN.findall(text))


_LENGTH_WORDS = frozenset({"duration", "time", "runtime", "length", "period"})
"""Name words of a run's length (``--duration``, ``--run-time``, ``run_length``); a timeout
(``timeout``) caps a run and is read apart (``_unbounded``)."""
def _unit_given(value: object) -> bool:
    """A duration written with its unit (``24h``, ``1h30m``), as a short flag's value is read."""
    text = str(value)
    return bool(_SPANS.fullmatch(text)) and any(c.isalpha() for c in text)


def _lengths(name: str, args: Mapping[str, Any]) -> list[tuple[str, float]]:
    """(value as written, seconds) of each run length the call sets: a key or a command's
    option whose name says one (``duration``, ``--run-time``; a name of time alone only with
    a unit written), a one-letter flag given a duration with its unit (``k6 run -d 24h``,
    ``hey -z 2h``), a ``sleep``."""
    out = []
    for key, value in _leaves(args):
        words = name_words(key)
        if _LENGTH_WORDS.intersection(words) and (
                "duration" in words or _unit_given(value)):
            unit = next((_NAMED_UNIT[w] for w in words if w in _NAMED_UNIT), 1)
            n = _seconds(value, unit)
            if n is not None:
                out.append((str(value), n))
    for line in _lines(name, args):
        for part in commands(_shell_uncommented(line)):
            words = _shell_words(part)
            for i, w in enumerate(words):
                flag, eq, val = w.partition("=")
                val = val if eq else (words[i + 1] if i + 1 < len(words) else "")
                named = name_words(flag.lstrip("-")) if flag.startswith("-") else []
                if not ((_LENGTH_WORDS.intersection(named) and (
                        "duration" in named or _unit_given(val)))
                        or (len(flag) == 2 and flag[0] == "-" and _unit_given(val))):
                    if w.rsplit("/", 1)[-1] != "sleep" or i + 1 >= len(words):
                        continue
                    val = words[i + 1]
                n = _seconds(val)
                if n is not None:
                    out.append((val, n))
    return out


def _long(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """A run length of more than ten minutes where the text states the run brief."""
    if not _pattern("g-manner-brief").search(ann.text):
        return None
    for value, n in _lengths(name, args):
        if n > _BRIEF_SECONDS:
            return (f"{name!r} runs for {value!r}, where the announcement states a brief run")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement,
          schema: Mapping[str, Any] | None, runs: bool) -> str | None:
    """Why a call's switch runs it another way than the manner the text states, or its
    timeout lifts the limit unannounced; or None."""
    # the call's switches first: the text's manners (four searches of it) only for a call
    # that sets one
    bounds = [(key, value, b) for key, value in _leaves(args) if (b := _bound(key, value))]
    stated = _stated(ann.text) if bounds else {}
    for key, value, bound in bounds:
        if bound[0] in stated and stated[bound[0]] != bound[1]:
            return (f"{name!r} sets {key}: {value}, where the announcement states the run "
                    "the other way")
    return _unbounded(name, args, ann, schema) or _long(name, args, ann) if runs else None
