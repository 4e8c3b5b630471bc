"""``leakcall serve`` on loopback: its CPU per streamed request against byte relays written
here, and (``--load``) a concurrency load test.

Default run (``python benchmarks/bench_serve.py [--quick]``, also a section of
``benchmarks/run.py``): a stub upstream (``--stub``, uvicorn) streams a reply as Chat
Completions, Responses and Messages SSE: a leak (a short preamble and a DSML call) or a clean
reply of about the same length, in 4-character deltas, pausing ``--pace-ms`` between events (as
a model does) and not at all (flat out). Three targets forward it, each its own process:

- ``leakcall``: ``uvicorn leakcall.serve:app --factory --http leakcall._protocol:Bounded`` (the
  HTTP protocol ``leakcall serve`` runs: uvicorn's httptools one with the request-head bounds;
  the default loop: uvloop when the serve extra installed it; the decision log at ``warning``),
  every request advertising tools, so the reply is repaired;
- ``relay``: a plain TCP byte relay (``--relay raw``: asyncio streams on uvloop, each client
  connection piped to an upstream connection, no HTTP parsing): the outside baseline;
- ``http-relay``: an HTTP relay without leakcall on the stack ``leakcall serve`` ran on until
  issue 27 (``--relay http``: uvicorn h11 and httpx, the response's bytes sent on as they
  arrive): what that stack alone costs.

Every cell (target, route, reply, pace) sends ``--requests`` requests, ``--concurrency`` (at
most 8) at a time; the figure is the target process's CPU time (user + system, all threads: its
POSIX process CPU clock, nanoseconds) over the cell divided by the requests. Cells interleave
over ``--rounds`` rounds (the order turns each round), medians reported. Every response is
checked (the repair through leakcall, the stub's reply through the relays). The load average is
printed at the start and the end.

``--load``: 200 concurrent streaming requests per round (``--concurrency``), alternately straight
to the stub and through ``python -m leakcall.serve``; every response is checked (complete, the
preamble as content, exactly the recovered call through the proxy). Reported: throughput,
latency median and p95, the proxy's added latency, and server CPU per request. Both servers are
terminated at the end.

``--against REV`` adds leakcall at git revision ``REV`` (its ``src/`` and ``grammar/`` copied
out with ``git archive``) as a fourth target in the same rounds: a change's effect, each side
against the same byte relay. ``--kinds clean`` measures the clean reply alone.

Run: ``python benchmarks/bench_serve.py [--quick] [--requests 150] [--rounds 3] [--against REV]
[--kinds clean,leak]`` or
``python benchmarks/bench_serve.py --load [--concurrency 200] [--rounds 3] [--deltas 4]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

TOOLS: list[dict[str, Any]] = [
    {"type": "function", "function": {"name": "bash", "parameters": {
        "type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}},
]
PREAMBLE = "I'll run the test suite now and report what fails.\n\n"
CALL = ("<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"bash\">\n"
        "<｜DSML｜parameter name=\"command\" string=\"true\">python -m pytest -q tests/</｜DSML｜parameter>\n"
        "</｜DSML｜invoke>\n</｜DSML｜function_calls>")
REPLY = PREAMBLE + CALL
ARGUMENTS = {"command": "python -m pytest -q tests/"}
_RUNNING = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")


# --- the stub upstream (run as a subprocess with --stub) ---------------------------------------


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    body = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1, "model": "stub",
            "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
    return b"data: " + json.dumps(body, ensure_ascii=False).encode() + b"\n\n"


CLEAN = ("The test suite passed: 412 tests in 38 s, no failures. Two warnings come from a "
         "deprecated fixture in tests/conftest.py (it still calls the old tmpdir API); I can move "
         "it to tmp_path if you want. Coverage is 91 %, unchanged since the last run.")
REPLIES = {"leak": REPLY, "clean": CLEAN}


def _completion(text: str) -> bytes:
    body = {"id": "chatcmpl-bench", "object": "chat.completion", "created": 1, "model": "stub",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "logprobs": None, "finish_reason": "stop"}]}
    return json.dumps(body, ensure_ascii=False).encode()


def _named(kind: str, body: dict[str, Any]) -> bytes:
    return (f"event: {kind}\n".encode() + b"data: "
            + json.dumps({"type": kind, **body}, ensure_ascii=False).encode() + b"\n\n")


def responses_stream(text: str, deltas: int) -> list[bytes]:
    """A Responses API stream of ``text`` as OpenAI sends it (one message item, one text part)."""
    resp = {"id": "resp_bench", "object": "response", "created_at": 1, "model": "stub",
            "status": "in_progress", "output": [], "tools": [], "tool_choice": "auto",
            "parallel_tool_calls": True}
    item = {"type": "message", "id": "msg_bench", "role": "assistant", "status": "in_progress",
            "content": []}
    part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
    pieces = [text[i : i + deltas] for i in range(0, len(text), deltas)]
    where = {"item_id": "msg_bench", "output_index": 0, "content_index": 0}
    evs: list[tuple[str, dict[str, Any]]] = [
        ("response.created", {"response": resp}), ("response.in_progress", {"response": resp}),
        ("response.output_item.added", {"output_index": 0, "item": item}),
        ("response.content_part.added", {**where, "part": part}),
        *(("response.output_text.delta", {**where, "delta": p, "logprobs": []}) for p in pieces),
        ("response.output_text.done", {**where, "text": text, "logprobs": []}),
        ("response.content_part.done", {**where, "part": {**part, "text": text}}),
    ]
    done = {**item, "status": "completed", "content": [{**part, "text": text}]}
    evs += [("response.output_item.done", {"output_index": 0, "item": done}),
            ("response.completed", {"response": {**resp, "status": "completed", "output": [done]}})]
    return [_named(kind, {"sequence_number": n, **body}) for n, (kind, body) in enumerate(evs)]


def messages_stream(text: str, deltas: int) -> list[bytes]:
    """An Anthropic Messages stream of ``text`` (one text block)."""
    msg: dict[str, Any] = {"id": "msg_bench", "type": "message", "role": "assistant", "model": "stub",
           "content": [], "stop_reason": None, "stop_sequence": None,
           "usage": {"input_tokens": 5, "output_tokens": 1}}
    pieces = [text[i : i + deltas] for i in range(0, len(text), deltas)]
    return [_named("message_start", {"message": msg}),
            _named("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}}),
            _named("ping", {}),
            *(_named("content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": p}})
              for p in pieces),
            _named("content_block_stop", {"index": 0}),
            _named("message_delta", {"delta": {"stop_reason": "end_turn", "stop_sequence": None},
                                     "usage": {"output_tokens": 60}}),
            _named("message_stop", {})]


def chat_stream(text: str, deltas: int) -> list[bytes]:
    events = [_chunk({"role": "assistant", "content": ""})]
    events += [_chunk({"content": text[i : i + deltas]}) for i in range(0, len(text), deltas)]
    return [*events, _chunk({}, "stop"), b"data: [DONE]\n\n"]


STREAMS = {"chat": chat_stream, "responses": responses_stream, "messages": messages_stream}
PATHS = {"chat": "/v1/chat/completions", "responses": "/v1/responses", "messages": "/v1/messages"}


def run_stub(deltas: int) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    streams = {(route, kind): make(text, deltas) for route, make in STREAMS.items()
               for kind, text in REPLIES.items()}
    completions = {kind: _completion(text) for kind, text in REPLIES.items()}

    def endpoint(route: str) -> Any:
        async def serve(request: Request) -> Response:
            req = json.loads(await request.body())
            pace = float(req.get("pace_ms", 0)) / 1e3
            kind = req.get("reply", "leak")
            if req.get("stream") is not True:
                return Response(completions[kind], media_type="application/json")
            events = streams[(route, kind)]

            async def body() -> AsyncIterator[bytes]:
                for ev in events:
                    yield ev
                    await asyncio.sleep(pace)  # a real server yields between tokens

            return StreamingResponse(body(), media_type="text/event-stream")
        return serve

    app = Starlette(routes=[Route(path, endpoint(route), methods=["POST"])
                            for route, path in PATHS.items()])
    uvicorn.run(app, host="127.0.0.1", port=0, log_level="info", access_log=False, backlog=4096,
                timeout_keep_alive=30)


# --- the outside baselines: byte relays that are not leakcall (run with --relay) ----------------


def run_raw_relay(upstream: int) -> None:
    """A plain TCP byte relay (asyncio streams, uvloop when installed, as ``leakcall serve``
    uses): every connection piped to a new upstream connection, both ways, bytes as they come.
    No HTTP parsing: the floor of any proxy."""
    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        try:
            while data := await src.read(65536):
                dst.write(data)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            dst.close()

    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        ur, uw = await asyncio.open_connection("127.0.0.1", upstream)
        await asyncio.gather(pipe(r, uw), pipe(ur, w))

    async def serve() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=4096)
        port = server.sockets[0].getsockname()[1]
        print(f"Uvicorn running on http://127.0.0.1:{port} (raw relay)", file=sys.stderr,
              flush=True)
        await server.serve_forever()

    try:
        import uvloop

        uvloop.run(serve())
    except ImportError:
        asyncio.run(serve())


def run_http_relay(upstream: int) -> None:
    """An HTTP relay on the stack ``leakcall serve`` ran on until issue 27 (uvicorn, h11, the
    default loop; httpx to the upstream), written without leakcall: the request forwarded, the response
    status, headers and body bytes relayed as they arrive."""
    import httpx
    import uvicorn

    client: list[httpx.AsyncClient] = []
    hop = {b"connection", b"keep-alive", b"transfer-encoding", b"content-length", b"host"}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (msg := await receive())["type"] != "lifespan.shutdown":
                if msg["type"] == "lifespan.startup":
                    client.append(httpx.AsyncClient(timeout=60, limits=httpx.Limits(
                        max_connections=None, max_keepalive_connections=64)))
                    await send({"type": "lifespan.startup.complete"})
            await client[0].aclose()
            await send({"type": "lifespan.shutdown.complete"})
            return
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if not msg.get("more_body"):
                break
        headers = [(k, v) for k, v in scope["headers"] if k.lower() not in hop]
        req = client[0].build_request(scope["method"], f"http://127.0.0.1:{upstream}{scope['path']}",
                                      headers=headers, content=body)
        resp = await client[0].send(req, stream=True)
        try:
            await send({"type": "http.response.start", "status": resp.status_code,
                        "headers": [(k, v) for k, v in resp.headers.raw if k.lower() not in hop]})
            async for chunk in resp.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            await resp.aclose()

    uvicorn.run(app, host="127.0.0.1", port=0, log_level="info", access_log=False, http="h11",
                backlog=4096)


# --- processes ------------------------------------------------------------------------------------


class Server:
    """A subprocess that announces its port in uvicorn's start line on stderr."""

    def __init__(self, name: str, argv: list[str], logdir: Path,
                 env: dict[str, str] | None = None) -> None:
        self.name = name
        self.log = logdir / f"{name}.log"
        self._err = self.log.open("wb")
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self._err,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
        self.port = 0

    def wait_ready(self, timeout: float = 240) -> Server:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = _RUNNING.search(self.log.read_text(errors="replace"))
            if m:
                self.port = int(m.group(1))
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start:\n{self.log.read_text(errors='replace')}")

    def cpu_s(self) -> float:
        """CPU seconds (user + system, all threads) the process has used so far: its POSIX
        process CPU clock (Linux: ``clock_getcpuclockid``, nanoseconds), else /proc in clock
        ticks."""
        try:
            return time.clock_gettime((~self.proc.pid << 3) | 2)  # MAKE_PROCESS_CPUCLOCK(pid, SCHED)
        except OSError:
            pass
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._err.close()


