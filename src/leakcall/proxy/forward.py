"""The proxy itself: forward every request, repair the replies of the routes that advertise tools
(Chat Completions SSE through the stream rewriter; Responses, Messages and Ollama's ``/api/chat``
through the wire adapters), and answer for an upstream error that carries the model's leaked
calls (``recover_error``), within the bounds of ``Limits``."""

from __future__ import annotations

import asyncio
import logging
import os
import ssl
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit
from urllib.request import getproxies, proxy_bypass

from ..pipeline import ReasoningMode
from ..result import Recovery
from ..wire import Job, StreamFixer, recover_error, route_for, route_named
from .asgi import (
    BodyWriter,
    Disconnected,
    SendTracker,
    body_ready,
    body_writer,
    cancel_on_disconnect,
    disconnect_hook,
    read_body,
    send_json,
    send_raw,
)
from .client import ConnectError, Response, Upstream, UpstreamError, UpstreamTimeout
from .events import Stats, describe, log_event, log_exception
from .http import (
    SSE_HEADERS,
    error_body,
    forward_headers,
    redact,
    response_headers,
    safe_path,
    upstream_url,
)
from .limits import (
    INLINE_BATCH_BYTES,
    INLINE_REPLY_CHARS,
    INLINE_REQUEST_BYTES,
    PROCESS_REPLY_BYTES,
    Limits,
)
from .refusal import FAILING, OnRefusal, annotated, error_reply, gated, verdict
from .repair import Prepared, Repair, prepare, prepare_known, repair_body
from .streamjob import Budget as _Budget  # the names the tests and this module use
from .streamjob import Deadline as _Deadline
from .streamjob import StreamJob as _StreamJob
from .streamjob import written as _written

if TYPE_CHECKING:  # the serve extra; imported at run time only where used
    from starlette.types import Receive, Scope, Send

__all__ = ["Proxy"]

T = TypeVar("T")


