"""The proxy's HTTP/1.1 client to its upstream: an asyncio protocol over one connection at a time,
the response parsed by httptools (llhttp, in C), connections kept alive in a small pool.

Why not httpx: through httpx, httpcore and h11 (pure Python), every upstream read cost the proxy
more CPU than the repair of the events it carried (``benchmarks/bench_serve.py``,
``docs/performance.md``). Here a read is one ``feed_data`` call into C and the body bytes are
handed on as they came, all the bytes buffered since the last read at once.

What it keeps of httpx's behaviour, which the proxy relied on: a request is sent once, never
replayed; the timeout applies per read, per write and (bounded by ``connect_timeout``) to
connecting; idle connections are dropped after ``keepalive_expiry`` seconds (before a server's
usual 5 s keep-alive timeout closes them under a request); redirects are not followed; TLS
upstreams are verified against ``tls``; ``user:password@`` in the URL is sent as basic auth; the
error classes keep httpx's names (``ConnectError``, ``ConnectTimeout``, ``ReadTimeout``,
``RemoteProtocolError``...), which the proxy's messages and logs show. Unlike httpx it adds no
header of its own but ``Host`` and ``Content-Length`` (no ``User-Agent``, ``Accept``,
``Accept-Encoding``): the upstream sees the client's headers.
"""

from __future__ import annotations

import asyncio
import base64
import contextvars
import ssl
import time
import zlib
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import unquote, urlsplit

__all__ = ["ConnectError", "ConnectTimeout", "DecodingError", "Headers", "ReadTimeout",
           "RemoteProtocolError", "Response", "Upstream", "UpstreamError", "UpstreamTimeout",
           "WriteTimeout"]


class UpstreamError(Exception):
    """The upstream request failed (the base of every error here; httpx's ``HTTPError``)."""


class ConnectError(UpstreamError):
    """The connection (TCP or TLS) could not be made: the request was not sent."""


class RemoteProtocolError(UpstreamError):
    """The upstream broke HTTP: closed without answering, or before the body's end."""


class DecodingError(UpstreamError):
    """A content-encoded body could not be decoded."""


class UpstreamTimeout(UpstreamError):
    """A timeout (httpx's ``TimeoutException``)."""


class ConnectTimeout(UpstreamTimeout):
    pass


class ReadTimeout(UpstreamTimeout):
    pass


class WriteTimeout(UpstreamTimeout):
    pass


class Headers:
    """A response's headers in order, names as sent; ``get`` is case-insensitive and joins
    repeated values with ", " (as httpx's)."""

    __slots__ = ("_items",)

    def __init__(self, items: list[tuple[str, str]]) -> None:
        self._items = items

    def get(self, name: str, default: str = "") -> str:
        name = name.lower()
        found = [v for k, v in self._items if k.lower() == name]
        return ", ".join(found) if found else default

    def multi_items(self) -> list[tuple[str, str]]:
        return list(self._items)


_BUFFERED = 256 * 1024
"""Body bytes buffered before the connection stops reading (until the reader takes them)."""


