"""A typing call's submit switch named by an announced key press (issue 25, round 39).

A typing tool ([typing-tool]) may take a switch that presses Enter after the text
([keys-submit]: ``submit: true``). The announcement names it when one of its steps is a verb
of pressing (``writtencontent._PRESS``: "press", "hit", "appuyer") whose object is the key
that submits ([g-enter-key] below: "Enter", "Return", "Entrée"): "type X into the search
box and press Enter" sets ``submit: true``; "type X into the search box", "press Tab" or a
press the text only reports name no submit, and a tool that does not type gains nothing.
"""

from __future__ import annotations

from .announcement import Announcement
from .kinds import _keys, name_words
from .kindsfile import section
from .writtencontent import _PRESS

__all__ = ["press_words"]

_ENTER_KEYS = frozenset({"enter", "return", "entrée", "entree", "intro", "invio", "eingabe",
                         "eingabetaste", "enter-taste", "ввод", "enter键", "回车"})
"""Names of the key that submits a typed field ("press Enter", "appuyer sur Entrée")."""


def press_words(ann: Announcement, name: str) -> list[str]:
    """The submit keys ([keys-submit]) a typing tool's call may switch on: all of them when
    an announced step presses the Enter key, none otherwise."""
    if not set(name_words(name)) & section("typing-tool"):
        return []
    pressed = any(_PRESS.match(v.casefold()) for v, _k in ann.verbs)
    if pressed and {w.casefold().strip("`\"'") for w in ann.objects} & _ENTER_KEYS:
        return sorted(_keys("submit"))
    return []
