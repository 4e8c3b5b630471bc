"""One-shot ``recover(text, tools)`` against a built ``Recoverer(tools).recover(text)`` (issue 27):
what a caller pays for passing the tool list on every call, with 1, 10 and 50 tools.

The reply is the 2 KB Hermes leak ``run.py`` times (``_inputs.leak_for``); its tool comes
first, then generated ones up to the size. Contenders, timed
interleaved in the same rounds (``_timing.compare``):

- ``Recoverer``: ``rc.recover(text)`` on a Recoverer built once (the floor);
- ``recover, same list``: ``recover(text, tools)`` with the very list object every call (a
  harness that keeps its tools);
- ``recover, equal copy``: ``recover(text, copy)`` with a fresh, equal list each call (a proxy
  that decodes the request body), copies made before the timing.

The same for a short leak (``SHORT``), where the tool list weighs most; ``recoverer_for``
alone, what ``recover`` adds to ``Recoverer.recover``; and the floor of any exact check of a
caller's list: ``marshal.dumps(tools)`` (one C walk of every object, exact types; what
``recoverer_for`` keys a list it was given before by) then ``Recoverer.recover``. A list can be
changed in place between calls, so its whole content is read on every call: ``recover`` cannot
cost less than that floor without trusting a list it cannot see change.

Target (issue 27): ``recover`` with 50 tools at most 1.10x ``Recoverer.recover``.

    python benchmarks/bench_tools.py [--quick] [--clock cpu|perf]
"""

from __future__ import annotations

import argparse
import itertools
import json
import marshal
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _inputs import leak_for
from _timing import CLOCKS, Settings, compare, fmt_us, fmt_x, round_ratio

import leakcall
from leakcall.recoverer import recoverer_for

SIZES = (1, 10, 50)


def tools_of(first: list[Any], n: int) -> list[Any]:
    """``first`` (the leak's own tools) and more, up to ``n``, shaped as agent harnesses write
    them: a description, two or three typed properties, the required ones."""
    out = list(first)
    for i in range(len(out), n):
        out.append({"type": "function", "function": {
            "name": f"tool_{i}", "description": f"Does step {i} of the workflow.",
            "parameters": {"type": "object", "properties": {
                "target": {"type": "string", "description": "What the step acts on."},
                "limit": {"type": "integer", "minimum": 1},
                "mode": {"type": "string", "enum": ["fast", "full"]}},
                "required": ["target"]}}})
    return out


SHORT = ('Let me check the weather.\n<tool_call>\n{"name": "get_weather", "arguments": '
         '{"city": "Paris", "unit": "c"}}\n</tool_call>')
"""A short leak calling the same tool: the smallest cost a Recoverer has, so the largest ratio."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = ap.parse_args()
    s = Settings.quick(args.clock) if args.quick else Settings.full(args.clock)
    leak, why = leak_for("hermes")
    if leak is None:
        raise SystemExit(why)
    print(f"clock {args.clock}; ratio: the median over rounds of recover / Recoverer.recover "
          "(target at 50 tools: <= 1.10x); `recoverer_for`: what recover adds, alone; floor: "
          "`marshal.dumps(tools)` then `Recoverer.recover`, / Recoverer.recover\n")
    print("| reply | tools | `Recoverer.recover` µs | `recover`, same list µs | ratio | "
          "`recover`, equal copy µs | ratio | `recoverer_for` µs | floor |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, text in ((f"2 KB Hermes ({leak.case_id})", leak.text),
                        (f"short Hermes ({len(SHORT)} chars)", SHORT)):
        for n in SIZES:
            tools = tools_of(leak.tools, n)
            rc = leakcall.Recoverer(tools)
            assert rc.recover(text).ok and leakcall.recover(text, tools).ok
            encoded = json.dumps(tools)
            copies = itertools.cycle([json.loads(encoded) for _ in range(64)])
            t = compare({
                "rc": lambda rc=rc, text=text: rc.recover(text),
                "same": lambda tools=tools, text=text: leakcall.recover(text, tools),
                "copy": lambda copies=copies, text=text: leakcall.recover(text, next(copies)),
                "for": lambda tools=tools: recoverer_for(tools),
                "floor": lambda rc=rc, tools=tools, text=text: (marshal.dumps(tools),
                                                               rc.recover(text)),
            }, s)
            same, copy = round_ratio(t["same"], t["rc"]), round_ratio(t["copy"], t["rc"])
            floor = round_ratio(t["floor"], t["rc"])
            print(f"| {label} | {n} | {fmt_us(t['rc'].median)} | {fmt_us(t['same'].median)} | "
                  f"{fmt_x(same)} | {fmt_us(t['copy'].median)} | {fmt_x(copy)} | "
                  f"{fmt_us(t['for'].median)} | {fmt_x(floor)} |")


if __name__ == "__main__":
    main()