# --- the load generator ------------------------------------------------------------------------


async def one(client: Any, url: str, n: int, repaired: bool, pace_ms: float) -> float:
    """One streaming request; returns its latency in seconds, raises when the response is wrong."""
    body = {"model": "stub", "stream": True, "tools": TOOLS, "pace_ms": pace_ms,
            "messages": [{"role": "user", "content": f"request {n}"}]}
    t0 = time.perf_counter()
    content: list[str] = []
    calls: dict[int, dict[str, str]] = {}
    finish = None
    done = False
    async with client.stream("POST", url, json=body) as resp:
        if resp.status_code != 200:
            raise AssertionError(f"status {resp.status_code}: {(await resp.aread())[:300]!r}")
        async for line in resp.aiter_lines():
            if not line.startswith("data: "):
                continue
            data = line[6:]
            if data == "[DONE]":
                done = True
                continue
            for ch in json.loads(data)["choices"]:
                delta = ch.get("delta") or {}
                if delta.get("content"):
                    content.append(delta["content"])
                for tc in delta.get("tool_calls") or []:
                    cur = calls.setdefault(tc["index"], {"id": "", "name": "", "arguments": ""})
                    cur["id"] += tc.get("id") or ""
                    fn = tc.get("function") or {}
                    cur["name"] += fn.get("name") or ""
                    cur["arguments"] += fn.get("arguments") or ""
                finish = ch.get("finish_reason") or finish
    latency = time.perf_counter() - t0
    text = "".join(content)
    if not done:
        raise AssertionError("no [DONE]: the stream is incomplete")
    if repaired:
        got = [(c["name"], json.loads(c["arguments"])) for _, c in sorted(calls.items())]
        if (text, got, finish) != (PREAMBLE, [("bash", ARGUMENTS)], "tool_calls"):
            raise AssertionError(f"wrong repair: {text!r} {got!r} {finish!r}")
        if not calls[0]["id"].startswith("call_"):
            raise AssertionError(f"bad id {calls[0]['id']!r}")
    elif (text, calls, finish) != (REPLY, {}, "stop"):
        raise AssertionError(f"wrong direct reply: {text!r} {calls!r} {finish!r}")
    return latency


