"""Email addresses: one scanner for every rule that reads one (``kinds``: an address under a
recipient key or in a URL's query sends; ``scope``: each address a changing call gives, each
one a sending command writes to)."""

from __future__ import annotations

import re
from collections.abc import Iterable

ADDRESS = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"
                     r"(?![\w:-]|\.[A-Za-z0-9])")
"""An email address inside a text, whole: its local part and every label of its domain
(``alice@example.com.evil-mail.net`` is one address, not ``alice@example.com``); a host after
a user and before a colon is a remote (``git@github.com:org/repo``), read as a server."""


def addresses_in(text: str) -> list[str]:
    """Every email address a text holds (a list in one value, ``"a@x, b@y"``; a header,
    ``"Bcc: b@y"``; a display name, ``Bob <bob@x.example>``; ``mailto:``)."""
    return [m.group(0) for m in ADDRESS.finditer(text)]


def holds_address(value: str) -> bool:
    """The value gives an email address (``addresses_in``): where a recipient key or a
    sending query key points."""
    # every address holds its "@": the regex, tried at every start of a 2 KB value, is not
    return "@" in value and ADDRESS.search(value) is not None


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
_EDGES = "`\"'<>()[]{},;:.!?*"


def domain_written(address: str, words: Iterable[str]) -> bool:
    """A word writes the address's domain: the domain itself ("at acme.io", "@acme.io") or
    another address at it, compared whole, label for label (``acme.io`` is no
    ``acme.io.evil.net``, no ``acme-io.net``, no ``mail.acme.io``). A word of a script
    written without spaces carries its neighbours ("发到acme.io"): its runs of ASCII too."""
    domain = address.rpartition("@")[2].casefold()
    for word in words:
        for piece in (word, *_NON_ASCII.split(word)):
            found = addresses_in(piece)
            if any(a.rpartition("@")[2].casefold() == domain for a in found):
                return True
            if not found and piece.strip(_EDGES).lstrip("@").casefold() == domain:
                return True
    return False
