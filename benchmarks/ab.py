"""A/B of a code change in one process: leakcall at a git revision (copied from the repository
as a second package, ``leakcall_a``) against the working tree, on each family's 2 KB leak
(``_inputs.leak_for``: Hermes and DSML unless ``--families`` names others), timed in the same
interleaved rounds so that the machine's drift falls on both alike. Both must return the same
result (``Recovery.to_dict``) before anything is timed.

    python benchmarks/ab.py HEAD~1          # the last commit's effect
    python benchmarks/ab.py main --clock perf --rounds 31
    python benchmarks/ab.py main --bare      # the same markup without its preamble
    python benchmarks/ab.py main --families glm,seed_oss,hermes   # any family's 2 KB leak
    python benchmarks/ab.py main --big       # also bench_leak's 200 KB Hermes leaks

Process CPU (``--clock cpu``, the default) by default: the machine is shared.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _inputs import leak_for
from _timing import CLOCKS, Settings, compare, fmt_us, fmt_x, round_ratio
from bench_leak import big_leaks

import leakcall

ROOT = Path(__file__).resolve().parents[1]


def _import_at(rev: str, into: Path) -> object:
    """leakcall at ``rev``, importable as ``leakcall_a`` (its grammars beside it, as in a
    source tree: the package finds them there)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src", "grammar"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "src" / "leakcall").rename(into / "src" / "leakcall_a")
    sys.path.insert(0, str(into / "src"))
    return importlib.import_module("leakcall_a")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("rev", nargs="?", default="HEAD", help="the A side (default HEAD)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--bare", action="store_true", help="the leaks without their preamble")
    ap.add_argument("--families", default="hermes,dsml",
                    help="comma-separated families whose 2 KB leak is timed (default hermes,dsml)")
    ap.add_argument("--big", action="store_true",
                    help="also the 200 KB Hermes leaks of bench_leak.py (--families '' for those alone)")
    args = ap.parse_args(argv)
    s = Settings(round_s=0.04, rounds=args.rounds, clock=args.clock)
    tmp = Path(tempfile.mkdtemp(prefix="leakcall-ab-"))
    try:
        a = _import_at(args.rev, tmp)
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        print(f"A = {args.rev}, B = working tree; clock {s.clock}, {s.rounds} rounds, "
              f"load average {load}{', bare' if args.bare else ''}\n")
        print("| leak | A µs | B µs | B / A |\n|---|---:|---:|---:|")
        cases: list[tuple[str, str, Any]] = []
        for fam in filter(None, args.families.split(",")):
            leak, why = leak_for(fam)
            if leak is None:
                print(f"| {fam} | {why} | | |")
                continue
            if args.bare:
                r = leakcall.recover(leak.text, leak.tools)
                leak = replace(leak, text=leak.text[r.span[0] if r.span else 0 :])
            cases.append((fam, leak.text, leak.tools))
        if args.big:
            cases += [(f"hermes 200 KB, {label}", text, tools)
                      for label, text, tools, _ in big_leaks()]
        for label, text, tools in cases:
            ra = a.recover(text, tools)  # type: ignore[attr-defined]
            rb = leakcall.recover(text, tools)
            if ra.to_dict() != rb.to_dict():
                print(f"| {label} | different results: not timed | | |")
                continue
            t = compare({"A": partial(a.recover, text, tools),  # type: ignore[attr-defined]
                         "B": partial(leakcall.recover, text, tools)}, s)
            print(f"| {label} | {fmt_us(t['A'].median)} | {fmt_us(t['B'].median)} "
                  f"| {fmt_x(round_ratio(t['B'], t['A']))} |")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
