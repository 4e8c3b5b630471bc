"""A creating tool's object noun is the created object's (h24f; rule ``ungrounded-call``, read
by ``looked.unwritten`` over the reply's calls beside ``toolobjects``).

A creating tool's name says what it makes: ``create_report`` makes a report, ``add_label``
a label (its object nouns: ``toolobjects._nouns``). Where the text says a verb of making
followed by what it makes ("I'll create a door", "Ich erstelle einen Kontakt": the word right
after the verb and its determiner; a word of another language only where the [concept] maps
read it), the text names its object, and a creating call whose object noun no word of the
text names (by stem or through a [concept] map:
``toolobjects._said``) makes another kind of thing: "I'll create a door." + ``create_report
{title: door}`` is refused, even though the call carries "door"; "I'll create a report about
the door." passes. A call whose name has no such noun (``create_file``, ``write``: a kind
claims "file") and a text whose making verb has no written object ("I'll create it") or a
name for one with no determiner ("I'll add Kwame to the team") are not read here, nor is a
tool adding a party
([party-record]: ``add_member``, ``create_user``), whose person the text names in words of its
own ("the new hire", "a colleague").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import party_records
from .observing import OBSERVING
from .preamble import Announcement
from .references import _meanings
from .sentenceread import read
from .toolobjects import _nouns, _said
from .view import normalize

__all__ = ["uncreated_object"]


def _made_object(ann: Announcement) -> str | None:
    """The first word written right after a verb of making and a determiner ("create a door":
    "door"; "add Kwame" writes a name, no kind of thing), or None."""
    verbs = {v.casefold() for v, k in ann.verbs if k == "create"}
    if not verbs:
        return None
    for _body, t, tokens in read(normalize(ann.text)):
        for k, x in enumerate(tokens):
            if x.text.casefold() not in verbs:
                continue
            j = k + 1
            while j < len(tokens) and tokens[j].kind == "DET":
                j += 1
            if j == k + 1:
                continue  # no determiner: a name ("add Kwame to the team"), one of the kind
            # (a word of another language is read only through the [concept] maps: the tool's
            # noun is English, and "informe" may well be its report)
            if j < len(tokens) and tokens[j].kind == "OPEN" and (
                    t.name == "en" or _meanings(tokens[j].text.casefold())):
                return tokens[j].text
    return None


def uncreated_object(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                     kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why a creating call makes a kind of thing the text does not name, where the text
    names what it makes, or None (module docstring)."""
    made: str | None = None
    for (name, _args), kinds in zip(calls, kinds_of, strict=True):
        own = _nouns(name)
        if "create" not in kinds - OBSERVING or not own or set(own) & party_records() or _said(
                own, ann):
            continue
        if made is None and (made := _made_object(ann)) is None:
            return None
        return (f"{name!r} makes the kind of thing {' '.join(own)!r}, which the text does not "
                f"name, where it makes {made!r}")
    return None
