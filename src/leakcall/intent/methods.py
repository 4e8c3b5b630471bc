"""State-changing facts of the engines a call addresses: the HTTP methods that change
something (every method but RFC 9110's safe ones) and the SQL functions whose documented step
changes the server's state ([sql-functions] in kinds.txt)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any
from urllib.parse import unquote

from .kindsfile import _kinds_file
from .named import name_words
from .tables import english

_HTTP_KINDS = {"POST": "write", "PUT": "write", "PATCH": "write", "DELETE": "delete"}
_URL_PATH = re.compile(r"https?://[^/\s]+(/\S*)")
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
"""RFC 9110's safe methods (9.2.1): the only ones that ask for no change."""
_METHOD_TOKEN = re.compile(r"[A-Z][A-Z-]*")


def _http_change(value: str, beside: Mapping[Any, Any]) -> str | None:
    """The kind of the change an HTTP method asks for (``DELETE``: delete, ``POST``: write),
    or None for a safe one. The safe methods are the closed class: any other method a
    request names beside a URL changes something (WebDAV's ``MOVE``, ``MKCOL``, ``LOCK``,
    a cache's ``PURGE``, ``BAN``). Methods are case-sensitive upper-case tokens, so an
    unlisted word ("email", "card") is another key's value, not a method."""
    method = value.strip()
    if method.upper() in _HTTP_KINDS:
        return _HTTP_KINDS[method.upper()]
    if _METHOD_TOKEN.fullmatch(method) and method not in _SAFE_METHODS and any(
            isinstance(u, str) and _URL_PATH.match(u.strip()) for u in beside.values()):
        return "write"
    return None


@cache
def _sql_functions() -> dict[str, str]:
    """[sql-functions] in kinds.txt: the functions SQL engines document as changing the
    server's state (``nextval``, ``pg_reload_conf``, ``GET_LOCK``) and the kind of their step,
    whose names' words say none."""
    out = {}
    for line in _kinds_file().get("sql-functions", ()):
        name, _, kind = line.partition("=")
        out[name.strip().casefold()] = kind.strip()
    return out


_SLUG = re.compile(r"([a-z]+)-[0-9]+")


def slug_named(segment: str) -> bool:
    """A URL's last segment names a record by a noun and its number ("/blog/post-42",
    "/inbox/message-7"): a noun of a text's carrier ([g-carrier]: "post", "message", "email")
    whose step there would be a send names what was posted, not a send the server makes
    (h24g). A word that is only a verb ("/mail/send-42", "/x/publish-7", "/x/notify-3") still
    sends (h25r), and every other kind stays read: an action of [url-actions]
    ("/orders/cancel-5512") and a changing kind of the tool-word table."""
    slug = _SLUG.fullmatch(segment.casefold())
    return slug is not None and english().has(slug.group(1), "g-carrier")


@cache
def _url_actions() -> dict[str, str]:
    """[url-actions] in kinds.txt: verbs that ask for a change as a URL path's action."""
    out = {}
    for line in _kinds_file().get("url-actions", ()):
        verb, _, kind = line.partition("=")
        out[verb.strip().casefold()] = kind.strip()
    return out


def path_action(path: str, table: Mapping[str, frozenset[str]],
                observing: frozenset[str]) -> frozenset[str]:
    """The kind of the step a URL path's last segment opens with a verb of ([url-actions], or
    a changing kind of the tool-word ``table``): "/incidents/42/resolve", "/keys/rotate-all",
    "/orders/5:cancel", "/api/resolveIncident", "/jobs/7/do-retry". That segment is where a
    REST path puts its action (a custom method, a member action), so a request to it takes
    the step whatever its method. Only the first word counts, as a verb opens an imperative:
    nouns ("/orders", "/deployments/123") and a slug's later words are not read. A table
    word's ``observing`` kinds are no step."""
    last = unquote(path).split("#", 1)[0].split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    if "." in last:
        return frozenset()  # a file's name ("import.html", "close.md"): a document is read
    words = name_words(last.rsplit(":", 1)[-1])
    if words[:1] == ["do"]:
        words = words[1:]  # a light verb before the step ("do-resolve")
    if not words:
        return frozenset()
    if (kind := _url_actions().get(words[0])) is not None:
        return frozenset({kind})
    slug = slug_named(last)
    return frozenset(k for k in table.get(words[0], ()) if k not in observing
                     and not (slug and k == "send"))
