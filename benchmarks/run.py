"""leakcall benchmarks, side by side in one run: ``python benchmarks/run.py [--quick] [--profile]``.

Sections (each prints a Markdown table of ratios measured in the same rounds, plus medians):

1. clean replies (1 KB, 100 KB, 1 MB, no envelope): ``recover`` vs one ``re.search`` of the literal
   alternation of every family's opening sentinel (target: at most 2x);
2. a typical 2 KB leak per family: full ``recover`` vs a regex parser of that format (tooletta from
   PyPI, else a labelled local re-implementation) and vs ``json.loads`` of the argument object
   (target: at most 1.5x the regex peer);
2b. ``benchmarks/bench_leak.py``: 2 KB Hermes and DSML leaks, leakcall vs tooletta vs SGLang's
    detectors vs a naive regex engine vs the physical limit (targets: 2.3x tooletta, 1.1x SGLang);
    then 200 KB Hermes leaks vs one opener ``re.search`` + ``json.loads`` of the arguments
    (target: 3x, on one large string argument);
3. scaling, 1 KB -> 1 MB argument value (DSML string="true", Hermes JSON string): per-KB cost
   (target: flat within +-30 %);
4. streaming: the table of ``benchmarks/bench_stream.py`` when that file exists;
4d. scan throughput: ``benchmarks/bench_scan.py``, MB/s of ``leakcall scan`` with 1 job and
    ``--jobs 2`` on a generated 200 MB log (8 MB with ``--quick``);
4c. scale-out: ``benchmarks/bench_scale.py``, records/s of ``leakcall.batch`` on one core and
    ``scan --ray`` (2 workers) against the single-process scan (skipped without ray);
4b. worst replies: ``benchmarks/bench_worst.py``, worst time and peak memory per family on 4 MB
   pathological shapes (256 KB with ``--quick``);
4d. proxy CPU: ``benchmarks/bench_serve.py``, ``leakcall serve``'s CPU per streamed request
    (Chat Completions, Responses, Messages; clean and leak; paced and flat out) repairing, vs a
    plain TCP byte relay and an HTTP relay on the same server stack, both written there
    (target: at most 2x the byte relay);
4e. ``benchmarks/first_reply.py``: fresh processes, import + first recover of a preamble leak
    vs of the same markup bare (target: at most 1.5x); ``benchmarks/bench_tools.py``:
    ``recover(text, tools)`` vs ``Recoverer(tools).recover(text)`` at 1, 10, 50 tools (target at
    50: at most 1.10x);
5. what-if: the same paths with two core changes simulated by patching in this process only;
6. ``--profile``: cProfile of the 2 KB leak path and the 1 MB clean path.

Not a test module: pytest never collects it (no ``test_`` prefix, outside ``tests/``).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import importlib
import io
import json
import os
import platform
import pstats
import re
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import leakcall

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _inputs import (
    WRITE_TOOL,
    Leak,
    clean_text,
    leak_for,
    opener_regex,
    scale_input,
)
from _peers import peers_for, scaling_peer, tooletta_note
from _stages import stage_table
from _timing import CLOCKS, Settings, compare, fmt_us, fmt_x, round_ratio
from bench_leak import bench_big, bench_leak

HERE = Path(__file__).resolve().parent
KB = 1024
CLEAN_SIZES = (KB, 100 * KB, KB * KB)
SCALE_SIZES = (KB, 10 * KB, 100 * KB, KB * KB)
SCALE_FAMILIES = ("dsml", "hermes")

# The shape of ``tools`` a client passes with a clean reply: a few ordinary tools.
CLEAN_TOOLS: list[Any] = [
    {"type": "function", "function": {"name": n, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in ps}, "required": ps[:1]}}}
    for n, ps in (("bash", ["command", "description"]), ("read_file", ["path"]),
                  ("write_file", ["path", "content"]), ("search", ["query", "path"]))
]


def verdict(ok: bool) -> str:
    return "met" if ok else "**MISSED**"


def machine() -> list[str]:
    model = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    fams = leakcall.all_families()
    try:
        peer = f"tooletta {importlib.import_module('tooletta').__version__}"
    except ImportError:
        peer = "tooletta not installed"
    return [
        f"- machine: {os.cpu_count()} CPUs (nproc {len(os.sched_getaffinity(0))}), {model}",
        f"- Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.release()}",
        f"- leakcall {leakcall.__version__}, {len(fams)} families: "
        + ", ".join(f.name for f in fams),
        f"- peer: {peer}",
        f"- load average at start: {_loadavg()} (other sessions may share this machine)",
    ]


def _loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


# --- 1. clean replies ---------------------------------------------------------------------------

def bench_clean(s: Settings) -> list[str]:
    rx = opener_regex()
    out = ["| reply | `recover` µs | `re.search` µs | `recover` with tools=[] µs | ratio "
           "| target ≤ 2× |", "|---|---:|---:|---:|---:|---|"]
    for size in CLEAN_SIZES:
        text = clean_text(size)
        t = compare({
            "recover": partial(leakcall.recover, text, CLEAN_TOOLS),
            "regex": partial(rx.search, text),
            "recover_notools": partial(leakcall.recover, text, []),
        }, s)
        a, b = t["recover"].median, t["regex"].median
        r = round_ratio(t["recover"], t["regex"])
        out.append(f"| {size // KB:,} KB clean | {fmt_us(a)} | {fmt_us(b)} | "
                   f"{fmt_us(t['recover_notools'].median)} | {fmt_x(r)} | {verdict(r <= 2)} |")
    return out


# --- 2. a 2 KB leak per family -------------------------------------------------------------------

def _leak_rows(s: Settings) -> tuple[list[str], list[str], dict[str, Leak]]:
    out = ["| family | case (padding) | `recover` µs | peer | peer µs | recover / peer "
           "| `json.loads` args µs | recover / json.loads | target ≤ 1.5× peer |",
           "|---|---|---:|---|---:|---:|---:|---:|---|"]
    skipped: list[str] = []
    leaks: dict[str, Leak] = {}
    for fam in leakcall.all_families():
        try:
            leak, why = leak_for(fam.name)
        except Exception as e:  # a grammar being written right now may not load
            leak, why = None, f"{type(e).__name__}: {e}"
        if leak is None:
            skipped.append(f"{fam.name} ({why})")
            continue
        leaks[fam.name] = leak
        peer, peer_why = peers_for(fam.name, leak.text, leak.calls)
        args = leak.args_json
        contenders: dict[str, Callable[[], object]] = {
            "recover": partial(leakcall.recover, leak.text, leak.tools),
            "json": partial(json.loads, args),
        }
        if peer is not None:
            contenders["peer"] = partial(peer.parse, leak.text)
        t = compare(contenders, s)
        a, j = t["recover"].median, t["json"].median
        p = t["peer"].median if "peer" in t else None
        rp = round_ratio(t["recover"], t["peer"]) if "peer" in t else None
        target = verdict(rp <= 1.5) if rp is not None else "no peer"
        out.append(
            f"| {fam.name} | {leak.case_id} ({leak.padding}, {len(leak.text):,} chars) "
            f"| {fmt_us(a)} | {peer.label if peer else peer_why} | {fmt_us(p)} "
            f"| {fmt_x(rp)} | {fmt_us(j)} | {fmt_x(round_ratio(t['recover'], t['json']))} "
            f"| {target} |")
    return out, skipped, leaks


# --- 3. scaling ---------------------------------------------------------------------------------

def bench_scaling(s: Settings, sizes: tuple[int, ...]) -> list[str]:
    have = {f.name for f in leakcall.all_families()}
    out = ["| family | value | `recover` µs | µs / KB | incremental µs / KB | peer µs / KB |",
           "|---|---:|---:|---:|---:|---:|"]
    notes: list[str] = []
    for fam in SCALE_FAMILIES:
        if fam not in have:
            notes.append(f"{fam}: family not installed, skipped")
            continue
        peer = scaling_peer(fam)
        prev: tuple[int, float] | None = None
        increments: list[float] = []
        for size in sizes:
            inp = scale_input(fam, size)
            contenders: dict[str, Callable[[], object]] = {
                "recover": partial(leakcall.recover, inp.text, WRITE_TOOL)}
            if peer is not None:
                got = peer.parse(inp.text)
                if got and got[0][1].get("content") == inp.value:
                    contenders["peer"] = partial(peer.parse, inp.text)
            t = compare(contenders, s, warmup=1)
            a = t["recover"].median
            inc = ""
            if prev is not None:
                slope = (a - prev[1]) / ((size - prev[0]) / KB)
                increments.append(slope)
                inc = fmt_us(slope)
            prev = (size, a)
            pk = fmt_us(t["peer"].median / (size / KB)) if "peer" in t else "—"
            out.append(f"| {fam} | {size // KB:,} KB | {fmt_us(a)} | {fmt_us(a / (size / KB))} "
                       f"| {inc} | {pk} |")
        if increments:
            lo, hi = min(increments), max(increments)
            mid = sorted(increments)[len(increments) // 2]
            spread = max(hi / mid - 1, 1 - lo / mid)
            notes.append(f"{fam}: incremental cost {fmt_us(lo)}–{fmt_us(hi)} µs/KB, spread "
                         f"±{spread:.0%} around the median → flat within ±30 %: "
                         f"{verdict(spread <= 0.30)}")
    return out + [""] + [f"- {n}" for n in notes]


def _script_section(script: str, quick: bool, timeout: int = 1800) -> list[str]:
    """Run ``benchmarks/<script>`` (``--quick`` when asked) and return its stdout as a section,
    headed by the command, its exit status and wall time; stderr's tail when it failed."""
    cmd = [sys.executable, str(HERE / script), *(["--quick"] if quick else [])]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return [f"`{' '.join(cmd[1:])}` did not finish within {timeout} s."]
    head = [f"`python benchmarks/{script}{' --quick' if quick else ''}` "
            f"(exit {p.returncode}, {time.perf_counter() - t0:.1f} s):", ""]
    body = p.stdout.rstrip().splitlines()
    if p.returncode != 0:
        body += ["", "stderr:", *p.stderr.rstrip().splitlines()[-15:]]
    return head + body


