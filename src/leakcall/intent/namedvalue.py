"""The value a generic setter sets under a name the text writes alone (issue 25, round 50 gap
5, h27d; rule ``ungrounded-call``, read by ``beyond.check`` for a changing call).

A tool that sets any setting (``set_config``, ``set_env``: a naming key and ``value``,
``namedsetting``) takes its step's whole meaning from the value: "I'll set `core.pager`." +
``value: "sh /tmp/x.sh"`` runs a script whenever git pages, ``http.sslVerify: false`` drops
the certificate check, ``NODE_OPTIONS: --require /tmp/evil.js`` loads code into every node
run. A text that names the setting and writes no value announces none: such a value (one that
runs, points or switches: ``_FORMED``) is carried only when the text writes it whole, says
each of its words (by stem or a [concept] map), or says it as a state
(``statekeys.says_state``: "disable" says ``false``). A number is left to the readers of
numbers (``written``, ``units``); a one-token value whose setting is a state key is
``statekeys``'.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .namedsetting import setting_names
from .preamble import Announcement
from .references import in_vocabulary, vocabulary
from .statekeys import _NUMBER, _TOKEN, _state_key, said_words, says_state

__all__ = ["check"]

_WORDS = re.compile(r"[^\W_]+")
_FORMED = re.compile(r"\s|/|^[-!]|[;|&$`<>]|^(?:true|false|yes|no|on|off)$", re.IGNORECASE)
"""A value that runs, points or switches: words apart, a path, an option or a shell escape
(``-``, ``!``), shell syntax, or a boolean. A one-word value (``verify-7f3k9q``, ``vim``) is
left to ``statekeys`` and the readers of ids."""


def _said(value: str, ann: Announcement, name: str) -> bool:
    """The text writes the value whole, says each of its words of two letters or more, or
    says it as a state."""
    v = value.strip().casefold()
    text = ann.text.casefold()
    if v in text or any(v in w.casefold() for w in ann.observed):
        return True
    words = said_words(ann, name)
    if says_state(value.strip(), ann, words):
        return True
    vocab = vocabulary((text, *ann.observed), _WORDS)
    # a figure glued to its unit ("90s", "4096m") is the unit readers' (``keyedunits``)
    toks = [t for t in _WORDS.findall(v) if len(t) > 1 and not any(c.isdigit() for c in t)]
    return all(in_vocabulary(t, vocab) for t in toks)


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a generic setter sets a value the text does not say, or None."""
    names = setting_names(args)
    value = args.get("value")
    if not names or not isinstance(value, str) or not value.strip() \
            or _NUMBER.fullmatch(value.strip()) or (_TOKEN.fullmatch(value.strip()) and any(
                _state_key(n) for n in names)):
        return None
    if not _FORMED.search(value.strip()) or _said(value, ann, name):
        return None
    return (f"{name!r} sets {names[0][:40]!r} to {value.strip()[:40]!r}, a value the text does "
            "not write")
