"""Servers a call reaches, one comparison of hosts for every rule that reads one: the host of a
URL, the registrable domain it belongs to, and whether the announcement writes it out."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, unquote, urlsplit

from .kinds import _keys, name_words
from .preamble import Announcement
from .references import _unaccented
from .shellsplit import shell_words

_HOST = re.compile(r"\b[a-z][a-z0-9+.-]*://(?:[^\s/\\?#]*@)?(\[[0-9A-Fa-f:.]+\]"
                   r"|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|[A-Za-z0-9-]+(?=[/:?#\s]|$))")
"""The host of a URL: a name with a dot, an IPv6 literal (``[2a05:d014::7]``), or one label
(a name the local network resolves, ``http://pkgs:3141``, or an IPv4 address in one number,
``767167497``, ``0x2d4d0c09``). A login before it ends at the last ``@`` before any ``/``,
``\\``, ``?`` or ``#``, as ``urllib.parse`` and a browser read it (``https://a.example#@b.example``
reaches a.example, ``https://a.example@b.example`` b.example)."""


def unescaped(text: str) -> str:
    """A text with each ``\\/`` read as ``/`` (h46e, r62 G4): a sed replacement, a regex or a
    JSON string writes ``https:\\/\\/evil.example.net`` for the URL whose host the readers of
    servers read; one normaliser before them, not a second reader of URLs."""
    return text.replace("\\/", "/")


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


# --- a URL read for where it goes (h26u; blind round 49, gaps 1 and 2) ------------------------

_WRITTEN_URL = re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^\s\"'<>`]+")
_BARE_PLACE = re.compile(r"(?i)^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}|localhost)(?::\d{1,5})?"
                         r"(?:/\S*)?$")
"""A URL written without its scheme: a host whose last label is letters (or ``localhost``),
its port, its path (``paypal.com/myaccount``, ``localhost:3000/health``, ``status.acme.com``;
no version, ``v1.2.3/notes``)."""
_TRAILING = ".,;:!?)]}>。、，：；！？）」』"
_DEFAULT_PORT = {"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "ssh": 22,
                 "git": 9418}
_UPGRADE = frozenset({("http", "https"), ("ws", "wss")})
"""A scheme written and the secure one of it a call may take instead: the same server, the
same page, nothing sent in the clear that the text would not send."""


@dataclass(frozen=True)
class Address:
    """A URL read for what it reaches: its scheme (None when written without one), its host
    (lowered, IDNA-encoded, without a trailing dot or a ``www.``), its port as written
    (None: the scheme's own), its path's segments and its query's pairs (in order), and the
    text it was read from."""

    scheme: str | None
    host: str
    port: int | None
    path: tuple[str, ...]
    query: tuple[tuple[str, str], ...]
    text: str = field(default="", compare=False)


def _host_key(host: str) -> str:
    """One spelling of a host: lowered, IDNA-encoded label by label (so ``münchen.de`` is
    ``xn--mnchen-3ya.de`` and ``strípe`` is no ``stripe``), without a trailing dot or a
    leading ``www.``."""
    h = host.casefold().rstrip(".")
    with contextlib.suppress(UnicodeError):
        h = h.encode("idna").decode("ascii")
    return h.removeprefix("www.")


def address(text: str, bare: bool = False) -> Address | None:
    """The URL ``text`` is, whole (a scheme and a host; with ``bare``, a host and a path
    written without a scheme too), read as an ``Address``; else None."""
    t = text.strip().rstrip(_TRAILING) if bare else text.strip()
    if any(c.isspace() for c in t):
        return None
    scheme = None
    if "://" not in t:
        if not bare or not _BARE_PLACE.match(t):
            return None
        t = "//" + t
    try:
        parts = urlsplit(t)
        host, port = parts.hostname or "", parts.port
    except ValueError:
        return None
    if "://" in t:
        # a version-control prefix names the tool, the rest the transport (``git+https``)
        scheme = parts.scheme.casefold().rpartition("+")[2]
    if not host:
        return None
    segments = tuple(unquote(s) for s in parts.path.split("/") if s)
    if segments and segments[-1].casefold().endswith(".git"):  # a repository, .git or not
        segments = (*segments[:-1], segments[-1][:-4])
    query = tuple(parse_qsl(parts.query, keep_blank_values=True))
    return Address(scheme, _host_key(host), port, segments, query, text.strip())


