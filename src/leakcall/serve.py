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
not JSON or a path with a dot segment, 408 for a body that arrives too slowly, 413 for one that is
too large, 502 when the upstream cannot be reached, 504 when it times out. A client that
disconnects cancels its upstream request; a request is never sent upstream twice. Every repair
and refusal is logged as one JSON line (logger ``leakcall.serve``, on stderr) with its reason
code; ``GET /leakcall/stats`` returns the counts. Keys, probes, metrics, the access log and the
app factory (``leakcall.serve:app``) are the outer layer in ``leakcall.ops``.

Bounded (``Limits``): JSON parsing, tool checks and repairs run in worker threads (large
non-streamed replies in worker processes), never on the event loop for long, within a
per-request deadline; a reply that cannot be read (not JSON, too deep, too large) or repaired in
time is relayed as the upstream sent it. SSE is decoded as the spec says (CR, LF, CRLF; ``id:``,
``event:``, ``retry:``, comments; multi-line ``data:``); when a stream cannot be repaired any more,
the text held back is released unrepaired first, then the rest passes as received.

Starlette, uvicorn and httpx (the ``serve`` extra) are imported only when the app is built or run,
so ``import leakcall`` and the other commands work without them.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import logging
import os
import re
import ssl
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal, TypeVar
from urllib.parse import unquote, urlsplit

from ._transport import route_for as wire_route_for  # /responses and /messages too
from ._wire import request_salt
from .anthropic import repair_message
from .openai import _choice0, _StreamRepair, _structured, repair_completion, repair_response
from .pipeline import MAX_TEXT_CHARS
from .recoverer import recoverer_for
from .result import Recovery

if TYPE_CHECKING:  # the serve extra; imported at run time only where used
    import httpx
    from starlette.applications import Starlette
    from starlette.types import Message, Receive, Scope, Send

__all__ = ["DEFAULT_TIMEOUT", "STATS_PATH", "Limits", "SSEDecoder", "SSEEvent", "Stats", "add_parser",
           "create_app", "id_salt_for", "main", "redact", "run", "safe_path", "upstream_url"]

ReasoningMode = Literal["ignore", "recover"]

STATS_PATH = "/leakcall/stats"
"""``GET`` here returns the proxy's counters as JSON (this process's); it is not forwarded, nor
are ``/leakcall/health``, ``/leakcall/ready`` and ``/leakcall/metrics`` (``leakcall.ops``)."""

DEFAULT_TIMEOUT = 600.0
"""Seconds the proxy waits for the upstream: per read (so between two streamed chunks), per write
and for a pooled connection. Connecting is bounded by ``min(10, timeout)``."""

log = logging.getLogger("leakcall.serve")

