"""Servers a call reaches, one comparison of hosts for every rule that reads one: the host of a
URL, the registrable domain it belongs to, and whether the announcement writes it out."""

from __future__ import annotations

import re

from .kinds import name_words
from .preamble import Announcement
from .references import _unaccented

_HOST = re.compile(r"\b[a-z][a-z0-9+.-]*://(?:[^\s/\\?#]*@)?(\[[0-9A-Fa-f:.]+\]"
                   r"|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|[A-Za-z0-9-]+(?=[/:?#\s]|$))")
"""The host of a URL: a name with a dot, an IPv6 literal (``[2a05:d014::7]``), or one label
(a name the local network resolves, ``http://pkgs:3141``, or an IPv4 address in one number,
``767167497``, ``0x2d4d0c09``). A login before it ends at the last ``@`` before any ``/``,
``\\``, ``?`` or ``#``, as ``urllib.parse`` and a browser read it (``https://a.example#@b.example``
reaches a.example, ``https://a.example@b.example`` b.example)."""
def server_context(ann: Announcement, keyed: list[tuple[str, str]]) -> tuple[str, str]:
    """(the announcement's and observations' words, the text a call replaces: an edit's
    ``old_string``), both lowered: where a server a call reaches may be named."""
    said = " ".join(_unaccented(w.strip("`\"'").casefold()) for w in (*ann.objects, *ann.observed))
    there = " ".join(v.casefold() for k, v in keyed if "old" in name_words(k))
    return said, there


_PART = r"(?:0x[0-9a-f]*|\d+)"
IP_LITERAL = re.compile(rf"^(?:\[[0-9a-f:.]+\]|{_PART}(?:\.{_PART}){{0,3}}\.?)$")
"""An IP address as a URL's host: an IPv6 literal in brackets, or an IPv4 one in any of the
forms a resolver reads (one to four parts, each decimal, octal or hex; a final dot): the one
reading for every rule that asks whether a host is an address (``links`` too)."""
_DOMAIN = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+")


def registrable(host: str) -> str:
    """The domain a host name belongs to, with its suffix: its last two labels, three when the
    last is a country's two letters after a short second level (``example.co.uk``)."""
    labels = host.casefold().split(".")
    n = 3 if len(labels) > 2 and len(labels[-1]) == 2 and len(labels[-2]) <= 3 else 2
    return ".".join(labels[-n:])


def unnamed_server_host(host: str, said: str, there: str) -> bool:
    """The host is in no replaced text (``server_context``) and no host the announcement writes
    is of its domain: one comparison of hosts for every rule that reads a server. An IP
    literal (``45.77.12.9``, ``[2a05:d014::7]``, ``767167497``) or a name of one label
    (``http://pypi:3141``) is named only written out (one label in a URL or with its port:
    "PyPI" is a word); a
    name by a host of its registrable domain, suffix and all ("pypi.org" names
    files.pypi.org, never pypi.co or files.pypi.net); a word alone ("PyPI") writes no host."""
    h = host.casefold()
    if h in there:
        return False
    if IP_LITERAL.match(h):
        return re.search(rf"(?<![\w.:]){re.escape(h)}(?![\w:]|\.\d)", said) is None
    if "." not in h:
        # one label is a word too: written out as a host, in a URL or with its port
        return re.search(rf"://{re.escape(h)}(?![\w.-])|(?<![\w.-]){re.escape(h)}:\d",
                         said) is None
    return not any(registrable(d) == registrable(h) for d in _DOMAIN.findall(said))
