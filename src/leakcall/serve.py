"""``leakcall serve``: an OpenAI-compatible repair proxy in front of any Chat Completions endpoint.

Point a client at ``http://127.0.0.1:8089/v1`` instead of the model server. Every request is
forwarded to ``--upstream`` as it came (path, query, headers, body bytes). Only the response of a
``POST .../chat/completions`` that advertises ``tools`` (and does not say ``tool_choice: "none"``)
is repaired, with the ``tools`` of that very request: a tool call that leaked into the content as
markup arrives as ``tool_calls``, only when ``leakcall.recover`` proves it safe; every refusal
leaves the reply unchanged. Everything else passes through untouched: other paths and methods,
requests without tools, upstream errors (their own status and body).

Failures of the proxy itself are JSON errors in the OpenAI shape: 400 for a request body that is
not JSON, 502 when the upstream cannot be reached, 504 when it times out. A client that
disconnects cancels its upstream request. Every repair and refusal is logged as one JSON line
(logger ``leakcall.serve``, on stderr) with its reason code; ``GET /leakcall/stats`` returns the
counts.

Starlette, uvicorn and httpx (the ``serve`` extra) are imported only when the app is built or run,
so ``import leakcall`` and the other commands work without them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

if TYPE_CHECKING:  # the serve extra; imported at run time only where used
    import httpx
    from starlette.applications import Starlette
    from starlette.types import Message, Receive, Scope, Send

__all__ = ["DEFAULT_TIMEOUT", "Stats", "add_parser", "create_app", "main", "run", "upstream_url"]

ReasoningMode = Literal["ignore", "recover"]

DEFAULT_TIMEOUT = 600.0
"""Seconds the proxy waits for the upstream: per read (so between two streamed chunks), per write
and for a pooled connection. Connecting is bounded by ``min(10, timeout)``."""

log = logging.getLogger("leakcall.serve")

# Headers that describe one connection, not the message (RFC 9110 section 7.6.1), plus the ones
# the HTTP client and server set themselves.
_HOP_BY_HOP = frozenset({
    "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection",
    "te", "trailer", "trailers", "transfer-encoding", "upgrade", "host", "content-length",
})
_SSE_HEADERS = {"cache-control": "no-cache", "x-accel-buffering": "no"}


# --- small pure helpers ------------------------------------------------------------------------


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


def id_salt_for(body: Mapping[str, Any]) -> str:
    """The id salt of a request: a digest of its canonical ``messages``. The same request gets the
    same call ids (a prompt cache still hits); another turn gets other ids."""
    canon = json.dumps(body.get("messages"), sort_keys=True, ensure_ascii=False,
                       separators=(",", ":"), default=str)
    return hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def is_chat_completions(method: str, path: str) -> bool:
    """True for the one route that is repaired: ``POST <anything>/chat/completions``."""
    return method == "POST" and path.rstrip("/").endswith("/chat/completions")


def _error_body(status: int, message: str, code: str) -> bytes:
    """An error in the shape OpenAI clients read (``error.message``)."""
    etype = "invalid_request_error" if status < 500 else "upstream_error"
    return json.dumps({"error": {"message": message, "type": etype, "code": code,
                                 "param": None}}).encode()


def _forward_headers(headers: Iterable[tuple[bytes, bytes]], *, identity: bool) -> list[tuple[str, str]]:
    out = []
    for k, v in headers:
        name = k.decode("latin-1").lower()
        if name in _HOP_BY_HOP or (identity and name == "accept-encoding"):
            continue
        out.append((name, v.decode("latin-1")))
    if identity:
        out.append(("accept-encoding", "identity"))
    return out


def _response_headers(headers: Iterable[tuple[str, str]], *, rewritten: bool) -> list[tuple[bytes, bytes]]:
    """Upstream response headers to send on; a rewritten body drops its length and encoding."""
    out = []
    for k, v in headers:
        name = k.lower()
        if name in _HOP_BY_HOP or (rewritten and name in ("content-encoding", "content-type")):
            continue
        out.append((name.encode("latin-1"), v.encode("latin-1")))
    return out


# --- server-sent events --------------------------------------------------------------------------


@dataclass
class _Event:
    data: str | None  # the joined ``data:`` lines; None for an event without data
    raw: bytes  # the event as received, with its terminating blank line


class _SSEDecoder:
    """Incremental SSE framing: bytes in, complete events out. Lines end in LF or CRLF."""

    def __init__(self) -> None:
        self._buf = b""
        self._lines: list[bytes] = []

    def feed(self, chunk: bytes) -> list[_Event]:
        self._buf += chunk
        out: list[_Event] = []
        while True:
            nl = self._buf.find(b"\n")
            if nl < 0:
                return out
            line, self._buf = self._buf[:nl].rstrip(b"\r"), self._buf[nl + 1 :]
            if line:
                self._lines.append(line)
            elif self._lines:
                out.append(self._event(self._lines))
                self._lines = []

    def close(self) -> list[_Event]:
        """Events left when the stream ends without a final blank line."""
        lines = self._lines + ([self._buf.rstrip(b"\r")] if self._buf else [])
        self._buf, self._lines = b"", []
        return [self._event(lines)] if lines else []

    @staticmethod
    def _event(lines: list[bytes]) -> _Event:
        data: list[str] = []
        for line in lines:
            if line.startswith(b"data:"):
                value = line[5:]
                data.append((value[1:] if value.startswith(b" ") else value).decode("utf-8", "replace"))
        return _Event("\n".join(data) if data else None, b"\n".join(lines) + b"\n\n")


def _sse(chunk: Mapping[str, Any]) -> bytes:
    return b"data: " + json.dumps(chunk, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"


# --- statistics and logs --------------------------------------------------------------------------


@dataclass
class Stats:
    """Counters behind ``GET /leakcall/stats``."""

    started: float = field(default_factory=time.time)
    requests: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        return {
            "uptime_s": round(time.time() - self.started, 3),
            "requests": dict(self.requests),
            "reasons": dict(self.reasons),
            "recovered_calls": self.requests["recovered_calls"],
            "errors": dict(self.errors),
        }


def _log(event: str, **fields: Any) -> None:
    log.info(json.dumps({"event": event, **fields}, ensure_ascii=False, default=str))


# --- the app ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Repair:
    """The repair settings of one request."""

    tools: list[Any]
    salt: str
    stream: bool


class _Proxy:
    """The catch-all ASGI endpoint: forward, and repair chat completions that advertise tools."""

    def __init__(self, upstream: str, reasoning: ReasoningMode, timeout: float, stats: Stats) -> None:
        self.upstream = upstream
        self.reasoning: ReasoningMode = reasoning
        self.timeout = timeout
        self.stats = stats
        self.client: httpx.AsyncClient | None = None

    # The client lives in the app's lifespan (one pool for all requests).
    async def open(self) -> None:
        import httpx

        self.client = httpx.AsyncClient(
            timeout=httpx.Timeout(self.timeout, connect=min(10.0, self.timeout)),
            limits=httpx.Limits(max_connections=None, max_keepalive_connections=256),
            follow_redirects=False,
        )

    async def close(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - websockets are not proxied
            return
        rid = hashlib.sha256(f"{time.time_ns()}{id(scope)}".encode()).hexdigest()[:12]
        try:
            await self._handle(scope, receive, send, rid)
        except _Disconnected:
            self.stats.errors["client_disconnect"] += 1
            _log("client_disconnect", request=rid, path=scope["path"])
        except Exception as e:  # nothing may take the server down; the client gets a 500
            self.stats.errors["internal"] += 1
            log.exception(json.dumps({"event": "error", "reason": "internal", "request": rid,
                                      "error": repr(e)}))
            try:
                await _send_json(send, 500, _error_body(500, f"leakcall: internal error: {e!r}",
                                                        "leakcall_internal_error"))
            except Exception:  # the response had started: nothing more to say
                pass

    async def _handle(self, scope: Scope, receive: Receive, send: Send, rid: str) -> None:
        method: str = scope["method"]
        path: str = scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        body = await _read_body(receive)
        self.stats.requests["total"] += 1
        repair: _Repair | None = None
        if is_chat_completions(method, path):
            self.stats.requests["chat_completions"] += 1
            try:
                payload = json.loads(body)
            except (UnicodeDecodeError, ValueError) as e:
                self.stats.errors["bad_request_json"] += 1
                _log("refusal", reason="bad_request_json", request=rid, path=path, detail=str(e))
                await _send_json(send, 400, _error_body(
                    400, f"leakcall: the request body is not JSON ({e})", "leakcall_bad_json"))
                return
            repair = self._repair_for(payload, rid)
        if repair is None:
            self.stats.requests["passthrough"] += 1
        else:
            self.stats.requests["repaired_route"] += 1
        url = upstream_url(self.upstream, path, query)
        headers = _forward_headers(scope["headers"], identity=repair is not None)
        await self._forward(method, url, headers, body, repair, receive, send, rid)

    def _repair_for(self, payload: Any, rid: str) -> _Repair | None:
        """The repair of a chat completion request, or None to pass it through untouched."""
        if not isinstance(payload, dict):
            return None
        tools = payload.get("tools")
        if not isinstance(tools, list) or not tools:
            return None
        if payload.get("tool_choice") == "none":
            return None
        try:
            _check_tools(tools)
        except (TypeError, ValueError) as e:  # the upstream will judge; we cannot repair
            self.stats.errors["bad_tools"] += 1
            _log("passthrough", reason="bad_tools", request=rid, detail=str(e))
            return None
        return _Repair(tools=tools, salt=id_salt_for(payload), stream=payload.get("stream") is True)

    async def _forward(self, method: str, url: str, headers: list[tuple[str, str]], body: bytes,
                       repair: _Repair | None, receive: Receive, send: Send, rid: str) -> None:
        import httpx

        assert self.client is not None, "the app's lifespan did not run"
        req = self.client.build_request(method, url, headers=headers, content=body)
        t0 = time.perf_counter()
        try:
            resp = await _until_disconnect(receive, self.client.send(req, stream=True))
        except httpx.TimeoutException as e:
            self.stats.errors["upstream_timeout"] += 1
            _log("error", reason="upstream_timeout", request=rid, url=url, detail=repr(e))
            await _send_json(send, 504, _error_body(
                504, f"leakcall: the upstream {self.upstream} did not answer in time ({type(e).__name__})",
                "leakcall_upstream_timeout"))
            return
        except httpx.HTTPError as e:
            self.stats.errors["upstream_unreachable"] += 1
            _log("error", reason="upstream_unreachable", request=rid, url=url, detail=repr(e))
            await _send_json(send, 502, _error_body(
                502, f"leakcall: cannot reach the upstream {self.upstream} ({type(e).__name__}: {e})",
                "leakcall_upstream_unreachable"))
            return
        try:
            ctype = resp.headers.get("content-type", "")
            if repair is None or resp.status_code != 200:
                if repair is not None:
                    self.stats.errors[f"upstream_status_{resp.status_code}"] += 1
                    _log("passthrough", reason="upstream_status", status=resp.status_code, request=rid)
                await self._relay(resp, receive, send, rid)
            elif repair.stream and ctype.startswith("text/event-stream"):
                await self._repair_stream(resp, repair, receive, send, rid, t0)
            elif not repair.stream and "json" in ctype:
                await self._repair_json(resp, repair, receive, send, rid, t0)
            else:
                _log("passthrough", reason="content_type", content_type=ctype, request=rid)
                await self._relay(resp, receive, send, rid)
        finally:
            await resp.aclose()

    async def _relay(self, resp: httpx.Response, receive: Receive, send: Send, rid: str) -> None:
        """Send the upstream response on unchanged: status, headers, body bytes as they arrive."""
        await send({"type": "http.response.start", "status": resp.status_code,
                    "headers": _response_headers(resp.headers.multi_items(), rewritten=False)})

        async def body() -> AsyncIterator[bytes]:
            async for chunk in resp.aiter_raw():
                yield chunk

        await self._send_body(body(), receive, send, rid)

    async def _repair_json(self, resp: httpx.Response, repair: _Repair, receive: Receive, send: Send,
                           rid: str, t0: float) -> None:
        from .openai import repair_completion

        raw = await _until_disconnect(receive, resp.aread())
        try:
            data = json.loads(raw)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            _log("passthrough", reason="upstream_not_json", request=rid)
            await _send_raw(send, resp.status_code,
                            _response_headers(resp.headers.multi_items(), rewritten=False), raw)
            return
        fixed = repair_completion(data, repair.tools, id_salt=repair.salt, reasoning=self.reasoning)
        self._record(fixed, data, rid, stream=False, ms=(time.perf_counter() - t0) * 1e3)
        out = json.dumps(fixed, ensure_ascii=False, separators=(",", ":")).encode()
        headers = _response_headers(resp.headers.multi_items(), rewritten=True)
        headers.append((b"content-type", b"application/json"))
        await _send_raw(send, resp.status_code, headers, out)

    async def _repair_stream(self, resp: httpx.Response, repair: _Repair, receive: Receive, send: Send,
                             rid: str, t0: float) -> None:
        raise NotImplementedError

    def _record(self, fixed: Any, original: Any, rid: str, *, stream: bool, ms: float) -> None:
        raise NotImplementedError

    async def _send_body(self, chunks: AsyncIterator[bytes], receive: Receive, send: Send,
                         rid: str) -> None:
        async def pump() -> None:
            async for chunk in chunks:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        await _until_disconnect(receive, pump())


class _Disconnected(Exception):
    """The client went away; its upstream request was cancelled."""


async def _read_body(receive: Receive) -> bytes:
    parts: list[bytes] = []
    while True:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            raise _Disconnected
        parts.append(msg.get("body", b""))
        if not msg.get("more_body", False):
            return b"".join(parts)


async def _until_disconnect[T](receive: Receive, work: Awaitable[T]) -> T:
    raise NotImplementedError


async def _send_raw(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [*headers, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def _send_json(send: Send, status: int, body: bytes) -> None:
    await _send_raw(send, status, [(b"content-type", b"application/json")], body)


def _check_tools(tools: list[Any]) -> None:
    """Raise like ``recover`` does on malformed tool definitions (before anything is forwarded)."""
    from .tools import normalize_tools
    from .validate import check_schema

    for name, schema in normalize_tools(tools).items():
        check_schema(name, schema)


def create_app(upstream: str, *, reasoning: ReasoningMode = "ignore",
               timeout: float = DEFAULT_TIMEOUT) -> Starlette:
    """The proxy as an ASGI app (Starlette): ``GET /leakcall/stats``, everything else forwarded to
    ``upstream`` (the server's root, e.g. ``http://localhost:8000``; a trailing ``/v1`` is fine)."""
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    if reasoning not in ("ignore", "recover"):
        raise ValueError(f"reasoning must be 'ignore' or 'recover', not {reasoning!r}")
    parts = urlsplit(upstream)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"upstream must be an http(s) URL, not {upstream!r}")
    if timeout <= 0:
        raise ValueError("timeout must be positive")
    stats = Stats()
    proxy = _Proxy(upstream, reasoning, float(timeout), stats)

    async def stats_endpoint(request: Request) -> JSONResponse:
        return JSONResponse(stats.to_dict())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await proxy.open()
        try:
            yield
        finally:
            await proxy.close()

    app = Starlette(routes=[Route("/leakcall/stats", stats_endpoint, methods=["GET"]),
                            Route("/{path:path}", proxy)], lifespan=lifespan)
    app.state.stats = stats
    return app
