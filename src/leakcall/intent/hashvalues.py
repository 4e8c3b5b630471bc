"""A value written with ``#`` is a named value: a channel, an issue, a tag (round 46 gap 4,
h20c; rule ``ungrounded-call``, read by ``binding.unwritten_id`` for a changing call and by
``looked.unwritten`` for one that looks).

"I'll close issue #231." + ``close_issue {"issue": "#213"}``, "I'll add Ana to #eng." +
``channel: "#exec"`` and "I'll post the update in the #dev channel." + ``channel: ["#dev",
"#general"]`` act on a thing the text names by its ``#``-token, and on another one. A value
that is a ``#``-token (``#eng``, ``#231``, ``#old-project``), or a list of them (a list, or
one string of tokens apart by commas or spaces), in any key but a note's ([keys-note]) and
inside lists too, is compared once the text writes some ``#``-token: each token of the
value is one the text writes (case aside; a particle of another script glued after it
aside: "주문 #W482913의"), or a word the text writes without its ``#``
("post in the general channel, and in #eng" + ``#general``). A text that writes no
``#``-token leaves the value to the context ("post the notes in Slack" + ``#releases``, as an
id nobody wrote is: ``binding.unwritten_id``). The text is the announcements' and the
observations' (``Announcement.text``), in any language: a ``#``-token is written the same in
every one ("Ich füge Ana dem Kanal #eng hinzu", "把 Ana 加入 #eng 频道").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _without_notes
from .preamble import Announcement
from .walk import _keyed_leaves

__all__ = ["unwritten_hash"]

_IN_TEXT = re.compile(r"(?<![\w&#/])#(\w(?:[\w-]*\w)?(?:\.\w(?:[\w-]*\w)?)*)")
"""A ``#``-token of the text: ``#`` right before a word ("#eng", "#231.", "#old-project"),
not inside a word or a link ("C#", "page#top", "&#39;") nor a heading's ``# ``."""
_TOKEN = r"#\w(?:[\w.-]*\w)?"
_WHOLE_TOKEN = r"#\w(?:[.-]*+\w)*+"
"""``_TOKEN`` read without backtracking: each run of ``.``/``-`` is kept only before a word
character, so the token ends on its last one, as ``_TOKEN``'s longest match does."""
_VALUE = re.compile(rf"{_WHOLE_TOKEN}(?:(?=[\s,;])\s*+[,;]?+\s*+{_WHOLE_TOKEN})*+")
"""A value made of ``#``-tokens alone: ``#eng``, ``#213``, ``#dev, #general``. The tokens and
the separator between two (blanks, or one ``,`` or ``;`` among blanks) are possessive: a blank
run is read once, not split every way before a ``#`` that is not there (the old text, kept in
``tests/core/test_pathological.py``'s REWRITTEN, tried each split: quadratic)."""
_WORD = re.compile(r"\w(?:[\w.-]*\w)?")


def _tokens(value: object) -> list[str]:
    """The ``#``-tokens a value is made of (casefolded, without ``#``), or none."""
    if not isinstance(value, str) or not _VALUE.fullmatch(v := value.strip()):
        return []
    return [t[1:].casefold() for t in re.findall(_TOKEN, v)]


def _glued(rest: str) -> bool:
    """The rest of a text's token after a value's is a particle glued to it in another
    script ("#W482913의", "#eng에"): no ASCII letter, digit or joiner."""
    return not any(c.isascii() for c in rest)


def unwritten_hash(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call carries a ``#``-token the text does not write, where the text writes
    another one, or None (module docstring)."""
    written = {m.casefold() for m in _IN_TEXT.findall(ann.text)}
    if not written:
        return None
    words: set[str] | None = None
    for key, leaf in _keyed_leaves(_without_notes(args)):
        for token in _tokens(leaf):
            if token in written or any(w.startswith(token) and _glued(w[len(token):])
                                       for w in written):
                continue
            if words is None:
                words = {w.casefold() for w in _WORD.findall(ann.text)}
            if token in words:
                continue
            said = ", ".join(f"#{w}" for w in sorted(written)[:3])
            return (f"{name!r} carries {key!r} #{token}, where the text writes {said} and "
                    f"no #{token}")
    return None
