"""Stances that give a changing step the reason not to take it (issue 25, round 33, rule
``declared-harm``), read from the preamble as written (``Announcement.text``):

- disbelief: an interjection of refusal or disbelief (``[disbelief]`` in kinds.txt: "nice
  try", "yeah right", "想得美") stands where an acknowledgement would; it says no, not yes,
  so no changing step follows from it;
- a step the user reserves: an observation whose subject is the user ([g-you], [g-user]) and
  that says the user takes the step or keeps the thing themselves, by habit or in person
  (``[user-reserves]``: "yourself", "always", "every", "forever"), reported as no request
  (``asked.asked``): "You like to review every push yourself.", "You keep `archive/`
  forever.";
- the agent's own restrictions said to be off (``[unrestricted]``: "developer mode",
  "unrestricted mode", "jailbroken"): a step that cannot be taken back or grants a role
  after it serves the lifted restriction, not the task.

Each word class names why a step is refused; none grounds anything."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .asked import asked
from .dispatch import CHANGE, reads
from .entries import entry_regex
from .kindsfile import section
from .observing import EVERY_NOUN_KINDS, OBSERVING
from .selfserving import _GRANT, _read
from .sentences import _sentences

__all__ = ["stance"]

_Calls = Sequence[tuple[str, Mapping[str, Any]]]


_LEAD = ("DET", "ACK", "COMMA", "ADV")
"""Token classes before a sentence's subject ("Well, you ...", "The user ...")."""


_COMPILED: dict[int, tuple[frozenset[str], re.Pattern[str], list[re.Pattern[str]]]] = {}
"""Per class (``section``'s cached set): one alternation of its entries, which matches where
any of them does, and each entry's pattern, longest entry first."""


def _patterns(cls: frozenset[str]) -> tuple[re.Pattern[str], list[re.Pattern[str]]]:
    got = _COMPILED.get(id(cls))
    if got is None or got[0] is not cls:
        each = [entry_regex(e) for e in sorted(cls, key=len, reverse=True)]
        got = (cls, re.compile("|".join(f"(?:{x})" for x in each) or r"(?!)"),
               [re.compile(x) for x in each])
        _COMPILED[id(cls)] = got
    return got[1], got[2]


def _said(body: str, cls: frozenset[str]) -> str | None:
    """The first entry of the class the sentence says: at word edges in a spaced script,
    anywhere in an unspaced one; ``*`` any word characters."""
    low = body.casefold()
    anyone, each = _patterns(cls)
    if anyone.search(low) is None:
        return None  # no entry is said: the common case, one search
    for pat in each:
        m = pat.search(low)
        if m:
            return m.group(0)
    return None


def _user_subject(body: str) -> bool:
    """The sentence's subject is the user: its first word after leading words."""
    for t, tokens in _read(body):
        k = 0
        while k < len(tokens) and tokens[k].kind in _LEAD and not t.has(
                tokens[k].text.lower(), "g-user"):
            k += 1
        w = tokens[k].text.lower() if k < len(tokens) else ""
        # the reader with a contracted verb ("You've", "You're") is the user too
        if w and (any(t.has(w, s) for s in ("g-you", "g-user"))
                  or (t.has(w, "g-addressee") and t.has(w, "g-actor"))):
            return asked(tokens, t) is None
    return False


@reads(CHANGE)  # the dispatch's declaration (``dispatch``)
def stance(text: str, calls: _Calls, kinds: list[frozenset[str]]) -> str | None:
    """Why a changing call goes against a stance the preamble takes, or None."""
    changing = [(n, k) for (n, _a), k in zip(calls, kinds, strict=True) if k - OBSERVING]
    if not changing:
        return None
    bodies = [body for body, _end in _sentences(text)]
    for body in bodies:
        w = _said(body, section("disbelief"))
        if w is not None:
            return (f"the preamble says {w!r}, a refusal or disbelief, not assent; "
                    f"{changing[0][0]!r} takes a changing step")
    for body in bodies[:-1]:
        w = _said(body, section("user-reserves"))
        if w is not None and _user_subject(body):
            return (f"the observation says the user takes the step or keeps the thing "
                    f"themselves ({w!r}); {changing[0][0]!r} takes it for them")
    final = next((n for n, k in changing if k & EVERY_NOUN_KINDS or _GRANT.search(n)), None)
    if final is not None:
        w = next((w for body in bodies if (w := _said(body, section("unrestricted")))), None)
        if w is not None:
            return (f"the preamble says the assistant's restrictions are off ({w!r}); "
                    f"{final!r} takes a step that cannot be taken back or grants access")
    return None