class Proxy:
    """The catch-all ASGI endpoint: forward, and repair chat completions that advertise tools.

    Parsing and repairing that may be costly runs in worker threads (``Limits.repair_threads``),
    bounded per request by ``Limits.repair_deadline``, so one costly reply cannot stall the other
    clients. Steps bounded by a small size run on the event loop, where a hop to a worker would
    cost more than they do (``leakcall.proxy.limits``): a small request whose tool list was
    checked before, a short reply's batches of events."""

    def __init__(self, upstream: str, reasoning: ReasoningMode, timeout: float, stats: Stats,
                 limits: Limits | None = None, *, recover_errors: bool = True,
                 shadow: bool = False, families: tuple[str, ...] | None = None,
                 on_refusal: OnRefusal = "pass") -> None:
        self.upstream = upstream
        self.on_refusal: OnRefusal = on_refusal  # --on-refusal (leakcall.proxy.refusal)
        self.recover_errors = recover_errors
        self.shadow = shadow  # examine and record, never change a reply
        self.families = families
        self._mode: dict[str, Any] = {"shadow": True} if shadow else {}  # on decision log lines
        self.shown_upstream = redact(upstream)
        self.reasoning: ReasoningMode = reasoning
        self.timeout = timeout
        self.stats = stats
        self.limits = limits or Limits()
        self.client: Upstream | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._procs: ProcessPoolExecutor | None = None
        self._turn = 0

    async def open(self) -> None:
        # certifi: the trust store httpx used, kept (SSL_CERT_FILE, when set, names another).
        import certifi

        cafile = os.environ.get("SSL_CERT_FILE") or certifi.where()
        self.client = Upstream(
            timeout=self.timeout, connect_timeout=min(10.0, self.timeout),
            tls=ssl.create_default_context(cafile=cafile),
            # Idle upstream connections are dropped before a server's usual 5 s keep-alive timeout
            # (uvicorn, vLLM) closes them: reusing one that the server is closing fails the request.
            keepalive_expiry=2.0, max_idle=64)
        self._pool = ThreadPoolExecutor(self.limits.repair_threads,
                                        thread_name_prefix="leakcall-repair")
        via = _proxy_variable(self.upstream)
        if via is not None:  # httpx, which the proxy used before, went through it
            log_event("warning", level=logging.WARNING, reason="proxy_variable_ignored",
                      detail=f"{via} is set, but the upstream is reached directly")

    async def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
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

    async def _offload(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker thread, waited for without a deadline."""
        if self._pool is None:
            raise RuntimeError("the app's lifespan did not run: no worker pool")
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def _gave_up(self, why: str, rid: str, **fields: Any) -> None:
        self.stats.passthrough[why] += 1
        log_event("passthrough", reason=why, request=rid, **fields)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # pragma: no cover - only HTTP is proxied
            return
        rid = scope.get("leakcall.request_id") or f"{time.time_ns():x}{id(scope) & 0xFFFF:04x}"
        sent = SendTracker(send)
        try:
            body = await self._body(scope, receive, sent, rid)
            if body is not None:
                await cancel_on_disconnect(receive, self._handle(scope, body, sent, rid), sent,
                                           disconnect_hook(scope))
        except Disconnected:
            self.stats.errors["client_disconnect"] += 1
            log_event("client_disconnect", request=rid, path=scope["path"])
        except Exception as e:  # nothing may take the server down; the client gets a 500
            self.stats.errors["internal"] += 1
            log_exception(rid, e)
            if not sent.started:
                await send_json(sent, 500, error_body(
                    500, f"leakcall: internal error: {e!r}", "leakcall_internal_error"))

    async def _body(self, scope: Scope, receive: Receive, send: Send, rid: str) -> bytes | None:
        """The request body, or None after answering 413 (too large) or 408 (too slow)."""
        cap = self.limits.max_body_bytes
        declared = next((v for k, v in scope["headers"] if k.lower() == b"content-length"), None)
        too_large = declared is not None and declared.strip().isdigit() and int(declared) > cap
        if not too_large and body_ready(scope):  # arrived whole: read without a timer
            body = await read_body(receive, cap)
            if body is not None:
                return body
        elif not too_large:
            try:
                async with asyncio.timeout(self.limits.body_timeout):
                    body = await read_body(receive, cap)
            except TimeoutError:
                self.stats.errors["body_timeout"] += 1
                log_event("error", reason="body_timeout", request=rid, path=scope["path"])
                await send_json(send, 408, error_body(
                    408, f"leakcall: the request body did not arrive within "
                    f"{self.limits.body_timeout:g} s", "leakcall_body_timeout"))
                return None
            if body is not None:
                return body
        self.stats.errors["body_too_large"] += 1
        log_event("error", reason="body_too_large", request=rid, path=scope["path"], limit=cap)
        await send_json(send, 413, error_body(
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
            log_event("error", reason="bad_path", request=rid, path=target)
            await send_json(send, 400, error_body(
                400, "leakcall: the request path holds a dot segment ('.' or '..')",
                "leakcall_bad_path"))
            return
        repair: Repair | None = None
        budget = _Budget(self.limits.repair_deadline)
        wire = route_for(method, path)
        if wire is not None and _opted_out(scope):
            self.stats.requests[wire.name] += 1
            self._gave_up("client_off", rid, detail="x-leakcall: off")
            wire = None
        if wire is not None:
            self.stats.requests[wire.name] += 1
            # A small request whose tool list was checked before is checked here (no hop to a
            # worker thread); any other in a worker, within the request's repair budget.
            prep = (prepare_known(body, self.reasoning, wire.name, self.families)
                    if len(body) <= INLINE_REQUEST_BYTES else None)
            if prep is None:
                try:
                    prep = await self._work(budget, prepare, body, self.reasoning, wire.name,
                                            self.families)
                except _Deadline:
                    prep = Prepared(passthrough="repair_deadline", detail="request check")
            log_event("received", level=logging.DEBUG, request=rid, model=prep.model)
            if prep.bad_json is not None:
                self.stats.errors["bad_request_json"] += 1
                log_event("error", reason="bad_request_json", request=rid, path=path, detail=prep.bad_json)
                await send_json(send, 400, error_body(
                    400, f"leakcall: the request body is not valid JSON ({prep.bad_json})",
                    "leakcall_bad_json"))
                return
            if prep.passthrough == "bad_tools":
                self.stats.errors["bad_tools"] += 1
                log_event("passthrough", reason="bad_tools", request=rid, detail=prep.detail)
            elif prep.passthrough is not None:
                self._gave_up(prep.passthrough, rid, detail=prep.detail)
            repair = prep.repair
        self.stats.requests["passthrough" if repair is None else "repairable"] += 1
        url = upstream_url(self.upstream, target, query)
        client = scope.get("client")
        headers = forward_headers(scope["headers"], identity=repair is not None,
                                  client=client[0] if client else None,
                                  scheme=scope.get("scheme", "http"))
        await self._forward(method, url, headers=headers, body=body, repair=repair, send=send,
                            rid=rid, budget=budget, write=body_writer(scope))

    async def _forward(self, method: str, url: str, *, headers: list[tuple[str, str]], body: bytes,
                       repair: Repair | None, send: Send, rid: str, budget: _Budget,
                       write: BodyWriter | None = None) -> None:
        """``write``: the server's direct body writer (``asgi.BODY_WRITER``; None under another
        server): a stream's reads handled in the upstream's read callback (``Response.pipe``)."""
        try:
            resp = await self._send_upstream(method, url, headers, body, rid)
        except UpstreamTimeout as e:
            self.stats.errors["upstream_timeout"] += 1
            log_event("error", reason="upstream_timeout", request=rid, url=url, detail=describe(e))
            what = ("accept the connection" if "Connect" in type(e).__name__ else "answer")
            await send_json(send, 504, error_body(
                504, f"leakcall: the upstream {self.shown_upstream} did not {what} in time "
                f"({type(e).__name__}; --timeout {self.timeout:g} s)", "leakcall_upstream_timeout"))
            return
        except UpstreamError as e:
            reason, message = _upstream_failure(e, self.shown_upstream, ConnectError)
            self.stats.errors[reason] += 1
            log_event("error", reason=reason, request=rid, url=url, detail=describe(e))
            await send_json(send, 502, error_body(502, message, f"leakcall_{reason}"))
            return
        try:
            ctype = resp.headers.get("content-type", "")
            if repair is None:
                await self._relay(resp, send, rid, write)
            elif resp.status_code != 200:
                self.stats.errors[f"upstream_status_{resp.status_code}"] += 1
                if self.recover_errors and resp.status_code >= 400:
                    await self._recover_error(resp, repair, send, rid, budget)
                else:
                    log_event("passthrough", reason="upstream_status", status=resp.status_code,
                              request=rid)
                    await self._relay(resp, send, rid)
            elif repair.stream and ctype.startswith(route_named(repair.route).stream_type) \
                    and repair.route != "chat_completions":
                await self._repair_wire_stream(resp, repair, send, rid, budget, write)
            elif repair.stream and ctype.startswith("text/event-stream"):
                await self._repair_stream(resp, repair, send, rid, budget, write)
            elif not repair.stream and "json" in ctype:
                await self._repair_json(resp, repair, send, rid, budget)
            else:
                log_event("passthrough", reason="content_type", content_type=ctype, request=rid)
                await self._relay(resp, send, rid)
        finally:
            await resp.aclose()

    async def _send_upstream(self, method: str, url: str, headers: list[tuple[str, str]], body: bytes,
                             rid: str) -> Response:
        """Send the request and wait for the response head. Never sent twice: a connection that
        fails after the request was (maybe partly) written may have reached the upstream, and a
        replay could run it twice (the client decides whether to retry)."""
        if self.client is None:
            raise RuntimeError("the app's lifespan did not run: no upstream client")
        return await self.client.send(method, url, headers, body)

    async def _relay(self, resp: Response, send: Send, rid: str,
                     write: BodyWriter | None = None) -> None:
        """Send the upstream response on unchanged: status, headers, body bytes as they arrive
        (with ``write``, each read written from the upstream's read callback while the client's
        connection takes it). An upstream that breaks mid-body breaks the client's connection
        too (the body is never ended: the server drops the connection), never a clean, complete
        reply."""
        await self._relay_rest(resp.status_code,
                               response_headers(resp.headers.multi_items(), rewritten=False), [],
                               resp.aiter_raw(), send, rid, raw_of=resp, write=write)

    async def _relay_rest(self, status: int, headers: list[tuple[bytes, bytes]], parts: list[bytes],
                          rest: AsyncIterator[bytes], send: Send, rid: str,
                          raw_of: Response | None = None, write: BodyWriter | None = None) -> None:
        """Send ``parts`` (what was read of a body) and the ``rest`` as it comes, unrepaired; an
        upstream that breaks breaks the client's connection too. ``raw_of``: ``rest`` is this
        response's ``aiter_raw``: its last read goes with the body's end (one message), and
        ``write`` (when given) may take its reads directly."""
        await send({"type": "http.response.start", "status": status, "headers": headers})
        if parts:
            await send({"type": "http.response.body", "body": b"".join(parts), "more_body": True})
        if raw_of is not None and write is not None:
            raw_of.pipe(write)
        last = b""
        try:
            async for more in rest:
                if raw_of is not None and raw_of.complete:  # the last read: sent with the end
                    last = more
                    continue
                await send({"type": "http.response.body", "body": more, "more_body": True})
        except UpstreamError as e:
            self._upstream_broke(e, rid)
            return
        await send({"type": "http.response.body", "body": last, "more_body": False})

    def _upstream_broke(self, e: Exception, rid: str) -> str:
        reason = "upstream_timeout" if isinstance(e, UpstreamTimeout) else "upstream_broken"
        self.stats.errors[reason] += 1
        log_event("error", reason=reason, request=rid, detail=describe(e), midstream=True)
        return reason

    async def _repair_json(self, resp: Response, repair: Repair, send: Send, rid: str,
                           budget: _Budget) -> None:
        cap = self.limits.max_response_bytes
        declared = resp.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > cap:
            self._gave_up("response_too_large", rid, limit=cap)
            await self._relay(resp, send, rid)
            return
        headers = response_headers(resp.headers.multi_items(), rewritten=True)
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
                    await self._relay_rest(resp.status_code, [*headers, own_type], parts, stream,
                                           send, rid)
                    return
        except UpstreamError as e:
            reason = self._upstream_broke(e, rid)
            status = 504 if reason == "upstream_timeout" else 502
            await send_json(send, status, error_body(
                status, f"leakcall: the upstream response was cut short ({type(e).__name__})",
                f"leakcall_{reason}"))
            return
        raw = b"".join(parts)
        del parts
        try:
            fixed, seen, why, bug = await self._work(
                budget, repair_body, raw, repair, self.reasoning,
                process=len(raw) > PROCESS_REPLY_BYTES)
        except _Deadline:
            fixed, seen, why, bug = None, [], "repair_deadline", None
        except BrokenProcessPool as e:  # a worker process died (killed, out of memory)
            self._procs = None
            fixed, seen, why, bug = None, [], "internal", describe(e)
        if bug is not None:  # a bug must not cost the client its reply
            self.stats.errors["internal"] += 1
            log_event("error", level=logging.ERROR, reason="internal", request=rid, detail=bug)
        if why is not None:
            self._gave_up(why, rid, stream=False)
        else:
            self._record(seen, rid, stream=False, **self._mode)
        if seen and self.on_refusal != "pass" and not self.shadow:
            failed, fixed = await self._refused(seen[0], repair, raw, fixed, rid, budget)
            if failed is not None:
                await send_raw(send, 502, [*headers, (b"content-type", b"application/json")],
                               failed)
                return
        if fixed is None or self.shadow:  # the upstream's bytes, unchanged
            await send_raw(send, resp.status_code, [*headers, own_type], raw)
            return
        await send_raw(send, 200, [*headers, (b"content-type", b"application/json")], fixed)

    async def _refused(self, rec: Recovery, repair: Repair, raw: bytes, fixed: bytes | None,
                       rid: str, budget: _Budget) -> tuple[bytes | None, bytes | None]:
        """``--on-refusal`` on a non-streamed reply's decision: (the error to answer in its place,
        or None; the body to send, or None for the upstream's)."""
        try:
            why = await self._work(budget, verdict, rec, repair.tools, self.reasoning,
                                   repair.families)
        except _Deadline:
            why = None
        if why is None:  # no refused markup (or no time left to tell)
            return None, fixed
        log_event("on_refusal", action=self.on_refusal, reason=str(rec.reason), rule=rec.rule,
                  request=rid, stream=False)
        if self.on_refusal == "error":
            return (error_reply(repair.route, rec), None) if why in FAILING else (None, fixed)
        return None, annotated(raw if fixed is None else fixed, rec)

    async def _repair_stream(self, resp: Response, repair: Repair, send: Send, rid: str,
                             budget: _Budget, write: BodyWriter | None = None) -> None:
        job = _StreamJob(self, repair, send, rid, budget)
        # The bytes as received when they are not content-encoded (identity was asked for): no
        # decoder to go through per read.
        encoded = resp.headers.get("content-encoding", "").strip().lower() not in ("", "identity")
        await send({"type": "http.response.start", "status": 200,
                    "headers": self._stream_head(resp, "text/event-stream", encoded)})
        if write is not None and not encoded and not self.shadow:
            resp.pipe(lambda raw: job.now(raw, write))
        error: str | None = None
        try:
            try:
                async for raw in (resp.aiter_bytes() if encoded else resp.aiter_raw()):
                    if not encoded and resp.complete:  # the last read: sent with the end
                        job.cork()
                    await job.feed(raw)
            except UpstreamError as e:
                error = self._upstream_broke(e, rid)
            await job.end(error)
        finally:  # a client that hangs up once it has read [DONE] was still sent the decision
            job.settle()
        if error is not None and not job.rewriter.failed:
            if self.shadow:
                return  # as a relay: the body is never ended, the client's connection drops
            status = 504 if error == "upstream_timeout" else 502
            await job.body(b"data: " + error_body(
                status, "leakcall: the upstream stream was cut short", f"leakcall_{error}") + b"\n\n")
        await job.body(b"", more=False)

    async def _repair_wire_stream(self, resp: Response, repair: Repair, send: Send,
                                  rid: str, budget: _Budget, write: BodyWriter | None = None
                                  ) -> None:
        """A Responses, Messages or Ollama stream: the transports' stream fixer over the upstream
        bytes (SSE, or NDJSON for Ollama), with the Chat path's bounds
        (``--max-sse-event-bytes``, ``--max-held-chars``, the request's repair deadline, checked
        between events).

        Past a short reply or a large read, the fixer runs in a worker thread (the event loop
        only moves bytes). An upstream that breaks mid-stream gets the held text released as it
        came, then the API's ``error`` event."""
        seen: list[Recovery] = []
        route = route_named(repair.route)
        machine = gated(self.on_refusal, route.machine)
        tools, reasoning, families = repair.configured(self.reasoning)
        job = Job(route if machine is route.machine else replace(route, machine=machine),
                  tools, repair.salt, True)
        fixer = StreamFixer(job, reasoning, families,
                            seen.append, max_event=self.limits.max_sse_event_bytes,
                            max_held=self.limits.max_held_chars,
                            deadline=time.monotonic() + budget.left)
        # The bytes as received when they are not content-encoded (identity was asked for).
        encoded = resp.headers.get("content-encoding", "").strip().lower() not in ("", "identity")
        await send({"type": "http.response.start", "status": 200,
                    "headers": self._stream_head(resp, route.stream_type, encoded)})

        def now(raw: bytes) -> bool:
            """The loop's step below, in the upstream's read callback, when it is inline."""
            if not _inline(fixer.received, raw) or write is None or not write(b""):
                return False
            _written(write, fixer.feed(raw))
            return True

        if write is not None and not encoded and not self.shadow:
            resp.pipe(now)
        broke: str | None = None
        last = b""  # the last read's bytes, sent with the end (one write to the client, not two)
        try:
            async for raw in (resp.aiter_bytes() if encoded else resp.aiter_raw()):
                # One repair step per read; on the event loop while the reply is short and the
                # read small (the work is linear in the read, the decision in the reply text).
                if self.shadow:  # the client gets the upstream's bytes; the repair runs beside
                    await send({"type": "http.response.body", "body": raw, "more_body": True})
                if _inline(fixer.received, raw):
                    out = fixer.feed(raw)
                else:
                    out = await self._offload(fixer.feed, raw)
                if not encoded and resp.complete and not self.shadow:
                    last = out
                elif out and not self.shadow:
                    await send({"type": "http.response.body", "body": out, "more_body": True})
        except UpstreamError as e:
            broke = self._upstream_broke(e, rid)
        if broke is not None:
            out = fixer.abort(f"leakcall_{broke}", "leakcall: the upstream stream was cut short")
        elif fixer.received <= INLINE_REPLY_CHARS:
            out = fixer.close()
        else:
            out = await self._offload(fixer.close)
        out = last + out
        if fixer.stopped is not None:
            self._gave_up(fixer.stopped, rid, stream=True)
        elif broke is None or seen:
            self._record(seen, rid, stream=True, **self._mode)
        if self.shadow and broke is not None:
            return  # as a relay: the body is never ended, the client's connection drops
        await send({"type": "http.response.body", "body": b"" if self.shadow else out,
                    "more_body": False})

    def _stream_head(self, resp: Response, content_type: str, encoded: bool
                     ) -> list[tuple[bytes, bytes]]:
        """A repaired stream's headers; in shadow mode the upstream's, as a relay sends them
        (the body is the upstream's bytes), unless it was content-encoded (then decoded)."""
        if self.shadow and not encoded:
            return response_headers(resp.headers.multi_items(), rewritten=False)
        return _stream_headers(resp, content_type)

    def _record(self, seen: list[Recovery], rid: str, *, stream: bool, **fields: Any) -> None:
        """One log line and one count per decision (choice 0 of one response)."""
        if not seen:
            self.stats.reasons["not_examined"] += 1
            log_event("passthrough", reason="not_examined", request=rid, stream=stream,
                      detail="structured tool_calls or no text content")
            return
        for rec in seen:
            self.stats.reasons[str(rec.reason)] += 1
            self.stats.recovered_calls += len(rec.calls)
            log_event("repair" if rec.ok else "refusal", reason=str(rec.reason), family=rec.family,
                      rule=rec.rule, calls=[c.name for c in rec.calls], detail=rec.detail, request=rid,
                      stream=stream, **fields)

    async def _recover_error(self, resp: Response, repair: Repair, send: Send, rid: str,
                             budget: _Budget) -> None:
        """An upstream error for a repairable request: when its body carries the model's text and
        the calls recovered from it are all that text holds (``recover_error``), a success reply
        of the request's API with the calls (streamed when the request was); otherwise the
        error as it came, byte for byte."""
        status = resp.status_code
        cap = self.limits.max_response_bytes
        declared = resp.headers.get("content-length", "")
        encoded = resp.headers.get("content-encoding", "").strip().lower() not in ("", "identity")
        if encoded or (declared.isdigit() and int(declared) > cap):
            if encoded:
                log_event("passthrough", reason="upstream_status", status=status, request=rid)
            else:
                self._gave_up("response_too_large", rid, limit=cap, status=status)
            await self._relay(resp, send, rid)
            return
        kept = response_headers(resp.headers.multi_items(), rewritten=False)
        parts: list[bytes] = []
        size = 0
        stream = resp.aiter_raw()
        try:
            async for part in stream:
                parts.append(part)
                size += len(part)
                if size > cap:  # too large to read: what came and the rest, as received
                    self._gave_up("response_too_large", rid, limit=cap, status=status)
                    await self._relay_rest(status, kept, parts, stream, send, rid)
                    return
        except UpstreamError as e:  # cut short: the client's connection breaks too
            self._upstream_broke(e, rid)
            await send({"type": "http.response.start", "status": status, "headers": kept})
            await send({"type": "http.response.body", "body": b"".join(parts), "more_body": True})
            return
        raw = b"".join(parts)
        kept = [(k, v) for k, v in kept if k != b"content-length"]  # send_raw sets its own
        job = Job(route_named(repair.route), repair.tools, repair.salt, repair.stream)
        try:
            found = await self._work(budget, recover_error, job, raw, repair.model,
                                     self.reasoning, repair.families)
        except _Deadline:
            self._gave_up("repair_deadline", rid, stream=repair.stream)
            await send_raw(send, status, kept, raw)
            return
        if found.leaked is None or found.decision is None:
            log_event("passthrough", reason="upstream_status", status=status, request=rid)
            await send_raw(send, status, kept, raw)
            return
        where = {"source": "upstream_error", "status": status, "engine": found.leaked.engine}
        if found.reply is None and found.decision.ok:  # calls, but text beside them
            self._gave_up("upstream_error_text", rid, stream=repair.stream, **where,
                          detail="calls recovered from the error's text, but it holds more")
            await send_raw(send, status, kept, raw)
            return
        self._record([found.decision], rid, stream=repair.stream, **where, **self._mode)
        if found.reply is None or self.shadow:
            await send_raw(send, status, kept, raw)
            return
        if repair.stream:
            route = route_named(repair.route)
            await send({"type": "http.response.start", "status": 200,
                        "headers": _stream_headers(resp, route.stream_type)})
            await send({"type": "http.response.body", "body": found.reply, "more_body": False})
            return
        headers = response_headers(resp.headers.multi_items(), rewritten=True)
        await send_raw(send, 200, [*headers, (b"content-type", b"application/json")], found.reply)


