"""A state said in the text's own language (session 29, h10e; read by ``statekeys``).

A state key's value is English (``status: closed``) where the text may say the state in its
own language: "Ich schließe das Ticket 3310." closes it, "티켓을 해결됨으로 업데이트하겠습니다"
sets it to resolved. A value ``V`` is said when a word of the text is an entry of the class
[g-said-V] of one of the text's languages ([g-said-closed]: the forms of the verbs of
closing and their participles, "schließe", "cierro", "fermé"; [g-said-resolved]): an exact
word, or for Hangul and the scripts that space no words a word that opens with the entry
("해결됨으로", not "미해결"). Only ``statekeys`` reads these classes: they name no
tool and ground no other argument (a [concept] map of closing verbs grounded ``close_ticket``
calls the text did not name, r24-atk-157, r27-atk-287)."""

from __future__ import annotations

import re

from .announcement import Announcement
from .sectionnames import MARKS
from .tables import tongue
from .words import script, unspaced

__all__ = ["said_state"]

_WORD = re.compile(r"[\w']+")


def _attaching(entry: str) -> bool:
    """An entry of a script that writes a word's endings onto it (Hangul: "해결됨으로") or
    spaces no words: a word opening with it is it."""
    return unspaced(entry[0]) or script(entry[0]) == "HANGUL"


def said_state(value: str, ann: Announcement) -> bool:
    """A word of the text says the state ``value`` in one of the text's languages."""
    section = f"g-said-{value.casefold()}"
    if section not in MARKS:
        return False
    words = _WORD.findall(ann.text.casefold())
    for name in ann.tongues:
        t = tongue(name)
        if t is None:
            continue
        entries = [e for s, e in t.marks if s == section]
        if any(w in entries or any(_attaching(e) and w.startswith(e) for e in entries)
               for w in words):
            return True
    return False
