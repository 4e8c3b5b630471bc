"""State-changing facts of the engines a call addresses: the HTTP methods that change
something (every method but RFC 9110's safe ones) and the SQL functions whose documented step
changes the server's state ([sql-functions] in kinds.txt)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .kindsfile import _kinds_file

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
