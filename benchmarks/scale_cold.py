"""The scaling inputs of ``run.py`` (one call whose argument value is 100 KB or 1 MB), each timed
as single calls (``Recoverer.recover``, process CPU, best of 7) instead of a loop over the same
text, so that a reply that fits in the CPU cache is not read from it on every call but the first.

    python benchmarks/scale_cold.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _inputs import WRITE_TOOL, scale_input

import leakcall

SIZES = (100 * 1024, 1024 * 1024)


def main() -> None:
    rc = leakcall.Recoverer(WRITE_TOOL)
    for family in ("dsml", "hermes"):
        for size in SIZES:
            text = scale_input(family, size).text
            best = float("inf")
            for _ in range(7):
                t0 = time.process_time()
                rc.recover(text)
                best = min(best, time.process_time() - t0)
            print(f"{family:<7} {size // 1024:>5} KB  {best * 1e3:8.2f} ms  "
                  f"{best * 1e6 / (size / 1024):6.2f} µs/KB")


if __name__ == "__main__":
    main()
