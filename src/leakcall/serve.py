"""``leakcall serve``: an OpenAI-compatible repair proxy in front of any Chat Completions endpoint.

Point a client at ``http://127.0.0.1:8089/v1`` instead of the model server. Every request is
forwarded to ``--upstream`` as it came (path, query, headers, body bytes). Only the response of a
``POST .../chat/completions`` that advertises ``tools`` (and does not say ``tool_choice: "none"``)
is repaired, with the ``tools`` of that very request: a tool call that leaked into the content as
markup arrives as ``tool_calls``, only when ``leakcall.recover`` proves it safe; every refusal
leaves the reply unchanged. Everything else passes through untouched: other paths and methods,
requests without tools, upstream errors (their own status and body).

The responses of ``POST .../responses`` (OpenAI Responses API) and ``POST .../messages``
(Anthropic Messages) that advertise ``tools`` are repaired the same way, by the wire adapters
(``leakcall.openai.repair_response*``, ``leakcall.anthropic.repair_message*``); their id salt is
a digest of the request's conversation.

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
import asyncio
import hashlib
import json
import logging
import ssl
import time
from collections import Counter
from collections.abc import AsyncIterator, Coroutine, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from ._transport import route_for as wire_route_for  # leakcall: /responses and /messages too
from ._wire import request_salt
from .anthropic import repair_message
from .openai import repair_completion, repair_response, repair_stream_async
from .result import Recovery
from .tools import normalize_tools
from .validate import check_schema

if TYPE_CHECKING:  # the serve extra; imported at run time only where used
    import httpx
    from starlette.applications import Starlette
    from starlette.types import Message, Receive, Scope, Send

__all__ = ["DEFAULT_TIMEOUT", "STATS_PATH", "Stats", "add_parser", "create_app", "id_salt_for", "main",
           "run", "upstream_url"]

ReasoningMode = Literal["ignore", "recover"]

STATS_PATH = "/leakcall/stats"
"""``GET`` here returns the proxy's counters as JSON; it is the only path not forwarded."""

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
    """Upstream response headers to send on. A body relayed as is keeps its length and encoding;
    a rewritten one drops them and its type (the caller sets its own)."""
    out = []
    for k, v in headers:
        name = k.lower()
        if rewritten and name in ("content-encoding", "content-type", "content-length"):
            continue
        if name in _HOP_BY_HOP and name != "content-length":
            continue
        out.append((name.encode("latin-1"), v.encode("latin-1")))
    return out


# --- server-sent events --------------------------------------------------------------------------


@dataclass
class _Event:
    data: str | None  # the joined ``data:`` lines; None for an event without data
    raw: bytes  # the event as received, with its terminating blank line
    plain: bool  # only ``data:`` lines (no ``event:``, ``id:``, ``retry:`` or comment)


class _SSEDecoder:
    """Incremental SSE framing: bytes in, complete events out. Lines end in LF or CRLF. Linear in
    the bytes received, however they are cut."""

    def __init__(self) -> None:
        self._partial: list[bytes] = []  # the current line, not yet ended
        self._lines: list[bytes] = []  # the current event's lines

    def feed(self, chunk: bytes) -> list[_Event]:
        if b"\n" not in chunk:
            if chunk:
                self._partial.append(chunk)
            return []
        data = b"".join((*self._partial, chunk))
        *lines, rest = data.split(b"\n")
        self._partial = [rest] if rest else []
        out: list[_Event] = []
        for raw in lines:
            line = raw.rstrip(b"\r")
            if line:
                self._lines.append(line)
            elif self._lines:
                out.append(self._event(self._lines))
                self._lines = []
        return out

    def close(self) -> list[_Event]:
        """The event left when the stream ends without a final blank line."""
        rest = b"".join(self._partial).rstrip(b"\r")
        lines = self._lines + ([rest] if rest else [])
        self._partial, self._lines = [], []
        return [self._event(lines)] if lines else []

    @staticmethod
    def _event(lines: list[bytes]) -> _Event:
        data: list[str] = []
        plain = True
        for line in lines:
            if line.startswith(b"data:"):
                value = line[5:]
                data.append((value[1:] if value.startswith(b" ") else value).decode("utf-8", "replace"))
            else:
                plain = False
        return _Event("\n".join(data) if data else None, b"\n".join(lines) + b"\n\n", plain)