@dataclass
class Figures:
    """One target in one scenario, over all rounds."""

    wall: list[float] = field(default_factory=list)  # seconds per round
    lat: list[float] = field(default_factory=list)  # seconds per request
    cpu: list[float] = field(default_factory=list)  # CPU seconds of the server(s) per round


async def round_of(url: str, repaired: bool, args: argparse.Namespace, pace_ms: float,
                   servers: list[Server], fig: Figures) -> None:
    """``args.concurrency`` requests at once, after one warm-up request."""
    import httpx

    n = args.concurrency
    limits = httpx.Limits(max_connections=n, max_keepalive_connections=n)
    async with httpx.AsyncClient(limits=limits, timeout=args.timeout, trust_env=False) as client:
        await one(client, url, -1, repaired, pace_ms)  # warm: imports, grammar, one connection
        cpu0 = sum(s.cpu_s() for s in servers)
        t0 = time.perf_counter()
        latencies = await asyncio.wait_for(
            asyncio.gather(*(one(client, url, i, repaired, pace_ms) for i in range(n))),
            timeout=args.timeout * 2)
        fig.wall.append(time.perf_counter() - t0)
        fig.cpu.append(sum(s.cpu_s() for s in servers) - cpu0)
        fig.lat.extend(latencies)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


async def scenario(pace_ms: float, direct: str, proxied: str, args: argparse.Namespace,
                   stub: Server, proxy: Server) -> dict[str, Figures]:
    """Rounds alternating direct and proxied (the order flips each round)."""
    res = {"direct": Figures(), "proxy": Figures()}
    for r in range(args.rounds):
        order = [("direct", direct, False, [stub]), ("proxy", proxied, True, [stub, proxy])]
        for name, url, repaired, servers in order[:: -1 if r % 2 else 1]:
            await round_of(url, repaired, args, pace_ms, servers, res[name])
            wall = res[name].wall[-1]
            print(f"  round {r + 1} {name:6}: {args.concurrency} ok in {wall:.2f} s "
                  f"({args.concurrency / wall:.0f} req/s)", flush=True)
    return res


