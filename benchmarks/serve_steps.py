"""The repair steps of ``leakcall serve`` in-process: what repairing ``bench_serve.py``'s clean
streamed reply costs per request, without the server, the sockets and the event loop.

Chat goes through the proxy's own step of a read (``StreamJob._step``: the lane's
``plain_read`` and the rewriter's ``run``); Responses and Messages through the
transports' ``StreamFixer``. ``--reads paced`` feeds one event per read (a paced upstream),
``--reads flat`` the whole stream in three reads (flat out). Prints the thread CPU per stream.

Instructions per stream, which ignore the machine's load: run it under callgrind twice and
subtract (the import and warm-up are the same in both runs)::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/serve_steps.py chat paced --streams 41   # and --streams 1
    # (Ir of 41 - Ir of 1) / 40

``--dump`` writes the bytes sent for the last stream to stdout (to compare two revisions).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import bench_serve as bs

from leakcall.proxy.events import Stats
from leakcall.proxy.forward import Proxy
from leakcall.proxy.repair import Repair
from leakcall.proxy.streamjob import Budget, StreamJob
from leakcall.recoverer import Recoverer, recoverer_for
from leakcall.wire import Job, StreamFixer, route_named

ROUTE = {"chat": "chat_completions", "responses": "responses", "messages": "messages"}
PROXY = Proxy("http://127.0.0.1:9", "ignore", 60.0, Stats())
"""The proxy whose settings a Chat step reads (never opened: no upstream, no worker)."""


def chat(reads: list[bytes], rc: Recoverer) -> bytes:
    """The Chat repair of one stream, read by read, by the proxy's own step (``StreamJob``)."""
    repair = Repair(tools=bs.TOOLS, salt="s", stream=True, recoverer=rc)
    job = StreamJob(PROXY, repair, _unused_send, "steps", Budget(20.0))
    out: list[bytes] = []
    for read in reads:
        data, events = job._step(read)
        if events is not None:  # pragma: no cover - a short reply's reads are light
            raise RuntimeError("a batch left for a worker thread")
        out.append(data)
    if not job.relaying:  # as ``StreamJob.end``: what is held, then an unfinished event
        out += [job._after(job.rewriter.run([], end=True)), job.decoder.take_raw()]
    return b"".join(out)


async def _unused_send(message: dict[str, object]) -> None:  # pragma: no cover
    raise RuntimeError("the step sends nothing itself")


def wire(route: str, reads: list[bytes], rc: Recoverer) -> bytes:
    """The Responses or Messages repair of one stream, read by read."""
    fixer = StreamFixer(Job(route_named(ROUTE[route]), rc, "s", True), None, None,
                        lambda rec: None, max_held=1 << 16)
    return b"".join([*map(fixer.feed, reads), fixer.close()])


def reads_of(route: str, mode: str) -> list[bytes]:
    events = bs.STREAMS[route](bs.CLEAN, 4)
    if mode == "paced":
        return events
    k = (len(events) + 2) // 3
    return [b"".join(events[i : i + k]) for i in range(0, len(events), k)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("route", choices=list(ROUTE))
    ap.add_argument("reads", choices=["paced", "flat"])
    ap.add_argument("--streams", type=int, default=300)
    ap.add_argument("--dump", action="store_true")
    args = ap.parse_args(argv)
    rc = recoverer_for(bs.TOOLS if args.route == "chat" else bs._tools(args.route))
    reads = reads_of(args.route, args.reads)

    def one() -> bytes:
        return chat(reads, rc) if args.route == "chat" else wire(args.route, reads, rc)

    for _ in range(20):  # warm
        out = one()
    t = time.thread_time()
    for _ in range(args.streams):
        out = one()
    dt = time.thread_time() - t
    if args.streams:
        print(f"{args.route} {args.reads}: {dt / args.streams * 1e6:.1f} us CPU per stream",
              file=sys.stderr)
    if args.dump:
        sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
