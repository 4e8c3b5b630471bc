"""Inverse steps: a tool whose name says a step's verb behind a reversing prefix
([reverse-prefix] of kinds.txt: ``unlock_door``, ``unban_user``, ``unsubscribe``,
``deactivate_user``, ``disconnect_device``) takes the step that undoes that verb's.

Both verbs are of one kind (``lock`` and ``unlock`` are writes), and an announcement names the
same object for either ("the front door"), so kind and object cannot tell "I'll lock the front
door." from ``unlock_door``. Such a call is grounded only by an announced verb that is its own
name word ("unlock"), or means it, by a verb that undoes a step ([g-reverse]: "undo",
"revert", "cancel"), by a verb of another kind than the undone verb's that covers the name
word's ("remove the package" + ``uninstall_package``), or by the tool named outright; rule
``ungrounded-call`` otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from .kinds import _kind_table, name_words
from .kindsfile import _kinds_file
from .preamble import Announcement
from .words import covers


@cache
def _prefixes() -> tuple[str, ...]:
    """[reverse-prefix] in kinds.txt: the prefixes of an English name word that reverse the
    verb after them ("un", "de", "dis"), longest first."""
    return tuple(sorted((x.casefold() for x in _kinds_file().get("reverse-prefix", ())),
                        key=len, reverse=True))


def reversed_word(word: str) -> tuple[str, str] | None:
    """(prefix, verb) when a name word is a verb of the kind table behind a reversing prefix
    ("unlock" -> ("un", "lock")); None otherwise ("delete", "display", "undo")."""
    table, _ = _kind_table()
    for p in _prefixes():
        rest = word[len(p):]
        if word.startswith(p) and len(rest) >= 3 and rest in table:
            return p, rest
    return None


def inverted(name: str, ann: Announcement,
             verb_of: Callable[[str, Sequence[str]], bool],
             named: Callable[[Announcement, str], bool]) -> str | None:
    """Why a call whose name undoes a verb's step is not the announced step, or None (the
    name alone decides).

    ``verb_of(verb, words)``: an announced verb is one of the words (``grounding._verb_of``);
    ``named(ann, name)``: the announcement names the tool outright."""
    words = name_words(name)
    undone = [(w, hit[1]) for w in words for hit in [reversed_word(w)] if hit is not None]
    if not undone:
        return None
    verbs = [v for v, _k in ann.verbs]
    table, _ = _kind_table()
    for word, stem in undone:
        if any(verb_of(v, [word]) for v in verbs) or ann.reverses or named(ann, name):
            continue
        # a verb of another kind than the undone verb's that covers the name word's kind
        # says the step in its own words ("remove the package" + ``uninstall_package``); a
        # verb of the undone verb's kind may be that verb ("secure the door" + ``unlock``)
        if any(k not in (None, "generic") and k not in table[stem]
               and any(covers({k}, c) for c in table.get(word, frozenset()))
               for _v, k in ann.verbs):
            continue
        said = [v for v in verbs if verb_of(v, [stem])]
        return (f"{name!r} undoes {stem!r} ({word!r}), and the announcement says "
                + (f"{said[0]!r}, the step it undoes" if said else
                   f"no verb that is {word!r} or undoes a step")
                + ": it is not the announced step")
    return None