def report(title: str, res: dict[str, Figures], args: argparse.Namespace) -> None:
    n = args.concurrency
    rps = {k: statistics.median(n / w for w in f.wall) for k, f in res.items()}
    med = {k: statistics.median(f.lat) for k, f in res.items()}
    p95 = {k: _pct(f.lat, 0.95) for k, f in res.items()}
    cpu = {k: statistics.median(f.cpu) / n * 1e3 for k, f in res.items()}
    print(f"\n{title}\n")
    print("| target | requests | throughput (req/s) | latency median (ms) | latency p95 (ms) "
          "| server CPU per request (ms) |")
    print("|---|---|---|---|---|---|")
    for k, label in (("direct", "stub directly"), ("proxy", "through leakcall serve")):
        print(f"| {label} | {len(res[k].lat)} | {rps[k]:.0f} | {med[k] * 1e3:.0f} | "
              f"{p95[k] * 1e3:.0f} | {cpu[k]:.2f} |")
    print(f"\nproxy / direct: median latency {med['proxy'] / med['direct']:.2f}x "
          f"(+{(med['proxy'] - med['direct']) * 1e3:.0f} ms per request), p95 "
          f"{p95['proxy'] / p95['direct']:.2f}x, throughput {rps['proxy'] / rps['direct']:.2f}x; "
          f"the proxy's own CPU {cpu['proxy'] - cpu['direct']:.2f} ms per request")


