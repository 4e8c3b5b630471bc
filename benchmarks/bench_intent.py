"""Process CPU of the intent stage alone (``pipeline._intent`` and ``pipeline._grounded``) on
the 2 KB leaks of ``bench_leak`` and a clean 1 KB reply, with an optional cProfile.

    python benchmarks/bench_intent.py [--calls N] [--profile FAMILY]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from pathlib import Path

from _inputs import leak_for
from _timing import cpu_timed

import leakcall
from leakcall import pipeline

_WRAPPED = ("_intent", "_grounded")


def measure(fam: str, calls: int) -> dict[str, float]:
    """µs of process CPU per ``recover`` spent in each wrapped step (median of 5 batches)."""
    leak, why = leak_for(fam)
    if leak is None:
        raise SystemExit(f"{fam}: {why}")
    acc: dict[str, int] = {}

    saved = {n: getattr(pipeline, n) for n in _WRAPPED}
    batches: dict[str, list[float]] = {n: [] for n in (*_WRAPPED, "recover")}
    try:
        for n, fn in saved.items():
            setattr(pipeline, n, cpu_timed(acc, n, fn))
        for _ in range(50):
            leakcall.recover(leak.text, leak.tools)
        for _ in range(5):
            acc.clear()
            t0 = time.process_time_ns()
            for _ in range(calls):
                leakcall.recover(leak.text, leak.tools)
            batches["recover"].append((time.process_time_ns() - t0) / calls / 1000)
            for n in _WRAPPED:
                batches[n].append(acc.get(n, 0) / calls / 1000)
    finally:
        for n, fn in saved.items():
            setattr(pipeline, n, fn)
    return {n: sorted(v)[len(v) // 2] for n, v in batches.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--profile", metavar="FAMILY", help="cProfile the recovers of one leak")
    args = ap.parse_args(argv)
    if args.profile:
        leak, _ = leak_for(args.profile)
        assert leak is not None
        leakcall.recover(leak.text, leak.tools)
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(args.calls):
            leakcall.recover(leak.text, leak.tools)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        return 0
    print(f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print("| leak | `recover` µs | `_intent` µs | `_grounded` µs |")
    print("|---|---:|---:|---:|")
    for fam in ("hermes", "dsml"):
        m = measure(fam, args.calls)
        print(f"| {fam} | {m['recover']:.1f} | {m['_intent']:.1f} | {m['_grounded']:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
