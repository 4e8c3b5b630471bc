"""The first reply of a process (issue 27): a fresh process's ``import leakcall`` plus its first
``recover`` of a leak after a preamble, against the same with the same markup bare. Every run is
a new process; the two kinds run alternately, so that the machine's drift falls on both.

    python benchmarks/first_reply.py [--runs 9 | --quick] [--no-parser-cache]

The children compile leakcall's modules to bytecode once (into a private ``PYTHONPYCACHEPREFIX``,
primed by one run before the timing), as an installed wheel has them: without it every process
compiles the sources again (~0.1 s, more than the intent stage costs), which no deployment pays.
The parser cache (``LEAKCALL_CACHE_DIR``, docs/performance.md) is the user's, as in a normal
process; ``--no-parser-cache`` turns it off for both kinds (every process builds its parsers).

Printed: per kind the median and the best of the wall time from before ``import leakcall`` to the
end of the first ``recover`` (and the process CPU time of the same span), the ratio preamble /
bare (target at most 1.5x), and then the breakdown of a preamble process with a ``Recoverer``:
import, ``Recoverer()``, first and second reply.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

_MARKUP = ('<tool_call>\n{"name": "read_file", "arguments": {"path": "config.yml"}}\n'
           '</tool_call>')
_TOOLS = ('[{"type": "function", "function": {"name": "read_file", "parameters": {'
          '"type": "object", "properties": {"path": {"type": "string"}}}}}]')

_ONE_SHOT = r"""
import json, sys, time
w0, c0 = time.perf_counter(), time.process_time()
import leakcall
r = leakcall.recover(sys.argv[1], json.loads(sys.argv[2]))
w1, c1 = time.perf_counter(), time.process_time()
assert r.ok, r
print(f"{w1 - w0:.6f} {c1 - c0:.6f} {r.rule}")
"""

_STEPS = r"""
import json, sys, time
t0 = time.perf_counter()
import leakcall
t1 = time.perf_counter()
rc = leakcall.Recoverer(json.loads(sys.argv[2]))
t2 = time.perf_counter()
r1 = rc.recover(sys.argv[1])
t3 = time.perf_counter()
r2 = rc.recover(sys.argv[1].replace("config", "main"))
t4 = time.perf_counter()
assert r1.ok and r2.ok
print(f"{t1 - t0:.6f} {t2 - t1:.6f} {t3 - t2:.6f} {t4 - t3:.6f}")
"""

PREAMBLE = "Let me read the config file.\n" + _MARKUP
BARE = _MARKUP


def _run(code: str, text: str, env: dict[str, str]) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code, text, _TOOLS], capture_output=True,
                         text=True, check=True, env=env).stdout
    return out.split()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=9, help="processes per kind (default 9)")
    ap.add_argument("--quick", action="store_true", help="3 processes per kind")
    ap.add_argument("--no-parser-cache", action="store_true",
                    help="LEAKCALL_CACHE_DIR empty: every process builds its parsers")
    args = ap.parse_args()
    if args.quick:
        args.runs = 3
    with tempfile.TemporaryDirectory(prefix="leakcall-pyc-") as pyc:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pyc
        if args.no_parser_cache:
            env["LEAKCALL_CACHE_DIR"] = ""
        for text in (PREAMBLE, BARE):  # primes the bytecode (and the parser cache when on)
            _run(_ONE_SHOT, text, env)
        rows: dict[str, list[tuple[float, float]]] = {"preamble": [], "bare": []}
        rules = {}
        for i in range(args.runs):
            for kind in (("preamble", "bare") if i % 2 == 0 else ("bare", "preamble")):
                wall, cpu, rule = _run(_ONE_SHOT, PREAMBLE if kind == "preamble" else BARE, env)
                rows[kind].append((float(wall), float(cpu)))
                rules[kind] = rule
        steps = [list(map(float, _run(_STEPS, PREAMBLE, env))) for _ in range(max(3, args.runs // 3))]
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"fresh process, import + first recover, {args.runs} processes per kind, alternating "
          f"(parser cache {'off' if args.no_parser_cache else 'on'}; load average {load}):\n")
    print("| kind | rule | wall median ms | wall best ms | CPU median ms |")
    print("|---|---|---|---|---|")
    med = {}
    for kind, got in rows.items():
        walls, cpus = [w for w, _ in got], [c for _, c in got]
        med[kind] = (statistics.median(walls), min(walls), statistics.median(cpus))
        print(f"| {kind} | {rules[kind]} | {med[kind][0] * 1e3:.0f} | {med[kind][1] * 1e3:.0f} | "
              f"{med[kind][2] * 1e3:.0f} |")
    ratios = [med["preamble"][i] / med["bare"][i] for i in range(3)]
    print(f"\npreamble / bare: {ratios[0]:.2f}x wall median, {ratios[1]:.2f}x wall best, "
          f"{ratios[2]:.2f}x CPU median (target <= 1.5x): "
          f"{'met' if ratios[0] <= 1.5 else 'MISSED'}")
    best = [min(r[i] for r in steps) for i in range(4)]
    print(f"\nwith a Recoverer, best of {len(steps)}: import {best[0] * 1e3:.0f} ms, Recoverer() "
          f"{best[1] * 1e3:.0f} ms, first reply {best[2] * 1e3:.1f} ms, second reply "
          f"{best[3] * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
