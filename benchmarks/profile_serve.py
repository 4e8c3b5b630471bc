"""Where ``leakcall serve``'s CPU goes on a streamed request: py-spy samples of the proxy process
(every thread, native frames, idle waits left out) while it repairs ``--requests`` streamed clean
replies of the ``bench_serve.py`` stub, grouped by the part of the proxy they fall in.

Run: ``python benchmarks/profile_serve.py [--route chat] [--pace-ms 2] [--requests 300]``
(``--pace-ms 0``: flat out)
(needs py-spy: ``pip install py-spy``; it reads the process with ptrace). The proxy runs as in
``bench_serve.py``: ``uvicorn leakcall.serve:app --factory --http leakcall._protocol:Bounded``.
A sample counts in the first group whose mark is found walking its stack from the innermost
frame outwards; shares are of the samples that were on a CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_serve as bench

GROUPS = [
    ("logging and metrics (decision log, access line, Prometheus)",
     ["log_event", "MetricWrapperBase", "Histogram.", "Counter.", "_Request", "Metrics.answered",
      "_observe", "Stats.", "isEnabledFor", "route_of ("]),
    ("write system calls (to the client and the upstream)",
     ["write (libc", "writev (libc", "send (libc", "sendto (libc"]),
    ("read system calls", ["read (libc", "recv (libc"]),
    ("re-encoding events (a held or released text framed anew)",
     ["encode_like", "encode_chunk", "LaneSource.", "encode_text", "_framed", "with_text"]),
    ("the streaming recoverer and the route's stream machine, per delta",
     ["Holdback.", "StreamRecoverer.", "ChatStreamRepair.", "Held.", "PlainRun.", "Machine.",
      "push_plain", "push_lane", "feed_whole", "_wire.py", "stream.py", "_plainrun", "_partial",
      "locate.py", "openai/", "anthropic.py", "ollama.py", "StreamFixer."]),
    ("per-read SSE decode (framing, the lane's reads, a chunk's JSON)",
     ["SSEDecoder.", "Lane.", "read_chunk", "field_of", "string_body", "_sse.py"]),
    ("the stream job and rewriter's control (per read)",
     ["StreamJob.", "StreamRewriter.", "_repair_stream", "_repair_wire_stream", "_inline",
      "_stream_head"]),
    ("the request check: its JSON, the tool list's lookup, the id salt (prepare)",
     ["prepare_known", "_prepare", "prepare (", "request_salt", "repair.py", "known_recoverer"]),
    ("the upstream client (the request written, the response head, reads)",
     ["proxy/client.py", "forward_headers", "upstream_url", "_send_upstream"]),
    ("response writing (the ASGI send, the server's write)",
     ["RequestResponseCycle.send", "SendTracker", "send_fixed", "cycle_writer", "HeadHold",
      "written ("]),
    ("the server: request parsing, the ASGI cycle",
     ["HttpToolsProtocol", "httptools_impl", "run_asgi", "ProxyHeadersMiddleware",
      "Protocol.data_received", "Protocol.on_"]),
    ("operations and the proxy's own handling (auth, headers, routing, body read, "
     "disconnect watch)",
     ["Ops.", "ops.py", "App.__call__", "Proxy.__call__", "Proxy._handle", "Proxy._forward",
      "Proxy._body", "cancel_on_disconnect", "read_body", "_wait_disconnect", "safe_path",
      "route_for", "_opted_out", "asgi.py", "forward.py"]),
]
OTHER = "the event loop and the rest (uvloop, tasks and futures, the garbage collector)"
IDLE = ("SimpleQueue_get", "epoll_pwait", "epoll_wait", "pthread_cond_timedwait", "take_gil")


def shares(raw: Path) -> tuple[list[tuple[str, float]], int]:
    """(group, share of the on-CPU samples) in descending order, and how many samples."""
    counts: collections.Counter[str] = collections.Counter()
    busy = 0
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack:
            continue
        frames = stack.split(";")
        if any(mark in f for f in frames for mark in IDLE):
            continue
        busy += int(n)
        group = OTHER
        for f in reversed(frames):
            hit = next((g for g, marks in GROUPS if any(m in f for m in marks)), None)
            if hit is not None:
                group = hit
                break
        counts[group] += int(n)
    return [(g, n / busy) for g, n in counts.most_common()], busy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--route", choices=list(bench.STREAMS), default="chat")
    ap.add_argument("--reply", choices=list(bench.REPLIES), default="clean")
    ap.add_argument("--pace-ms", type=float, default=2.0)
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--rate", type=int, default=500, help="py-spy samples per second")
    ap.add_argument("--warm", type=int, default=200, help="requests before sampling starts")
    ap.add_argument("--raw", type=Path, default=None,
                    help="also keep py-spy's raw samples here (one stack a line, for grepping)")
    args = ap.parse_args(argv)
    spy = shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))
    if spy is None:
        print("profile_serve: needs py-spy (pip install py-spy)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[bench.Server] = []
        try:
            _, env = bench.start_stub(Path(tmp), 4, servers)
            proxy = bench.Server("leakcall", bench.LEAKCALL_ARGV, Path(tmp), env)
            servers.append(proxy)
            proxy.wait_ready()
            if args.warm:  # first requests unsampled: what a fresh process builds is not counted
                warm = argparse.Namespace(requests=args.warm, concurrency=8, timeout=60.0)
                asyncio.run(bench.cpu_batch(proxy, f"http://127.0.0.1:{proxy.port}", args.route,
                                            args.reply, True, args.pace_ms, warm))
            out = Path(tmp) / "samples.txt"
            rec = subprocess.Popen([spy, "record", "--pid", str(proxy.proc.pid), "-r",
                                    str(args.rate), "--native", "--threads", "-f", "raw", "-o",
                                    str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.5)  # py-spy attached
            ns = argparse.Namespace(requests=args.requests, concurrency=8, timeout=60.0)
            cpu = asyncio.run(bench.cpu_batch(proxy, f"http://127.0.0.1:{proxy.port}", args.route,
                                              args.reply, True, args.pace_ms, ns))
            rec.send_signal(signal.SIGINT)
            rec.wait(60)
            groups, busy = shares(out)
            if args.raw is not None:
                shutil.copyfile(out, args.raw)
        finally:
            for s in servers:
                s.stop()
    how = f"paced ({args.pace_ms:g} ms between events)" if args.pace_ms else "flat out"
    print(f"{args.route}, {args.reply}, {how}: {cpu:.2f} ms CPU per request while sampled "
          f"({args.requests} requests, 8 at a time; py-spy at {args.rate} Hz: {busy} samples on a "
          f"CPU; load average {os.getloadavg()[0]:.1f})\n")
    print("| where | share of the proxy's CPU |\n|---|---|")
    for g, share in groups:
        print(f"| {g} | {share * 100:.1f} % |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