# --- 4. streaming -------------------------------------------------------------------------------

def bench_stream(quick: bool) -> list[str]:
    """The tables of ``benchmarks/bench_stream.py``: streaming cost per delta, vs one-shot."""
    return _script_section("bench_stream.py", quick, timeout=900)


# --- 4c. scale-out -----------------------------------------------------------------------------

def bench_scale(quick: bool) -> list[str]:
    """The tables of ``benchmarks/bench_scale.py``: leakcall.batch records/s, scan --ray vs scan."""
    return _script_section("bench_scale.py", quick)


# --- 4d. scan throughput --------------------------------------------------------------------------

def bench_scan(quick: bool) -> list[str]:
    """The table of ``benchmarks/bench_scan.py``: scan MB/s with 1 job and with ``--jobs 2``."""
    return _script_section("bench_scan.py", quick)


# --- 5b. worst replies ---------------------------------------------------------------------------

def bench_worst(quick: bool) -> list[str]:
    """The table of ``benchmarks/bench_worst.py``: worst time and peak memory per family."""
    return _script_section("bench_worst.py", quick)


# --- 4e. first reply of a process, and the tool list per call --------------------------------------

def bench_first_reply(quick: bool) -> list[str]:
    """The table of ``benchmarks/first_reply.py``: fresh processes, preamble leak vs bare markup."""
    return _script_section("first_reply.py", quick)


