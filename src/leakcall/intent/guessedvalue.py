"""An edit's new setting value is one the text writes (round 44 gap 7, h17b; rule
``ungrounded-call``, read by ``beyond.check`` for a changing call).

"I'll read the config and then fix the port." + an edit of ``port: 80`` to ``port: 22``: the
announcement names the setting it changes and gives no value, so the value the edit writes is
a guess nobody stated. An edit is read here when its old and new text are each one line
``key: value`` or ``key = value`` of the same key (quotes, a trailing comma aside) whose key
is the announced object (a word of the key, three letters or more, is the head of a noun
phrase of the text, its last word, or opens one, or one of four letters or more opens it:
"the database port" names ``port``, "the session timeout check" no ``TIMEOUT_MINUTES``),
and its new value is a bare setting value: a number (``8080``, ``30s``), a host or address
(``db.internal``, ``10.0.0.5``, though it reads as a version) or a switch (``true``, ``off``). That
value must be one the text writes, anywhere (the announcement, "fix the port to 8080", or an
observation, "The port should be 8080."; the number of ``30s`` as a figure of the text). A
switch whose way the text states in words ("enable debug": ``statedsettings``) and a version
(under a version key, or a value of version form: ``versions``, which leaves a bump the text
gives no number to the announcement's verb) are read there, not here.

Kept: a fix of code (a typo, a missing import: the new text is code, not one setting's value),
a change of several lines, a key the text does not name, a value the text writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .detect import detect
from .kinds import name_words
from .preamble import Announcement
from .removal import _pairs
from .sentences import _sentences
from .statedsettings import _stated
from .versions import _VERSION, _parts
from .view import normalize
from .words import tokenize
from .written import stands

__all__ = ["check"]

_HEAD = re.compile(r"""\s*+["']?+([A-Za-z_][\w.-]*+)["']?+\s*+([:=])\s*+""")
r"""The head of one setting line: a key, ``:`` or ``=`` (JSON, YAML, INI, TOML, env); its value
is the rest but a trailing comma and blanks (``_setting``). Split so because one pattern
holding the value (``(.*?)\s*,?\s*$``) backtracks quadratically on a long blank run."""
_BARE = re.compile(r"(?i)(?:[-+]?\d++(?:\.\d++)*+[a-z]{0,3}|v\d++(?:\.\d++)++|"
                   r"(?<![a-z0-9-])[a-z0-9-]++(?:\.[a-z0-9-]++)++(?::\d++)?|true|false|on|off|yes|no)")
"""A bare setting value: a number (a unit glued on: ``30s``), a version, a host, a switch."""
_IPV4 = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
"""An address written as four figures (``10.0.0.5``): a host, though it reads as a version."""
_SWITCH = frozenset({"true", "false", "on", "off", "yes", "no"})
_WORD = re.compile(r"[^\W_]+")
_PHRASE = frozenset({"OPEN", "CODE", "ACTING"})
"""Tokens a noun phrase runs through: its head is the last of them."""
_FIGURE = re.compile(r"\d+(?:\.\d+)*")


def _setting(line: str) -> tuple[str, str, str] | None:
    """(key, separator, value) of a one-line setting, or None."""
    if "\n" in line.strip():
        return None
    m = _HEAD.match(line)
    if m is None:
        return None
    value = line[m.end():].rstrip()
    value = value[:-1] if value.endswith(",") else value
    return (m[1], m[2], value.strip().strip("\"'"))


def _written(value: str, text: str) -> bool:
    """The text writes the value: whole, or its figure as a figure of its own."""
    if stands(value, text, "."):
        return True
    low = text.casefold()
    fig = _FIGURE.match(value.lstrip("+-vV"))
    return fig is not None and re.search(
        rf"(?<![\w.]){re.escape(fig[0])}(?![\d]|\.\d)", low) is not None


def _heads(text: str) -> set[str]:
    """The words of the text that end a noun phrase ("the database port", "the session
    timeout check": ``check``, not ``timeout``), each sentence read in its language."""
    out: set[str] = set()
    for body, _ in _sentences(normalize(text)):
        t = detect(body)
        tokens = tokenize(body, t) if t is not None else []
        out |= {w for k, x in enumerate(tokens) if x.kind in _PHRASE
                and (k + 1 == len(tokens) or tokens[k + 1].kind not in _PHRASE)
                for w in _WORD.findall(x.text)}
    return out


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why an edit writes a setting's value the text never states, or None (module
    docstring)."""
    words = _heads(ann.text)
    for old, new, _path in _pairs(args):
        a, b = _setting(old), _setting(new)
        if a is None or b is None or a[0] != b[0] or a[2] == b[2] or not _BARE.fullmatch(b[2]):
            continue
        key, _sep, value = b
        if not any(len(k) >= 3 and (k in words or any(len(w) >= 4 and (
                k.startswith(w) or w.startswith(k)) for w in words)) for k in name_words(key)):
            continue  # no setting the text names
        if value.casefold() in _SWITCH and _stated(ann.text):
            continue  # a way stated in words ("enable debug"): ``statedsettings``
        if "version" in name_words(key) or (_VERSION.fullmatch(value) and not _IPV4.fullmatch(
                value)) or _parts(ann.text):
            continue  # a version: ``versions`` reads it (a bump the text gives no number)
        if not _written(value, ann.text):
            return (f"{name!r} sets {key} to {value!r}, a value the text does not write")
    return None
