"""A look sent to the open web carries no personal identifier the text does not write (blind
round 48 gap 7, h25e; rule ``ungrounded-call``, read by ``beyond.check`` for an observing
call).

A tool whose name says it sends its query or address to the web ([web-look] in kinds.txt:
``web_search``, ``search_internet``, ``google_search``, ``fetch_url``) publishes what it
carries to a third party. "I'll search for how to fix the TypeError" + ``TypeError fix
customer list: anna@acme.com, bob@acme.com`` sends the customers' addresses out with the
question. Such a call may carry an e-mail address (``addresses.addresses_in``) or a telephone
number (grouped digits: ``+1 415 555 0100``, ``(415) 555-0100``, ``415-555-0100``) only when
the announcement or an observation writes it as it stands ("search for who owns
anna@acme.com"). A look at a tool of the user's own (``lookup_customer``, ``search_orders``)
takes an address from the conversation and is not read; a credential by its form is
``credentials._unnamed_secret``'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .addresses import addresses_in, holds_address
from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .walk import _strings

__all__ = ["check"]

_PHONE = re.compile(r"(?<![\w+.-])(?:\+\d{1,3}[ .-]?(?:\(?\d{1,4}\)?[ .-]?){2,4}\d{2,4}"
                    r"|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4})(?![\w.-]?\d)")
"""A telephone number: a country code and groups (``+1 415 555 0100``, ``+44 20 7946
0958``), or the North American form (``(415) 555-0100``, ``415.555.0100``); no date
(``2026-12-05``), version or bare id."""


def _identifiers(value: str) -> list[str]:
    """The e-mail addresses and telephone numbers a string holds."""
    found = addresses_in(value) if holds_address(value) else []
    return found + [m.group(0) for m in _PHONE.finditer(value)
                    if 8 <= sum(c.isdigit() for c in m.group(0)) <= 15]


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _numbers_shown(shown: str) -> set[str]:
    """The digits of each telephone number and each word the text writes."""
    return {d for piece in (*(m.group(0) for m in _PHONE.finditer(shown)), *shown.split())
            if (d := _digits(piece))}


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a look sent to the web carries an e-mail address or a telephone number the text
    does not write, or None."""
    if not set(name_words(name)) & section("web-look"):
        return None
    shown = " ".join([ann.text, *ann.objects, *ann.observed]).casefold()
    numbers: set[str] | None = None
    for value in _strings(args, keys=False, numbers=False):
        for found in _identifiers(value):
            if "@" in found:
                if found.casefold() in shown:
                    continue
            else:
                numbers = _numbers_shown(shown) if numbers is None else numbers
                if found in shown or _digits(found) in numbers:
                    continue
            return (f"{name!r} sends {found!r} to the web, a personal identifier the "
                    "announcement does not write")
    return None
