"""The first reply of a process: import, building a Recoverer (which builds the intent tables),
the first and the second recovery of a preamble reply. Each run is a fresh process.

    python benchmarks/first_reply.py [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

_CHILD = r"""
import time
t0 = time.perf_counter()
import leakcall
t1 = time.perf_counter()
tools = [{"type": "function", "function": {"name": "read_file", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}}}}}]
rc = leakcall.Recoverer(tools)
t2 = time.perf_counter()
r1 = rc.recover('Let me read the config file.\n<tool_call>\n'
                '{"name": "read_file", "arguments": {"path": "config.yml"}}\n</tool_call>')
t3 = time.perf_counter()
r2 = rc.recover('Let me read the main file.\n<tool_call>\n'
                '{"name": "read_file", "arguments": {"path": "main.py"}}\n</tool_call>')
t4 = time.perf_counter()
assert r1.ok and r2.ok
print(f"{t1 - t0:.3f} {t2 - t1:.3f} {t3 - t2:.4f} {t4 - t3:.4f}")
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    n = ap.parse_args().runs
    rows = [list(map(float, subprocess.run([sys.executable, "-c", _CHILD], capture_output=True,
                                           text=True, check=True).stdout.split()))
            for _ in range(n)]
    best = [min(r[i] for r in rows) for i in range(4)]
    print(f"fresh process, best of {n}: import {best[0] * 1000:.0f} ms, Recoverer() "
          f"{best[1] * 1000:.0f} ms, first reply {best[2] * 1000:.1f} ms, "
          f"second reply {best[3] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
