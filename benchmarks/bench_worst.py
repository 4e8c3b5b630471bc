"""Worst replies per family: time and peak memory of ``recover`` on 4 MB pathological shapes.

``python benchmarks/bench_worst.py [--quick] [--size CHARS] [--family NAME ...] [--shape NAME ...]``

Each family's reply is grown from one of its own recovered corpus cases, in these shapes:

- ``value<c>``: the case's longest argument value replaced by the character ``c`` repeated
  (``<``, ``[``, ``]``, newline, ``{``, ``"``): a value terminal dense in its excluded character;
- ``envelopes``: the case's envelope repeated (newline between): one parse with many calls;
- ``env+think``: the envelope and ``<think></think>`` repeated: one candidate per segment;
- ``openers``: the family's first opener repeated;
- plus, once: ``lfm2/olmo3 keys`` (an object with many keys) and ``stream </think>`` (one
  ``StreamRecoverer.feed`` of ``</think>`` repeated, then ``close``).

Peak memory is the rise of the process's resident high-water mark (``VmHWM``, reset before each
measurement through ``/proc/self/clear_refs``; Linux) above the resident size before the call.
Not a test module: pytest never collects it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import leakcall
from leakcall.corpus import Case, load_cases

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
FILLERS = {"value<": "<", "value[": "[", "value]": "]", "value\\n": "\n", "value{": "{",
           'value"': '"'}
SHAPES = (*FILLERS, "envelopes", "env+think", "openers")


def _status(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
    return 0


def measure(fn: Callable[[], Any]) -> tuple[float, float, int, Any]:
    """Wall seconds, CPU seconds of this process, peak resident bytes above the start, and the
    result of ``fn()``."""
    with contextlib.suppress(OSError):  # not Linux: the peak is the process's so far
        Path("/proc/self/clear_refs").write_text("5")
    before = _status("VmRSS")
    t0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    dt, ct = time.perf_counter() - t0, time.process_time() - c0
    return dt, ct, max(0, _status("VmHWM") - before), out


def _string_values(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _string_values(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _string_values(v)]
    return []


def seed_case(family: str) -> tuple[Case, leakcall.Recovery, str] | None:
    """A recovered case of the family with a string value written verbatim in its text."""
    best: tuple[int, Case, leakcall.Recovery, str] | None = None
    for case in load_cases(CORPUS / family):
        if case.expect.get("reason") != "ok":
            continue
        r = leakcall.recover(case.text, case.tools, **case.options)
        if not r.ok or r.span is None:
            continue
        markup = case.text[r.span[0] : r.span[1]]
        vals = [v for c in r.calls for v in _string_values(c.arguments) if v and v in markup]
        if not vals:
            continue
        v = max(vals, key=len)
        if best is None or len(v) > best[0]:
            best = (len(v), case, r, v)
    return None if best is None else best[1:]


def shape_text(family: leakcall.Family, case: Case, r: leakcall.Recovery, value: str,
               shape: str, size: int) -> str:
    assert r.span is not None
    markup = case.text[r.span[0] : r.span[1]]
    if shape in FILLERS:
        at = markup.rindex(value)
        fill = FILLERS[shape] * max(1, size - len(markup))
        return markup[:at] + fill + markup[at + len(value) :]
    if shape == "envelopes":
        return "\n".join([markup] * max(1, size // (len(markup) + 1)))
    if shape == "env+think":
        unit = markup + "\n<think>\n</think>\n"  # tags on their own lines: real blocks
        return unit * max(1, size // len(unit))
    opener = (family.opens or family.anchored_opens)[0]
    return opener * max(1, size // len(opener))


def extra_rows(size: int) -> list[tuple[str, str, Callable[[], Any]]]:
    tool = [{"type": "function", "function": {"name": "w", "parameters": {"type": "object"}}}]
    rows: list[tuple[str, str, Callable[[], Any]]] = []
    names = {f.name for f in leakcall.all_families()}
    n = max(1, size // 14)  # '"k123456": 1, ' is 14 characters: the reply stays within size
    pairs = ", ".join(f'"k{i}": 1' for i in range(n))
    if "lfm2" in names:
        t = "<|tool_call_start|>[w(v={" + pairs + "})]<|tool_call_end|>"
        rows.append(("lfm2", "keys", lambda: leakcall.recover(t, tool)))
    if "olmo3" in names:
        t2 = "<function_calls>w(v={" + pairs + "})</function_calls>"
        rows.append(("olmo3", "keys", lambda: leakcall.recover(t2, tool)))

    def stream() -> Any:
        s = leakcall.StreamRecoverer(tool)
        s.feed("</think>" * (size // 8))
        return s.close().recovery

    rows.append(("(stream)", "</think> feed", stream))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help="256 KB instead of 4 MB")
    ap.add_argument("--size", type=int, default=None, help="characters per reply")
    ap.add_argument("--family", action="append", help="only these families")
    ap.add_argument("--shape", action="append", help=f"only these shapes ({', '.join(SHAPES)})")
    ap.add_argument("--no-extra", action="store_true", help="skip the keys and stream rows")
    ap.add_argument("--json", action="store_true", help="one JSON line per measurement")
    args = ap.parse_args(argv)
    size = args.size or (256 * 1024 if args.quick else leakcall.MAX_TEXT_CHARS)
    shapes = tuple(args.shape or SHAPES)
    tool_rows: list[tuple[str, str, float, int, str, float]] = []

    def record(fam: str, shape: str, fn: Callable[[], Any]) -> None:
        dt, ct, peak, r = measure(fn)
        tool_rows.append((fam, shape, dt, peak, f"{r.reason}/{r.rule}", ct))
        if args.json:
            print(json.dumps({"family": fam, "shape": shape, "s": round(dt, 3),
                              "cpu_s": round(ct, 3),
                              "peak_mb": round(peak / 2**20, 1), "result": f"{r.reason}/{r.rule}"}),
                  flush=True)

    for fam in leakcall.all_families():
        if args.family and fam.name not in args.family:
            continue
        seed = seed_case(fam.name)
        if seed is None:
            continue
        case, r, value = seed
        leakcall.recover(case.text, case.tools, **case.options)  # parser built outside the timing
        for shape in shapes:
            text = shape_text(fam, case, r, value, shape, size)[: leakcall.MAX_TEXT_CHARS]
            record(fam.name, shape, partial(leakcall.recover, text, case.tools, **case.options))
    if not args.no_extra:
        for fam_name, shape, fn in extra_rows(size):
            if not args.family or fam_name in args.family:
                record(fam_name, shape, fn)
    if args.json:
        return 0

    print(f"Worst of {len(shapes)} shapes per family at {size:,} characters "
          f"(python benchmarks/bench_worst.py{' --quick' if args.quick else ''}):\n")
    print("| family | worst wall time | CPU | shape | worst peak memory | shape | results |")
    print("|---|---:|---:|---|---:|---|---|")
    by_fam: dict[str, list[tuple[str, str, float, int, str, float]]] = {}
    for row in tool_rows:
        by_fam.setdefault(row[0], []).append(row)
    for fam_name, rows in by_fam.items():
        t = max(rows, key=lambda x: x[2])
        m = max(rows, key=lambda x: x[3])
        results = sorted({x[4] for x in rows})
        print(f"| {fam_name} | {t[2]:.2f} s | {t[5]:.2f} s | {t[1]} | {m[3] / 2**20:.1f} MB | {m[1]} | "
              f"{', '.join(results)} |")
    worst_t = max(tool_rows, key=lambda x: x[2])
    worst_m = max(tool_rows, key=lambda x: x[3])
    print(f"\nOverall worst time {worst_t[2]:.2f} s wall, {worst_t[5]:.2f} s CPU ({worst_t[0]} "
          f"{worst_t[1]}); worst peak memory "
          f"{worst_m[3] / 2**20:.1f} MB ({worst_m[0]} {worst_m[1]}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
