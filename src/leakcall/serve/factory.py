"""The command line and the app factory, on top of the proxy app (``leakcall.proxy``) and its
operations layer (``leakcall.ops``): ``leakcall serve`` (``add_parser``, ``run``),
``python -m leakcall.serve`` (``main``) and ``leakcall.serve:app`` for an ASGI server."""

from __future__ import annotations

import argparse
import asyncio
import functools
import sys
from collections.abc import Callable
from typing import Any

from ..ops import (
    app_from_env,
    build_app,
    env_defaults,
    export_env,
    log_summary,
    multiprocess_dir,
    server_log_config,
    setup_logging,
)
from ..proxy import DEFAULT_TIMEOUT, MODES, Limits
from ..proxy.asgi import BODY_READY, BODY_WRITER, ON_DISCONNECT, BodyWriter

__all__ = ["DEFAULT_HEADER_TIMEOUT", "DEFAULT_MAX_HEADER_BYTES", "add_arguments", "add_parser",
           "app", "argument_parser", "cycle_writer", "h11_protocol", "http_protocol", "main",
           "run"]

_SUMMARY = ("``leakcall serve``: a repair proxy in front of any OpenAI-compatible endpoint "
            "(Chat Completions, Responses, Messages) or Ollama.")

# --- command line ----------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``leakcall`` command's subparsers (``argparse`` ``add_subparsers()``)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run an OpenAI-compatible repair proxy in front of an endpoint",
        description="Forward every request to --upstream; repair leaked tool calls in the responses "
                    "of POST /v1/chat/completions, /v1/responses, /v1/messages and Ollama's "
                    "/api/chat that advertise tools. Clients use http://HOST:PORT/v1 (Ollama "
                    "clients: http://HOST:PORT) as their base URL. Every flag can also be set by "
                    "the variable LEAKCALL_<FLAG> (--max-body: LEAKCALL_MAX_BODY); a flag wins.")
    add_arguments(p)
    p.set_defaults(fn=run)
    return p


