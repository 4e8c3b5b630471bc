"""What a heavy repair costs the proxy's other clients, per route, streamed and not.

    python benchmarks/stall_wire.py [--rounds 2]

The proxy (uvicorn in a thread, default limits) runs in front of the loopback replay server
(``tests/wire_replay.py``) whose reply is a 400 KB call (30,000 arguments). For each route
(Chat Completions, Responses, Messages), streamed and not, two such replies are repaired while
``GET /leakcall/stats`` is sent every 20 ms; the figure is the median latency during the
repairs over the median on the idle proxy (the outside baseline: the same request with no
repair running). Non-streamed replies over 256 KiB are repaired in worker processes; streams in
a worker thread of the proxy's process (it shares the interpreter lock with the event loop).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.wire_replay import serving, serving_app

from leakcall.serve import create_app

TOOLS = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]
ROUTES: dict[str, tuple[str, dict[str, Any]]] = {
    "chat": ("/v1/chat/completions", {"messages": [{"role": "user", "content": "go"}],
                                      "tools": TOOLS}),
    "responses": ("/v1/responses", {"input": "go", "tools": [
        {"type": "function", **t["function"]} for t in TOOLS]}),
    "messages": ("/v1/messages", {"max_tokens": 9, "messages": [{"role": "user", "content": "go"}],
                                  "tools": [{"name": "bash", "input_schema": {"type": "object"}}]}),
}


def _median_latency(url: str, until: Any, most: int) -> float:
    out = []
    with httpx.Client(timeout=30) as c:
        while until() and len(out) < most:
            t0 = time.perf_counter()
            c.get(url)
            out.append(time.perf_counter() - t0)
            time.sleep(0.02)
    return statistics.median(out) if out else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    items = {"items": [[i, {"x": i}] for i in range(30_000)]}
    text = '<tool_call>\n{"name": "bash", "arguments": ' + json.dumps(items) + "}\n</tool_call>"
    with serving() as upstream, serving_app(create_app(upstream.base)) as base:
        model = upstream.register("heavy", text=text, step=60_000)
        stats = base + "/leakcall/stats"
        print(f"{'route':10} {'stream':6} {'idle ms':>8} {'busy ms':>8} {'ratio':>6}")
        for _ in range(args.rounds):
            for name, (path, body) in ROUTES.items():
                for stream in (False, True):
                    idle = _median_latency(stats, lambda: True, 20)
                    done = threading.Event()

                    def costly(path: str = path, body: dict[str, Any] = body,
                               stream: bool = stream, done: threading.Event = done) -> None:
                        with httpx.Client(timeout=120) as c:
                            for _ in range(2):
                                c.post(base + path, json={"model": model, **body,
                                                          "stream": stream})
                        done.set()

                    with ThreadPoolExecutor(1) as pool:
                        job = pool.submit(costly)
                        busy = _median_latency(stats, lambda d=done: not d.is_set(), 200)
                        job.result()
                    print(f"{name:10} {stream!s:6} {idle * 1e3:8.1f} {busy * 1e3:8.1f} "
                          f"{busy / idle:6.1f}")


if __name__ == "__main__":
    main()
