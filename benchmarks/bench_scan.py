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


def _loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def bench(size: int, rounds: int, jobs: int = 2) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "log.jsonl"
        t0 = time.perf_counter()
        n, leaked = write_log(log, size)
        made = time.perf_counter() - t0
        nbytes = log.stat().st_size
        leakcall.recover("warm", [])  # build every parser before the first round
        one_t: list[float] = []
        many_t: list[float] = []
        load0 = _loadavg()
        for r in range(rounds):
            # alternate which goes first, so a load spike does not always hit the same one
            order = (1, jobs) if r % 2 == 0 else (jobs, 1)
            reports = {}
            for j in order:
                t0 = time.perf_counter()
                reports[j] = scan_paths([str(log)], None, "ignore", jobs=j)
                (one_t if j == 1 else many_t).append(time.perf_counter() - t0)
            assert reports[1].to_dict() == reports[jobs].to_dict(), "reports differ"
        rep = reports[1]
    one, many = statistics.median(one_t), statistics.median(many_t)
    mb = nbytes / MB
    return [
        f"Log: {mb:.1f} MB, {n:,} request/response lines, {rep.replies:,} replies, "
        f"{leaked:,} leaks ({rep.recovered:,} recovered, {rep.with_markup:,} with markup); "
        f"generated in {made:.1f} s.", "",
        "| scan | median s | MB/s | lines/s |", "|---|---:|---:|---:|",
        f"| 1 job | {one:.2f} | {mb / one:.1f} | {n / one:,.0f} |",
        f"| `--jobs {jobs}` | {many:.2f} | {mb / many:.1f} | {n / many:,.0f} |", "",
        f"- 1 job: {mb / one:.1f} MB/s (target >= 35): {'met' if mb / one >= 35 else '**MISSED**'}",
        f"- `--jobs {jobs}`: {one / many:.2f}x faster than 1 job in wall time (target >= 1.4x): "
        f"{'met' if one / many >= 1.4 else '**MISSED**'}",
        f"- {rounds} round(s), medians, reports equal; nproc {len(os.sched_getaffinity(0))}, "
        f"load average {load0} at start, {_loadavg()} at end.",
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--quick", action="store_true", help="8 MB, one round")
    ap.add_argument("--mb", type=float, default=0, help="log size in MB (default 200)")
    ap.add_argument("--rounds", type=int, default=0, help="rounds (default 3)")
    ap.add_argument("--jobs", type=int, default=2, help="jobs of the second row (default 2)")
    args = ap.parse_args(argv)
    size = int((args.mb or (8 if args.quick else 200)) * MB)
    rounds = args.rounds or (1 if args.quick else 3)
    print("\n".join(bench(size, rounds, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