def argument_parser() -> argparse.ArgumentParser:
    """A parser of ``leakcall serve``'s options alone (each defaulting to its ``LEAKCALL_*``
    variable when set): what ``python -m leakcall.serve`` and the app factory read."""
    ap = argparse.ArgumentParser(prog="leakcall serve", description=_SUMMARY)
    add_arguments(ap)
    return ap


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``leakcall serve``'s options to ``p``."""
    p.add_argument("--upstream", metavar="URL",
                   help="the upstream server's root URL, e.g. http://localhost:8000 (a trailing /v1 "
                        "is fine); required")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8089, help="port to listen on (default 8089)")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore",
                   help="recover calls found only inside a reasoning block (default: ignore)")
    p.add_argument("--recover-errors", action=argparse.BooleanOptionalAction, default=True,
                   help="answer an upstream error whose body carries the model's leaked calls "
                        "(Ollama's and llama.cpp's tool-call parse errors) with a reply holding "
                        "them, when they are all its text holds (default: on)")
    p.add_argument("--shadow", action=argparse.BooleanOptionalAction, default=False,
                   help="examine and record every reply (log, metrics, the x-leakcall-shadow "
                        "header of a non-streamed reply), change none")
    p.add_argument("--families", default=None, metavar="A,B",
                   help="recover only these families (comma-separated names, see leakcall "
                        "families); replies in others pass unchanged (default: all)")
    p.add_argument("--on-refusal", choices=MODES, default="pass",
                   help="a reply whose markup was refused: pass it as it came (default), "
                        "annotate it with the reason and rule (x-leakcall-rule header and a "
                        "'leakcall' field), or answer the API's error in its place when the "
                        "markup is a broken call (truncated, unclosed, unadvertised, malformed...)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"seconds to wait for the upstream per read (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help="level of the JSON decision log and of the server's own log")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="worker processes serving requests (default 1); metrics are summed over "
                        "them")
    p.add_argument("--api-key", default=None, metavar="KEY",
                   help="clients must send this key (Authorization: Bearer KEY or x-api-key: KEY), "
                        "else 401; prefer the LEAKCALL_API_KEY variable (flags show in ps)")
    p.add_argument("--upstream-api-key", default=None, metavar="KEY",
                   help="key sent to the upstream (Authorization: Bearer, and x-api-key when the "
                        "client sent one) in place of the client's; prefer LEAKCALL_UPSTREAM_API_KEY")
    p.add_argument("--metrics-key", default=None, metavar="KEY",
                   help="GET /leakcall/metrics needs this key (sent as the API key is) in place of "
                        "--api-key, which protects it otherwise; prefer LEAKCALL_METRICS_KEY")
    d = Limits()
    g = p.add_argument_group("limits", "bounds on what one request may cost (see docs/security.md)")
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
                   help=f"worker threads for repairs, per worker process (default {d.repair_threads})")
    g.add_argument("--limit-concurrency", type=int, default=None,
                   help="open connections and requests per worker past which new requests get 503 (default: "
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


def h11_protocol(header_timeout: float) -> Any:
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


_CYCLE = ("disconnected", "response_started", "response_complete", "chunked_encoding", "flow",
          "transport", "scope")
"""What ``cycle_writer`` reads of uvicorn's request-response cycle."""


def cycle_writer(cycle: Any) -> BodyWriter | None:
    """The direct body writer (``leakcall.proxy.asgi.BODY_WRITER``) of one uvicorn
    request-response cycle: the next part of its started chunked response, written on its
    connection at once, as uvicorn's ``send`` writes a ``more_body`` part (one chunk, one
    ``write``) but without the ASGI message and the coroutines around it. It writes nothing and
    returns False where ``send`` would wait or refuse (the response not started or complete, not
    chunked, a HEAD request, the client gone, the connection's write buffer full: the caller
    sends an ASGI message, which waits for the buffer). None when the cycle is not as expected
    (another uvicorn): the app then sends every part as a message."""
    if not all(hasattr(cycle, a) for a in _CYCLE) or not hasattr(cycle.flow, "write_paused"):
        return None
    flow = cycle.flow
    if cycle.scope.get("method") == "HEAD":
        return None

    def write(data: bytes) -> bool:
        transport = cycle.transport  # the server's (or ``HeadHold`` while the head is held)
        if (cycle.disconnected or not cycle.response_started or cycle.response_complete
                or cycle.chunked_encoding is not True or flow.write_paused
                or transport.is_closing()):
            return False
        if data:
            transport.write(b"%x\r\n%b\r\n" % (len(data), data))
        return True

    return write


class HeadHold:
    """The transport one uvicorn request-response cycle writes on while its first write (the
    response head) is held back: until its next write, which carries it (one ``write`` system
    call for the head and the first body part, as a relay forwards a read that brought both),
    or until the end of this turn of the event loop (``call_soon``), whichever comes first: a
    head is never held past the turn that wrote it. Then the cycle gets its transport back
    (every later write goes straight to it). ``close`` writes a held head first; every other
    attribute is the transport's."""

    __slots__ = ("_cycle", "_head", "_transport")

    def __init__(self, cycle: Any) -> None:
        self._cycle = cycle
        self._transport = cycle.transport
        self._head: bytes | None = None
        cycle.transport = self

    def write(self, data: bytes) -> None:
        if self._cycle.transport is not self:  # released: straight on
            self._transport.write(data)
            return
        head = self._head
        if head is None:  # the first write: held for this turn of the loop
            if not data:
                return
            self._head = data
            asyncio.get_running_loop().call_soon(self.flush)
            return
        self._release()
        self._transport.write(head + data)

    def _release(self) -> None:
        if self._cycle.transport is self:
            self._cycle.transport = self._transport

    def flush(self) -> None:
        if self._cycle.transport is not self:
            return  # written already, with the next part
        self._release()
        if self._head and not self._transport.is_closing():
            self._transport.write(self._head)

    def is_closing(self) -> bool:
        return bool(self._transport.is_closing())

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def http_protocol(header_timeout: float, max_header_bytes: int) -> Any:
    """uvicorn's httptools protocol (llhttp, in C: the proxy's CPU per streamed request is a
    fraction of h11's, ``benchmarks/bench_serve.py``), bounded like the h11 one was: a
    connection that has not sent a complete first request head within ``header_timeout``
    seconds is closed, and a request head that passes ``max_header_bytes`` unfinished is
    answered 400 and its connection closed. Each request's scope offers the proxy its
    response's direct body writer (``cycle_writer``), by which a stream's parts are written
    from the upstream connection's read callback. ``h11_protocol`` (the header bytes bounded by
    h11, no direct writer) when httptools or uvicorn's internals are not as expected."""
    try:
        import httptools  # noqa: F401  # uvicorn[standard]
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - another uvicorn, or no httptools
        return h11_protocol(header_timeout)
    needed = ("connection_made", "connection_lost", "data_received", "on_headers_complete",
              "on_message_complete", "send_400_response")
    if not all(hasattr(HttpToolsProtocol, a) for a in needed):
        return h11_protocol(header_timeout)  # pragma: no cover

    class Protocol(HttpToolsProtocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._head_bytes = 0  # bytes received while a request head is unfinished
            self._in_head = True
            self._head_timer: Any = asyncio.get_running_loop().call_later(
                header_timeout, self._head_late)
            self._on_lost: dict[Any, Callable[[], None]] = {}  # cycle -> the app's callback

        def _head_late(self) -> None:
            self._head_timer = None
            if self._in_head and getattr(self, "cycle", None) is None \
                    and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._in_head:
                self._head_bytes += len(data)
            super().data_received(data)
            if self._in_head and self._head_bytes > max_header_bytes \
                    and not self.transport.is_closing():
                self.send_400_response("Request head too large.")

        def on_headers_complete(self) -> None:
            self._in_head = False
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None
            super().on_headers_complete()
            cycle = getattr(self, "cycle", None)
            if cycle is not None and getattr(cycle, "scope", None) is self.scope:
                if getattr(cycle, "transport", None) is self.transport:
                    HeadHold(cycle)
                ext = self.scope.setdefault("extensions", {})
                writer = cycle_writer(cycle)
                if writer is not None:
                    ext[BODY_WRITER] = writer
                if hasattr(cycle, "disconnected"):
                    ext[ON_DISCONNECT] = functools.partial(self._watch, cycle)
                if hasattr(cycle, "more_body"):
                    ext[BODY_READY] = functools.partial(_body_ready, cycle)

        def _watch(self, cycle: Any, callback: Callable[[], None]) -> Callable[[], None]:
            """``ON_DISCONNECT`` for ``cycle``: ``callback`` once its client's connection is
            lost before its response is complete (at once when it already is)."""
            if cycle.disconnected:
                callback()
                return _nothing
            self._on_lost[cycle] = callback

            def withdraw() -> None:
                self._on_lost.pop(cycle, None)

            return withdraw

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._in_head, self._head_bytes = True, 0  # the next request's head

        def connection_lost(self, exc: Exception | None) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None
            super().connection_lost(exc)  # marks the cycle in progress disconnected
            cycle = getattr(self, "cycle", None)
            lost = self._on_lost
            self._on_lost = {}
            if cycle is not None and getattr(cycle, "disconnected", False) and cycle in lost:
                lost[cycle]()

    return Protocol


def _nothing() -> None:
    return None


def _body_ready(cycle: Any) -> bool:
    """``BODY_READY`` of a uvicorn cycle: its request body arrived whole (its parser saw the
    message's end), so ``receive`` returns it at once."""
    return cycle.more_body is False and not cycle.disconnected


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (``leakcall serve``); returns the exit code."""
    try:
        import uvicorn
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise SystemExit("leakcall serve needs the serve extra: pip install '.[serve]' from a clone, "
                         f"or pip install 'leakcall[serve]' once published ({e})") from None
    if args.workers < 1:
        return _misuse("--workers must be a positive integer")
    if args.workers == 1:
        try:
            app: Any = build_app(args)
        except ValueError as e:
            return _misuse(e)
        factory = False
        protocol = http_protocol(args.header_timeout, args.max_header_bytes)
    else:
        try:  # checked here, once, so that a bad setting does not kill every worker
            build_app(args, check_only=True)
        except ValueError as e:
            return _misuse(e)
        # Each worker builds its app from the environment (the same settings as these flags),
        # and writes its metrics where GET /leakcall/metrics of any worker sums them.
        export_env(args, argument_parser())
        multiprocess_dir()
        app, factory = "leakcall.serve:app", True
        protocol = "leakcall._protocol:Bounded"
    concurrency = args.limit_concurrency or default_limit_concurrency()
    args.limit_concurrency = concurrency
    setup_logging(args.log_level)
    log_summary(args)  # once: worker processes inherit the mark and log none
    # Repairs run in worker threads; the event loop waits for the GIL up to the switch interval
    # at each of its turns: a shorter one keeps the other clients' latency low meanwhile.
    sys.setswitchinterval(SWITCH_INTERVAL)
    # httptools, with the header size limit and timeout of ``http_protocol``. A client's idle connection is
    # kept longer than clients usually keep one (httpx: 5 s), so that the server does not close a
    # connection that a client is about to reuse. X-Forwarded-* from the client are not trusted
    # for the client's address unless it is a listed front proxy. The server adds the one
    # ``server`` and ``date`` header (the upstream's are dropped).
    uvicorn.run(app, factory=factory, workers=args.workers if factory else None,
                host=args.host, port=args.port, log_level=args.log_level, access_log=False,
                log_config=server_log_config(args.log_level),
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
    return app_from_env(argument_parser())


def main(argv: list[str] | None = None) -> int:
    """``python -m leakcall.serve --upstream URL ...`` (the same options as ``leakcall serve``)."""
    return run(argument_parser().parse_args(argv))