class _Conn(asyncio.Protocol):
    """One upstream connection: its transport and the response now being read on it."""

    def __init__(self, key: tuple[str, str, int]) -> None:
        self.key = key
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.idle_since = 0.0
        self._loop = asyncio.get_running_loop()
        self._parser: Any = None
        self._waiter: asyncio.Future[None] | None = None
        self._can_write: asyncio.Future[None] | None = None
        # the read timeout: one timer per connection, not one per wait (see ``wait``)
        self._deadline = 0.0  # (loop time) when the pending wait times out
        self._error: Callable[[], UpstreamError] = _read_timeout
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0
        self._wait_timeout = 0.0  # the pending wait's timeout (a read taken by ``sink`` renews it)
        self._reset()
        self.on_body: Callable[[bytes], None] = self.chunks.append  # httptools' callback

    def _reset(self) -> None:
        self.status = 0
        self.header_items: list[tuple[str, str]] = []
        self.head_done = False
        self.keep_alive = False
        self.informational = False
        self.chunks: list[bytes] = []
        self.buffered = 0
        self.complete = False
        self.error: UpstreamError | None = None
        self.paused = False
        self.sink: Callable[[bytes], bool] | None = None
        self.sink_context: contextvars.Context | None = None  # the reader's (``Response.pipe``)
        self.sink_error: BaseException | None = None

    # --- asyncio.Protocol ---

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not a subclass

    def data_received(self, data: bytes) -> None:
        if self._parser is None:  # data while idle in the pool: the connection is not reusable
            self.close()
            return
        chunks = self.chunks
        held = len(chunks)
        try:
            self._parser.feed_data(data)
        except Exception as e:  # httptools.HttpParserError, HttpParserUpgrade
            self._fail(RemoteProtocolError(f"the upstream's response is not valid HTTP/1.1: {e}"))
            self.close()
            return
        if len(chunks) > held:  # body bytes came (``on_body``: the list's ``append``)
            self._got(chunks, held)

    def _got(self, chunks: list[bytes], held: int) -> None:
        """After a read that brought body chunks (``chunks[held:]``): counted, reading paused
        past ``_BUFFERED`` bytes, then to ``sink`` or the reader woken. Once per read, not per
        chunk: llhttp calls ``on_body`` once per chunk of a chunked body (an SSE stream: one
        event each), and ``on_body`` is the list's C ``append`` (``start``). Nothing runs
        between the chunks of one ``feed_data`` either way: the reader runs after this callback."""
        self.buffered += len(chunks[held]) if len(chunks) == held + 1 else sum(
            map(len, chunks[held:]))
        if self.buffered > _BUFFERED and not self.paused and self.transport is not None:
            self.paused = True
            self.transport.pause_reading()
        if self.sink is not None:
            self._to_sink()
        else:
            self._wake()

    def _to_sink(self) -> None:
        """The body bytes of this read to ``sink``, here in the read callback, when the reader
        waits for them and nothing is pending before them (so no byte overtakes another, and the
        sink never runs while the reader's own step does); when the sink does not take them (or
        the reader is not waiting), the reader is woken for them as without a sink."""
        w = self._waiter
        sink = self.sink
        if sink is not None and w is not None and not w.done() and self.error is None:
            data = self.take()
            try:  # in the reader's context: what the step logs is the reader's request's
                ctx = self.sink_context
                took = sink(data) if ctx is None else ctx.run(sink, data)
            except BaseException as e:  # the reader raises it (``Response.aiter_raw``)
                self.sink, self.sink_error, took = None, e, True
                w.set_result(None)
            if took:  # a read taken: the wait's timeout runs from now, as for a new wait
                self._deadline = self._loop.time() + self._wait_timeout
                return
            self.chunks.insert(0, data)
            self.buffered += len(data)
        self._wake()

    def eof_received(self) -> bool | None:
        return None  # close the transport: connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._disarm()
        if self._parser is not None and not self.complete:
            if not self.head_done:
                self._fail(RemoteProtocolError("Server disconnected without sending a response."))
            elif self._until_close():
                self.complete = True
            else:
                self._fail(RemoteProtocolError(
                    "peer closed connection without sending complete message body"))
        self._wake()
        if self._can_write is not None and not self._can_write.done():
            self._can_write.set_result(None)

    def pause_writing(self) -> None:
        if self._can_write is None or self._can_write.done():
            self._can_write = self._loop.create_future()

    def resume_writing(self) -> None:
        if self._can_write is not None and not self._can_write.done():
            self._can_write.set_result(None)

    # --- httptools callbacks ---

    def on_header(self, name: bytes, value: bytes) -> None:
        self.header_items.append((name.decode("latin-1"), value.decode("latin-1")))

    def on_headers_complete(self) -> None:
        status = self._parser.get_status_code()
        if 100 <= status < 200 and status != 101:  # informational: the real response follows
            self.header_items = []
            self.informational = True
            return
        self.status = status
        self.head_done = True
        self.keep_alive = bool(self._parser.should_keep_alive())  # llhttp forgets it at the end
        self._wake()

    def on_message_complete(self) -> None:
        if self.informational:
            self.informational = False
            return
        self.complete = True
        self._wake()

    # --- used by Upstream and Response ---

    def start(self, parser: Any) -> None:
        """A new request goes out on this connection (``parser``: httptools' response parser
        class)."""
        self._reset()
        # httptools takes ``on_body`` when the parser is made: each body chunk straight into the
        # list, in C; ``data_received`` counts them and wakes the reader once per read (``_got``)
        self.on_body = self.chunks.append
        self._parser = parser(self)

    def _until_close(self) -> bool:
        """The body is delimited by the connection's close (no length, not chunked)."""
        names = {k.lower(): v.lower() for k, v in self.header_items}
        return ("content-length" not in names and "chunked" not in names.get("transfer-encoding", "")
                and self.status not in (204, 304))

    def _fail(self, error: UpstreamError) -> None:
        if self.error is None:
            self.error = error
        self._wake()

    def _wake(self) -> None:
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    async def wait(self, timeout: float, error: Callable[[], UpstreamError]) -> None:
        """Until the parser says something new, or ``error()`` after ``timeout`` seconds.

        A stream waits once per read: rather than a timer made and cancelled per wait, the
        connection keeps one, armed at the first wait. When it fires before the pending wait's
        deadline (reads came since it was armed) it is armed again for that deadline; a wait
        whose deadline is earlier than the timer's arms it anew."""
        loop = self._loop
        w = self._waiter = loop.create_future()
        self._deadline = deadline = loop.time() + timeout
        self._wait_timeout = timeout
        self._error = error
        if self._timer is None or self._timer_at > deadline:
            self._arm(deadline)
        try:
            await w
        finally:
            self._waiter = None

    def _arm(self, at: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = at
        self._timer = self._loop.call_at(at, self._expire)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self) -> None:
        """The timer fired: the pending wait times out if its deadline passed (within the
        loop clock's millisecond), else the timer waits on for it."""
        self._timer = None
        w = self._waiter
        if w is None or w.done():
            return  # nothing waits: the next wait arms the timer again
        if self._deadline - self._loop.time() > 0.001:
            self._arm(self._deadline)
        else:
            w.set_exception(self._error())

    async def writable(self, timeout: float) -> None:
        w = self._can_write
        if w is not None and not w.done():
            try:
                async with asyncio.timeout(timeout):
                    await w
            except TimeoutError:
                raise WriteTimeout("the upstream did not take the request in time") from None

    def take(self) -> bytes:
        """The body bytes received since the last call, at once."""
        chunks = self.chunks
        data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        chunks.clear()
        self.buffered = 0
        if self.paused and self.transport is not None and not self.closed:
            self.paused = False
            self.transport.resume_reading()
        return data

    def reusable(self) -> bool:
        return self.complete and self.keep_alive and not self.closed and self.error is None

    def idle(self) -> None:
        self._parser = None
        self.idle_since = time.monotonic()
        self._disarm()

    def close(self) -> None:
        self.closed = True
        self._disarm()
        if self.transport is not None:
            self.transport.close()


