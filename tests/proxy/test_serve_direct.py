"""The direct path of ``leakcall serve``: a stream's upstream reads handled in the upstream
connection's read callback (``Response.pipe``) and written with the server's body writer
(``BODY_WRITER``, offered by ``leakcall.serve.http_protocol``'s cycles: ``cycle_writer``).

Checked here: the client's sink keeps every byte in order and renews the read timeout; the
writer writes what uvicorn's ``send`` would and declines wherever ``send`` would wait or refuse;
and the choice, end to end: under ``leakcall serve``'s protocol the reads go through the writer,
under another server (uvicorn's plain httptools protocol: no writer) through ASGI messages, and
the client receives the same bytes either way, on Chat Completions, Responses and Messages
streams, repaired or relayed."""

from __future__ import annotations

import asyncio
import contextvars
import json
import time
from types import SimpleNamespace
from typing import Any

import pytest

httptools = pytest.importorskip("httptools")
uvicorn = pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from starlette.applications import Starlette  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import StreamingResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

from leakcall.ops import Metrics, Ops  # noqa: E402
from leakcall.proxy import Stats, create_app  # noqa: E402
from leakcall.proxy.asgi import BODY_WRITER, body_writer  # noqa: E402
from leakcall.proxy.client import ReadTimeout, Response, _Conn  # noqa: E402
from leakcall.proxy.forward import Proxy, _Budget, _StreamJob  # noqa: E402
from leakcall.proxy.limits import INLINE_BATCH_BYTES, INLINE_REPLY_CHARS  # noqa: E402
from leakcall.proxy.repair import prepare  # noqa: E402
from leakcall.serve import factory  # noqa: E402

from .test_serve import ThreadServer  # noqa: E402

# --- the client's sink, on a connection fed by hand ---------------------------------------------