def bench_tools(quick: bool) -> list[str]:
    """The table of ``benchmarks/bench_tools.py``: ``recover(text, tools)`` vs a Recoverer."""
    return _script_section("bench_tools.py", quick)


# --- 6. profiles --------------------------------------------------------------------------------

def _profile(label: str, fn: Callable[[], object], calls: int, top: int = 14) -> list[str]:
    fn()
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        fn()
    prof.disable()
    buf = io.StringIO()
    st = pstats.Stats(prof, stream=buf)
    st.sort_stats("tottime").print_stats(top)
    text = buf.getvalue()
    text = re.sub(r"\S*/site-packages/", "", text)
    text = re.sub(r"\S*/(src/leakcall/)", r"\1", text)
    text = re.sub(r"\S*/lib/python3\.\d+/", "", text)
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    start = next((i for i, ln in enumerate(lines) if "ncalls" in ln), 0)
    return [f"{label} — {calls} calls, top {top} by own time:", "```", *lines[start:], "```", ""]


def profiles(leaks: dict[str, Leak], s: Settings) -> list[str]:
    out: list[str] = []
    for name in ("dsml", "hermes"):
        if name in leaks:
            lk = leaks[name]
            out += stage_table(f"Stages of the 2 KB {name} leak", lk.text, lk.tools, s)
    out += stage_table("Stages of the 1 MB clean reply", clean_text(KB * KB), CLEAN_TOOLS, s)
    if "dsml" in {f.name for f in leakcall.all_families()}:
        value = scale_input("dsml", KB * KB)
        out += stage_table("Stages of the 1 MB dsml value", value.text, WRITE_TOOL, s)
    for name in ("dsml", "hermes"):
        if name in leaks:
            lk = leaks[name]
            out += _profile(f"2 KB {name} leak", partial(leakcall.recover, lk.text, lk.tools), 1000)
    big = clean_text(KB * KB)
    out += _profile("1 MB clean reply", lambda: leakcall.recover(big, CLEAN_TOOLS), 200)
    return out


