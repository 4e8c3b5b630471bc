"""Instruction counts of ``bench_leak``'s 200 KB Hermes leaks, independent of the load: run
under ``valgrind --tool=callgrind --instr-atstart=no``; the process turns instrumentation on
(``callgrind_control -i on``) around ``K`` calls after two warm-up calls, and off after.

    valgrind --tool=callgrind --instr-atstart=no python benchmarks/callgrind_big.py 1 3
    valgrind --tool=callgrind --instr-atstart=no python benchmarks/callgrind_big.py 1 3 --baseline
    valgrind ... callgrind_big.py 0 0     # the toggling's own cost, to subtract

Arguments: the leak (0 one string value, 1 many small keys, 2 an array of small objects), K;
``--baseline`` counts ``bench_leak._baseline`` (opener search + ``json.loads``) instead of
``recover``. The count is the ``totals:`` line of the callgrind output file.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_leak import _baseline, big_leaks

import leakcall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("leak", type=int, choices=(0, 1, 2))
    ap.add_argument("k", type=int)
    ap.add_argument("--baseline", action="store_true")
    args = ap.parse_args()
    _, text, tools, args_json = big_leaks()[args.leak]

    def call() -> object:
        return _baseline(text, args_json) if args.baseline else leakcall.recover(text, tools)

    for _ in range(2):
        call()
    pid = str(os.getpid())
    subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
    for _ in range(args.k):
        call()
    subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