class _Transport:
    def __init__(self) -> None:
        self.closed = False

    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def _conn(timeout: float) -> tuple[_Conn, Response]:
    conn = _Conn(("http", "upstream", 80))
    conn.connection_made(_Transport())  # type: ignore[arg-type]
    conn.start(httptools.HttpResponseParser)
    conn.data_received(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n")
    assert conn.head_done
    pool = SimpleNamespace(timeout=timeout, release=lambda c: None)
    return conn, Response(pool, conn, head_only=False)  # type: ignore[arg-type]


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%b\r\n" % (len(data), data)


def test_a_sink_takes_reads_in_order_and_never_overtakes_one_it_left() -> None:
    async def main() -> tuple[list[bytes], list[tuple[str, bytes]]]:
        conn, resp = _conn(5.0)
        order: list[tuple[str, bytes]] = []

        def sink(data: bytes) -> bool:
            if data == b"b":  # left to the reader
                return False
            order.append(("sink", data))
            return True

        resp.pipe(sink)
        got: list[bytes] = []

        async def reader() -> None:
            async for part in resp.aiter_raw():
                got.append(part)
                order.append(("reader", part))

        task = asyncio.ensure_future(reader())
        await asyncio.sleep(0)  # the reader waits
        conn.data_received(_chunk(b"a"))  # taken here, in the read callback
        conn.data_received(_chunk(b"b"))  # left: the reader is woken for it
        conn.data_received(_chunk(b"c"))  # before the reader ran: must not overtake "b"
        await asyncio.sleep(0.01)
        conn.data_received(_chunk(b"d"))  # the reader waits again: taken
        conn.data_received(b"0\r\n\r\n")
        await asyncio.wait_for(task, 5)
        return got, order

    got, order = asyncio.run(main())
    assert got == [b"bc"]
    assert order == [("sink", b"a"), ("reader", b"bc"), ("sink", b"d")]


def test_a_read_the_sink_takes_renews_the_read_timeout_and_a_stall_still_times_out() -> None:
    async def main() -> tuple[list[bytes], float]:
        # a timeout 10x the gap between reads: a loaded machine stretches the gaps, not the
        # outcome (0.3 s failed once in CI under load, a gap of 0.1 s grown past it)
        conn, resp = _conn(1.0)
        taken: list[bytes] = []
        resp.pipe(lambda data: taken.append(data) is None)

        async def feed() -> None:
            for i in range(6):  # 0.6 s of reads, each within the 1.0 s timeout of the last
                await asyncio.sleep(0.1)
                conn.data_received(_chunk(b"%d" % i))

        feeder = asyncio.ensure_future(feed())
        t0 = time.monotonic()
        with pytest.raises(ReadTimeout):
            async for _ in resp.aiter_raw():
                raise AssertionError("every read went to the sink")
        await feeder
        return taken, time.monotonic() - t0

    taken, took = asyncio.run(main())
    assert taken == [b"0", b"1", b"2", b"3", b"4", b"5"]
    assert took >= 1.5  # the timeout ran from the last read taken (0.6 s), not from the wait


_WHO: contextvars.ContextVar[str] = contextvars.ContextVar("who")


def test_the_sink_runs_in_the_readers_context() -> None:
    """What a step logs in the read callback is noted for the reader's request (``ops`` finds
    the request by a context variable), not for the connection's first user's or none."""
    async def main() -> list[str | None]:
        conn, resp = _conn(5.0)
        seen: list[str | None] = []

        async def reader() -> None:
            _WHO.set("this request")
            resp.pipe(lambda data: seen.append(_WHO.get(None)) is None)
            async for _ in resp.aiter_raw():
                pass

        task = asyncio.ensure_future(reader())
        await asyncio.sleep(0)
        conn.data_received(_chunk(b"a"))  # here, outside the reader's task
        conn.data_received(b"0\r\n\r\n")
        await asyncio.wait_for(task, 5)
        return seen

    assert asyncio.run(main()) == ["this request"]


def test_what_the_sink_raises_the_reader_raises() -> None:
    async def main() -> None:
        conn, resp = _conn(5.0)

        def sink(data: bytes) -> bool:
            raise ValueError("a bug in a step")

        resp.pipe(sink)

        async def reader() -> None:
            async for _ in resp.aiter_raw():
                pass

        task = asyncio.ensure_future(reader())
        await asyncio.sleep(0)
        conn.data_received(_chunk(b"a"))
        with pytest.raises(ValueError, match="a bug in a step"):
            await asyncio.wait_for(task, 5)

    asyncio.run(main())


# --- the server's writer ----------------------------------------------------------------------


class _Cycle:
    """What ``cycle_writer`` reads of uvicorn's cycle, set as a test needs."""

    def __init__(self, method: str = "POST") -> None:
        self.scope = {"method": method}
        self.transport = self
        self.flow = SimpleNamespace(write_paused=False)
        self.disconnected = False
        self.response_started = True
        self.response_complete = False
        self.chunked_encoding: bool | None = True
        self.closing = False
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing


def test_the_writer_writes_a_chunk_as_uvicorn_would_and_declines_where_send_would_wait() -> None:
    cycle = _Cycle()
    write = factory.cycle_writer(cycle)
    assert write is not None
    assert write(b"data: x\n\n") and write(b"") is True
    assert cycle.written == [b"9\r\ndata: x\n\n\r\n"]  # uvicorn's chunk: size, bytes, CRLF
    for attr, value in (("response_started", False), ("response_complete", True),
                        ("disconnected", True), ("chunked_encoding", False),
                        ("chunked_encoding", None), ("closing", True)):
        c = _Cycle()
        setattr(c, attr, value)
        w = factory.cycle_writer(c)
        assert w is not None and w(b"x") is False and w(b"") is False and c.written == [], attr
    c = _Cycle()
    w = factory.cycle_writer(c)
    assert w is not None
    c.flow.write_paused = True  # the client reads slowly: send waits for the buffer, so must we
    assert w(b"x") is False and c.written == []
    c.flow.write_paused = False
    assert w(b"x") is True and c.written == [b"1\r\nx\r\n"]
    assert factory.cycle_writer(_Cycle("HEAD")) is None  # a HEAD response has no body
    assert factory.cycle_writer(SimpleNamespace(scope={})) is None  # another uvicorn: no writer


class _Wire:
    """A transport that records its writes."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return name


def test_a_held_head_goes_with_the_next_write_or_at_the_end_of_the_loops_turn() -> None:
    async def run() -> None:
        # the next write of the same turn carries the head: one write; then the cycle's own
        # transport again, and every later write goes straight to it
        wire = _Wire()
        cycle = SimpleNamespace(transport=wire)
        hold = factory.HeadHold(cycle)
        assert cycle.transport is hold
        cycle.transport.write(b"HTTP/1.1 200 OK\r\n\r\n")
        assert wire.written == []
        cycle.transport.write(b"5\r\nhello\r\n")
        assert wire.written == [b"HTTP/1.1 200 OK\r\n\r\n5\r\nhello\r\n"]
        assert cycle.transport is wire
        await asyncio.sleep(0)  # the turn's flush finds nothing held
        hold.write(b"0\r\n\r\n")  # a write through a stale reference: straight on
        assert wire.written[1:] == [b"0\r\n\r\n"]
        # no write follows in the turn: the head goes out at its end, alone
        wire = _Wire()
        cycle = SimpleNamespace(transport=wire)
        factory.HeadHold(cycle)
        cycle.transport.write(b"HEAD")
        assert cycle.transport.is_closing() is False and cycle.transport.get_extra_info("x") == "x"
        await asyncio.sleep(0)
        assert wire.written == [b"HEAD"] and cycle.transport is wire
        # closed while held: the head first
        wire = _Wire()
        cycle = SimpleNamespace(transport=wire)
        factory.HeadHold(cycle)
        cycle.transport.write(b"HEAD")
        cycle.transport.close()
        await asyncio.sleep(0)
        assert wire.written == [b"HEAD"] and wire.closed

    asyncio.run(run())


def test_a_scope_without_the_extension_has_no_writer() -> None:
    assert body_writer({"type": "http"}) is None
    assert body_writer({"type": "http", "extensions": {}}) is None
    assert body_writer({"type": "http", "extensions": {BODY_WRITER: None}}) is None
    w = factory.cycle_writer(_Cycle())
    assert body_writer({"type": "http", "extensions": {BODY_WRITER: w}}) is w


def test_a_chat_read_is_taken_directly_only_when_its_step_needs_no_worker() -> None:
    body = json.dumps(_request("chat", _CLEAN, True)).encode()
    repair = prepare(body, "ignore").repair
    assert repair is not None
    events = _events("chat", _CLEAN)
    sent: list[bytes] = []

    def write(data: bytes) -> bool:
        sent.append(data)
        return True

    job = _StreamJob(Proxy("http://upstream", "ignore", 10.0, Stats()), repair,
                     None, "r", _Budget(5.0))  # type: ignore[arg-type]
    assert job.now(events[0], write) and job.now(events[1], write)
    big = b"".join(events[2:]) * (INLINE_BATCH_BYTES // len(b"".join(events[2:])) + 1)
    before = list(sent)
    assert not job.now(big, write) and sent == before  # left to feed: a worker's batch
    # a read whose text could carry the reply past the inline bound: left to feed too
    assert not job.rewriter.light_after(INLINE_REPLY_CHARS)
    assert job.rewriter.light_after(len(events[2]))
    assert job.now(events[2], write)
    assert b"".join(sent) == b"".join(events[:3])


# --- end to end: the choice, and the same bytes -------------------------------------------------


def _named(kind: str, body: dict[str, Any]) -> bytes:
    return (f"event: {kind}\n".encode() + b"data: "
            + json.dumps({"type": kind, **body}, ensure_ascii=False).encode() + b"\n\n")


def _events(route: str, text: str) -> list[bytes]:
    """``text`` in 4-character deltas as a stream of ``route``, as the servers send them."""
    pieces = [text[i : i + 4] for i in range(0, len(text), 4)]
    if route == "chat":
        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            return b"data: " + json.dumps({
                "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
                "model": "stub", "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                              "finish_reason": finish}]}).encode() + b"\n\n"
        return [chunk({"role": "assistant", "content": ""}),
                *(chunk({"content": p}) for p in pieces), chunk({}, "stop"), b"data: [DONE]\n\n"]
    if route == "messages":
        msg = {"id": "msg_1", "type": "message", "role": "assistant", "model": "stub",
               "content": [], "stop_reason": None, "stop_sequence": None,
               "usage": {"input_tokens": 5, "output_tokens": 1}}
        return [_named("message_start", {"message": msg}),
                _named("content_block_start", {"index": 0,
                                               "content_block": {"type": "text", "text": ""}}),
                *(_named("content_block_delta", {"index": 0, "delta": {
                    "type": "text_delta", "text": p}}) for p in pieces),
                _named("content_block_stop", {"index": 0}),
                _named("message_delta", {"delta": {"stop_reason": "end_turn",
                                                   "stop_sequence": None},
                                         "usage": {"output_tokens": 60}}),
                _named("message_stop", {})]
    resp = {"id": "resp_1", "object": "response", "created_at": 1, "model": "stub",
            "status": "in_progress", "output": []}
    item = {"type": "message", "id": "msg_1", "role": "assistant", "status": "in_progress",
            "content": []}
    part = {"type": "output_text", "text": "", "annotations": []}
    where = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
    done = {**item, "status": "completed", "content": [{**part, "text": text}]}
    evs: list[tuple[str, dict[str, Any]]] = [
        ("response.created", {"response": resp}),
        ("response.output_item.added", {"output_index": 0, "item": item}),
        ("response.content_part.added", {**where, "part": part}),
        *(("response.output_text.delta", {**where, "delta": p}) for p in pieces),
        ("response.output_text.done", {**where, "text": text}),
        ("response.content_part.done", {**where, "part": {**part, "text": text}}),
        ("response.output_item.done", {"output_index": 0, "item": done}),
        ("response.completed", {"response": {**resp, "status": "completed", "output": [done]}})]
    return [_named(kind, {"sequence_number": n, **body}) for n, (kind, body) in enumerate(evs)]


def _stub() -> Any:
    async def serve(request: Request) -> StreamingResponse:
        req = json.loads(await request.body())

        async def body() -> Any:
            for ev in _events(req["route"], req["text"]):
                yield ev
                await asyncio.sleep(0.002)  # one event per read, like a model generating

        return StreamingResponse(body(), media_type="text/event-stream")

    paths = ("/v1/chat/completions", "/v1/responses", "/v1/messages")
    return Starlette(routes=[Route(p, serve, methods=["POST"]) for p in paths])


_PATHS = {"chat": "/v1/chat/completions", "responses": "/v1/responses",
          "messages": "/v1/messages"}
_TOOL = {"name": "bash", "description": "Run a shell command",
         "parameters": {"type": "object", "properties": {"command": {"type": "string"}},
                        "required": ["command"]}}
_CLEAN = "The tests passed: 12 in 3 s, two warnings from a deprecated fixture. " * 2
_LEAK = ("I'll run the tests now.\n\n<tool_call>\n{\"name\": \"bash\", \"arguments\": "
         "{\"command\": \"pytest -q\"}}\n</tool_call>")


def _request(route: str, text: str, tools: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "stub", "stream": True, "route": route, "text": text}
    if tools:
        body["tools"] = {"chat": [{"type": "function", "function": _TOOL}],
                         "responses": [{"type": "function", **_TOOL}],
                         "messages": [{"name": "bash", "input_schema": _TOOL["parameters"]}]}[route]
    if route == "responses":
        body["input"] = "run the tests"
    else:
        body["messages"] = [{"role": "user", "content": "run the tests"}]
    if route == "messages":
        body["max_tokens"] = 256
    return body


@pytest.mark.heavy  # servers on loopback
def test_the_direct_path_is_taken_only_under_serves_protocol_and_sends_the_same_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[int] = []
    real = factory.cycle_writer

    def counting(cycle: Any) -> Any:
        w = real(cycle)
        if w is None:
            return None

        def write(data: bytes) -> bool:
            ok = w(data)
            if ok:  # a read taken: its check (b""), its bytes (none while text is held)
                written.append(len(data))
            return ok

        return write

    monkeypatch.setattr(factory, "cycle_writer", counting)
    cases = [(route, text, tools) for route in _PATHS for text in (_CLEAN, _LEAK)
             for tools in (True, False)]
    got: dict[str, dict[tuple[str, str, bool], tuple[bytes, int]]] = {}
    with ThreadServer(_stub(), "httptools") as stub:
        upstream = f"http://127.0.0.1:{stub.port}"
        for name, http in (("serve", factory.http_protocol(10.0, 65536)), ("plain", "httptools")):
            app = Ops(create_app(upstream), upstream=upstream, metrics=Metrics())
            got[name] = {}
            with ThreadServer(app, http, "on", 120) as proxy, \
                    httpx.Client(timeout=30, trust_env=False) as client:
                for case in cases:
                    before = len(written)
                    r = client.post(f"http://127.0.0.1:{proxy.port}{_PATHS[case[0]]}",
                                    json=_request(*case))
                    assert r.status_code == 200, (name, case, r.text)
                    got[name][case] = (r.content, len(written) - before)
    for case in cases:
        direct, direct_writes = got["serve"][case]
        plain, plain_writes = got["plain"][case]
        assert direct == plain, case  # the same bytes, repaired or relayed
        assert plain_writes == 0, case  # another server offers no writer: ASGI messages only
        # the reads went through the writer; how many reads the stub's events arrive in is
        # the kernel's and the scheduler's (17 of 20+ at load 15: coalesced), not ours
        assert direct_writes > 0, case
    repaired = got["serve"][("chat", _LEAK, True)][0]
    assert b'"tool_calls"' in repaired and b"<tool_call>" not in repaired