def _sse(chunk: Mapping[str, Any]) -> bytes:
    return b"data: " + json.dumps(chunk, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"


# --- statistics and logs --------------------------------------------------------------------------


@dataclass
class Stats:
    """Counters behind ``GET /leakcall/stats``."""

    started: float = field(default_factory=time.time)
    requests: Counter[str] = field(default_factory=Counter)
    """total, chat_completions, repairable (tools advertised), passthrough."""
    reasons: Counter[str] = field(default_factory=Counter)
    """One count per decision: a reason code of ``leakcall.Reason``, or ``not_examined``."""
    recovered_calls: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    """bad_request_json, bad_tools, upstream_unreachable, upstream_timeout, upstream_broken,
    upstream_status_<code>, client_disconnect, internal."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "uptime_s": round(time.time() - self.started, 3),
            "requests": dict(self.requests),
            "reasons": dict(self.reasons),
            "recovered_calls": self.recovered_calls,
            "errors": dict(self.errors),
        }


def _why(e: BaseException) -> str:
    """An exception and its causes, for a log line (httpx errors often have an empty message)."""
    parts: list[str] = []
    seen: BaseException | None = e
    while seen is not None and len(parts) < 4:
        parts.append(repr(seen))
        seen = seen.__cause__ or seen.__context__
    return " <- ".join(parts)


def _log(event: str, **fields: Any) -> None:
    log.info(json.dumps({"event": event, **fields}, ensure_ascii=False, default=str))


# --- the app ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Repair:
    """The repair settings of one request."""

    tools: list[Any]
    salt: str
    stream: bool
    route: str = "chat_completions"  # or "responses", "messages" (the wire adapters' routes)


_ONE_SHOT = {"chat_completions": repair_completion, "responses": repair_response,
             "messages": repair_message}


class _Proxy:
    """The catch-all ASGI endpoint: forward, and repair chat completions that advertise tools."""

    def __init__(self, upstream: str, reasoning: ReasoningMode, timeout: float, stats: Stats) -> None:
        self.upstream = upstream
        self.reasoning: ReasoningMode = reasoning
        self.timeout = timeout
        self.stats = stats
        self.clients: list[httpx.AsyncClient] = []
        self._turn = 0

    # The clients live in the app's lifespan, shared by all requests. Several small connection
    # pools instead of one: httpcore's pool does work quadratic in its connection count each time
    # a request starts or ends, which dominated the proxy's CPU at 200 concurrent streams.
    POOLS = 8

    async def open(self) -> None:
        # The serve extra, imported once the app runs (certifi: httpx's own default trust store).
        import certifi
        import httpx

        self._timeout_error: type[Exception] = httpx.TimeoutException
        self._http_error: type[Exception] = httpx.HTTPError
        self._stale_errors: tuple[type[Exception], ...] = (
            httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError)
        tls = ssl.create_default_context(cafile=certifi.where())  # one for all pools, as httpx would
        self.clients = [httpx.AsyncClient(
            verify=tls,
            timeout=httpx.Timeout(self.timeout, connect=min(10.0, self.timeout)),
            # Idle upstream connections are dropped before a server's usual 5 s keep-alive timeout
            # (uvicorn, vLLM) closes them: reusing one that the server is closing fails the request.
            limits=httpx.Limits(max_connections=None, max_keepalive_connections=64,
                                keepalive_expiry=2.0),
            follow_redirects=False,
        ) for _ in range(self.POOLS)]

    async def close(self) -> None:
        clients, self.clients = self.clients, []
        for client in clients:
            await client.aclose()

    def _client(self) -> httpx.AsyncClient:
        if not self.clients:
            raise RuntimeError("the app's lifespan did not run: no upstream client")
        self._turn = (self._turn + 1) % len(self.clients)
        return self.clients[self._turn]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - only HTTP is proxied
            return
        rid = f"{time.time_ns():x}{id(scope) & 0xFFFF:04x}"
        sent = _SendTracker(send)
        try:
            body = await _read_body(receive)
            await _cancel_on_disconnect(receive, self._handle(scope, body, sent, rid), sent)
        except _Disconnected:
            self.stats.errors["client_disconnect"] += 1
            _log("client_disconnect", request=rid, path=scope["path"])
        except Exception as e:  # nothing may take the server down; the client gets a 500
            self.stats.errors["internal"] += 1
            log.exception(json.dumps({"event": "error", "reason": "internal", "request": rid,
                                      "detail": repr(e)}))
            if not sent.started:
                await _send_json(sent, 500, _error_body(
                    500, f"leakcall: internal error: {e!r}", "leakcall_internal_error"))

    async def _handle(self, scope: Scope, body: bytes, send: Send, rid: str) -> None:
        method: str = scope["method"]
        path: str = scope["path"]
        raw_path = scope.get("raw_path")  # as sent: percent-escapes kept
        target = raw_path.decode("latin-1").partition("?")[0] if raw_path else path
        query = scope.get("query_string", b"").decode("latin-1")
        self.stats.requests["total"] += 1
        repair: _Repair | None = None
        wire = wire_route_for(method, path)
        if wire is not None:
            self.stats.requests[wire.name] += 1
            try:
                payload = json.loads(body)
            except ValueError as e:  # UnicodeDecodeError is a ValueError
                self.stats.errors["bad_request_json"] += 1
                _log("error", reason="bad_request_json", request=rid, path=path, detail=str(e))
                await _send_json(send, 400, _error_body(
                    400, f"leakcall: the request body is not valid JSON ({e})", "leakcall_bad_json"))
                return
            repair = self._repair_for(payload, rid)
            if repair is not None and wire.name != "chat_completions":
                repair = _Repair(repair.tools, request_salt(payload), repair.stream, wire.name)
        self.stats.requests["passthrough" if repair is None else "repairable"] += 1
        url = upstream_url(self.upstream, target, query)
        headers = _forward_headers(scope["headers"], identity=repair is not None)
        await self._forward(method, url, headers=headers, body=body, repair=repair, send=send, rid=rid)

    def _repair_for(self, payload: Any, rid: str) -> _Repair | None:
        """The repair of a chat completion request, or None to pass it through untouched."""
        if not isinstance(payload, dict):
            return None
        tools = payload.get("tools")
        if not isinstance(tools, list) or not tools or payload.get("tool_choice") == "none":
            return None
        try:
            _check_tools(tools)
        except (TypeError, ValueError) as e:  # the upstream will judge them; we cannot repair
            self.stats.errors["bad_tools"] += 1
            _log("passthrough", reason="bad_tools", request=rid, detail=str(e))
            return None
        return _Repair(tools=tools, salt=id_salt_for(payload), stream=payload.get("stream") is True)

    async def _forward(self, method: str, url: str, *, headers: list[tuple[str, str]], body: bytes,
                       repair: _Repair | None, send: Send, rid: str) -> None:
        try:
            resp = await self._send_upstream(method, url, headers, body, rid)
        except self._timeout_error as e:
            self.stats.errors["upstream_timeout"] += 1
            _log("error", reason="upstream_timeout", request=rid, url=url, detail=_why(e))
            what = ("accept the connection" if "Connect" in type(e).__name__ else "answer")
            await _send_json(send, 504, _error_body(
                504, f"leakcall: the upstream {self.upstream} did not {what} in time "
                f"({type(e).__name__}; --timeout {self.timeout:g} s)", "leakcall_upstream_timeout"))
            return
        except self._http_error as e:
            self.stats.errors["upstream_unreachable"] += 1
            _log("error", reason="upstream_unreachable", request=rid, url=url, detail=_why(e))
            await _send_json(send, 502, _error_body(
                502, f"leakcall: cannot reach the upstream {self.upstream} "
                f"({type(e).__name__}: {e or 'connection failed'})", "leakcall_upstream_unreachable"))
            return
        try:
            ctype = resp.headers.get("content-type", "")
            if repair is None:
                await self._relay(resp, send, rid)
            elif resp.status_code != 200:
                self.stats.errors[f"upstream_status_{resp.status_code}"] += 1
                _log("passthrough", reason="upstream_status", status=resp.status_code, request=rid)
                await self._relay(resp, send, rid)
            elif repair.stream and ctype.startswith("text/event-stream") \
                    and repair.route != "chat_completions":
                await self._repair_wire_stream(resp, repair, send, rid)
            elif repair.stream and ctype.startswith("text/event-stream"):
                await self._repair_stream(resp, repair, send, rid)
            elif not repair.stream and "json" in ctype:
                await self._repair_json(resp, repair, send, rid)
            else:
                _log("passthrough", reason="content_type", content_type=ctype, request=rid)
                await self._relay(resp, send, rid)
        finally:
            await resp.aclose()

    async def _send_upstream(self, method: str, url: str, headers: list[tuple[str, str]], body: bytes,
                             rid: str) -> httpx.Response:
        """Send the request and wait for the response head. A pooled connection that the upstream
        closed in the meantime (reset or closed before any byte of a response) is retried once on
        a fresh connection: the upstream never answered that request."""
        for attempt in (1, 2):
            client = self._client()
            req = client.build_request(method, url, headers=headers, content=body)
            try:
                return await client.send(req, stream=True)
            except self._stale_errors as e:
                if attempt == 2:
                    raise
                self.stats.errors["upstream_retry"] += 1
                _log("retry", reason="upstream_closed_connection", request=rid, url=url, detail=_why(e))
        raise AssertionError("unreachable")  # pragma: no cover

    async def _relay(self, resp: httpx.Response, send: Send, rid: str) -> None:
        """Send the upstream response on unchanged: status, headers, body bytes as they arrive."""
        await send({"type": "http.response.start", "status": resp.status_code,
                    "headers": _response_headers(resp.headers.multi_items(), rewritten=False)})
        try:
            async for chunk in resp.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        except self._http_error as e:  # cut short: the client sees a truncated body
            self._upstream_broke(e, rid)
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    def _upstream_broke(self, e: Exception, rid: str) -> str:
        reason = "upstream_timeout" if isinstance(e, self._timeout_error) else "upstream_broken"
        self.stats.errors[reason] += 1
        _log("error", reason=reason, request=rid, detail=_why(e), midstream=True)
        return reason

    async def _repair_json(self, resp: httpx.Response, repair: _Repair, send: Send, rid: str) -> None:
        try:
            raw = await resp.aread()
        except self._http_error as e:
            reason = self._upstream_broke(e, rid)
            status = 504 if reason == "upstream_timeout" else 502
            await _send_json(send, status, _error_body(
                status, f"leakcall: the upstream response was cut short ({type(e).__name__})",
                f"leakcall_{reason}"))
            return
        try:
            data = json.loads(raw)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            _log("passthrough", reason="upstream_not_json", request=rid)
            headers = _response_headers(resp.headers.multi_items(), rewritten=True)
            headers.append((b"content-type", resp.headers.get("content-type", "").encode("latin-1")))
            await _send_raw(send, resp.status_code, headers, raw)  # raw: decoded by aread
            return
        seen: list[Recovery] = []
        try:
            fixed = _ONE_SHOT[repair.route](data, repair.tools, id_salt=repair.salt,
                                      reasoning=self.reasoning, on_recovery=seen.append)
        except Exception as e:  # a bug must not cost the client its reply: send it unrepaired
            self.stats.errors["internal"] += 1
            log.exception(json.dumps({"event": "error", "reason": "internal", "request": rid,
                                      "detail": _why(e)}))
            fixed = data
        self._record(seen, rid, stream=False)
        headers = _response_headers(resp.headers.multi_items(), rewritten=True)
        if fixed is data:  # nothing recovered: the upstream's bytes, unchanged
            headers.append((b"content-type", resp.headers.get("content-type", "").encode("latin-1")))
            await _send_raw(send, 200, headers, raw)
            return
        headers.append((b"content-type", b"application/json"))
        await _send_raw(send, 200, headers,
                        json.dumps(fixed, ensure_ascii=False, separators=(",", ":")).encode())

    async def _repair_stream(self, resp: httpx.Response, repair: _Repair, send: Send, rid: str) -> None:
        decoder = _SSEDecoder()
        # Bytes to send, in order: repaired chunks and the events that are not chunks (comments,
        # named events), sent in one write per upstream read.
        pending: list[bytes] = []
        ended: dict[str, Any] = {"done": False, "error": None}
        last: list[Any] = [None, b""]  # the last chunk handed to the adapter, and its event bytes

        async def flush(final: bool = False) -> None:
            if pending or final:
                data = b"".join(pending)
                pending.clear()
                await send({"type": "http.response.body", "body": data, "more_body": not final})

        async def chunks() -> AsyncIterator[dict[str, Any]]:
            try:
                stream = resp.aiter_bytes()
                while True:
                    await flush()  # what the last read produced goes out before the next read
                    try:
                        raw = await anext(stream)
                    except StopAsyncIteration:
                        break
                    for ev in decoder.feed(raw):
                        chunk = self._chunk_of(ev, pending, ended)
                        if chunk is not None:
                            last[:] = chunk, ev.raw
                            yield chunk
                for ev in decoder.close():
                    chunk = self._chunk_of(ev, pending, ended)
                    if chunk is not None:
                        last[:] = chunk, ev.raw
                        yield chunk
            except self._http_error as e:  # end the input: held text is released as refused
                ended["error"] = self._upstream_broke(e, rid)

        headers = _response_headers(resp.headers.multi_items(), rewritten=True)
        headers += [(b"content-type", b"text/event-stream; charset=utf-8"),
                    *((k.encode(), v.encode()) for k, v in _SSE_HEADERS.items())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})

        seen: list[Recovery] = []
        try:
            async for out in repair_stream_async(chunks(), repair.tools, id_salt=repair.salt,
                                                 reasoning=self.reasoning, on_recovery=seen.append):
                # A chunk the adapter passed on unchanged keeps its bytes; others are serialized.
                pending.append(last[1] if out is last[0] or out == last[0] else _sse(out))
        except Exception as e:  # a bug: end the stream with an error event, not a torn body
            self.stats.errors["internal"] += 1
            log.exception(json.dumps({"event": "error", "reason": "internal", "request": rid,
                                      "detail": _why(e)}))
            ended["error"] = "internal_error"
        self._record(seen, rid, stream=True)
        if ended["error"] is not None:
            status = {"upstream_timeout": 504, "internal_error": 500}.get(ended["error"], 502)
            what = ("the proxy failed" if status == 500 else "the upstream stream was cut short")
            pending.append(b"data: " + _error_body(status, f"leakcall: {what}",
                                                   f"leakcall_{ended['error']}") + b"\n\n")
        if ended["done"]:
            pending.append(b"data: [DONE]\n\n")
        await flush(final=True)

    async def _repair_wire_stream(self, resp: httpx.Response, repair: _Repair, send: Send,
                                  rid: str) -> None:
        """A Responses or Messages stream: the transports' SSE fixer over the upstream bytes."""
        from ._transport import ROUTES, Job, StreamFixer

        seen: list[Recovery] = []
        route = next(r for r in ROUTES if r.name == repair.route)
        fixer = StreamFixer(Job(route, repair.tools, repair.salt, True), self.reasoning, None,
                            seen.append)
        headers = _response_headers(resp.headers.multi_items(), rewritten=True)
        headers += [(b"content-type", b"text/event-stream; charset=utf-8"),
                    *((k.encode(), v.encode()) for k, v in _SSE_HEADERS.items())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        try:
            async for raw in resp.aiter_bytes():
                out = fixer.feed(raw)
                if out:
                    await send({"type": "http.response.body", "body": out, "more_body": True})
        except self._http_error as e:  # end the input: held text is released as refused
            self._upstream_broke(e, rid)
        out = fixer.close()
        self._record(seen, rid, stream=True)
        await send({"type": "http.response.body", "body": out, "more_body": False})

    def _record(self, seen: list[Recovery], rid: str, *, stream: bool) -> None:
        """One log line and one count per decision (choice 0 of one response)."""
        if not seen:
            self.stats.reasons["not_examined"] += 1
            _log("passthrough", reason="not_examined", request=rid, stream=stream,
                 detail="structured tool_calls or no text content")
            return
        for rec in seen:
            self.stats.reasons[str(rec.reason)] += 1
            self.stats.recovered_calls += len(rec.calls)
            _log("repair" if rec.ok else "refusal", reason=str(rec.reason), family=rec.family,
                 calls=[c.name for c in rec.calls], detail=rec.detail, request=rid, stream=stream)

    @staticmethod
    def _chunk_of(ev: _Event, side: list[bytes], ended: dict[str, Any]) -> dict[str, Any] | None:
        """The chunk an event carries, or None (``[DONE]`` is noted; comments, named events and
        data that is not a chunk go to ``side`` as they came)."""
        if ev.plain and ev.data is not None:
            if ev.data.strip() == "[DONE]":
                ended["done"] = True
                return None
            try:
                chunk = json.loads(ev.data)
            except ValueError:
                chunk = None
            if isinstance(chunk, dict) and "choices" in chunk:
                return chunk
        side.append(ev.raw)
        return None


class _SendTracker:
    """``send`` that remembers whether the response has started, and finished."""

    def __init__(self, send: Send) -> None:
        self._send = send
        self.started = False
        self.finished = False

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
        elif message["type"] == "http.response.body" and not message.get("more_body", False):
            self.finished = True
        await self._send(message)


class _Disconnected(Exception):
    """The client went away before or while its request was handled."""


async def _read_body(receive: Receive) -> bytes:
    parts: list[bytes] = []
    while True:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            raise _Disconnected
        parts.append(msg.get("body", b""))
        if not msg.get("more_body", False):
            return b"".join(parts)


async def _wait_disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def _cancel_on_disconnect(receive: Receive, work: Coroutine[Any, Any, None],
                                sent: _SendTracker) -> None:
    """Run ``work``; cancel it (and so its upstream request) when the client disconnects before
    the response is complete."""
    task = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(_wait_disconnect(receive))
    try:
        await asyncio.wait((task, watch), return_when=asyncio.FIRST_COMPLETED)
        if not task.done() and sent.finished:  # the response is out: let the cleanup finish
            await task
    finally:
        for t in (task, watch):
            if not t.done():
                t.cancel()
        await asyncio.gather(task, watch, return_exceptions=True)
    if task.cancelled():
        raise _Disconnected
    task.result()  # re-raise what the handler raised


async def _send_raw(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [*headers, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def _send_json(send: Send, status: int, body: bytes) -> None:
    await _send_raw(send, status, [(b"content-type", b"application/json")], body)


def _check_tools(tools: list[Any]) -> None:
    """Raise like ``recover`` does on malformed tool definitions (before anything is forwarded)."""
    for name, schema in normalize_tools(tools).items():
        check_schema(name, schema)


def create_app(upstream: str, *, reasoning: ReasoningMode = "ignore",
               timeout: float = DEFAULT_TIMEOUT) -> Starlette:
    """The proxy as an ASGI app (Starlette): ``GET /leakcall/stats``, everything else forwarded to
    ``upstream`` (the server's root, e.g. ``http://localhost:8000``; a trailing ``/v1`` is fine)."""
    # The serve extra is imported here, not at module level: ``leakcall`` works without it.
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

    class App(Starlette):
        """Starlette for the stats route and the lifespan; every other HTTP request goes straight
        to the proxy, which answers its own errors (no per-message middleware on the hot path)."""

        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "http" and scope["path"] != STATS_PATH:
                await proxy(scope, receive, send)
            else:
                await super().__call__(scope, receive, send)

    app = App(routes=[Route(STATS_PATH, stats_endpoint, methods=["GET"])], lifespan=lifespan)
    app.state.stats = stats
    return app


# --- command line ----------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``leakcall`` command's subparsers (``argparse`` ``add_subparsers()``)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run an OpenAI-compatible repair proxy in front of an endpoint",
        description="Forward every request to --upstream; repair leaked tool calls in the responses "
                    "of POST /v1/chat/completions that advertise tools. Clients use "
                    "http://HOST:PORT/v1 as their base URL.")
    _add_arguments(p)
    p.set_defaults(fn=run)
    return p


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--upstream", required=True,
                   help="the upstream server's root URL, e.g. http://localhost:8000 (a trailing /v1 "
                        "is fine)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8089, help="port to listen on (default 8089)")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore",
                   help="recover calls found only inside a reasoning block (default: ignore)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                   help=f"seconds to wait for the upstream per read (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help="level of the JSON decision log and of the server's own log")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (``leakcall serve``); returns the exit code."""
    try:
        import uvicorn
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise SystemExit(f"leakcall serve needs the serve extra: pip install 'leakcall[serve]' ({e})") \
            from None
    try:
        app = create_app(args.upstream, reasoning=args.reasoning, timeout=args.timeout)
    except ValueError as e:
        raise SystemExit(f"leakcall serve: {e}") from None
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.propagate = False
    log.setLevel(args.log_level.upper())
    # A client's idle connection is kept longer than clients usually keep one (httpx: 5 s), so that
    # the server does not close a connection that a client is about to reuse.
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, access_log=False,
                timeout_keep_alive=75, timeout_graceful_shutdown=5)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m leakcall.serve --upstream URL ...`` (the same options as ``leakcall serve``)."""
    ap = argparse.ArgumentParser(prog="leakcall serve", description=__doc__.split("\n\n")[0])
    _add_arguments(ap)
    return run(ap.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
