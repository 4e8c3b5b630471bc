"""Scan throughput: ``python benchmarks/bench_scan.py [--quick] [--mb N] [--rounds N]``.

A generated JSONL log of request/response pairs (OpenAI Chat Completions; three agents' tool
lists in the requests; prose answers, native tool calls with no content, and 1 % of replies a
leak from the corpus) is scanned with one job and with ``--jobs 2``, interleaved in the same
rounds; both reports are checked equal. MB/s is log bytes over wall time of ``scan_paths``
(the parsers are built before the first round, as a long scan amortises them).

Targets (issue 15): >= 35 MB/s with one job on 200 MB; ``--jobs 2`` >= 1.4x faster in wall
time than one job on a 2-core machine. ``--quick``: 8 MB, one round.

Not a test module (no ``test_`` prefix, outside ``tests/``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _inputs import clean_text, leak_for

import leakcall
from leakcall.scan import scan_paths

MB = 1_000_000
LEAK_FAMILIES = ("hermes", "dsml", "qwen3_coder", "kimi_k2", "mistral")


def _tool(name: str, doc: str, props: dict[str, str], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": doc,
        "parameters": {"type": "object", "required": required, "properties": {
            p: {"type": t, "description": f"The {p.replace('_', ' ')}."} for p, t in props.items()}}}}


AGENTS: list[tuple[str, list[dict[str, Any]]]] = [
    ("coder-large", [
        _tool("bash", "Run a shell command in the sandbox and return its output.",
              {"command": "string", "timeout": "integer"}, ["command"]),
        _tool("read_file", "Read a file of the workspace.",
              {"path": "string", "offset": "integer", "limit": "integer"}, ["path"]),
        _tool("write_file", "Write a file of the workspace.",
              {"path": "string", "content": "string"}, ["path", "content"]),
        _tool("edit_file", "Replace one string of a file by another.",
              {"path": "string", "old_string": "string", "new_string": "string"},
              ["path", "old_string", "new_string"]),
        _tool("search", "Search the workspace with a regular expression.",
              {"pattern": "string", "path": "string", "glob": "string"}, ["pattern"]),
        _tool("list_dir", "List a directory.", {"path": "string"}, ["path"]),
    ]),
    ("support-small", [
        _tool("lookup_order", "Find an order by its number.", {"order_id": "string"}, ["order_id"]),
        _tool("refund", "Refund an order.", {"order_id": "string", "amount": "number",
                                             "reason": "string"}, ["order_id", "amount"]),
        _tool("escalate", "Hand the ticket to a human.", {"summary": "string"}, ["summary"]),
    ]),
    ("analyst-medium", [
        _tool("sql", "Run a read-only SQL query.", {"query": "string", "limit": "integer"},
              ["query"]),
        _tool("plot", "Plot a result set.", {"kind": "string", "x": "string", "y": "string"},
              ["kind", "x", "y"]),
        _tool("get_weather", "Current weather of a city.", {"location": "string",
                                                           "unit": "string"}, ["location"]),
    ]),
]


def _leaks() -> list[tuple[str, list[Any]]]:
    """(text, tools) of recovered 2 KB leaks of a few families (each checked by ``_inputs``)."""
    out = []
    for fam in LEAK_FAMILIES:
        leak, _ = leak_for(fam)
        if leak is not None:
            out.append((leak.text, leak.tools))
    if not out:
        raise SystemExit("no leak input could be built from the corpus")
    return out


def write_log(path: Path, size: int, seed: int = 15) -> tuple[int, int]:
    """Write about ``size`` bytes of log to ``path``; returns (lines, leak lines)."""
    rnd = random.Random(seed)
    prose = clean_text(64 * 1024)
    leaks = _leaks()
    written = lines = leaked = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        while written < size:
            model, tools = AGENTS[lines % len(AGENTS)]
            start = rnd.randrange(0, len(prose) - 4096)
            question = prose[start:start + rnd.randrange(80, 600)]
            roll = rnd.random()
            tool_calls = None
            if roll < 0.01:
                text, tools = leaks[leaked % len(leaks)]
                content: str | None = text
                leaked += 1
            elif roll < 0.31:  # a native tool call: no text to scan
                content = None
                fn = tools[rnd.randrange(len(tools))]["function"]
                tool_calls = [{"id": f"call_{lines}", "type": "function", "function": {
                    "name": fn["name"], "arguments": json.dumps({"path": f"src/m{lines}.py"})}}]
            else:
                begin = rnd.randrange(0, len(prose) - 4096)
                content = prose[begin:begin + rnd.randrange(200, 2400)]
            message: dict[str, Any] = {"role": "assistant", "content": content}
            if tool_calls:
                message["tool_calls"] = tool_calls
            record = {
                "request": {"model": model, "temperature": 0.2, "tools": tools, "messages": [
                    {"role": "system", "content": "You are a careful assistant. Use the tools."},
                    {"role": "user", "content": question}]},
                "response": {"id": f"chatcmpl-{lines}", "object": "chat.completion",
                             "created": 1_760_000_000 + lines, "model": model, "choices": [
                                 {"index": 0, "message": message,
                                  "finish_reason": "tool_calls" if tool_calls else "stop"}],
                             "usage": {"prompt_tokens": 900 + lines % 300,
                                       "completion_tokens": 40 + lines % 500}}}
            line = json.dumps(record, ensure_ascii=False) + "\n"
            fh.write(line)
            written += len(line.encode("utf-8"))
            lines += 1
    return lines, leaked


def _cpu() -> float:
    """CPU seconds of this process and of its reaped children (the forked workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def _warm(log: Path, tmp: str) -> None:
    """Build every parser, and whatever else a first leak builds (the intent lexicon), by
    scanning the log's first MB once: the rounds then time scanning alone, for both rows."""
    for fam in leakcall.all_families():
        fam.parser()
    head = Path(tmp) / "head.jsonl"
    with log.open("rb") as src, head.open("wb") as dst:
        dst.writelines(line for _, line in zip(range(400), src, strict=False))
    scan_paths([str(head)], None, "ignore")


def _cli(log: Path, jobs: int) -> tuple[float, str]:
    """Wall seconds and stdout of ``leakcall scan LOG --json --jobs N`` in a new process."""
    cmd = [sys.executable, "-m", "leakcall", "scan", str(log), "--json", "--jobs", str(jobs)]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=3600).stdout
    return time.perf_counter() - t0, out


