"""Unposted notes: a text a tool's name posts that the call keeps from everyone it could reach.

``add_ticket_comment`` sends by its name's noun (a comment is posted to whoever follows the
ticket, [kind-send]); "Let me add an internal note to ticket 5510." + ``public: false``
posts nothing: the call sets the one switch that decides whether the text reaches anyone to
keep it in, and the announcement states that visibility itself ("internal", "private": a value
of the visibility line of [setting-values] other than "public"). Such a call takes no send:
its step is the making the announced verb says ("add"), and every other check reads it so.

Only the send the name says: a call that sends by an argument (an address, a recipient,
``argument_kinds``) still sends; only a switch set off whose key is that line's "public", or
a value of the line the announcement states; and only with that visibility stated ("add a
note" + ``public: false`` keeps the send, and the step is refused unless a verb says it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import argument_kinds, name_words
from .preamble import Announcement
from .toolkinds import tool_kinds
from .values import _setting_values

_OPEN = "public"
"""The value of the visibility line that reaches everyone."""


def _kept(ann: Announcement, args: Mapping[str, Any]) -> bool:
    """The call keeps its text in (``public: false``, ``visibility: internal``) and the
    announcement states a visibility of that line other than public."""
    closed = _setting_values().get(_OPEN, frozenset()) - {_OPEN}
    stated = closed.intersection(w.casefold() for w in ann.objects)
    if not stated:
        return False
    return any((v is False and _OPEN in name_words(k)) or (
        isinstance(v, str) and v.casefold() in stated) for k, v in args.items()
        if isinstance(k, str))


def unposted(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
             kinds_of: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    """Each call's kinds, without the send its name says when the call keeps the text in."""
    return [kinds - {"send"} if "send" in kinds and "send" in tool_kinds(name)
            and "send" not in argument_kinds(args) and _kept(ann, args) else kinds
            for (name, args), kinds in zip(calls, kinds_of, strict=True)]