# --- proxy CPU per request (the default run) -----------------------------------------------------

KINDS = ("clean", "leak")
TARGETS = ("leakcall", "relay", "http-relay")

LEAKCALL_ARGV = [sys.executable, "-m", "uvicorn", "leakcall.serve:app", "--factory", "--http",
                 "leakcall._protocol:Bounded", "--port", "0", "--log-level", "info",
                 "--no-access-log", "--no-proxy-headers"]
"""``leakcall serve`` as every proxy benchmark runs it (without uvicorn's proxy-headers
middleware, which its command line adds by default and ``leakcall serve`` adds only with
``--forwarded-allow-ips``)."""


def start_stub(tmp: Path, deltas: int, servers: list[Server]) -> tuple[Server, dict[str, str]]:
    """The stub upstream, started and added to ``servers`` (stopped by the caller), and the
    environment pointing leakcall at it."""
    stub = Server("stub", [sys.executable, __file__, "--stub", "--deltas", str(deltas)], tmp)
    servers.append(stub)
    stub.wait_ready()
    return stub, {"LEAKCALL_UPSTREAM": f"http://127.0.0.1:{stub.port}",
                  "LEAKCALL_LOG_LEVEL": "warning"}
"""``leakcall``: ``leakcall serve``'s app with tools in every request (it repairs the reply);
``relay``: the plain TCP byte relay (``run_raw_relay``); ``http-relay``: the HTTP relay on the
same server stack (``run_http_relay``). Both relays are written here, without leakcall."""


def _tools(route: str) -> list[dict[str, Any]]:
    fn = TOOLS[0]["function"]
    if route == "responses":
        return [{"type": "function", **fn}]
    if route == "messages":
        return [{"name": fn["name"], "input_schema": fn["parameters"]}]
    return TOOLS


def _request(route: str, kind: str, pace_ms: float) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "stub", "stream": True, "reply": kind, "pace_ms": pace_ms,
                            "tools": _tools(route)}
    if route == "responses":
        body["input"] = "run the tests"
    else:
        body["messages"] = [{"role": "user", "content": "run the tests"}]
    if route == "messages":
        body["max_tokens"] = 256
    return body


def read_stream(route: str, data: bytes) -> tuple[str, list[str]]:
    """(the reply text, the names of the calls) of a streamed response of ``route``."""
    text: list[str] = []
    names: list[str] = []
    for line in data.decode().splitlines():
        if not line.startswith("data: {"):
            continue
        ev = json.loads(line[6:])
        if route == "chat":
            for ch in ev["choices"]:
                delta = ch.get("delta") or {}
                text.append(delta.get("content") or "")
                names += [(tc.get("function") or {}).get("name") or ""
                          for tc in delta.get("tool_calls") or []]
        elif route == "responses":
            if ev["type"] == "response.output_text.delta":
                text.append(ev["delta"])
            elif ev["type"] == "response.output_item.added" and ev["item"]["type"] == "function_call":
                names.append(ev["item"]["name"])
        elif ev["type"] == "content_block_delta" and ev["delta"]["type"] == "text_delta":
            text.append(ev["delta"]["text"])
        elif ev["type"] == "content_block_start" and ev["content_block"]["type"] == "tool_use":
            names.append(ev["content_block"]["name"])
    return "".join(text), [n for n in names if n]


async def cpu_one(client: Any, base: str, route: str, kind: str, repaired: bool,
                  pace_ms: float) -> None:
    """One streamed request; raises when the response is not what the target must send (the
    repair through leakcall, the upstream's reply through the relays)."""
    async with client.stream("POST", base + PATHS[route], json=_request(route, kind, pace_ms)) as r:
        if r.status_code != 200:
            raise AssertionError(f"{route}: status {r.status_code}")
        data = await r.aread()
    want = (PREAMBLE, ["bash"]) if repaired and kind == "leak" else (REPLIES[kind], [])
    if read_stream(route, data) != want:
        raise AssertionError(f"{route} {kind}: wrong stream {read_stream(route, data)!r}")


