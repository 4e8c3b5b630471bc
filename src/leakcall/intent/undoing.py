"""Undoing names: a verb of undoing announces the undoing step a tool's name says by its own.

The kind table files each English verb of undoing under the kind of step it takes ("cancel"
deletes, ``cancel_reservation``), and a language's verb of undoing is read by its first sense
(French "annuler" writes: "annuler la modification"). An announced verb of undoing
([g-reverse] of its language: "annuler", "j'annule") announces the one
changing step of a tool whose name says that step by an English verb of undoing
([g-reverse] of English: ``cancel_order``): the name picks the verb's sense, as its object
does (``senses``). Only a name of that one changing kind, and only its own kinds (a kind a
call takes from its arguments still needs a verb of that kind), and only on a thing the
announcement pins by an identifier it writes and the call carries ("la réservation 8JX2QK":
an undoing cannot be taken back, and a verb read in a sense not its first grounds no step on
whatever the call names, "Annullo la prenotazione." + ``booking_id="codice-prenotazione"``);
every other check (the object referenced, scope, amount, recipient) still reads the call. A
verb that undoes nothing ("I'll look at the booking") grounds no ``cancel_booking``; a verb of
undoing grounds no name whose step is no undoing ("annuler la commande" + ``delete_file``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .kinds import _kind_table, name_words
from .observing import OBSERVING
from .preamble import Announcement
from .tables import english, tongue
from .toolkinds import tool_kinds
from .walk import _strings

_ELIDED = re.compile(r"^(?:j|l|m|t|s)['\u2019](?=\w{3})")
"""An elided subject or object pronoun glued to its verb ("j'annule", "l'annullo")."""


def _undoes(verb: str, language: str) -> bool:
    """An announced verb is one of undoing in its language ([g-reverse]), its elided pronoun
    aside."""
    t = tongue(language)
    return t is not None and t.has(_ELIDED.sub("", verb.casefold()), "g-reverse")


def _pinned(ann: Announcement, args: Mapping[str, Any]) -> bool:
    """The call carries an identifier the announcement writes: a word of it with a digit
    ("8jx2qk", "#w482913")."""
    values = [v.casefold() for v in _strings(args, keys=False)]
    return any(len(w) >= 3 and any(c.isdigit() for c in w) and any(w.lstrip("#") in v for v in values)
               for w in ann.objects)


def undoing_said(ann: Announcement, name: str, args: Mapping[str, Any], kind: str) -> bool:
    """A step of ``kind``, the only changing step the tool's name takes, is said by an English
    verb of undoing of the name (``cancel``), the announcement says a verb of undoing, and
    the call carries an identifier the announcement writes."""
    if tool_kinds(name) - OBSERVING != {kind} or not _pinned(ann, args):
        return False
    if not any(_undoes(v, t) for v, _k in ann.verbs for t in ann.tongues):
        return False
    table, _ = _kind_table()
    en = english()
    return any(table.get(w) == frozenset({kind}) and en.has(w, "g-reverse")
               for w in name_words(name))
