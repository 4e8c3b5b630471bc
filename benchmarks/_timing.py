"""Timing helpers: timeit-style loops, repeated rounds, medians, contenders measured interleaved.

Every contender of one comparison is timed in the same rounds, in rotating order, so that drift of
the machine (frequency, a neighbour's load) falls on all of them alike.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

__all__ = ["Settings", "Timing", "compare", "fmt_ratio", "fmt_us"]


@dataclass(frozen=True)
class Settings:
    """How long to time: ``round_s`` per round and contender, ``rounds`` rounds."""

    round_s: float
    rounds: int

    @classmethod
    def quick(cls) -> Settings:
        return cls(round_s=0.002, rounds=5)

    @classmethod
    def full(cls) -> Settings:
        return cls(round_s=0.04, rounds=15)


@dataclass(frozen=True)
class Timing:
    """Seconds per call: the median over rounds, and each round's figure."""

    median: float
    rounds: tuple[float, ...]
    loops: int

    @property
    def us(self) -> float:
        return self.median * 1e6


def _loops_for(fn: Callable[[], object], round_s: float) -> int:
    """Loops per round so that one round lasts about ``round_s`` (at least one call)."""
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt >= round_s / 4 or n >= 1 << 22:
            return max(1, round(n * round_s / max(dt, 1e-9)))
        n *= 4


def compare(contenders: Mapping[str, Callable[[], object]], settings: Settings,
            warmup: int = 3) -> dict[str, Timing]:
    """Median seconds per call of each contender, timed interleaved round by round."""
    names = list(contenders)
    for name in names:
        for _ in range(warmup):
            contenders[name]()
    loops = {n: _loops_for(contenders[n], settings.round_s) for n in names}
    per: dict[str, list[float]] = {n: [] for n in names}
    for r in range(settings.rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for n in order:
            fn, k = contenders[n], loops[n]
            t0 = time.perf_counter()
            for _ in range(k):
                fn()
            per[n].append((time.perf_counter() - t0) / k)
    return {n: Timing(statistics.median(per[n]), tuple(per[n]), loops[n]) for n in names}


def fmt_us(seconds: float | None) -> str:
    """Microseconds, with a precision that suits the magnitude."""
    if seconds is None:
        return "—"
    us = seconds * 1e6
    if us >= 1000:
        return f"{us:,.0f}"
    if us >= 10:
        return f"{us:.1f}"
    return f"{us:.2f}"


def fmt_ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or b <= 0:
        return "—"
    r = a / b
    return f"{r:.1f}×" if r >= 10 else f"{r:.2f}×"
