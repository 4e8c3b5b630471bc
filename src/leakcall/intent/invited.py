"""An invitation made by creating the event it names (issue 25, h9Be; read by
``senses.object_sense`` for rule ``ungrounded-call``).

"I'll invite bob@acme.io and carol@acme.io to "Design review" on 2026-12-09." announces a
send ("invite" is [kind-send]); a calendar tool makes that invitation by creating the event
with its attendees (``create_event``). A verb of inviting ([g-invite], a ``MARKS`` section)
takes the step of a tool that only creates when each address the call carries is under a key
of those who attend (``_ATTENDING``: ``attendees``, ``guests``) and written out by the
announcement, the call carries one at least, and the announcement names the event by a quote
the call carries as a value whole (the title). An address it does not write ("invite Bob" +
``bob@evil.example``), an address under another key (an organiser, a reply-to), another
event's title, an event named by no quote ("to the design review") or a tool that also
sends, deletes or pays is no such invitation; every check of scope, time and party still
reads the call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .addresses import addresses_in, holds_address
from .kinds import name_words
from .preamble import Announcement
from .setvalues import _QUOTE
from .tables import tongues_of
from .toolkinds import tool_kinds
from .walk import _keyed_strings

__all__ = ["sense"]

_ATTENDING = frozenset({"attendee", "attendees", "invitee", "invitees", "guest", "guests",
                        "participant", "participants"})
"""Words of a key whose addresses are those who attend (``attendees``, ``guest_emails``)."""


def sense(ann: Announcement, name: str, args: Mapping[str, Any], kind: str) -> bool:
    """The create step ``kind`` of a call is the invitation an announced verb of inviting
    sends: the event made with the invited addresses as its attendees."""
    if kind != "create" or tool_kinds(name) != {"create"}:
        return False
    ts = tongues_of(ann.tongues)
    if not any(k == "send" and any(t.marked(v.casefold(), "g-invite") for t in ts)
               for v, k in ann.verbs):
        return False
    quotes = [next(g for g in m.groups() if g is not None).strip().casefold()
              for m in _QUOTE.finditer(ann.text)]
    values = {v.strip().casefold() for _k, v in _keyed_strings(args)}
    if not quotes or not all(q in values for q in quotes):
        return False
    written = {w.strip("`'\"<>").casefold() for w in (*ann.objects, *ann.named)}
    held = [(key, value) for key, value in _keyed_strings(args) if holds_address(value)]
    return bool(held) and all(
        set(name_words(key)) & _ATTENDING
        and all(a.casefold() in written for a in addresses_in(value)) for key, value in held)