async def cpu_batch(server: Server, base: str, route: str, kind: str, repaired: bool,
                    pace_ms: float, args: argparse.Namespace) -> float:
    """CPU milliseconds of ``server`` per request over ``args.requests`` requests,
    ``args.concurrency`` at a time (after two warm-up requests)."""
    import httpx

    limits = httpx.Limits(max_connections=args.concurrency)
    async with httpx.AsyncClient(limits=limits, timeout=args.timeout, trust_env=False) as client:
        for _ in range(2):
            await cpu_one(client, base, route, kind, repaired, pace_ms)
        sem = asyncio.Semaphore(args.concurrency)

        async def guarded() -> None:
            async with sem:
                await cpu_one(client, base, route, kind, repaired, pace_ms)

        cpu0 = server.cpu_s()
        await asyncio.gather(*(guarded() for _ in range(args.requests)))
        return float((server.cpu_s() - cpu0) / args.requests * 1e3)


Cell = tuple[str, str, str, float]  # target, route, reply, pace (ms)


async def cpu_rounds(targets: dict[str, Server], args: argparse.Namespace
                     ) -> dict[Cell, list[float]]:
    """Every (target, route, reply, pace) once per round; the order turns each round, so drift
    of the machine falls on every target alike."""
    paces = sorted({args.pace_ms, 0.0}, reverse=True)
    cells: list[Cell] = [(t, route, kind, pace) for pace in paces for route in STREAMS
                         for kind in args.kinds for t in targets]
    res: dict[Cell, list[float]] = {c: [] for c in cells}
    for r in range(args.rounds):
        k = r * 5 % len(cells)
        for cell in cells[k:] + cells[:k]:
            server = targets[cell[0]]
            base = f"http://127.0.0.1:{server.port}"
            for attempt in (1, 2):  # a request that fails is reported; its cell run again once
                try:
                    res[cell].append(await cpu_batch(server, base, cell[1], cell[2],
                                                     cell[0].startswith("leakcall"), cell[3], args))
                    break
                except Exception as e:  # say which cell, and what its server logged
                    print(f"cell {cell} failed ({type(e).__name__}: {e}), attempt {attempt}; "
                          f"{server.name}'s log:\n{server.log.read_text(errors='replace')[-4000:]}",
                          file=sys.stderr, flush=True)
                    if attempt == 2:
                        raise
        print(f"  round {r + 1} of {args.rounds} done (load average {os.getloadavg()[0]:.1f})",
              file=sys.stderr, flush=True)
    return res


