"""The floor under ``leakcall serve``'s repair: its CPU per streamed clean request repairing
(tools in the request), relaying the same request unrepaired (``x-leakcall: off``: the HTTP
server, the operations layer, the upstream client and the relay loop, no repair), and a plain
TCP byte relay's (``bench_serve.py``'s), in interleaved rounds, medians.

What it shows: how much of the proxy's cost over the byte relay is the repair and how much the
stack every request goes through whether or not it is repaired.

Run: ``python benchmarks/serve_floor.py [--requests 300] [--rounds 3] [--pace-ms 0]
[--routes chat,responses,messages]`` (leakcall from the ``src/`` on ``PYTHONPATH``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_serve as bench


async def batch(server: bench.Server, route: str, off: bool, n: int, pace_ms: float) -> float:
    """CPU milliseconds of ``server`` per request over ``n`` requests, 8 at a time."""
    import httpx

    headers = {"x-leakcall": "off"} if off else {}
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=8), timeout=60,
                                 trust_env=False, headers=headers) as client:
        base = f"http://127.0.0.1:{server.port}"
        for _ in range(2):
            await bench.cpu_one(client, base, route, "clean", False, pace_ms)
        sem = asyncio.Semaphore(8)

        async def one() -> None:
            async with sem:
                await bench.cpu_one(client, base, route, "clean", False, pace_ms)

        cpu0 = server.cpu_s()
        await asyncio.gather(*(one() for _ in range(n)))
        return (server.cpu_s() - cpu0) / n * 1e3


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pace-ms", type=float, default=0.0)
    ap.add_argument("--routes", default="chat,responses,messages")
    args = ap.parse_args(argv)
    routes = args.routes.split(",")
    kinds = (("repairing", False), ("relaying (x-leakcall: off)", True), ("byte relay", False))
    res: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[bench.Server] = []
        try:
            stub, env = bench.start_stub(Path(tmp), 4, servers)
            proxy = bench.Server("leakcall", bench.LEAKCALL_ARGV, Path(tmp), env)
            relay = bench.Server("relay", [sys.executable, bench.__file__, "--relay", "raw",
                                           "--upstream-port", str(stub.port)], Path(tmp))
            servers += [proxy, relay]
            proxy.wait_ready()
            relay.wait_ready()
            start = os.getloadavg()
            for _ in range(args.rounds):
                for route in routes:
                    for name, off in kinds:
                        server = relay if name == "byte relay" else proxy
                        res.setdefault((route, name), []).append(asyncio.run(
                            batch(server, route, off, args.requests, args.pace_ms)))
        finally:
            for s in servers:
                s.stop()
    how = f"paced ({args.pace_ms:g} ms between events)" if args.pace_ms else "flat out"
    print(f"CPU per streamed clean request (ms), {how}: {args.requests} requests per cell, 8 at a "
          f"time, {args.rounds} rounds, medians; load average {start[0]:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end.\n")
    print("| route | leakcall repairing | leakcall relaying | byte relay | repairing ÷ byte relay "
          "| relaying ÷ byte relay |\n|---|---|---|---|---|---|")
    for route in routes:
        m = [statistics.median(res[(route, name)]) for name, _ in kinds]
        print(f"| {route} | {m[0]:.2f} | {m[1]:.2f} | {m[2]:.2f} | {m[0] / m[2]:.2f}× "
              f"| {m[1] / m[2]:.2f}× |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