def _read_timeout() -> UpstreamError:
    return ReadTimeout("the upstream did not answer in time")


class Response:
    """An upstream response whose head arrived: ``status_code``, ``headers``, and the body as it
    comes (``aiter_raw``: the bytes as received, de-chunked; ``aiter_bytes``: content-decoded).
    ``aclose`` returns the connection to the pool once the body was read whole."""

    def __init__(self, pool: Upstream, conn: _Conn, head_only: bool) -> None:
        self._pool = pool
        self._conn: _Conn | None = conn
        self.status_code = conn.status
        self.headers = Headers(conn.header_items)
        self._head_only = head_only

    async def aiter_raw(self) -> AsyncIterator[bytes]:
        conn = self._conn
        if conn is None or self._head_only:
            return
        timeout = self._pool.timeout
        while True:
            if conn.sink_error is not None:
                raise conn.sink_error
            if conn.chunks:
                yield conn.take()
                continue
            if conn.error is not None:
                raise conn.error
            if conn.complete:
                break
            await conn.wait(timeout, _read_timeout)
        await self.aclose()

    async def aiter_bytes(self) -> AsyncIterator[bytes]:
        decoders = _decoders(self.headers.get("content-encoding"))
        async for raw in self.aiter_raw():
            data = raw
            for d in decoders:
                data = d.decompress(data)
            if data:
                yield data
        tail = b""
        for d in decoders:
            tail = d.decompress(tail) + d.flush()
        if tail:
            yield tail

    @property
    def complete(self) -> bool:
        """The body was received whole and every byte of it was taken (by ``aiter_raw`` or the
        sink): the read ``aiter_raw`` just yielded was its last."""
        conn = self._conn
        return conn is None or (conn.complete and not conn.chunks and conn.error is None)

    def pipe(self, sink: Callable[[bytes], bool] | None) -> None:
        """Hand the body's reads to ``sink`` in the connection's read callback while
        ``aiter_raw`` waits for them: ``sink(data)`` True when it took them, False to leave them
        to ``aiter_raw`` (in order: no later read goes to the sink before ``aiter_raw`` took
        them). A read taken renews the read timeout; what ``sink`` raises, ``aiter_raw`` raises.
        ``sink`` runs in a copy of the caller's context (its context variables: the request a log
        line is about). None: every read to ``aiter_raw``. Only for ``aiter_raw`` (the bytes as
        received)."""
        if self._conn is not None and not self._head_only:
            self._conn.sink = sink
            self._conn.sink_context = None if sink is None else contextvars.copy_context()

    async def aclose(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        conn.sink = None
        if not self._head_only and conn.reusable():
            self._pool.release(conn)
        else:
            conn.close()


class _Decoder:
    """One content-coding's decoder; errors are ``DecodingError``."""

    def __init__(self, coding: str) -> None:
        self._coding = coding
        self._raw_deflate = False
        self._obj: Any = None
        if coding == "gzip":
            self._obj = zlib.decompressobj(zlib.MAX_WBITS | 16)
        elif coding == "deflate":
            self._obj = zlib.decompressobj()
        elif coding == "br":
            import brotli  # type: ignore[import-not-found,unused-ignore]

            self._obj = brotli.Decompressor()
        else:  # zstd
            import zstandard  # type: ignore[import-not-found,unused-ignore]

            self._obj = zstandard.ZstdDecompressor().decompressobj()

    def decompress(self, data: bytes) -> bytes:
        if not data:
            return b""
        try:
            if self._coding == "br":
                return bytes(self._obj.process(data))
            return bytes(self._obj.decompress(data))
        except Exception as e:
            if self._coding == "deflate" and not self._raw_deflate:  # deflate sent without zlib's header
                self._raw_deflate = True
                self._obj = zlib.decompressobj(-zlib.MAX_WBITS)
                return self.decompress(data)
            raise DecodingError(f"the upstream's {self._coding} body cannot be decoded: {e}") from e

    def flush(self) -> bytes:
        flush = getattr(self._obj, "flush", None)
        return bytes(flush()) if flush is not None and self._coding != "br" else b""


def _codings() -> set[str]:
    out = {"gzip", "deflate"}
    for name, module in (("br", "brotli"), ("zstd", "zstandard")):
        try:
            __import__(module)
        except ImportError:
            continue
        out.add(name)
    return out


def _decoders(header: str) -> list[_Decoder]:
    """The decoders for a ``Content-Encoding``, in the order to apply them; a coding that cannot
    be decoded here (unknown, or br/zstd without their module) is left as it is, as httpx does."""
    known = _codings()
    names = [c.strip().lower() for c in header.split(",")]
    return [_Decoder(c) for c in reversed(names) if c in known]


class Upstream:
    """Requests to upstream servers over pooled HTTP/1.1 connections (``http`` and ``https``).

    ``timeout``: seconds per read and per write; ``connect_timeout``: to connect (TCP and TLS);
    ``tls``: the context that verifies an ``https`` upstream; ``keepalive_expiry``: seconds an idle
    connection is kept; ``max_idle``: idle connections kept per upstream."""

    def __init__(self, *, timeout: float, connect_timeout: float, tls: ssl.SSLContext,
                 keepalive_expiry: float = 2.0, max_idle: int = 64) -> None:
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.tls = tls
        self.keepalive_expiry = keepalive_expiry
        self.max_idle = max_idle
        import httptools  # the serve extra (uvicorn[standard]), imported once the proxy runs

        self._parser_class = httptools.HttpResponseParser
        self._idle: dict[tuple[str, str, int], list[_Conn]] = {}
        self._parsed: dict[str, tuple[tuple[str, str, int], bytes, str]] = {}

    async def send(self, method: str, url: str, headers: list[tuple[str, str]],
                   body: bytes) -> Response:
        """Send the request (once: it is never replayed) and wait for the response head."""
        key, prefix, target = self._split(url)
        conn = self._take(key) or await self._connect(key)
        try:
            conn.start(self._parser_class)
            assert conn.transport is not None
            head = [method.encode("latin-1"), b" ", target.encode("latin-1"), b" HTTP/1.1\r\n",
                    prefix]
            for k, v in headers:
                head += [k.encode("latin-1"), b": ", v.encode("latin-1"), b"\r\n"]
            if body or method in ("POST", "PUT", "PATCH"):
                head.append(b"content-length: %d\r\n" % len(body))
            head.append(b"\r\n")
            if len(body) <= 65536:
                conn.transport.write(b"".join(head) + body)
            else:
                conn.transport.write(b"".join(head))
                conn.transport.write(body)
            await conn.writable(self.timeout)
            while not conn.head_done:
                if conn.error is not None:
                    raise conn.error
                await conn.wait(self.timeout, _read_timeout)
        except BaseException:
            conn.close()
            raise
        return Response(self, conn, head_only=method == "HEAD")

    def _split(self, url: str) -> tuple[tuple[str, str, int], bytes, str]:
        """(pool key, the Host line and any basic-auth line, request target) of a URL."""
        cut = url.find("/", url.find("//") + 2)
        base, rest = (url, "/") if cut < 0 else (url[:cut], url[cut:])
        found = self._parsed.get(base)
        if found is None:
            parts = urlsplit(base)
            host = parts.hostname or ""
            scheme = parts.scheme.lower()
            port = parts.port or (443 if scheme == "https" else 80)
            netloc = parts.netloc.rpartition("@")[2]
            lines = b"host: " + netloc.encode("idna" if not netloc.isascii() else "ascii") + b"\r\n"
            if parts.username is not None:
                cred = f"{unquote(parts.username)}:{unquote(parts.password or '')}"
                lines += b"authorization: Basic " + base64.b64encode(cred.encode()) + b"\r\n"
            found = ((scheme, host, port), lines, "")
            if len(self._parsed) < 64:
                self._parsed[base] = found
        key, lines, _ = found
        target = rest.partition("#")[0] or "/"
        return key, lines, target

    def _take(self, key: tuple[str, str, int]) -> _Conn | None:
        idle = self._idle.get(key)
        now = time.monotonic()
        while idle:
            conn = idle.pop()
            if not conn.closed and now - conn.idle_since < self.keepalive_expiry:
                return conn
            conn.close()
        return None

    async def _connect(self, key: tuple[str, str, int]) -> _Conn:
        scheme, host, port = key
        loop = asyncio.get_running_loop()
        tls = self.tls if scheme == "https" else None
        try:
            async with asyncio.timeout(self.connect_timeout):
                _, conn = await loop.create_connection(
                    lambda: _Conn(key), host, port, ssl=tls,
                    server_hostname=host if tls is not None else None)
        except TimeoutError:
            raise ConnectTimeout(f"connecting to {host}:{port} took over "
                                 f"{self.connect_timeout:g} s") from None
        except (OSError, ssl.SSLError, ssl.CertificateError) as e:
            raise ConnectError(str(e) or repr(e)) from e
        return conn

    def release(self, conn: _Conn) -> None:
        """A connection whose response was read whole: kept for the next request."""
        idle = self._idle.setdefault(conn.key, [])
        if len(idle) >= self.max_idle:
            conn.close()
            return
        conn.idle()
        idle.append(conn)

    async def aclose(self) -> None:
        for idle in self._idle.values():
            for conn in idle:
                conn.close()
        self._idle.clear()
