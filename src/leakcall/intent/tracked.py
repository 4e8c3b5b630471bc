"""A tool named by a word that follows a record ([tracks] in kinds.txt: "track") looks at the
record the announcement writes (round 46 controls 027/028, 084/085, 110-112).

"Let me check the tracking status for order 77120." + ``track_shipment(order_id="77120")``:
*track* is as often a look (a parcel's state) as a step (``track_event`` sends an analytics
event, ``track_time`` records hours, ``track_user`` starts following someone), so the word
has no kind of its own and the name grounds nothing by it. The call is read as a look only
when the name's first word is one, no word of the name says a kind (``grounding``), and every argument
is an identifier (its key says so: ``order_id``, ``tracking_number``) whose value the
announcement or its observation writes ("order 77120", "订单 55012", "주문 31877", a
tracking code). Any other argument (an event, a property, hours, a note) or
an identifier the text does not write leaves the call unknown: refused as before; so does a
party ([keys-party] in the name or a key: "track_user", ``user_id``), followed from then on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .binding import _ID_WORDS, _written
from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement


def looked(ann: Announcement, name: str, args: Mapping[str, Any]) -> bool:
    """The call follows only records the announcement writes (module docstring)."""
    words = name_words(name)
    if len(words) < 2 or words[0] not in section("tracks") or not args:
        return False
    parties = section("keys-party")
    if set(words) & parties or any(set(name_words(k)) & parties for k in args):
        return False  # "track_user": a party followed is watched from now on, not looked up
    said = {_written(w).casefold() for w in (*ann.objects, *ann.observed)}
    for key, leaf in args.items():
        if isinstance(leaf, bool) or not isinstance(leaf, (str, int)):
            return False
        value, keys = str(leaf).strip().casefold(), name_words(key)
        if not set(keys) & _ID_WORDS or not value:
            return False
        if value not in said and value.lstrip("#") not in said:
            return False
    return True