T = TypeVar("T")

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """The proxy's bounds (``leakcall serve`` flags of the same names; ``max_body_bytes`` is
    ``--max-body``)."""

    max_body_bytes: int = 32 * MiB
    """A request body larger than this is answered 413 and not forwarded."""
    body_timeout: float = 60.0
    """Seconds to receive a request body (after its headers); past it: 408, not forwarded."""
    max_response_bytes: int = 32 * MiB
    """A non-streamed reply larger than this is relayed unrepaired (it is not buffered)."""
    max_sse_event_bytes: int = 1 * MiB
    """An SSE event (its line included) longer than this ends repairing: relayed as received."""
    max_held_chars: int = MAX_TEXT_CHARS
    """Characters a stream repair may hold back; past it the held text is released unrepaired."""
    repair_deadline: float = 20.0
    """Seconds of repair work (request check and response repair, in worker threads) per
    request; past it the reply is relayed unrepaired."""
    repair_threads: int = 4
    """Worker threads for repairs and tool checks (the event loop never runs them)."""
    repair_processes: int = 2
    """Worker processes for non-streamed replies over 256 KiB (started on first use)."""

    def __post_init__(self) -> None:
        for name in ("max_body_bytes", "max_response_bytes", "max_sse_event_bytes", "max_held_chars",
                     "repair_threads", "repair_processes"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 1:
                raise ValueError(f"{name} must be a positive integer")
        for name in ("body_timeout", "repair_deadline"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive")

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


def safe_path(target: str) -> bool:
    """False when a segment of the request path (as sent, percent-escapes included) is a dot
    segment once decoded, however often it was escaped (``..``, ``%2e%2e``, ``%252e.``), or holds
    one behind an escaped slash or a backslash (``..%2fx``): such a path could leave the
    upstream's base path, at the HTTP client (which resolves dot segments) or at the upstream.

    >>> safe_path("/v1/models/org%2Fname"), safe_path("/v1/../admin"), safe_path("/%2e%2E/x")
    (True, False, False)
    """
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


def _error_body(status: int, message: str, code: str) -> bytes:
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


def _forward_headers(headers: Iterable[tuple[bytes, bytes]], *, identity: bool,
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


def _response_headers(headers: Iterable[tuple[str, str]], *, rewritten: bool) -> list[tuple[bytes, bytes]]:
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


# --- server-sent events ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SSEEvent:
    """One event as the SSE spec frames it (WHATWG HTML, "Parsing an event stream").

    ``raw`` is every byte received for it, up to and including its terminating blank line, so that
    the events of a stream joined give back the stream. ``lines`` are its lines without their line
    ends (a leading BOM removed); ``data`` the ``data:`` values joined with LF, or None when it has
    no ``data`` field (a client dispatches nothing for it: comments, ``id:``/``retry:`` only).
    """

    raw: bytes
    lines: tuple[bytes, ...]
    data: bytes | None


_EOL = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"


def _field(line: bytes) -> tuple[bytes, bytes]:
    """(field name, value) of a line; a comment's name is empty."""
    if line.startswith(b":"):
        return b"", line[1:]
    name, colon, value = line.partition(b":")
    return name, (value[1:] if colon and value.startswith(b" ") else value)


class SSEDecoder:
    """Incremental, conformant SSE framing: bytes in, complete events out.

    Lines end in CRLF, LF or CR (a CRLF cut between two reads is one line end). An event ends at
    a blank line; a stream that ends without one leaves its unfinished event undispatched (as the
    spec says), available with ``take_raw``. Linear in the bytes received, however they are cut.
    An unfinished event longer than ``max_event_bytes`` sets ``overflow``: the caller stops
    decoding and relays ``take_raw()`` and the rest of the stream as received.
    """

    def __init__(self, max_event_bytes: int) -> None:
        self.max_event_bytes = max_event_bytes
        self.overflow = False
        self._line = bytearray()  # the current line, not yet ended
        self._raw: list[bytes] = []  # raw bytes of the current event's ended lines
        self._size = 0  # len of the above joined
        self._lines: list[bytes] = []
        self._cr = False  # the last line ended in a CR that ended the data: an LF may follow
        self._first = True  # no line ended yet (a BOM may open the stream)

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        if self.overflow:
            raise RuntimeError("feed() after overflow")
        if self._cr and chunk:
            self._cr = False
            if chunk.startswith(b"\n"):  # the second half of a CRLF: no line of its own
                self._raw.append(b"\n")  # kept in order (it may open the next event's bytes)
                self._size += 1
                chunk = chunk[1:]
        out: list[SSEEvent] = []
        if b"\n" not in chunk and b"\r" not in chunk:
            self._line += chunk
        else:
            data = bytes(self._line) + chunk if self._line else chunk
            self._line = bytearray()
            pos = 0
            for m in _EOL.finditer(data):
                self._end_line(data[pos : m.start()], data[pos : m.end()], out)
                pos = m.end()
                if self._size > self.max_event_bytes:  # even when it arrived whole
                    break
            self._cr = pos == len(data) and data.endswith(b"\r")
            self._line += data[pos:]
        if self._size + len(self._line) > self.max_event_bytes:
            self.overflow = True
        return out

    def _end_line(self, line: bytes, raw: bytes, out: list[SSEEvent]) -> None:
        if self._first:
            self._first = False
            if line.startswith(_BOM):
                line = line[len(_BOM) :]
        self._raw.append(raw)
        self._size += len(raw)
        if line:
            self._lines.append(line)
            return
        lines = tuple(self._lines)
        data = [v for k, v in map(_field, lines) if k == b"data"]
        out.append(SSEEvent(b"".join(self._raw), lines, b"\n".join(data) if data else None))
        self._raw, self._lines, self._size = [], [], 0

    def take_raw(self) -> bytes:
        """The bytes of the unfinished event (the decoder is empty afterwards)."""
        raw = b"".join(self._raw) + bytes(self._line)
        self._raw, self._lines, self._line, self._size = [], [], bytearray(), 0
        return raw


def _dumps(obj: Any) -> bytes:
    """Compact JSON; escapes only when the text holds lone surrogates (not encodable as UTF-8)."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode()
    except UnicodeEncodeError:
        return json.dumps(obj, separators=(",", ":")).encode()


def _sse(chunk: Mapping[str, Any]) -> bytes:
    return b"data: " + _dumps(chunk) + b"\n\n"


def _sse_like(ev: SSEEvent, chunks: list[dict[str, Any]]) -> bytes:
    """``chunks`` (what one event's chunk became) as events keeping the event's other fields: its
    ``event:`` type on each, comments, ``retry:`` and unknown fields on the first, ``id:`` on the
    last (the last event id is that of the last event sent for it)."""
    named = [ln for ln in ev.lines if _field(ln)[0] == b"event"]
    ids = [ln for ln in ev.lines if _field(ln)[0] == b"id"]
    others = [ln for ln in ev.lines if _field(ln)[0] not in (b"event", b"id", b"data")]
    out: list[bytes] = []
    for i, chunk in enumerate(chunks):
        lines = [*(others if i == 0 else ()), *named, *(ids if i == len(chunks) - 1 else ())]
        out += [ln + b"\n" for ln in lines]
        out.append(_sse(chunk))
    return b"".join(out)


def _read_chunk(data: bytes) -> dict[str, Any] | None:
    """The Chat Completions chunk an event's data holds, or None when it holds none (not UTF-8,
    not JSON, nested past the parser's depth limit, an integer past its digit limit, not an
    object with a ``choices`` list)."""
    try:
        chunk = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return chunk if isinstance(chunk, dict) and isinstance(chunk.get("choices"), list) else None


@dataclass(frozen=True)
class _Held:
    """What a stream repair holds back, as of the end of its last batch (immutable: the event
    loop may release it while a worker thread goes on with the next batch)."""

    pieces: list[str]  # append-only while live; replaced, never cleared
    count: int  # how many of ``pieces`` had been received
    released: int  # characters of them already sent
    template: dict[str, Any] | None  # the last chunk that held choice 0

    def release(self) -> bytes:
        """The held text as one content chunk (b"" when nothing is held)."""
        text = "".join(self.pieces[: self.count])[self.released :]
        if not text:
            return b""
        t = self.template or {}
        chunk = {k: (None if k == "usage" else v) for k, v in t.items() if k != "choices"}
        chunk["choices"] = [{"index": 0, "delta": {"content": text}, "logprobs": None,
                             "finish_reason": None}]
        return _sse(chunk)


_NOTHING_HELD = _Held([], 0, 0, None)


class _StreamRewriter:
    """The repair of one SSE response, one batch of events at a time (``run``: synchronous, meant
    for a worker thread; never raises).

    Events that carry a chunk go through the OpenAI stream adapter, whatever other fields they
    have. Events without data pass as received. Repairing stops for good (``stopped`` names why),
    after the held text is released as one unrepaired content chunk, when an event holds data
    that is not a chunk, when the text held back passes ``max_held`` characters or the reply
    passes ``MAX_TEXT_CHARS`` (it cannot be recovered any more), or on an internal error; every
    later event passes as received. ``held`` is what would be released at the end of the last
    batch, for a caller that gives up waiting on a batch.
    """

    def __init__(self, repair: _Repair, reasoning: ReasoningMode, max_held: int,
                 on_recovery: Callable[[Recovery], None]) -> None:
        self._state: _StreamRepair | None = _StreamRepair(
            repair.tools, repair.salt, reasoning, None, on_recovery)
        self._max_held = max_held
        self._pieces: list[str] = []  # choice 0's content received while live
        self._received = 0
        self._released = 0
        self._template: dict[str, Any] | None = None
        self.finished = False  # choice 0 ended (finish_reason, structured calls or [DONE])
        self.stopped: str | None = None
        self.error: BaseException | None = None
        self.held = _NOTHING_HELD

    @property
    def done(self) -> bool:
        """Nothing more to repair: every later event passes as received."""
        return self.finished or self.stopped is not None

    def light(self, events: list[SSEEvent]) -> bool:
        """True when the batch is cheaper on the event loop than a hop to a worker thread: a short
        reply so far and little new data (the work is linear in the new data, and a finish then
        decides on a short text)."""
        return (self._received <= _INLINE_REPLY_CHARS
                and sum(len(ev.data or b"") for ev in events) <= _INLINE_BATCH_BYTES)

    def run(self, events: list[SSEEvent], end: bool = False) -> bytes:
        """The bytes to send for ``events``; with ``end``, the source ended (or broke) after them
        without ``[DONE]``: a reply still live was cut, its held text is released."""
        out: list[bytes] = []
        for ev in events:
            if self.done or ev.data is None:
                out.append(ev.raw)
                continue
            try:
                out.append(self._event(ev))
            except Exception as e:  # a bug must not cost the client its reply
                self.error = e
                out += [self._stop("internal"), ev.raw]
        if end and not self.done:
            try:
                out.append(self._finish())
            except Exception as e:
                self.error = e
                out.append(self._stop("internal"))
        self.held = self._snapshot()
        return b"".join(out)

    def stop(self, why: str) -> bytes:
        """Stop repairing now (the caller relays the rest as received); the held text."""
        out = b"" if self.done else self._stop(why)
        self.held = self._snapshot()
        return out

    def _snapshot(self) -> _Held:
        if self.done:
            return _NOTHING_HELD
        return _Held(self._pieces, len(self._pieces), self._released, self._template)

    def _finish(self) -> bytes:
        assert self._state is not None
        outs = self._state.finish()
        self.finished, self._pieces = True, []
        return b"".join(map(_sse, outs))

    def _event(self, ev: SSEEvent) -> bytes:
        assert ev.data is not None and self._state is not None
        if ev.data.strip() == b"[DONE]":
            return self._finish() + ev.raw
        chunk = _read_chunk(ev.data)
        if chunk is None:
            return self._stop("sse_not_a_chunk") + ev.raw
        outs = self._state.push(chunk)
        unchanged = len(outs) == 1 and (outs[0] is chunk or outs[0] == chunk)
        encoded = ev.raw if unchanged else _sse_like(ev, outs)  # unchanged: the upstream's bytes
        return encoded + self._account(chunk, outs)

    def _account(self, chunk: dict[str, Any], outs: list[dict[str, Any]]) -> bytes:
        """Follow choice 0's text in and out (as the adapter does); stop past the limits."""
        pos = _choice0(chunk["choices"])
        if pos is None:
            return b""
        choice = chunk["choices"][pos]
        delta = choice.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        if _structured(delta) or choice.get("finish_reason") is not None:
            self.finished, self._pieces = True, []
            return b""
        content = delta.get("content")
        if isinstance(content, str) and content:
            self._pieces.append(content)
            self._received += len(content)
        self._template = chunk
        for out in outs:
            i = _choice0(out.get("choices"))
            d = out["choices"][i].get("delta") if i is not None else None
            if isinstance(d, dict) and isinstance(d.get("content"), str):
                self._released += len(d["content"])
        if self._received > MAX_TEXT_CHARS:
            return self._stop("too_large")
        if self._received - self._released > self._max_held:
            return self._stop("hold_limit")
        return b""

    def _stop(self, why: str) -> bytes:
        out = self._snapshot().release()
        self.stopped, self._state, self._pieces = why, None, []
        return out


# Below these, a stream's batch is handled on the event loop (a hop to a worker costs ~0.1 ms,
# more than the work, which is linear in the new data; the final decision on a reply this short
# is quick). A non-streamed reply past _PROCESS_REPLY_BYTES is repaired in a worker process.
_INLINE_REPLY_CHARS = 8 * 1024
_INLINE_BATCH_BYTES = 8 * 1024
_PROCESS_REPLY_BYTES = 256 * 1024


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
    """bad_request_json, bad_tools, bad_path, body_too_large, body_timeout, upstream_unreachable,
    upstream_no_answer (closed without answering; never replayed),
    upstream_timeout, upstream_broken, upstream_status_<code>, client_disconnect, internal."""
    passthrough: Counter[str] = field(default_factory=Counter)
    """Repairs given up, per reason: request_unreadable, upstream_not_json, response_too_large,
    repair_deadline, sse_not_a_chunk, sse_event_too_large, hold_limit, too_large, internal."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "uptime_s": round(time.time() - self.started, 3),
            "requests": dict(self.requests),
            "reasons": dict(self.reasons),
            "recovered_calls": self.recovered_calls,
            "errors": dict(self.errors),
            "passthrough": dict(self.passthrough),
        }


def _why(e: BaseException) -> str:
    """An exception and its causes, for a log line (httpx errors often have an empty message)."""
    parts: list[str] = []
    seen: BaseException | None = e
    while seen is not None and len(parts) < 4:
        parts.append(repr(seen))
        seen = seen.__cause__ or seen.__context__
    return " <- ".join(parts)


_observer: Callable[[str, dict[str, Any]], None] | None = None
"""Sees every event logged (whatever the level): ``leakcall.ops`` counts metrics with it."""


def _now() -> str:
    """UTC time stamp of a log line (ISO 8601, milliseconds)."""
    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


def _log(event: str, *, level: int = logging.INFO, **fields: Any) -> None:
    """One JSON line with a time stamp; URLs in it lose their userinfo."""
    if _observer is not None:
        _observer(event, fields)
    if log.isEnabledFor(level):
        log.log(level, redact(json.dumps({"ts": _now(), "event": event, **fields}, ensure_ascii=False,
                                         default=str)))


def _log_exception(rid: str, e: BaseException) -> None:
    _log("error", level=logging.ERROR, reason="internal", request=rid, detail=_why(e),
         traceback="".join(traceback.format_exception(e)))


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


@dataclass(frozen=True)
class _Prepared:
    """What the request check found: a repair, or why there is none (a 400, or a passthrough)."""

    repair: _Repair | None = None
    bad_json: str | None = None  # the body is not JSON: answered 400
    passthrough: str | None = None  # forwarded unrepaired: request_unreadable, bad_tools
    detail: str = ""
    model: str | None = None  # the request's "model", for the logs


def _parse_int(digits: str) -> int | Decimal:
    # Python refuses to convert an integer string of more than 4300 digits (a guard against
    # quadratic conversion); such an integer is still valid JSON: kept exactly as a Decimal.
    return int(digits) if len(digits) <= 4000 else Decimal(digits)


def _prepare(body: bytes, reasoning: ReasoningMode, route: str = "chat_completions") -> _Prepared:
    """Parse a repairable request (``route``: chat_completions, responses or messages) and check
    its tools (in a worker thread: a large schema's check takes seconds). Never raises."""
    try:
        payload = json.loads(body, parse_int=_parse_int)
    except RecursionError:  # valid or not, nested past the parser's limit: not ours to judge
        return _Prepared(passthrough="request_unreadable", detail="nested too deep to parse")
    except ValueError as e:  # UnicodeDecodeError is a ValueError
        return _Prepared(bad_json=str(e))
    if not isinstance(payload, dict):
        return _Prepared()
    model = payload.get("model") if isinstance(payload.get("model"), str) else None
    tools = payload.get("tools")
    if not isinstance(tools, list) or not tools or payload.get("tool_choice") in (
            "none", {"type": "none"}):
        return _Prepared(model=model)
    try:
        recoverer_for(tools, reasoning=reasoning)  # checks the tools once; cached by content
        salt = id_salt_for(payload) if route == "chat_completions" else request_salt(payload)
    except Exception as e:  # malformed, too deep, not JSON: the upstream will judge; no repair
        return _Prepared(passthrough="bad_tools", detail=f"{type(e).__name__}: {e}", model=model)
    return _Prepared(repair=_Repair(tools=tools, salt=salt, stream=payload.get("stream") is True,
                                    route=route), model=model)


@dataclass
class _Budget:
    """Seconds of worker time a request may still wait for."""

    left: float


class _Deadline(Exception):
    """A request's repair budget ran out."""


class _Proxy:
    """The catch-all ASGI endpoint: forward, and repair chat completions that advertise tools.

    All parsing and repairing of JSON runs in worker threads (``Limits.repair_threads``), bounded
    per request by ``Limits.repair_deadline``: the event loop only moves bytes, so one costly
    reply cannot stall the other clients."""

    def __init__(self, upstream: str, reasoning: ReasoningMode, timeout: float, stats: Stats,
                 limits: Limits | None = None) -> None:
        self.upstream = upstream
        self.shown_upstream = redact(upstream)
        self.reasoning: ReasoningMode = reasoning
        self.timeout = timeout
        self.stats = stats
        self.limits = limits or Limits()
        self.clients: list[httpx.AsyncClient] = []
        self._pool: ThreadPoolExecutor | None = None
        self._procs: ProcessPoolExecutor | None = None
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
        self._connect_error: type[Exception] = httpx.ConnectError
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
        self._pool = ThreadPoolExecutor(self.limits.repair_threads,
                                        thread_name_prefix="leakcall-repair")

    async def close(self) -> None:
        clients, self.clients = self.clients, []
        for client in clients:
            await client.aclose()
        procs = self._procs
        # Worker processes are ended, not waited for (uvicorn may exit without running atexit
        # hooks, which would leave them behind); work past its deadline is not waited for.
        workers = list((getattr(procs, "_processes", None) or {}).values())
        for pool in (self._pool, procs):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        self._pool = self._procs = None

    def _client(self) -> httpx.AsyncClient:
        if not self.clients:
            raise RuntimeError("the app's lifespan did not run: no upstream client")
        self._turn = (self._turn + 1) % len(self.clients)
        return self.clients[self._turn]

    async def _work(self, budget: _Budget, fn: Callable[..., T], *args: Any,
                    process: bool = False) -> T:
        """``fn(*args)`` in a worker thread (or, with ``process``, a worker process: a long
        C-level step there, such as one JSON or regex call over megabytes, cannot hold this
        process's interpreter lock); _Deadline when the request's budget runs out first (the
        worker finishes on its own; its result is dropped)."""
        if self._pool is None:
            raise RuntimeError("the app's lifespan did not run: no worker pool")
        if budget.left <= 0:
            raise _Deadline
        pool: Executor = self._pool
        if process:
            if self._procs is None:  # started on first use: most deployments never need it
                import multiprocessing

                self._procs = ProcessPoolExecutor(
                    self.limits.repair_processes, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_exit_with_parent, initargs=(os.getpid(),))
            pool = self._procs
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        try:
            return await asyncio.wait_for(loop.run_in_executor(pool, fn, *args), budget.left)
        except TimeoutError:
            raise _Deadline from None
        finally:
            budget.left -= loop.time() - t0

    def _gave_up(self, why: str, rid: str, **fields: Any) -> None:
        self.stats.passthrough[why] += 1
        _log("passthrough", reason=why, request=rid, **fields)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - only HTTP is proxied
            return
        rid = scope.get("leakcall.request_id") or f"{time.time_ns():x}{id(scope) & 0xFFFF:04x}"
        sent = _SendTracker(send)
        try:
            body = await self._body(scope, receive, sent, rid)
            if body is not None:
                await _cancel_on_disconnect(receive, self._handle(scope, body, sent, rid), sent)
        except _Disconnected:
            self.stats.errors["client_disconnect"] += 1
            _log("client_disconnect", request=rid, path=scope["path"])
        except Exception as e:  # nothing may take the server down; the client gets a 500
            self.stats.errors["internal"] += 1
            _log_exception(rid, e)
            if not sent.started:
                await _send_json(sent, 500, _error_body(
                    500, f"leakcall: internal error: {e!r}", "leakcall_internal_error"))

    async def _body(self, scope: Scope, receive: Receive, send: Send, rid: str) -> bytes | None:
        """The request body, or None after answering 413 (too large) or 408 (too slow)."""
        cap = self.limits.max_body_bytes
        declared = next((v for k, v in scope["headers"] if k.lower() == b"content-length"), None)
        too_large = declared is not None and declared.strip().isdigit() and int(declared) > cap
        if not too_large:
            try:
                async with asyncio.timeout(self.limits.body_timeout):
                    body = await _read_body(receive, cap)
            except TimeoutError:
                self.stats.errors["body_timeout"] += 1
                _log("error", reason="body_timeout", request=rid, path=scope["path"])
                await _send_json(send, 408, _error_body(
                    408, f"leakcall: the request body did not arrive within "
                    f"{self.limits.body_timeout:g} s", "leakcall_body_timeout"))
                return None
            if body is not None:
                return body
        self.stats.errors["body_too_large"] += 1
        _log("error", reason="body_too_large", request=rid, path=scope["path"], limit=cap)
        await _send_json(send, 413, _error_body(
            413, f"leakcall: the request body is larger than {cap} bytes (--max-body)",
            "leakcall_body_too_large"))
        return None

    async def _handle(self, scope: Scope, body: bytes, send: Send, rid: str) -> None:
        method: str = scope["method"]
        path: str = scope["path"]
        raw_path = scope.get("raw_path")  # as sent: percent-escapes kept
        target = raw_path.decode("latin-1").partition("?")[0] if raw_path else path
        query = scope.get("query_string", b"").decode("latin-1")
        self.stats.requests["total"] += 1
        if not safe_path(target):
            self.stats.errors["bad_path"] += 1
            _log("error", reason="bad_path", request=rid, path=target)
            await _send_json(send, 400, _error_body(
                400, "leakcall: the request path holds a dot segment ('.' or '..')",
                "leakcall_bad_path"))
            return
        repair: _Repair | None = None
        budget = _Budget(self.limits.repair_deadline)
        wire = wire_route_for(method, path)
        if wire is not None:
            self.stats.requests[wire.name] += 1
            try:
                prep = await self._work(budget, _prepare, body, self.reasoning, wire.name)
            except _Deadline:
                prep = _Prepared(passthrough="repair_deadline", detail="request check")
            _log("received", level=logging.DEBUG, request=rid, model=prep.model)
            if prep.bad_json is not None:
                self.stats.errors["bad_request_json"] += 1
                _log("error", reason="bad_request_json", request=rid, path=path, detail=prep.bad_json)
                await _send_json(send, 400, _error_body(
                    400, f"leakcall: the request body is not valid JSON ({prep.bad_json})",
                    "leakcall_bad_json"))
                return
            if prep.passthrough == "bad_tools":
                self.stats.errors["bad_tools"] += 1
                _log("passthrough", reason="bad_tools", request=rid, detail=prep.detail)
            elif prep.passthrough is not None:
                self._gave_up(prep.passthrough, rid, detail=prep.detail)
            repair = prep.repair
        self.stats.requests["passthrough" if repair is None else "repairable"] += 1
        url = upstream_url(self.upstream, target, query)
        client = scope.get("client")
        headers = _forward_headers(scope["headers"], identity=repair is not None,
                                   client=client[0] if client else None,
                                   scheme=scope.get("scheme", "http"))
        await self._forward(method, url, headers=headers, body=body, repair=repair, send=send,
                            rid=rid, budget=budget)

    async def _forward(self, method: str, url: str, *, headers: list[tuple[str, str]], body: bytes,
                       repair: _Repair | None, send: Send, rid: str, budget: _Budget) -> None:
        try:
            resp = await self._send_upstream(method, url, headers, body, rid)
        except self._timeout_error as e:
            self.stats.errors["upstream_timeout"] += 1
            _log("error", reason="upstream_timeout", request=rid, url=url, detail=_why(e))
            what = ("accept the connection" if "Connect" in type(e).__name__ else "answer")
            await _send_json(send, 504, _error_body(
                504, f"leakcall: the upstream {self.shown_upstream} did not {what} in time "
                f"({type(e).__name__}; --timeout {self.timeout:g} s)", "leakcall_upstream_timeout"))
            return
        except self._http_error as e:
            reason, message = _upstream_failure(e, self.shown_upstream, self._connect_error)
            self.stats.errors[reason] += 1
            _log("error", reason=reason, request=rid, url=url, detail=_why(e))
            await _send_json(send, 502, _error_body(502, message, f"leakcall_{reason}"))
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
                await self._repair_stream(resp, repair, send, rid, budget)
            elif not repair.stream and "json" in ctype:
                await self._repair_json(resp, repair, send, rid, budget)
            else:
                _log("passthrough", reason="content_type", content_type=ctype, request=rid)
                await self._relay(resp, send, rid)
        finally:
            await resp.aclose()

    async def _send_upstream(self, method: str, url: str, headers: list[tuple[str, str]], body: bytes,
                             rid: str) -> httpx.Response:
        """Send the request and wait for the response head. Never sent twice: a connection that
        fails after the request was (maybe partly) written may have reached the upstream, and a
        replay could run it twice (the client decides whether to retry)."""
        client = self._client()
        req = client.build_request(method, url, headers=headers, content=body)
        return await client.send(req, stream=True)

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

    async def _repair_json(self, resp: httpx.Response, repair: _Repair, send: Send, rid: str,
                           budget: _Budget) -> None:
        cap = self.limits.max_response_bytes
        declared = resp.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > cap:
            self._gave_up("response_too_large", rid, limit=cap)
            await self._relay(resp, send, rid)
            return
        headers = _response_headers(resp.headers.multi_items(), rewritten=True)
        own_type = (b"content-type", resp.headers.get("content-type", "").encode("latin-1"))
        parts: list[bytes] = []
        size = 0
        try:
            stream = resp.aiter_bytes()  # decoded (content-encoding), like the rewritten headers
            async for part in stream:
                parts.append(part)
                size += len(part)
                if size > cap:  # relay what came and the rest as it comes, unrepaired
                    self._gave_up("response_too_large", rid, limit=cap)
                    await send({"type": "http.response.start", "status": resp.status_code,
                                "headers": [*headers, own_type]})
                    await send({"type": "http.response.body", "body": b"".join(parts),
                                "more_body": True})
                    try:
                        async for more in stream:
                            await send({"type": "http.response.body", "body": more,
                                        "more_body": True})
                    except self._http_error as e:
                        self._upstream_broke(e, rid)
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
        except self._http_error as e:
            reason = self._upstream_broke(e, rid)
            status = 504 if reason == "upstream_timeout" else 502
            await _send_json(send, status, _error_body(
                status, f"leakcall: the upstream response was cut short ({type(e).__name__})",
                f"leakcall_{reason}"))
            return
        raw = b"".join(parts)
        del parts
        try:
            fixed, seen, why, bug = await self._work(
                budget, _repair_body, raw, repair, self.reasoning,
                process=len(raw) > _PROCESS_REPLY_BYTES)
        except _Deadline:
            fixed, seen, why, bug = None, [], "repair_deadline", None
        except BrokenProcessPool as e:  # a worker process died (killed, out of memory)
            self._procs = None
            fixed, seen, why, bug = None, [], "internal", _why(e)
        if bug is not None:  # a bug must not cost the client its reply
            self.stats.errors["internal"] += 1
            _log("error", level=logging.ERROR, reason="internal", request=rid, detail=bug)
        if why is not None:
            self._gave_up(why, rid, stream=False)
        else:
            self._record(seen, rid, stream=False)
        if fixed is None:  # nothing recovered: the upstream's bytes, unchanged
            await _send_raw(send, resp.status_code, [*headers, own_type], raw)
            return
        await _send_raw(send, 200, [*headers, (b"content-type", b"application/json")], fixed)

    async def _repair_stream(self, resp: httpx.Response, repair: _Repair, send: Send, rid: str,
                             budget: _Budget) -> None:
        job = _StreamJob(self, repair, send, rid, budget)
        headers = _response_headers(resp.headers.multi_items(), rewritten=True)
        headers += [(b"content-type", b"text/event-stream; charset=utf-8"),
                    *((k.encode(), v.encode()) for k, v in _SSE_HEADERS.items())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        error: str | None = None
        try:
            try:
                async for raw in resp.aiter_bytes():
                    await job.feed(raw)
            except self._http_error as e:
                error = self._upstream_broke(e, rid)
            await job.end(error)
        finally:  # a client that hangs up once it has read [DONE] was still sent the decision
            job.settle()
        if error is not None:
            status = 504 if error == "upstream_timeout" else 502
            await job.body(b"data: " + _error_body(
                status, "leakcall: the upstream stream was cut short", f"leakcall_{error}") + b"\n\n")
        await job.body(b"", more=False)

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
                 rule=rec.rule, calls=[c.name for c in rec.calls], detail=rec.detail, request=rid,
                 stream=stream)


class _StreamJob:
    """The event-loop side of one SSE repair: decode, hand batches of events to the rewriter (in a
    worker unless light), send what comes back; relay bytes as received once repair is over."""

    def __init__(self, proxy: _Proxy, repair: _Repair, send: Send, rid: str, budget: _Budget) -> None:
        self.proxy, self.send, self.rid, self.budget = proxy, send, rid, budget
        self.decoder = SSEDecoder(proxy.limits.max_sse_event_bytes)
        self.seen: list[Recovery] = []
        self.rewriter = _StreamRewriter(repair, proxy.reasoning, proxy.limits.max_held_chars,
                                        self.seen.append)
        self.relaying = False  # repair is over (done, stopped or given up): bytes pass as received
        self.gave_up = False  # stopped early or past the deadline: no decision to record
        self.recorded = False

    async def body(self, data: bytes, more: bool = True) -> None:
        if data or not more:
            await self.send({"type": "http.response.body", "body": data, "more_body": more})

    def _give_up(self, why: str, **fields: Any) -> None:
        self.relaying = self.gave_up = True
        self.proxy._gave_up(why, self.rid, stream=True, **fields)

    async def feed(self, raw: bytes) -> None:
        if self.relaying:
            await self.body(raw)
            return
        out = await self._rewrite(self.decoder.feed(raw))
        if not self.relaying and self.decoder.overflow:
            self._give_up("sse_event_too_large", limit=self.decoder.max_event_bytes)
            out += self.rewriter.stop("sse_event_too_large")
        if self.relaying:
            out += self.decoder.take_raw()
        await self.body(out)

    async def end(self, error: str | None) -> None:
        """The upstream's stream ended (``error``: broke): release what is held first."""
        if not self.relaying:
            await self.body(await self._rewrite([], end=True))
            # An unfinished last event is not dispatched by a client (the spec): it is passed on
            # as it came, unless an error event follows (it would join that event's lines).
            tail = self.decoder.take_raw()
            await self.body(b"" if error is not None else tail)
        self.settle()

    def settle(self) -> None:
        """Record the decision once: at the end, or when the client left after it was made."""
        if not self.recorded and not self.gave_up and (self.seen or self.rewriter.done):
            self.recorded = True
            self.proxy._record(self.seen, self.rid, stream=True)

    async def _rewrite(self, events: list[SSEEvent], end: bool = False) -> bytes:
        rw = self.rewriter
        if not end and rw.light(events):
            out = rw.run(events)
        else:
            held = rw.held
            try:
                out = await self.proxy._work(self.budget, rw.run, events, end)
            except _Deadline:  # what was held, these events as received, and relay the rest
                self._give_up("repair_deadline")
                return held.release() + b"".join(ev.raw for ev in events)
        if rw.error is not None:
            self.proxy.stats.errors["internal"] += 1
            _log_exception(self.rid, rw.error)
            rw.error = None
        if rw.done:
            self.relaying = True
            if rw.stopped is not None:
                self._give_up(rw.stopped)
        return out


def _exit_with_parent(parent: int) -> None:
    """In a worker process: exit as soon as the proxy is gone (even when it was killed)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="leakcall-parent-watch").start()


def _repair_body(raw: bytes, repair: _Repair, reasoning: ReasoningMode
                 ) -> tuple[bytes | None, list[Recovery], str | None, str | None]:
    """Repair a non-streamed reply (in a worker thread or process). Returns the new body or None
    to send the upstream's bytes; the decisions; why it was not examined (or None); the
    traceback of a bug (the reply then goes out unrepaired)."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, too deep, an integer past the digit limit
        return None, [], "upstream_not_json", None
    if not isinstance(data, dict):
        return None, [], "upstream_not_json", None
    seen: list[Recovery] = []
    try:
        fixed = _ONE_SHOT[repair.route](data, repair.tools, id_salt=repair.salt,
                                        reasoning=reasoning, on_recovery=seen.append)
        return (None if fixed is data else _dumps(fixed)), seen, None, None
    except Exception as e:
        return None, [], "internal", "".join(traceback.format_exception(e))


def _upstream_failure(e: Exception, shown: str, connect_error: type[Exception]) -> tuple[str, str]:
    """(reason code, 502 message) for a request that got no response head from the upstream; the
    message says whether the request may have reached it (it is never replayed)."""
    what = f"{type(e).__name__}: {e or 'no detail'}"
    if isinstance(e, connect_error):
        return "upstream_unreachable", (
            f"leakcall: cannot reach the upstream {shown}: the connection failed ({what}); "
            "the request was not sent")
    return "upstream_no_answer", (
        f"leakcall: the upstream {shown} closed the connection without answering ({what}); "
        "the request may have reached it, so it was not sent again")


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


async def _read_body(receive: Receive, cap: int) -> bytes | None:
    """The request body; None as soon as it passes ``cap`` bytes."""
    parts: list[bytes] = []
    size = 0
    while True:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            raise _Disconnected
        part = msg.get("body", b"")
        size += len(part)
        if size > cap:
            return None
        parts.append(part)
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


def create_app(upstream: str, *, reasoning: ReasoningMode = "ignore",
               timeout: float = DEFAULT_TIMEOUT, limits: Limits | None = None) -> Starlette:
    """The proxy as an ASGI app (Starlette): ``GET /leakcall/stats``, everything else forwarded to
    ``upstream`` (the server's root, e.g. ``http://localhost:8000``; a trailing ``/v1`` is fine).
    ``limits``: the proxy's bounds (``Limits()`` by default)."""
    # The serve extra is imported here, not at module level: ``leakcall`` works without it.
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    if reasoning not in ("ignore", "recover"):
        raise ValueError(f"reasoning must be 'ignore' or 'recover', not {reasoning!r}")
    parts = urlsplit(upstream)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"upstream must be an http(s) URL, not {redact(upstream)!r}")
    if timeout <= 0:
        raise ValueError("timeout must be positive")
    stats = Stats()
    proxy = _Proxy(upstream, reasoning, float(timeout), stats, limits)

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
                    "http://HOST:PORT/v1 as their base URL. Every flag can also be set by the "
                    "variable LEAKCALL_<FLAG> (--max-body: LEAKCALL_MAX_BODY); a flag wins.")
    _add_arguments(p)
    p.set_defaults(fn=run)
    return p


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--upstream",
                   help="the upstream server's root URL, e.g. http://localhost:8000 (a trailing /v1 "
                        "is fine); required")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8089, help="port to listen on (default 8089)")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore",
                   help="recover calls found only inside a reasoning block (default: ignore)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                   help=f"seconds to wait for the upstream per read (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help="level of the JSON decision log and of the server's own log")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes serving requests (default 1); metrics are summed over "
                        "them")
    p.add_argument("--api-key", default=None,
                   help="clients must send this key (Authorization: Bearer KEY or x-api-key: KEY), "
                        "else 401; prefer the LEAKCALL_API_KEY variable (flags show in ps)")
    p.add_argument("--upstream-api-key", default=None,
                   help="key sent to the upstream (Authorization: Bearer, and x-api-key when the "
                        "client sent one) in place of the client's; prefer LEAKCALL_UPSTREAM_API_KEY")
    d = Limits()
    g = p.add_argument_group("limits", "bounds on what one request may cost (see README, Security)")
    g.add_argument("--max-body", dest="max_body_bytes", metavar="BYTES", type=int,
                   default=d.max_body_bytes,
                   help=f"larger request bodies get 413 and are not forwarded (default "
                        f"{d.max_body_bytes})")
    g.add_argument("--body-timeout", type=float, default=d.body_timeout,
                   help=f"seconds to receive a request body, else 408 (default {d.body_timeout:g})")
    g.add_argument("--max-response-bytes", type=int, default=d.max_response_bytes,
                   help="larger non-streamed replies are relayed unrepaired "
                        f"(default {d.max_response_bytes})")
    g.add_argument("--max-sse-event-bytes", type=int, default=d.max_sse_event_bytes,
                   help="a longer SSE event ends repairing; the stream is relayed as received "
                        f"(default {d.max_sse_event_bytes})")
    g.add_argument("--max-held-chars", type=int, default=d.max_held_chars,
                   help="characters a stream repair may hold back before releasing them "
                        f"unrepaired (default {d.max_held_chars})")
    g.add_argument("--repair-deadline", type=float, default=d.repair_deadline,
                   help="seconds of repair work per request; past it the reply is relayed "
                        f"unrepaired (default {d.repair_deadline:g})")
    g.add_argument("--repair-threads", type=int, default=d.repair_threads,
                   help=f"worker threads for repairs (default {d.repair_threads})")
    g.add_argument("--limit-concurrency", type=int, default=None,
                   help="open connections and requests past which new requests get 503 (default: "
                        "half the open-file limit less a margin, at most 1000)")
    g.add_argument("--timeout-keep-alive", type=int, default=DEFAULT_KEEP_ALIVE,
                   help=f"seconds an idle client connection is kept (default {DEFAULT_KEEP_ALIVE})")
    g.add_argument("--max-header-bytes", type=int, default=DEFAULT_MAX_HEADER_BYTES,
                   help="bytes buffered for an unfinished request head; past it: 400 and the "
                        f"connection is closed (default {DEFAULT_MAX_HEADER_BYTES})")
    g.add_argument("--header-timeout", type=float, default=DEFAULT_HEADER_TIMEOUT,
                   help="seconds for a new connection to send its first request head, else it is "
                        f"closed (default {DEFAULT_HEADER_TIMEOUT:g})")
    g.add_argument("--forwarded-allow-ips", default=None,
                   help="front proxies (comma-separated IPs) whose X-Forwarded-For/-Proto are "
                        "trusted for the client address; by default no one's are")
    from .ops import env_defaults

    env_defaults(p)


