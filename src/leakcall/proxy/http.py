"""HTTP rules of the proxy: the upstream URL, path safety, redaction, error bodies, and which
headers cross the proxy in each direction (RFC 9110 section 7.6.1)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from urllib.parse import unquote, urlsplit

__all__ = ["SSE_HEADERS", "error_body", "forward_headers",
           "redact", "response_headers", "safe_path", "upstream_url"]

# Headers that describe one connection, not the message (RFC 9110 section 7.6.1), plus the ones
# the HTTP client and server set themselves.
_HOP_BY_HOP = frozenset({
    "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection",
    "te", "trailer", "trailers", "transfer-encoding", "upgrade", "host", "content-length",
})
SSE_HEADERS = {"cache-control": "no-cache", "x-accel-buffering": "no"}


# --- small pure helpers ------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)  # a pure function of strings, called once per request
def upstream_url(upstream: str, path: str, query: str = "") -> str:
    """The upstream URL for a request path: ``upstream`` is the server's root, and a base path of
    it that the request path already starts with is not repeated.

    >>> upstream_url("http://h:8000", "/v1/chat/completions")
    'http://h:8000/v1/chat/completions'
    >>> upstream_url("http://h:8000/v1/", "/v1/models", "a=1")
    'http://h:8000/v1/models?a=1'
    >>> upstream_url("http://h/openai/v1", "/v1/models")
    'http://h/openai/v1/models'
    """
    parts = urlsplit(upstream)
    base = [s for s in parts.path.split("/") if s]
    segs = path.split("/")[1:] if path.startswith("/") else path.split("/")
    # The longest tail of the base path that the request path starts with (segment-wise).
    overlap = 0
    for k in range(min(len(base), len(segs)), 0, -1):
        if base[len(base) - k :] == segs[:k]:
            overlap = k
            break
    joined = "/".join([*base, *segs[overlap:]])
    url = f"{parts.scheme}://{parts.netloc}/{joined}"
    return f"{url}?{query}" if query else url


def safe_path(target: str) -> bool:
    """False when a segment of the request path (as sent, percent-escapes included) is a dot
    segment once decoded, however often it was escaped (``..``, ``%2e%2e``, ``%252e.``), or holds
    one behind an escaped slash or a backslash (``..%2fx``): such a path could leave the
    upstream's base path, at the HTTP client (which resolves dot segments) or at the upstream.

    >>> safe_path("/v1/models/org%2Fname"), safe_path("/v1/../admin"), safe_path("/%2e%2E/x")
    (True, False, False)
    """
    if "%" not in target and "\\" not in target:  # nothing to decode: the segments as they are
        return "." not in target or not any(seg in (".", "..") for seg in target.split("/"))
    for raw in target.split("/"):
        seg = raw
        for _ in range(4):  # decode to a fixpoint (bounded: each round shortens the text)
            plain = unquote(seg, errors="surrogateescape")
            if plain == seg:
                break
            seg = plain
        if any(part in (".", "..") for part in re.split(r"[/\\]", seg)):
            return False
    return True


_USERINFO = re.compile(r"(?<=://)[^/?#\s]*@")


def redact(text: str) -> str:
    """``text`` with the userinfo of every URL in it replaced by ``***``.

    >>> redact("cannot reach http://admin:pw@h:1/v1")
    'cannot reach http://***@h:1/v1'
    """
    return _USERINFO.sub("***@", text)


def error_body(status: int, message: str, code: str) -> bytes:
    """An error in the shape OpenAI clients read (``error.message``)."""
    etype = "invalid_request_error" if status < 500 else "upstream_error"
    return json.dumps({"error": {"message": redact(message), "type": etype, "code": code,
                                 "param": None}}).encode()


def _connection_named(headers: Iterable[tuple[str, str]]) -> set[str]:
    """Header names listed in ``Connection`` (they concern this hop only, RFC 9110 7.6.1)."""
    return {tok.strip().lower() for k, v in headers if k.lower() == "connection"
            for tok in v.split(",") if tok.strip()}


def _is_forwarding(name: str) -> bool:
    return name.startswith("x-forwarded-") or name in ("forwarded", "x-real-ip")


def forward_headers(headers: Iterable[tuple[bytes, bytes]], *, identity: bool,
                    client: str | None = None, scheme: str = "http") -> list[tuple[str, str]]:
    """The client's headers for the upstream: without hop-by-hop ones, the ones its
    ``Connection`` names and any ``X-Forwarded-*``/``Forwarded``/``X-Real-IP`` it sent; with the
    proxy's own ``X-Forwarded-For``/``-Proto``/``-Host``."""
    pairs = [(k.decode("latin-1").lower(), v.decode("latin-1")) for k, v in headers]
    drop = _HOP_BY_HOP | _connection_named(pairs)
    out = []
    host = None
    for name, value in pairs:
        if name == "host":
            host = value
        if name in drop or _is_forwarding(name) or (identity and name == "accept-encoding"):
            continue
        out.append((name, value))
    if identity:
        out.append(("accept-encoding", "identity"))
    if client:
        out.append(("x-forwarded-for", client))
    out.append(("x-forwarded-proto", scheme))
    if host:
        out.append(("x-forwarded-host", host))
    return out


def response_headers(headers: Iterable[tuple[str, str]], *, rewritten: bool) -> list[tuple[bytes, bytes]]:
    """Upstream response headers to send on. A body relayed as is keeps its length and encoding;
    a rewritten one drops them and its type (the caller sets its own). Hop-by-hop headers and
    the ones ``Connection`` names are dropped."""
    pairs = list(headers)
    drop = (_HOP_BY_HOP - {"content-length"}) | _connection_named(pairs)
    out = []
    for k, v in pairs:
        name = k.lower()
        if rewritten and name in ("content-encoding", "content-type", "content-length"):
            continue
        if name in drop:
            continue
        out.append((name.encode("latin-1"), v.encode("latin-1")))
    return out


