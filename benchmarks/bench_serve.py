"""``leakcall serve`` on loopback: its CPU per request, and (``--load``) a concurrency load test.

Default run (``python benchmarks/bench_serve.py [--quick]``, also a section of
``benchmarks/run.py``): a stub upstream (``--stub``, uvicorn) answers Chat Completions with a
leak (a short preamble and a DSML call) or a clean reply of the same length, streamed (4-character
deltas, the stub pausing ``--pace-ms`` between events, as a model does) or as one JSON body. The
proxy runs as ``uvicorn leakcall.serve:app --factory --http h11 --loop L`` once per event loop
(asyncio, and uvloop when the serve extra's ``uvicorn[standard]`` installed it). Every cell sends
``--requests`` requests, ``--concurrency`` (at most 8) at a time, with tools (the proxy repairs
the reply) and without (it relays the same bytes: the pure relay); the proxy process's CPU time
(user + system, /proc) over the cell divided by the requests is the figure; cells interleave over
``--rounds`` rounds, medians reported; the streamed cells run flat out too (no pause: the stub
sends as fast as it can). Every response is checked (repaired or unchanged, as due).
CPU time is per process, so other work on the machine moves it less than wall time; the load
average is printed at the start and the end.

``--load``: 200 concurrent streaming requests per round (``--concurrency``), alternately straight
to the stub and through ``python -m leakcall.serve``; every response is checked (complete, the
preamble as content, exactly the recovered call through the proxy). Reported: throughput,
latency median and p95, the proxy's added latency, and server CPU per request. Both servers are
terminated at the end.

Run: ``python benchmarks/bench_serve.py [--quick] [--requests 150] [--rounds 3]`` or
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


def run_stub(deltas: int) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    streams = {}
    for kind, text in REPLIES.items():
        events = [_chunk({"role": "assistant", "content": ""})]
        events += [_chunk({"content": text[i : i + deltas]}) for i in range(0, len(text), deltas)]
        streams[kind] = [*events, _chunk({}, "stop"), b"data: [DONE]\n\n"]
    completions = {kind: _completion(text) for kind, text in REPLIES.items()}

    async def chat(request: Request) -> Response:
        req = json.loads(await request.body())
        pace = float(req.get("pace_ms", 0)) / 1e3
        kind = req.get("reply", "leak")
        if req.get("stream") is not True:
            return Response(completions[kind], media_type="application/json")
        events = streams[kind]

        async def body() -> AsyncIterator[bytes]:
            for ev in events:
                yield ev
                await asyncio.sleep(pace)  # a real server yields between tokens

        return StreamingResponse(body(), media_type="text/event-stream")

    app = Starlette(routes=[Route("/v1/chat/completions", chat, methods=["POST"])])
    uvicorn.run(app, host="127.0.0.1", port=0, log_level="info", access_log=False, backlog=4096,
                timeout_keep_alive=30)


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

    def wait_ready(self, timeout: float = 30) -> Server:
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
        """CPU seconds (user + system) the process has used so far (Linux /proc)."""
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

SCENARIOS = [(stream, kind) for stream in (True, False) for kind in ("clean", "leak")]
"""(streamed, reply): each sent with tools (repaired) and without (relayed as received)."""


async def cpu_one(client: Any, url: str, stream: bool, kind: str, tools: bool, pace_ms: float) -> None:
    """One request; raises when the response is not what the proxy must send."""
    body: dict[str, Any] = {"model": "stub", "stream": stream, "reply": kind, "pace_ms": pace_ms,
                            "messages": [{"role": "user", "content": "run the tests"}]}
    if tools:
        body["tools"] = TOOLS
    repaired = tools and kind == "leak"
    if not stream:
        r = await client.post(url, json=body)
        msg = r.json()["choices"][0]["message"]
        got = [c["function"]["name"] for c in msg.get("tool_calls") or []]
        want = (PREAMBLE, ["bash"]) if repaired else (REPLIES[kind], [])
        if (msg["content"], got) != want:
            raise AssertionError(f"wrong reply: {msg!r}")
        return
    content: list[str] = []
    names: list[str] = []
    async with client.stream("POST", url, json=body) as resp:
        async for line in resp.aiter_lines():
            if line.startswith("data: {"):
                for ch in json.loads(line[6:])["choices"]:
                    delta = ch.get("delta") or {}
                    content.append(delta.get("content") or "")
                    names += [(tc.get("function") or {}).get("name") or ""
                              for tc in delta.get("tool_calls") or []]
    want = (PREAMBLE, ["bash"]) if repaired else (REPLIES[kind], [])
    if ("".join(content), [n for n in names if n]) != want:
        raise AssertionError(f"wrong stream: {''.join(content)!r} {names!r}")


async def cpu_batch(proxy: Server, url: str, stream: bool, kind: str, tools: bool,
                    args: argparse.Namespace, pace_ms: float | None = None) -> float:
    """Proxy CPU milliseconds per request over ``args.requests`` requests, ``args.concurrency``
    at a time (after two warm-up requests); the stub pauses ``pace_ms`` (default
    ``args.pace_ms``) between events."""
    pace = args.pace_ms if pace_ms is None else pace_ms
    import httpx

    limits = httpx.Limits(max_connections=args.concurrency)
    async with httpx.AsyncClient(limits=limits, timeout=args.timeout, trust_env=False) as client:
        for _ in range(2):
            await cpu_one(client, url, stream, kind, tools, pace)
        sem = asyncio.Semaphore(args.concurrency)

        async def guarded() -> None:
            async with sem:
                await cpu_one(client, url, stream, kind, tools, pace)

        cpu0 = proxy.cpu_s()
        await asyncio.gather(*(guarded() for _ in range(args.requests)))
        return (proxy.cpu_s() - cpu0) / args.requests * 1e3


Cell = tuple[str, bool, str, bool, float]  # proxy, streamed, reply, tools, pace (ms)


async def cpu_rounds(proxies: dict[str, tuple[Server, str]], args: argparse.Namespace
                     ) -> dict[Cell, list[float]]:
    """Every (proxy, scenario, tools or not) once per round, and the streamed ones flat out (no
    pause) on the last proxy; the order turns each round."""
    last = list(proxies)[-1]
    cells: list[Cell] = [(name, stream, kind, tools, args.pace_ms) for name in proxies
                         for stream, kind in SCENARIOS for tools in (True, False)]
    if args.pace_ms:
        cells += [(last, True, kind, tools, 0.0) for kind in ("clean", "leak") for tools in (True, False)]
    res: dict[Cell, list[float]] = {c: [] for c in cells}
    for r in range(args.rounds):
        k = r * 3 % len(cells)
        for cell in cells[k:] + cells[:k]:
            proxy, url = proxies[cell[0]]
            res[cell].append(await cpu_batch(proxy, url, *cell[1:4], args, pace_ms=cell[4]))
        print(f"  round {r + 1} of {args.rounds} done (load average {os.getloadavg()[0]:.1f})",
              file=sys.stderr, flush=True)
    return res


def cpu_report(res: dict[Cell, list[float]], loops: list[str], pace: float) -> list[str]:
    med = {c[:4]: statistics.median(v) for c, v in res.items() if c[4] == pace}
    flat = {c[:4]: statistics.median(v) for c, v in res.items() if c[4] != pace}
    main = loops[-1]
    out = [f"Proxy CPU per request (ms), `leakcall serve` as installed with the serve extra "
           f"(uvicorn, h11, {main} loop): with tools the reply is repaired; without tools the "
           f"same reply is relayed as received (the pure relay).", "",
           "| reply | with tools (repair) | no tools (pure relay) | repair / relay |",
           "|---|---|---|---|"]
    for stream, kind in SCENARIOS:
        rep, rel = med[(main, stream, kind, True)], med[(main, stream, kind, False)]
        label = f"{'streamed' if stream else 'one JSON body'}, {kind}"
        out.append(f"| {label} | {rep:.2f} | {rel:.2f} | {rep / rel:.2f}x |")
    target = med[(main, True, "clean", True)] / med[(main, True, "clean", False)]
    out += ["", f"Target: a streamed clean reply with tools costs at most 1.3x the CPU of a pure "
                f"relay of the same stream: {target:.2f}x, "
                f"{'met' if target <= 1.3 else 'NOT met'}."]
    if flat:
        out += ["", f"Streamed flat out (the stub does not pause between events), {main} loop, CPU "
                    f"per request (ms):", "",
                "| reply | with tools (repair) | no tools (pure relay) | repair / relay |",
                "|---|---|---|---|"]
        for kind in ("clean", "leak"):
            rep, rel = flat[(main, True, kind, True)], flat[(main, True, kind, False)]
            out.append(f"| streamed flat out, {kind} | {rep:.2f} | {rel:.2f} | {rep / rel:.2f}x |")
    if len(loops) > 1:
        out += ["", "Event loop (the same proxy under `uvicorn leakcall.serve:app --factory "
                    "--http h11 --loop L`), CPU per request (ms):", "",
                "| request | " + " | ".join(loops) + f" | {loops[-1]} / {loops[0]} |",
                "|---|" + "---|" * (len(loops) + 1)]
        for stream, kind in SCENARIOS:
            for tools in (True, False):
                vals = [med[(lp, stream, kind, tools)] for lp in loops]
                label = (f"{'streamed' if stream else 'JSON'}, {kind}, "
                         f"{'tools' if tools else 'relay'}")
                out.append(f"| {label} | " + " | ".join(f"{v:.2f}" for v in vals)
                           + f" | {vals[-1] / vals[0]:.2f}x |")
    return out


def cpu_main(args: argparse.Namespace) -> int:
    try:
        import uvloop  # noqa: F401  (the serve extra's uvicorn[standard])

        loops = ["asyncio", "uvloop"]
    except ImportError:
        loops = ["asyncio"]
    events = len(range(0, len(CLEAN), args.deltas)) + 3
    la0 = os.getloadavg()
    print(f"Proxy CPU per request, on loopback: {args.requests} requests per cell, "
          f"{args.concurrency} at a time, {args.rounds} rounds (median of the rounds), the stub "
          f"pausing {args.pace_ms:g} ms between SSE events; replies of {len(REPLY)} (leak: a "
          f"preamble and a DSML call) and {len(CLEAN)} characters (clean), in {args.deltas}-character "
          f"deltas (~{events} events). Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {la0[0]:.2f} {la0[1]:.2f} {la0[2]:.2f} at the start.", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[Server] = []
        try:
            stub = Server("stub", [sys.executable, __file__, "--stub", "--deltas", str(args.deltas)],
                          Path(tmp))
            servers.append(stub)
            stub.wait_ready()
            proxies: dict[str, tuple[Server, str]] = {}
            for loop in loops:
                env = {"LEAKCALL_UPSTREAM": f"http://127.0.0.1:{stub.port}",
                       "LEAKCALL_LOG_LEVEL": "warning"}
                proxy = Server(f"proxy-{loop}", [sys.executable, "-m", "uvicorn", "leakcall.serve:app",
                                                 "--factory", "--http", "h11", "--loop", loop,
                                                 "--port", "0", "--log-level", "info",
                                                 "--no-access-log"], Path(tmp), env)
                servers.append(proxy)
                proxies[loop] = (proxy.wait_ready(),
                                 f"http://127.0.0.1:{proxy.port}/v1/chat/completions")
            res = asyncio.run(cpu_rounds(proxies, args))
        finally:
            for s in servers:
                s.stop()
    print("\n".join(["", *cpu_report(res, loops, args.pace_ms)]))
    la1 = os.getloadavg()
    print(f"\nLoad average at the end: {la1[0]:.2f} {la1[1]:.2f} {la1[2]:.2f} (the machine's other "
          f"work shares its cores; CPU time is per process, wall time is not reported). Command: "
          f"`python benchmarks/bench_serve.py{' --quick' if args.quick else ''}`.")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--concurrency", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--deltas", type=int, default=4, help="characters per streamed delta")
    ap.add_argument("--pace-ms", type=float, default=50.0,
                    help="the paced scenario: milliseconds between two upstream events")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per request (bound)")
    ap.add_argument("--stub", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--load", action="store_true",
                    help="the concurrency load test instead of the CPU-per-request table")
    ap.add_argument("--requests", type=int, default=150, help="CPU table: requests per cell")
    ap.add_argument("--quick", action="store_true", help="CPU table: a short smoke run")
    args = ap.parse_args(argv)
    if args.stub:
        run_stub(args.deltas)
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
