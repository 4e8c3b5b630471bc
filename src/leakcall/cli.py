"""Command line: ``leakcall recover`` and ``leakcall calibrate``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from . import scan, serve
from .corpus import load_cases
from .families import all_families, markdown_table
from .intent import PROSE_CEILING, prose_ratio
from .pipeline import intent_context
from .reasons import Reason
from .recoverer import recover

__all__ = ["main"]


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def _load_tools(path: str | None) -> list[Any]:
    if path is None:
        return []
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, dict) and "tools" in data:
        data = data["tools"]
    if not isinstance(data, list):
        raise SystemExit(f"leakcall: {path}: expected a JSON list of tools")
    return data


def _cmd_recover(args: argparse.Namespace) -> int:
    raw = _read(args.file)
    tools = _load_tools(args.tools)
    text = raw
    if args.file.endswith(".json") and args.tools is None:
        # A corpus case carries its own text and tools.
        case = json.loads(raw)
        text, tools = case["text"], case.get("tools", [])
    r = recover(text, tools, reasoning=args.reasoning, id_salt=args.id_salt)
    if args.json:
        print(json.dumps(r.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(f"{r.reason}: {r.detail}")
        for c in r.calls:
            print(json.dumps(c.to_openai(), ensure_ascii=False))
    return 0 if r.ok else 1


def _row(cid: str, expect: str, text: str, tools: Any, options: dict[str, Any]
         ) -> tuple[str, str, str, float]:
    r = recover(text, tools, **options)
    ratio = 0.0
    if r.span is not None:
        before, markup, after, elsewhere = intent_context(text, *r.span)
        ratio = prose_ratio((before, after, *elsewhere), markup)
    got = str(r.reason)
    if r.reason is Reason.PROSE:
        got += ":ratio" if "prose-ratio" in r.detail else ":tail"
    return (cid, expect, got, ratio)


def calibration_rows(corpus: Path, tools: Any = None) -> list[tuple[str, str, str, float]]:
    """(case id, expected reason, actual outcome, prose ratio) for every corpus case, or for
    every reply of a JSONL log (any shape ``leakcall scan`` reads; expected reason "?"). The
    outcome of a prose refusal names its rule (``prose:ratio`` or ``prose:tail``)."""
    if corpus.is_file() and corpus.suffix == ".jsonl":
        rows = []
        with corpus.open("rb") as fh:
            for rec in scan.iter_records(fh, tools):
                if isinstance(rec, scan.Reply):
                    rows.append(_row(f"{corpus.name}:{rec.line}", "?", rec.text, rec.tools, {}))
        return rows
    return [_row(c.id, str(c.expect.get("reason", "?")), c.text, c.tools, c.options)
            for c in load_cases(corpus)]


def separating_interval(rows: list[tuple[str, str, str, float]]) -> tuple[float, float]:
    """(highest ratio of a recovered case, lowest ratio of a case refused by the ratio rule)."""
    leaks = [r[3] for r in rows if r[1] == Reason.OK and r[2] == Reason.OK]
    prose = [r[3] for r in rows if r[1] == Reason.PROSE and r[2] == "prose:ratio"]
    return (max(leaks, default=0.0), min(prose, default=1.0))


def _cmd_calibrate(args: argparse.Namespace) -> int:
    rows = calibration_rows(Path(args.corpus), _load_tools(args.tools) if args.tools else None)
    print(f"{'case':60} {'expect':12} {'outcome':12} ratio")
    for cid, exp, got, ratio in rows:
        print(f"{cid:60} {exp:12} {got:12} {ratio:.3f}")
    if all(r[1] == "?" for r in rows):
        return 0  # a log has no expectations: ratios only
    lo, hi = separating_interval(rows)
    print(f"\nleaks reach {lo:.3f}; prose-refused cases start at {hi:.3f}; "
          f"PROSE_CEILING = {PROSE_CEILING}")
    inside = lo < PROSE_CEILING < hi
    print("ceiling separates them" if inside else "ceiling does NOT separate them")
    return 0 if inside else 1


_START, _END = "<!-- families:start -->", "<!-- families:end -->"


def _cmd_families(args: argparse.Namespace) -> int:
    if args.readme:
        path = Path(args.readme)
        text = path.read_text(encoding="utf-8")
        head, rest = text.split(_START, 1)
        tail = rest.split(_END, 1)[1]
        path.write_text(f"{head}{_START}\n{markdown_table()}{_END}{tail}", encoding="utf-8")
        return 0
    for f in all_families():
        print(f"{f.name:16} {f.title}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``leakcall`` command."""
    ap = argparse.ArgumentParser(prog="leakcall", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("recover", help="recover the calls in one reply")
    p.add_argument("file", help="reply text file, a corpus case (.json), or - for stdin")
    p.add_argument("--tools", help="JSON file with the advertised tools (a list)")
    p.add_argument("--json", action="store_true", help="print the full result as JSON")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore")
    p.add_argument("--id-salt", default="")
    p.set_defaults(fn=_cmd_recover)
    c = sub.add_parser("calibrate", help="print prose ratios per corpus case and the interval")
    c.add_argument("corpus", help="corpus directory, a case file, or a JSONL log")
    c.add_argument("--tools", help="tools for log lines that carry none")
    c.set_defaults(fn=_cmd_calibrate)
    scan.add_parser(sub)
    serve.add_parser(sub)
    f = sub.add_parser("families", help="list the supported families")
    f.add_argument("--readme", help="rewrite the generated family table in this README file")
    f.set_defaults(fn=_cmd_families)
    args = ap.parse_args(argv)
    rc: int = args.fn(args)
    return rc


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