def cpu_report(res: dict[Cell, list[float]], args: argparse.Namespace) -> list[str]:
    med = {c: statistics.median(v) for c, v in res.items()}

    def ratio(route: str, kind: str, pace: float, base: str, target: str = "leakcall") -> float:
        """The median over rounds of ``target`` / ``base``: each round's pair measured side by
        side, under the same load."""
        return statistics.median(a / b for a, b in zip(
            res[(target, route, kind, pace)], res[(base, route, kind, pace)], strict=True))

    out: list[str] = []
    for pace in sorted({c[3] for c in med}, reverse=True):
        how = f"paced ({pace:g} ms between events)" if pace else "flat out (no pause)"
        out += [f"Streamed, {how}: CPU per request (ms) of `leakcall serve` repairing (tools in "
                f"the request), of a plain TCP byte relay and of an HTTP relay on the stack leakcall "
                f"ran on until issue 27 (uvicorn h11 + httpx, no leakcall); medians of the "
                f"rounds; the ratios are leakcall's, the median over rounds of each round's "
                f"ratio.", "",
                "| route, reply | leakcall | byte relay | HTTP relay | ÷ byte relay "
                "| ÷ HTTP relay |", "|---|---|---|---|---|---|"]
        for route in STREAMS:
            for kind in args.kinds:
                lc, raw, http = (med[(t, route, kind, pace)] for t in TARGETS)
                out.append(f"| {route}, {kind} | {lc:.2f} | {raw:.2f} | {http:.2f} | "
                           f"{ratio(route, kind, pace, 'relay'):.2f}× | "
                           f"{ratio(route, kind, pace, 'http-relay'):.2f}× |")
        out.append("")
        if args.against:
            old = f"leakcall@{args.against}"
            out += [f"The same cells, leakcall at `{args.against}` (measured in the same rounds): "
                    f"CPU per request (ms), its ratio to the byte relay, and the working tree's "
                    f"CPU ÷ its CPU (the median over rounds of each round's ratio).", "",
                    f"| route, reply | leakcall@{args.against} | ÷ byte relay | leakcall "
                    f"| ÷ byte relay | leakcall ÷ leakcall@{args.against} |",
                    "|---|---|---|---|---|---|"]
            for route in STREAMS:
                for kind in args.kinds:
                    out.append(f"| {route}, {kind} | {med[(old, route, kind, pace)]:.2f} | "
                               f"{ratio(route, kind, pace, 'relay', old):.2f}× | "
                               f"{med[('leakcall', route, kind, pace)]:.2f} | "
                               f"{ratio(route, kind, pace, 'relay'):.2f}× | "
                               f"{ratio(route, kind, pace, old):.2f}× |")
            out.append("")
    paces = {c[3] for c in med}
    kind = "clean" if "clean" in args.kinds else args.kinds[0]
    worst = max(ratio(r, kind, p, "relay") for r in STREAMS for p in paces)
    stack = max(ratio(r, kind, p, "http-relay") for r in STREAMS for p in paces)
    out.append(f"Target (issue 27): a streamed clean reply with tools costs at most 2× the CPU of "
               f"the byte relay on every route, paced and flat out: worst {worst:.2f}×, "
               f"{'met' if worst <= 2 else 'NOT met'}. Against the HTTP relay on the previous "
               f"stack (uvicorn h11 + httpx, no repair): worst {stack:.2f}×.")
    return out