# --- 4d. proxy CPU -------------------------------------------------------------------------------

def bench_serve(quick: bool) -> list[str]:
    """The tables of ``benchmarks/bench_serve.py``: proxy CPU per streamed request, per route,
    vs a byte relay and an HTTP relay written there."""
    return _script_section("bench_serve.py", quick)


# --- main ---------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help="a few seconds' smoke run")
    ap.add_argument("--profile", action="store_true", help="also print cProfile tables")
    ap.add_argument("--no-stream", action="store_true", help="skip bench_stream.py")
    ap.add_argument("--no-worst", action="store_true", help="skip bench_worst.py")
    ap.add_argument("--no-scan", action="store_true", help="skip bench_scan.py (scan MB/s)")
    ap.add_argument("--no-scale", action="store_true",
                    help="skip bench_scale.py (leakcall.batch; scan --ray when ray is installed)")
    ap.add_argument("--no-serve", action="store_true", help="skip bench_serve.py (proxy CPU)")
    ap.add_argument("--no-first", action="store_true",
                    help="skip first_reply.py (fresh processes: import and first reply)")
    ap.add_argument("--no-tools", action="store_true",
                    help="skip bench_tools.py (recover with the tool list vs a Recoverer)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="perf",
                    help="perf: wall time, time.perf_counter (default); cpu: process CPU time, "
                         "for a machine shared with other work")
    args = ap.parse_args(argv)
    s = Settings.quick(args.clock) if args.quick else Settings.full(args.clock)
    t0 = time.perf_counter()

    def section(title: str, lines: list[str]) -> None:
        print(f"\n## {title}\n")
        print("\n".join(lines), flush=True)

    print("# leakcall benchmarks\n")
    print("\n".join(machine()))
    print(f"- settings: {'--quick' if args.quick else 'full'}, clock {s.clock}: {s.rounds} rounds × "
          f"~{s.round_s * 1000:g} ms per contender, median per call; contenders interleaved; "
          f"first calls (parser build) excluded; ratios are the median over rounds of the "
          f"per-round ratio")
    note = tooletta_note()
    if note:
        print(f"- {note}")

    section("Clean replies: `recover` vs one `re.search` of all openers", bench_clean(s))
    rows, skipped, leaks = _leak_rows(s)
    if skipped:
        rows += ["", "Families without a 2 KB leak row: " + "; ".join(skipped) + "."]
    section("A typical 2 KB leak per family: full pipeline vs regex peer vs json.loads", rows)
    section("2 KB leaks side by side: leakcall vs tooletta vs SGLang vs naive regex vs the physical "
            "limit (benchmarks/bench_leak.py)", bench_leak(s))
    section("200 KB Hermes leaks vs one opener search + json.loads of the arguments "
            "(benchmarks/bench_leak.py --big)", bench_big(s))
    sizes = SCALE_SIZES[:-1] if args.quick else SCALE_SIZES
    section(f"Scaling: {sizes[0] // KB} KB → {sizes[-1] // KB:,} KB argument value",
            bench_scaling(s, sizes))
    if not args.no_stream:
        section("Streaming (benchmarks/bench_stream.py)", bench_stream(args.quick))
    if not args.no_scale:
        section("Scale-out (benchmarks/bench_scale.py)", bench_scale(args.quick))
    if not args.no_scan:
        section("Scan throughput (benchmarks/bench_scan.py)", bench_scan(args.quick))
    if not args.no_worst:
        section("Worst replies per family (benchmarks/bench_worst.py)", bench_worst(args.quick))
    if not args.no_serve:
        section("Proxy CPU per request (benchmarks/bench_serve.py)", bench_serve(args.quick))
    if not args.no_first:
        section("The first reply of a process (benchmarks/first_reply.py)",
                bench_first_reply(args.quick))
    if not args.no_tools:
        section("`recover` with the tool list vs a `Recoverer` (benchmarks/bench_tools.py)",
                bench_tools(args.quick))
    if args.profile:
        section("Profiles", profiles(leaks, s))
    print(f"\n(total {time.perf_counter() - t0:.1f} s; load average at end: {_loadavg()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
