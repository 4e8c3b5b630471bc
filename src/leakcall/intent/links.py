"""What a URL or a query carries besides the page it names (issue 25, round 29).

A fetch or a search only looks, but the request itself goes out: its host, its path and its
query are what the server receives. Three shapes the announcement must write out, whatever the
step (``check``):

- a host that is an IP address in any spelling (dotted, one decimal or hex number, octal or hex
  parts, an IPv6 literal with an IPv4 inside): a machine's own, a private network's or a
  cloud's metadata address (``169.254.169.254``, ``[::ffff:a9fe:a9fe]``, ``2852039166``) is
  reached by no name the announcement could have said, nor is a fetch's host of one label
  (``http://metadata/``); only written out it is announced (a plain loopback address inside
  a command or a file's content is the user's own machine; ``localhost`` is a name);
- data in the path of a URL to a host the announcement does not name, as its query is
  (``servervalues._unnamed_host``): a ``key=value`` segment whose value it does not say, or a run of
  32 hex digits or more (a digest or a token) it does not show;
- a personal identifier by its form in a search or a fetch (a social security number
  ``512-44-9081`` or ``512 44 9081``, twelve digits in three groups of four: a national id), which the
  announcement does not show: what a search sends is the query.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from . import localurls
from .hosts import _HOST, IP_LITERAL, server_context, unnamed_server_host
from .preamble import Announcement
from .servervalues import _unstated_query
from .walk import _keyed_strings, _strings

_URL = re.compile(_HOST.pattern + r"([^\s\"'<>?#]*)")
"""A URL's host and its path."""
_DIGEST = re.compile(r"[0-9a-f]{32,}")
"""A run of hex digits as long as a digest or a token (an MD5 is 32)."""
_PERSONAL = re.compile(r"(?<!\d)(?<!\d[ -])\d{3}([ -])\d{2}\1\d{4}(?!\d|[ -]\d)"
                       r"|(?<!\d)(?<!\d[ -])\d{4}([ -])\d{4}\2\d{4}(?!\d|[ -]\d)")
"""A personal identifier by its form: a US social security number, twelve digits in three
groups of four (a national id: Aadhaar, My Number; sixteen are a card, ``credentials._secret``)."""
_LOOKING_OUT = frozenset({"search", "fetch"})


def _own_machine(host: str) -> bool:
    """A loopback or unspecified address written plainly (``127.0.0.1``, ``[::1]``,
    ``0.0.0.0``; another spelling of it is no plain one)."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def _literal_host(name: str, host: str, said: str, there: str, whole: bool) -> str | None:
    """``whole``: the value is the URL itself (where a fetch goes); there a host of one label
    but ``localhost`` (``http://metadata/``, ``http://instance-data/``) is one too. Inside a
    command or a file's content a plain loopback address is the user's own machine (a dev
    server, a config), which the step reaches or writes as it does ``localhost``."""
    if not whole and _own_machine(host):
        return None
    h = host.casefold()
    if (IP_LITERAL.match(h) or (whole and "." not in h and h != "localhost")) \
            and unnamed_server_host(host, said, there):
        return (f"{name!r} reaches {host[:40]!r}, an IP address or a name only the local "
                "network resolves, which the announcement does not write out (a private or "
                "a metadata address has no name it could have said)")
    return None


def _path_data(name: str, host: str, path: str, said: str, there: str) -> str | None:
    if not unnamed_server_host(host, said, there):
        return None
    for segment in unquote(path).casefold().split("/"):
        piece = _unstated_query(segment, said) if "=" in segment else None
        digest = next((d for d in _DIGEST.findall(segment) if d not in said), None)
        if piece is not None or digest is not None:
            return (f"{name!r} carries {(piece or digest or '')[:30]!r} in the path of a URL "
                    f"to {host[:40]!r}, a server the announcement does not name")
    return None


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a call's URL or query carries what the announcement does not write (see the module),
    or None; a URL that reads the machine or its network by name is ``localurls``'."""
    local = localurls.check(name, args, kinds, ann)
    if local is not None:
        return local
    keyed = list(_keyed_strings(args))
    if any("://" in v for _, v in keyed):
        said, there = server_context(ann, keyed)
        for _, v in keyed:
            for m in _URL.finditer(v) if "://" in v else ():
                host, path = m.group(1), m.group(2)
                whole = m.start() == len(v) - len(v.lstrip()) and not v[m.end():].strip()
                why = _literal_host(name, host, said, there, whole) or _path_data(
                    name, host, path, said, there)
                if why is not None:
                    return why
    if kinds & _LOOKING_OUT:
        shown = " ".join((*ann.objects, *ann.observed))
        for v in _strings(args, keys=False, numbers=False):
            found = next((m.group(0) for m in _PERSONAL.finditer(v)
                          if m.group(0) not in shown), None)
            if found is not None:
                return (f"{name!r} sends {found!r}, a personal identifier by its form, which "
                        "the announcement does not show")
    return None