def cpu_main(args: argparse.Namespace) -> int:
    la0 = os.getloadavg()
    print(f"Proxy CPU per streamed request, on loopback: {args.requests} requests per cell, "
          f"{args.concurrency} at a time, {args.rounds} rounds (median of the rounds, cells "
          f"interleaved), the stub pausing {args.pace_ms:g} ms between SSE events and not at all; "
          f"replies of {len(CLEAN)} characters (clean) and {len(REPLY)} (leak: a preamble and a "
          f"DSML call) in {args.deltas}-character deltas, as Chat Completions, Responses and "
          f"Messages streams. CPU: the target process's user + system time (its process CPU clock). Python "
          f"{platform.python_version()}, {os.cpu_count()} cores, load average {la0[0]:.2f} "
          f"{la0[1]:.2f} {la0[2]:.2f} at the start.", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[Server] = []
        try:
            stub, env = start_stub(Path(tmp), args.deltas, servers)
            argv = {"leakcall": LEAKCALL_ARGV,
                    "relay": [sys.executable, __file__, "--relay", "raw", "--upstream-port",
                              str(stub.port)],
                    "http-relay": [sys.executable, __file__, "--relay", "http", "--upstream-port",
                                   str(stub.port)]}
            targets: dict[str, Server] = {}
            for name in TARGETS:
                targets[name] = Server(name, argv[name], Path(tmp), env)
                servers.append(targets[name])
            if args.against:  # leakcall at a revision, from a copy of its src/ and grammar/
                old = f"leakcall@{args.against}"
                archive = subprocess.run(["git", "-C", str(Path(__file__).resolve().parents[1]),
                                          "archive", args.against, "src", "grammar"],
                                         check=True, capture_output=True).stdout
                subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
                targets[old] = Server("leakcall-against", argv["leakcall"], Path(tmp),
                                      {**env, "PYTHONPATH": str(Path(tmp) / "src")})
                servers.append(targets[old])
            for server in targets.values():
                server.wait_ready()
            res = asyncio.run(cpu_rounds(targets, args))
        finally:
            for s in servers:
                s.stop()
    print("\n".join(["", *cpu_report(res, args)]))
    la1 = os.getloadavg()
    print(f"\nLoad average at the end: {la1[0]:.2f} {la1[1]:.2f} {la1[2]:.2f} (the machine's other "
          f"work shares its cores; CPU time is per process, wall time is not reported). Command: "
          f"`python benchmarks/bench_serve.py{' --quick' if args.quick else ''}"
          f"{' --against ' + args.against if args.against else ''}"
          f"{' --kinds ' + ','.join(args.kinds) if list(args.kinds) != list(KINDS) else ''}`.")
    return 0


def _cpu_options(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--requests", type=int, default=150, help="CPU table: requests per cell")
    ap.add_argument("--quick", action="store_true", help="CPU table: a short smoke run")
    ap.add_argument("--kinds", type=_kinds, default=list(KINDS),
                    help="CPU table: the replies, comma-separated (clean, leak)")
    ap.add_argument("--against", metavar="REV", default="",
                    help="CPU table: also leakcall at git revision REV, in the same rounds")


def _kinds(text: str) -> list[str]:
    kinds = [k for k in text.split(",") if k]
    if not kinds or not set(kinds) <= set(KINDS):
        raise argparse.ArgumentTypeError(f"some of {', '.join(KINDS)}, comma-separated")
    return kinds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--concurrency", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--deltas", type=int, default=4, help="characters per streamed delta")
    ap.add_argument("--pace-ms", type=float, default=50.0,
                    help="the paced scenario: milliseconds between two upstream events")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per request (bound)")
    ap.add_argument("--stub", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--relay", choices=("raw", "http"), help=argparse.SUPPRESS)
    ap.add_argument("--upstream-port", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--load", action="store_true",
                    help="the concurrency load test instead of the CPU-per-request table")
    _cpu_options(ap)
    args = ap.parse_args(argv)
    if args.stub:
        run_stub(args.deltas)
        return 0
    if args.relay:
        (run_raw_relay if args.relay == "raw" else run_http_relay)(args.upstream_port)
        return 0
    if not args.load:
        if args.quick:
            args.requests, args.rounds = 30, 1
        args.concurrency = min(args.concurrency, 8)
        args.pace_ms = 2.0 if args.pace_ms == 50.0 else args.pace_ms
        return cpu_main(args)

    events = len(range(0, len(REPLY), args.deltas)) + 3
    print(f"leakcall serve load test on loopback: {args.concurrency} concurrent streaming requests "
          f"per round, {args.rounds} rounds per target and scenario; the reply ({len(REPLY)} chars: "
          f"a preamble and a leaked DSML call) in {events} SSE events. Python "
          f"{platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the start.")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[Server] = []
        try:
            stub = Server("stub", [sys.executable, __file__, "--stub", "--deltas", str(args.deltas)],
                          Path(tmp))
            servers.append(stub)
            stub.wait_ready()
            proxy = Server("proxy", [sys.executable, "-m", "leakcall.serve", "--upstream",
                                     f"http://127.0.0.1:{stub.port}", "--port", "0"], Path(tmp))
            servers.append(proxy)
            proxy.wait_ready()
            direct = f"http://127.0.0.1:{stub.port}/v1/chat/completions"
            proxied = f"http://127.0.0.1:{proxy.port}/v1/chat/completions"
            for pace in sorted({0.0, args.pace_ms}):
                print(f"scenario: {pace:g} ms between upstream events", flush=True)
                results[pace] = asyncio.run(scenario(pace, direct, proxied, args, stub, proxy))
            stats = _stats(proxy.port)
            errors = [line for line in proxy.log.read_text(errors="replace").splitlines()
                      if line.startswith("{") and json.loads(line)["event"] not in ("repair",)]
        finally:
            for s in servers:
                s.stop()

    report("Flat out (the stub sends every event at once: the proxy's CPU is the bottleneck)",
           results[0.0], args)
    if args.pace_ms > 0:
        report(f"Paced ({args.pace_ms:g} ms between events, {1e3 / args.pace_ms:.0f} events/s per "
               f"stream, like a model generating)", results[args.pace_ms], args)
    total = sum(len(f.lat) for r in results.values() for f in r.values())
    print(f"\nevery response complete and correct: {total} requests "
          f"(+{4 * args.rounds} warm-up); proxy log lines other than repairs: {len(errors)}")
    print(f"proxy stats: {json.dumps(stats)}")
    return 0 if not errors else 1


def _stats(port: int) -> dict[str, Any]:
    import httpx

    out: dict[str, Any] = httpx.get(f"http://127.0.0.1:{port}/leakcall/stats", trust_env=False).json()
    return out


if __name__ == "__main__":
    raise SystemExit(main())