def bench(size: int, rounds: int, jobs: int = 2, cli: bool = True) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "log.jsonl"
        t0 = time.perf_counter()
        n, leaked = write_log(log, size)
        made = time.perf_counter() - t0
        nbytes = log.stat().st_size
        _warm(log, tmp)
        wall: dict[str, list[float]] = {"1": [], "n": [], "cli1": [], "clin": []}
        cpu: dict[str, list[float]] = {"1": [], "n": []}
        load0 = _loadavg()
        for r in range(rounds):
            # alternate which goes first, so a load spike does not always hit the same one
            order = (1, jobs) if r % 2 == 0 else (jobs, 1)
            reports = {}
            for j in order:
                key = "1" if j == 1 else "n"
                c0, t0 = _cpu(), time.perf_counter()
                reports[j] = scan_paths([str(log)], None, "ignore", jobs=j)
                wall[key].append(time.perf_counter() - t0)
                cpu[key].append(_cpu() - c0)
            assert reports[1].to_dict() == reports[jobs].to_dict(), "reports differ"
            if cli:
                outs = {}
                for j in order:
                    took, outs[j] = _cli(log, j)
                    wall["cli1" if j == 1 else "clin"].append(took)
                assert outs[1] == outs[jobs], "command outputs differ"
        rep = reports[1]
    med = {k: statistics.median(v) for k, v in {**wall, **{f"cpu{k}": v for k, v in cpu.items()}}
           .items() if v}
    mb = nbytes / MB
    one, many = med["1"], med["n"]
    out = [
        f"Log: {mb:.1f} MB, {n:,} request/response lines, {rep.replies:,} replies, "
        f"{leaked:,} leaks ({rep.recovered:,} recovered, {rep.with_markup:,} with markup); "
        f"generated in {made:.1f} s.", "",
        "| scan | median wall s | MB/s (wall) | lines/s | median CPU s (all processes) "
        "| MB per CPU-s |", "|---|---:|---:|---:|---:|---:|",
        f"| `scan_paths`, 1 job | {one:.2f} | {mb / one:.1f} | {n / one:,.0f} | {med['cpu1']:.2f} "
        f"| {mb / med['cpu1']:.1f} |",
        f"| `scan_paths`, `jobs={jobs}` | {many:.2f} | {mb / many:.1f} | {n / many:,.0f} "
        f"| {med['cpun']:.2f} | {mb / med['cpun']:.1f} |",
    ]
    if cli:
        for key, label in (("cli1", "1 job"), ("clin", f"`--jobs {jobs}`")):
            out.append(f"| `leakcall scan --json`, {label}, start-up included | {med[key]:.2f} "
                       f"| {mb / med[key]:.1f} | {n / med[key]:,.0f} | | |")
    out += [
        "",
        f"- 1 job: {mb / one:.1f} MB/s (target >= 35): {'met' if mb / one >= 35 else '**MISSED**'}",
        f"- `--jobs {jobs}`: {one / many:.2f}x faster than 1 job in wall time (target >= 1.4x): "
        f"{'met' if one / many >= 1.4 else '**MISSED**'}"
        + (f"; the command, start-up included: {med['cli1'] / med['clin']:.2f}x" if cli else ""),
        "- `scan_paths` rows: parsers and lexicon built before the rounds (a warm-up scan of the "
        "log's first 400 lines); the command rows pay start-up (import, and with `--jobs` every "
        "family's parser, built before forking).",
        "- MB per CPU-s is what a quiet machine's wall-time MB/s would be for one job; on a "
        "loaded machine the wall-time figures are low by the share of the CPUs other work takes.",
        f"- {rounds} round(s), medians, reports equal; nproc {len(os.sched_getaffinity(0))}, "
        f"load average {load0} at start, {_loadavg()} at end.",
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help="8 MB, one round")
    ap.add_argument("--mb", type=float, default=0, help="log size in MB (default 200)")
    ap.add_argument("--rounds", type=int, default=0, help="rounds (default 3)")
    ap.add_argument("--jobs", type=int, default=2, help="jobs of the second row (default 2)")
    ap.add_argument("--no-cli", action="store_true", help="skip the `leakcall scan` command rows")
    args = ap.parse_args(argv)
    size = int((args.mb or (8 if args.quick else 200)) * MB)
    rounds = args.rounds or (1 if args.quick else 3)
    print("\n".join(bench(size, rounds, args.jobs, cli=not args.no_cli)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
