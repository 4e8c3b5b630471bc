"""Timing helpers: timeit-style loops, repeated rounds, medians, contenders measured interleaved.

Every contender of one comparison is timed in the same rounds, in rotating order, so that drift of
the machine (frequency, a neighbour's load) falls on all of them alike.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["CLOCKS", "Settings", "Timing", "compare", "fmt_ratio", "fmt_us", "fmt_x", "round_ratio"]


CLOCKS: dict[str, Callable[[], float]] = {"perf": time.perf_counter, "cpu": time.process_time}
"""``perf``: wall time (time.perf_counter, the default); ``cpu``: this process's CPU time
(time.process_time), for a machine that other work shares."""


@dataclass(frozen=True)
class Settings:
    """How long to time: ``round_s`` per round and contender, ``rounds`` rounds, which clock."""

    round_s: float
    rounds: int
    clock: str = "perf"

    @classmethod
    def quick(cls, clock: str = "perf") -> Settings:
        return cls(round_s=0.002, rounds=3, clock=clock)

    @classmethod
    def full(cls, clock: str = "perf") -> Settings:
        return cls(round_s=0.04, rounds=15, clock=clock)


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
    clock = CLOCKS[settings.clock]
    for r in range(settings.rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for n in order:
            fn, k = contenders[n], loops[n]
            t0 = clock()
            for _ in range(k):
                fn()
            per[n].append((clock() - t0) / k)
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
    return fmt_x(a / b)


def round_ratio(a: Timing, b: Timing) -> float:
    """The median over rounds of a/b: each round timed both under the same machine load."""
    return statistics.median(x / y for x, y in zip(a.rounds, b.rounds, strict=True))


def fmt_x(r: float | None) -> str:
    if r is None:
        return "—"
    return f"{r:.1f}×" if r >= 10 else f"{r:.2f}×"


def cpu_timed(acc: dict[str, int], name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` wrapped so that each call adds its process CPU (ns) to ``acc[name]``."""
    def run(*a: Any, **k: Any) -> Any:
        t0 = time.process_time_ns()
        try:
            return fn(*a, **k)
        finally:
            acc[name] = acc.get(name, 0) + time.process_time_ns() - t0
    return run