def _inline(received: int, raw: bytes) -> bool:
    """A wire stream's read is repaired on the event loop: a short reply so far, a small read."""
    return received <= INLINE_REPLY_CHARS and len(raw) <= INLINE_BATCH_BYTES


def _opted_out(scope: Scope) -> bool:
    """The request says ``x-leakcall: off``: it is forwarded and its reply relayed, unrepaired."""
    return any(k.lower() == b"x-leakcall" and v.strip().lower() == b"off"
               for k, v in scope["headers"])


def _stream_headers(resp: Response, content_type: str) -> list[tuple[bytes, bytes]]:
    """The headers of a rewritten stream: the upstream's but its type, length and encoding,
    with the stream's type and the no-buffering headers."""
    headers = response_headers(resp.headers.multi_items(), rewritten=True)
    ctype = content_type + ("; charset=utf-8" if content_type == "text/event-stream" else "")
    return [*headers, (b"content-type", ctype.encode()),
            *((k.encode(), v.encode()) for k, v in SSE_HEADERS.items())]


def _proxy_variable(upstream: str) -> str | None:
    """The name of an outbound proxy variable (``HTTPS_PROXY``, ``http_proxy``...) that would
    apply to ``upstream`` (not excluded by ``NO_PROXY``), or None."""
    parts = urlsplit(upstream)
    if not getproxies().get(parts.scheme) or proxy_bypass(parts.hostname or ""):
        return None
    name = f"{parts.scheme}_proxy"
    return next((n for n in (name.upper(), name, "ALL_PROXY", "all_proxy") if os.environ.get(n)),
                name.upper())


def _exit_with_parent(parent: int) -> None:
    """In a worker process: exit as soon as the proxy is gone (even when it was killed)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="leakcall-parent-watch").start()


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
