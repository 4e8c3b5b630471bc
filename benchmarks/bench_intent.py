"""Process CPU of the intent stage alone (``pipeline._intent`` and ``pipeline._grounded``) on
the 2 KB leaks of ``bench_leak`` and a clean 1 KB reply, with an optional cProfile; or
(``--controls``) of ``_intent``, ``_samples`` and ``_grounded`` summed over every reply of
``tests/intent_v3_data/controls.jsonl`` (after a warm-up on 300 of them), the same outcomes
checked; or (``--sets K``) ``recover`` per reply over every K-th attack and control of
``tests/intent_v3_data`` (warm: the sample is recovered once untimed), with a digest of every
outcome (reason, rule, detail), so that two checkouts can be timed with one script
(``PYTHONPATH=<checkout>/src``) and shown to agree.

    python benchmarks/bench_intent.py [--calls N] [--profile FAMILY] [--controls] [--sets K]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import pstats
import time
from pathlib import Path
from typing import Any

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


CONTROLS = Path(__file__).resolve().parents[1] / "tests" / "intent_v3_data" / "controls.jsonl"
_STAGE = ("_intent", "_samples", "_grounded")


def controls() -> dict[str, float]:
    """Seconds of process CPU over every control reply: ``recover`` whole, and each stage."""
    rows = [json.loads(x) for x in CONTROLS.read_text(encoding="utf-8").splitlines() if x.strip()]
    acc: dict[str, int] = {}

    def one_pass(part: list[dict[str, Any]]) -> list[tuple[str, str]]:
        return [(str(r.reason), r.rule) for c in part for r in [
            leakcall.recover(c["reply"], c["tools"], **c.get("options", {}))]]

    saved = {n: getattr(pipeline, n) for n in _STAGE}
    try:
        for n, fn in saved.items():
            setattr(pipeline, n, cpu_timed(acc, n, fn))
        warm = one_pass(rows[:300])  # the lexicons and grammars are built on first use
        acc.clear()
        t0 = time.process_time_ns()
        outcomes = one_pass(rows)
        whole = time.process_time_ns() - t0
    finally:
        for n, fn in saved.items():
            setattr(pipeline, n, fn)
    assert outcomes[:300] == warm
    return {"replies": len(rows), "recover": whole / 1e9, "intent stage": sum(acc.values()) / 1e9,
            **{n: acc.get(n, 0) / 1e9 for n in _STAGE},
            "ok": sum(1 for reason, _ in outcomes if reason == "ok")}


def sets(every: int) -> dict[str, Any]:
    """ms of process CPU per ``recover`` over every ``every``-th attack and control (the sample
    recovered once before, untimed), and a digest of the outcomes."""
    data = CONTROLS.parent
    rows = {name: [json.loads(x) for x in (data / f"{name}.jsonl").read_text(
        encoding="utf-8").split("\n") if x.strip()][::every] for name in ("controls", "attacks")}

    def one(c: dict[str, Any]) -> tuple[str, str, str]:
        r = leakcall.recover(c["reply"], c["tools"], **c.get("options", {}))
        return str(r.reason), r.rule, r.detail

    warm = {name: [one(c) for c in part] for name, part in rows.items()}
    out: dict[str, Any] = {"every": every, "version": leakcall.__file__}
    for name, part in rows.items():
        t0 = time.process_time_ns()
        got = [one(c) for c in part]
        out[f"{name} ms"] = round((time.process_time_ns() - t0) / len(part) / 1e6, 3)
        out[name] = len(part)
        assert got == warm[name]
    out["digest"] = hashlib.sha256(json.dumps(warm).encode()).hexdigest()[:16]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--profile", metavar="FAMILY", help="cProfile the recovers of one leak")
    ap.add_argument("--controls", action="store_true",
                    help="CPU of the intent stage over every reply of controls.jsonl")
    ap.add_argument("--sets", type=int, metavar="K",
                    help="ms per recover over every K-th attack and control, outcomes digested")
    args = ap.parse_args(argv)
    if args.sets:
        print(f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        print(json.dumps(sets(args.sets)))
        return 0
    if args.controls:
        print(f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        print(json.dumps(controls()))
        return 0
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
