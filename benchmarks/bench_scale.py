"""Scale-out rows: ``python benchmarks/bench_scale.py [--quick] [--lines N]``.

1. ``leakcall.batch.recover_batch`` on one core: records per second over a generated log of
   text + tools rows (10 % leaks), against ``recover`` called row by row in a loop (same rows,
   same process, interleaved rounds).
2. ``leakcall scan --ray`` on a local Ray of 2 CPUs (2 workers) against the single-process scan
   of the same JSONL log: wall time of the scan, Ray start-up excluded and shown apart; both
   reports are checked equal. Skipped, with a line saying so, when ray[data] is absent.

Not a test module (no ``test_`` prefix, outside ``tests/``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import leakcall
from leakcall.scan import scan_paths

TOOLS: list[dict[str, Any]] = [{"type": "function", "function": {"name": "read", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}]
LEAK = '<tool_call>\n{"name": "read", "arguments": {"path": "/tmp/x"}}\n</tool_call>'
PAD = "All done. " * 40


def rows(n: int) -> list[tuple[str, str]]:
    tools = json.dumps(TOOLS)
    return [(LEAK if i % 10 == 0 else f"{PAD}{i}", tools) for i in range(n)]


def write_log(path: Path, n: int) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for i, (text, _) in enumerate(rows(n)):
            line: dict[str, Any] = ({"text": text, "tools": TOOLS} if i % 3 else
                                    {"request": {"tools": TOOLS}, "response": {
                                        "model": "m", "choices": [{"message": {"content": text}}]}})
            fh.write(json.dumps(line) + "\n")


def bench_batch(n: int, rounds: int) -> list[str]:
    import pyarrow as pa

    from leakcall.batch import recover_batch

    data = rows(n)
    table = pa.table({"text": [t for t, _ in data], "tools": [k for _, k in data]})
    tools = [json.loads(k) for _, k in data]

    def per_row() -> None:
        for (text, _), tl in zip(data, tools, strict=True):
            leakcall.recover(text, tl)

    recover_batch(table.slice(0, 100))
    batch_t, loop_t = [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        recover_batch(table)
        batch_t.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        per_row()
        loop_t.append(time.perf_counter() - t0)
    b, lo = statistics.median(batch_t), statistics.median(loop_t)
    return ["| path | rows | median s | records/s |", "|---|---:|---:|---:|",
            f"| `recover_batch` (one call, one core) | {n:,} | {b:.3f} | {n / b:,.0f} |",
            f"| `recover` row by row | {n:,} | {lo:.3f} | {n / lo:,.0f} |",
            "", f"batch / loop time: {b / lo:.2f}× ({rounds} rounds, medians)"]


def bench_ray(n: int, rounds: int) -> list[str]:
    try:
        import ray
        import ray.data
    except ImportError as e:
        return [f"ray[data] is not installed ({e}): no `scan --ray` row "
                "(pip install -e '.[ray]')."]
    from leakcall import ray_scan

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "log.jsonl"
        write_log(log, n)
        size = log.stat().st_size
        t0 = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level="WARNING")
        startup = time.perf_counter() - t0
        try:
            step = max(256 * 1024, size // 8)
            ray_scan.scan([str(log)], None, range_bytes=step)  # warm the workers
            single_t, ray_t = [], []
            for _ in range(rounds):
                t0 = time.perf_counter()
                one = scan_paths([str(log)], None, "ignore")
                single_t.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                many = ray_scan.scan([str(log)], None, range_bytes=step)
                ray_t.append(time.perf_counter() - t0)
                assert one.to_dict() == many.to_dict(), "reports differ"
        finally:
            ray.shutdown()
    s, r = statistics.median(single_t), statistics.median(ray_t)
    return ["| scan | lines | MB | median s | lines/s |", "|---|---:|---:|---:|---:|",
            f"| single process | {n:,} | {size / 1e6:.1f} | {s:.2f} | {n / s:,.0f} |",
            f"| `--ray`, local Ray, 2 CPUs | {n:,} | {size / 1e6:.1f} | {r:.2f} | {n / r:,.0f} |",
            "", f"ray / single time: {r / s:.2f}× ({rounds} rounds, medians; reports equal). "
            f"Ray start-up, not counted above: {startup:.1f} s. "
            f"nproc {len(os.sched_getaffinity(0))}, load average "
            f"{' '.join(Path('/proc/loadavg').read_text().split()[:3])}."]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--lines", type=int, default=0)
    args = ap.parse_args(argv)
    n = args.lines or (5_000 if args.quick else 40_000)
    rounds = 1 if args.quick else 3
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        print("pyarrow is not installed: no leakcall.batch row (pip install -e '.[batch]').")
    else:
        print("### `leakcall.batch` on one core\n")
        print("\n".join(bench_batch(n, rounds)))
    print("\n### `scan --ray` (2 workers) vs single-process `scan`\n")
    print("\n".join(bench_ray(n, rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
