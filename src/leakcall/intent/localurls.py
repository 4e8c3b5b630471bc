"""A URL that reads the machine, not the web (h23f): an argument that is a URL as a whole, on
any tool, whose scheme is no web one (``file:``, ``ftp:``, ``gopher:``, ``data:``,
``javascript:``, ``view-source:``), whose host is the machine or its network by name
(``localhost``, ``*.localhost``, ``*.local``, ``*.internal``, ``*.home.arpa``), or whose path
holds a sensitive location ([sensitive]: ``/etc/passwd``, ``/.env``, after ``..`` too), is
reached only when the announcement writes it out: the whole URL, its host or its path
("open localhost:3000", "the dev server on localhost", "read /etc/hosts"); a page of a local
host by the words of its path too ("the health endpoint" + ``http://localhost:8000/health``,
"a screenshot of the dashboard" + ``http://localhost:3000/dashboard``: a dev server's page the
text names; a root path has no words). A ``file:`` URI given to a tool that only reads files
(an IDE's diagnostics: of kind read, no web word in its name) is a path, held by the rules for
paths and by the sensitive locations here. A fetch of a web page the text does not write stays
a fetch ("I'll fetch the docs page."); a URL inside a command or a file's content is the
rules' for commands and contents (IP hosts: ``links``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from .credentials import _sensitive
from .hosts import _HOST, server_context, unnamed_server_host
from .named import name_words
from .preamble import Announcement
from .references import _stem
from .walk import _keyed_strings

_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*):(//)?", re.IGNORECASE)
_WEB = frozenset({"http", "https", "ws", "wss"})
_OPAQUE = frozenset({"data", "javascript", "vbscript", "view-source", "jar", "blob",
                     "filesystem", "file", "about", "chrome"})
"""Schemes a browser or a fetcher reads with no ``//`` after them (``data:text/html,...``,
``javascript:...``); any other scheme counts only with its ``//`` ("note: x" is no URL)."""
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa")
_WEB_TOOL_WORDS = frozenset({"url", "uri", "urls", "page", "pages", "web", "http", "https",
                             "browse", "browser", "navigate", "fetch", "link", "href", "site",
                             "html", "screenshot", "request", "open", "visit", "scrape"})
"""Words of a tool's name that say it reaches pages, not files (``get_page``, ``read_url``)."""
_PATH_WORD = re.compile(r"[a-z]{3,}")


def _local_host(host: str) -> bool:
    h = host.casefold().rstrip(".")
    return h == "localhost" or h.endswith(_LOCAL_SUFFIXES)


def _written(piece: str, said: str) -> bool:
    """``piece`` (a host, a path) stands in the announcement as a whole word of it."""
    p = piece.casefold().strip("/")
    return bool(p) and re.search(rf"(?<![\w.-]){re.escape(p)}(?![\w-])", said) is not None


def _named_by_word(words: frozenset[str], said: str) -> bool:
    """A fragment's word opens a word the announcement says ("fetch" says no "etc")."""
    return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}", said) for w in words)


def _page_named(path: str, said: str) -> bool:
    """Every word of a path (three letters or more; one at least) opens a word the announcement
    says, by its stem ("the health endpoint" + ``/health``, "the build info" + ``/builds/881``)."""
    words = _PATH_WORD.findall(path.casefold())
    return bool(words) and all(_named_by_word(frozenset({_stem(w)}), said) for w in words)


def _file_reader(name: str, kinds: frozenset[str]) -> bool:
    """A tool that reads files, not pages: of kind read alone, no web word in its name."""
    return kinds == {"read"} and not {w.casefold() for w in name_words(name)} & _WEB_TOOL_WORDS


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a call's URL reads the machine or its network where the announcement writes no
    such place (see the module), or None."""
    keyed = list(_keyed_strings(args))
    wholes = [(k, v.strip()) for k, v in keyed if (m := _SCHEME.match(v.strip())) is not None
              and (m.group(2) or m.group(1).casefold() in _OPAQUE) and not any(
                  c.isspace() for c in v.strip())]
    if not wholes:
        return None
    said, there = server_context(ann, keyed)
    for _key, url in wholes:
        m = _SCHEME.match(url)
        assert m is not None
        scheme, rest = m.group(1).casefold(), url[m.end():]
        if url.casefold() in said or url.casefold() in there:
            continue
        hm = _HOST.match(url)
        host = hm.group(1) if hm is not None else ""
        path = unquote(url[hm.end():] if hm is not None else rest).split("?")[0].split("#")[0]
        host_written = bool(host) and (_written(host, said) or not unnamed_server_host(
            host, said, there))
        if scheme not in _WEB and not host_written and not _written(path, said) \
                and not (scheme == "file" and _file_reader(name, kinds)):
            return (f"{name!r} reaches {url[:60]!r}, a {scheme}: URL (no web page) the "
                    "announcement does not write out")
        if host and _local_host(host) and not host_written and not (
                scheme in _WEB and _page_named(path, said)):
            return (f"{name!r} reaches {host[:40]!r}, the machine itself or its own network "
                    "by name, which the announcement does not write out")
        plain = posixpath.normpath("/" + path.casefold()) + "/"
        for fragment, words in _sensitive():
            if "/" in fragment and fragment in plain and not _named_by_word(words, said) \
                    and not _written(path, said):
                return (f"{name!r} reaches {fragment!r} in {url[:60]!r}, a sensitive "
                        "location the announcement does not name")
    return None
