"""``leakcall serve`` under load, on loopback: 200 concurrent streaming requests through the proxy.

Processes: a stub upstream (``python benchmarks/bench_serve.py --stub``, uvicorn) that streams a
fixed reply as Chat Completions SSE (a short preamble, then a leaked DSML call, in 4-character
deltas, as fast as it can), and ``python -m leakcall.serve --upstream <stub>`` in front of it.
The load generator (httpx, asyncio, this process) sends ``--concurrency`` streaming requests at
once, per round, alternately straight to the stub and through the proxy (``--rounds`` each).
Every response is checked: complete (``[DONE]``), the preamble as content, exactly the recovered
call as ``tool_calls`` with ``finish_reason: "tool_calls"`` through the proxy (and the untouched
reply directly). The run is bounded (rounds x concurrency requests, a timeout per request) and
ends by itself; both servers are terminated at the end.

Reported: throughput (completed requests per second of a round, median over rounds) and latency
per request (request sent -> last byte, median and p95 over all requests of all rounds); the
proxy's added latency as the ratio of its median to the direct median, and in milliseconds.
All processes share the machine's cores, so the figures are for this machine and this load.

Run: ``python benchmarks/bench_serve.py [--concurrency 200] [--rounds 3] [--deltas 4]``.
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


def run_stub(deltas: int) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response, StreamingResponse
    from starlette.routing import Route

    events = [_chunk({"role": "assistant", "content": ""})]
    events += [_chunk({"content": REPLY[i : i + deltas]}) for i in range(0, len(REPLY), deltas)]
    events += [_chunk({}, "stop"), b"data: [DONE]\n\n"]

    async def chat(request: Request) -> Response:
        pace = float(json.loads(await request.body()).get("pace_ms", 0)) / 1e3

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

    def __init__(self, name: str, argv: list[str], logdir: Path) -> None:
        self.name = name
        self.log = logdir / f"{name}.log"
        self._err = self.log.open("wb")
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=self._err, env={**os.environ, "PYTHONUNBUFFERED": "1"})
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--concurrency", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--deltas", type=int, default=4, help="characters per streamed delta")
    ap.add_argument("--pace-ms", type=float, default=50.0,
                    help="the paced scenario: milliseconds between two upstream events")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per request (bound)")
    ap.add_argument("--stub", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.stub:
        run_stub(args.deltas)
        return 0

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