DEFAULT_KEEP_ALIVE = 30
DEFAULT_HEADER_TIMEOUT = 30.0
SWITCH_INTERVAL = 0.001
DEFAULT_MAX_HEADER_BYTES = 64 * 1024


def default_limit_concurrency() -> int:
    """Half the soft open-file limit less a margin (each request also holds an upstream
    connection), at most 1000 and at least 16."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):  # pragma: no cover - not POSIX
        return 1000
    if soft == resource.RLIM_INFINITY:
        return 1000
    return max(16, min(1000, (soft - 64) // 2))


def _h11_protocol(header_timeout: float) -> Any:
    """uvicorn's h11 protocol, closing a connection that has not sent a complete first request
    head within ``header_timeout`` seconds (uvicorn has no such timeout: idle sockets would hold
    connection slots forever). Plain ``"h11"`` when uvicorn's internals are not as expected."""
    try:
        from uvicorn.protocols.http.h11_impl import H11Protocol
    except ImportError:  # pragma: no cover - another uvicorn
        return "h11"
    if not all(hasattr(H11Protocol, a) for a in ("connection_made", "connection_lost")):
        return "h11"  # pragma: no cover

    class Protocol(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._head_timer = asyncio.get_running_loop().call_later(
                header_timeout, self._head_late)

        def _head_late(self) -> None:
            if getattr(self, "scope", None) is None and not self.transport.is_closing():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            timer = getattr(self, "_head_timer", None)
            if timer is not None:
                timer.cancel()
            super().connection_lost(exc)

    return Protocol


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (``leakcall serve``); returns the exit code."""
    try:
        import uvicorn
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise SystemExit("leakcall serve needs the serve extra: pip install '.[serve]' from a clone, "
                         f"or pip install 'leakcall[serve]' once published ({e})") from None
    from .ops import build_app, export_env, multiprocess_dir, setup_logging

    if args.workers < 1:
        return _misuse("--workers must be a positive integer")
    if args.workers == 1:
        try:
            app: Any = build_app(args)
        except ValueError as e:
            return _misuse(e)
        factory = False
        protocol = _h11_protocol(args.header_timeout)
    else:
        try:  # checked here, once, so that a bad setting does not kill every worker
            build_app(args, check_only=True)
        except ValueError as e:
            return _misuse(e)
        # Each worker builds its app from the environment (the same settings as these flags),
        # and writes its metrics where GET /leakcall/metrics of any worker sums them.
        export_env(args)
        multiprocess_dir()
        app, factory = "leakcall.serve:app", True
        protocol = "leakcall._h11:HeaderTimeoutH11"
    setup_logging(args.log_level)
    concurrency = args.limit_concurrency or default_limit_concurrency()
    # Repairs run in worker threads; the event loop waits for the GIL up to the switch interval
    # at each of its turns: a shorter one keeps the other clients' latency low meanwhile.
    sys.setswitchinterval(SWITCH_INTERVAL)
    # h11 (not httptools) so that the header size limit and timeout apply. A client's idle connection is
    # kept longer than clients usually keep one (httpx: 5 s), so that the server does not close a
    # connection that a client is about to reuse. X-Forwarded-* from the client are not trusted
    # for the client's address unless it is a listed front proxy. The server adds the one
    # ``server`` and ``date`` header (the upstream's are dropped).
    uvicorn.run(app, factory=factory, workers=args.workers if factory else None,
                host=args.host, port=args.port, log_level=args.log_level, access_log=False,
                http=protocol, h11_max_incomplete_event_size=args.max_header_bytes,
                limit_concurrency=concurrency, timeout_keep_alive=args.timeout_keep_alive,
                timeout_graceful_shutdown=5, proxy_headers=bool(args.forwarded_allow_ips),
                forwarded_allow_ips=args.forwarded_allow_ips)
    return 0


def _misuse(problem: object) -> int:
    """A setting that cannot work: one line on stderr, exit status 2."""
    print(f"leakcall serve: {problem}", file=sys.stderr)
    return 2


def app() -> Any:
    """App factory for an ASGI server: ``uvicorn leakcall.serve:app --factory`` (or gunicorn with
    uvicorn workers). Configured by the ``LEAKCALL_*`` environment variables (one per
    ``leakcall serve`` flag); sets up the JSON log."""
    from .ops import app_from_env

    return app_from_env()


def main(argv: list[str] | None = None) -> int:
    """``python -m leakcall.serve --upstream URL ...`` (the same options as ``leakcall serve``)."""
    ap = argparse.ArgumentParser(prog="leakcall serve", description=__doc__.split("\n\n")[0])
    _add_arguments(ap)
    return run(ap.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
