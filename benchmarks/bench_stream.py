"""Streaming cost: StreamRecoverer with 1- and 64-character deltas vs one-shot ``recover``.

First, replies whose first character is an anchored opener ("[", "{"), fed in 1-character
deltas: after how many characters the first output shows (a clean reply: at most 16, issue 27),
and the stream's cost against one-shot ``recover``.

Then replies of 1 KB, 10 KB, 100 KB and 1 MB: prose, then one DSML or Hermes call at the end. For
each, measured side by side in one run:

- one-shot: ``recover(text, tools)``;
- 1-char: ``feed`` per character (cost per delta, which should stay flat across sizes), then
  ``close`` (one ``recover``);
- 64-char: the whole stream (feeds + close) and its ratio to one-shot (target <= 3x).

Times are process CPU time (``time.process_time``) by default, so that other load on the machine
does not inflate them; ``--wall`` uses wall-clock time instead.

Run: ``python benchmarks/bench_stream.py`` (``--quick`` skips 1 MB; ``--repeat N``; ``--wall``).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import leakcall

TOOLS: list[dict[str, Any]] = [
    {"type": "function", "function": {"name": "bash", "parameters": {
        "type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}},
]
CALLS = {
    "dsml": ("<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"bash\">\n"
             "<｜DSML｜parameter name=\"command\" string=\"true\">make test</｜DSML｜parameter>\n"
             "</｜DSML｜invoke>\n</｜DSML｜function_calls>"),
    "hermes": '<tool_call>\n{"name": "bash", "arguments": {"command": "make test"}}\n</tool_call>',
}
SENTENCES = (
    "The build finished and the report lists every module that changed since the last run. ",
    "Coverage went up a little in the parser, and the slow tests are now marked as such. ",
    "Next I will run the full suite, then compare the timings with yesterday's numbers. ",
    "A few warnings remain in the docs build; they come from a renamed section heading.\n\n",
)
SIZES = {"1 KB": 1_000, "10 KB": 10_000, "100 KB": 100_000, "1 MB": 1_000_000}
Clock = Callable[[], float]


def reply(size: int, call: str) -> str:
    prose: list[str] = []
    n = 0
    i = 0
    while n < size - len(call) - 2:
        s = SENTENCES[i % len(SENTENCES)]
        prose.append(s)
        n += len(s)
        i += 1
    return "".join(prose)[: max(0, size - len(call) - 2)] + "\n\n" + call


def best(fn: Callable[[], object], repeat: int, clock: Clock) -> float:
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return min(times)


def stream(text: str, step: int, clock: Clock) -> tuple[float, float, leakcall.Recovery]:
    """(seconds in feed, seconds in close, recovery) for ``step``-character deltas."""
    pieces = [text[i : i + step] for i in range(0, len(text), step)]
    s = leakcall.StreamRecoverer(TOOLS)
    t0 = clock()
    for p in pieces:
        s.feed(p)
    t1 = clock()
    end = s.close()
    t2 = clock()
    return t1 - t0, t2 - t1, end.recovery


# Replies whose first character is an anchored opener ("[" of the pythonic list, "{" of bare
# JSON): clean ones, which should show within 16 characters (issue 27), and leaks, held whole.
FIRST_TOKEN = (
    ("clean", "[1] First, install the package with pip.\n[2] Then run the tests."),
    ("clean", "[docs](https://example.com/docs) explain every option in detail."),
    ("clean", "{curly} braces are placeholders that the template fills in."),
    ("clean", '{"answer": 42, "unit": "m", "note": "measured twice"}'),
    ("clean", "[ ] write the tests\n[x] ship the release"),
    ("leak", "[bash(command='make test')]"),
    ("leak", '{"name": "bash", "parameters": {"command": "make test"}}'),
)


def first_token(repeat: int, clock: Clock) -> None:
    """Characters fed (one per delta) before ``feed`` first shows something, and the whole
    1-character stream's cost against one-shot ``recover``."""
    print("first visible output, 1-character deltas (target: a clean reply within 16 characters)")
    print(f"{'kind':<6} {'reply':<34} {'shown after':>11} {'one-shot':>10} {'1ch total':>10} "
          f"{'ratio':>6}")
    for kind, text in FIRST_TOKEN:
        s = leakcall.StreamRecoverer(TOOLS)
        shown = [bool(s.feed(ch)) for ch in text]
        first = shown.index(True) + 1 if any(shown) else None
        end = s.close()
        assert end.recovery == leakcall.recover(text, TOOLS), "stream and one-shot disagree"
        one = best(functools.partial(leakcall.recover, text, TOOLS), repeat * 20, clock)
        whole = min(sum(stream(text, 1, clock)[:2]) for _ in range(repeat * 5))
        print(f"{kind:<6} {text[:32]!r:<34} {'end' if first is None else first:>11} "
              f"{one * 1e6:>8.0f}us {whole * 1e6:>8.0f}us {whole / one:>5.2f}x")
    print()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (best is kept)")
    ap.add_argument("--quick", action="store_true", help="skip the 1 MB replies")
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = ap.parse_args()
    clock: Clock = time.perf_counter if args.wall else time.process_time
    print(f"clock: {'wall (perf_counter)' if args.wall else 'CPU (process_time)'}")
    sizes = {k: v for k, v in SIZES.items() if not (args.quick and v >= 1_000_000)}
    first_token(args.repeat, clock)

    header = (f"{'family':<7} {'size':>6} {'reason':<9} {'one-shot':>10} {'1ch/delta':>10} "
              f"{'1ch close':>10} {'1ch total/1s':>12} {'64ch total':>10} {'64ch/1s':>8}")
    print(header)
    print("-" * len(header))
    ratios: list[float] = []
    per_delta: dict[str, list[float]] = {}
    for fam, call in CALLS.items():
        for label, size in sizes.items():
            text = reply(size, call)
            ref = leakcall.recover(text, TOOLS)
            one = best(functools.partial(leakcall.recover, text, TOOLS), args.repeat, clock)
            runs1 = [stream(text, 1, clock) for _ in range(max(1, args.repeat - 1))]
            feed1 = min(r[0] for r in runs1)
            close1 = min(r[1] for r in runs1)
            runs64 = [stream(text, 64, clock) for _ in range(args.repeat)]
            total64 = min(r[0] + r[1] for r in runs64)
            assert all(r[2] == ref for r in runs1 + runs64), "stream and one-shot disagree"
            us = feed1 / len(text) * 1e6
            per_delta.setdefault(fam, []).append(us)
            ratios.append(total64 / one)
            print(f"{fam:<7} {label:>6} {ref.reason!s:<9} {one * 1e3:>8.2f}ms {us:>8.2f}us "
                  f"{close1 * 1e3:>8.2f}ms {(feed1 + close1) / one:>11.1f}x "
                  f"{total64 * 1e3:>8.2f}ms {total64 / one:>7.2f}x")
    print()
    for fam, values in per_delta.items():
        spread = max(values) / min(values)
        print(f"{fam}: 1-char per-delta cost {min(values):.2f}-{max(values):.2f} us "
              f"(max/min {spread:.2f}, flat means ~1)")
    print(f"64-char whole stream / one-shot: median {statistics.median(ratios):.2f}x, "
          f"worst {max(ratios):.2f}x (target <= 3x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