def written_addresses(ann: Announcement) -> tuple[list[Address], bool]:
    """The URLs the announcement and the observations write, and whether one of them is
    written whole with its scheme, or as a host with a path (``paypal.com/myaccount``): a
    host alone (``socket.io``) may be a name, so it is read as a place written only beside
    such a URL."""
    out, whole = [], False
    for word in (*ann.objects, *ann.observed):
        w = word.strip("`\"'«»“”")
        for m in _WRITTEN_URL.finditer(w):
            a = address(m.group(0).rstrip(_TRAILING))
            if a is not None:
                out.append(a)
                whole = True
        if "://" not in w and (a := address(w, bare=True)) is not None:
            out.append(a)
            whole = whole or bool(a.path)
    return out, whole


def same_origin(call: Address, written: Address) -> bool:
    """The call's URL reaches the server the written one names: the same host, on the same
    port, by the same scheme or the secure one of it (``_UPGRADE``); a place written without
    a scheme is reached over the web (http or https), and a host a call gives without one on
    the written port."""
    if call.host != written.host:
        return False
    if call.scheme is None:  # a host given alone: the scheme is the tool's
        return call.port is None or call.port == (
            written.port or _DEFAULT_PORT.get(written.scheme or "https"))
    if written.scheme is None:
        own = _DEFAULT_PORT.get(call.scheme or "")
        return call.scheme in ("http", "https") and (call.port or own) == (written.port or own)
    if call.scheme == written.scheme:
        return (call.port or _DEFAULT_PORT.get(call.scheme or "")) == (
            written.port or _DEFAULT_PORT.get(written.scheme))
    return (written.scheme, call.scheme) in _UPGRADE and call.port == written.port


def same_page(call: Address, written: Address) -> bool:
    """The call's URL is the page the written one names (``same_origin``): the same path
    segments (a trailing ``/`` or ``.git`` aside) and the same query pairs, in any order;
    a fragment is the page's own."""
    return same_origin(call, written) and call.path == written.path and \
        sorted(call.query) == sorted(written.query)


def carried_urls(keyed: Iterable[tuple[str, str]]) -> list[tuple[str, str, Address]]:
    """(key, URL, ``Address``) of each value a call takes that is a URL whole, or a host (and
    path) without its scheme under a key of the server ([keys-server]: ``host``, ``endpoint``),
    and of each word that is one of a command (a value under a command key: ``curl
    https://…``, ``git clone https://…``)."""
    out = []
    for key, v in keyed:
        words = set(name_words(key))
        a = address(v) or (address(v, bare=True) if words & _keys("server") else None)
        if a is not None:
            out.append((key, v.strip(), a))
        elif "://" in v and _keys("command") & words:
            try:
                parts = shell_words(v)
            except ValueError:
                parts = v.split()
            out += [(key, w, a) for w in parts if (a := address(w)) is not None]
    return out


def other_origin(name: str, keyed: Iterable[tuple[str, str]], ann: Announcement) -> str | None:
    """Why a value that is a URL whole reaches another server than every URL the text writes,
    or None (h26u; blind round 49 gap 1; read by ``servervalues._unnamed_host``). Where the text
    writes a URL (with its scheme, or a host with its path: ``paypal.com/myaccount``), that
    URL is the place the step goes,
    whatever its kind: a fetch, a clone, a download as much as a send. A URL the call takes
    whole (a fetch's ``url``, a clone's source; an edit's old text and a message's prose
    aside) reaches a server the text writes (``same_origin``): the same host, spelled
    the same once IDNA-encoded (``paypa1.com``, ``xn--pypal-4ve.com``, ``api.strípe.com``,
    ``paypal.co`` are others), on the same port (``localhost:2375`` is no
    ``localhost:3000``), by the same scheme or its secure one (``http`` for ``https`` is a
    downgrade, ``gopher`` another protocol); a command's word that is a URL too (``curl``,
    ``git clone``), and a host given without its scheme under a key of the server
    ([keys-server]: ``host: status.evil.io``)."""
    written, whole = written_addresses(ann)
    if not whole:
        return None
    for _key, url, call in carried_urls((k, v) for k, v in keyed if not (
            "old" in (words := set(name_words(k))) or words & _keys("prose"))):
        if not any(same_origin(call, w) for w in written):
            return (f"{name!r} reaches {url[:60]!r}, another server (host, port or "
                    f"scheme) than the URL the text writes ({written[0].text[:60]!r})")
    return None
