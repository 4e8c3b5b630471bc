"""``leakcall scan``: run ``recover`` over JSONL chat logs and tally what it finds.

The shapes a log line may take, and how tools are found, are ``leakcall.logs``'s. The log is read
one line at a time and nothing per line is kept beyond counters and at most ``EXAMPLES`` line
numbers per outcome, so memory does not grow with the log (only with its longest line). A bad
line is counted; scanning never stops on one.

``jobs > 1`` (``--jobs N``) cuts the files into byte ranges at newlines and scans them in forked
workers (the parsers are built before forking; each worker checks each distinct tool list once);
the parent merges the ranges' tallies in line order and joins stream chunks itself, so the report
and the export are those of one job, byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

try:  # the ``pretty`` extra: a progress bar and boxed tables; plain text without it
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
    _RICH = True
except ImportError:  # pragma: no cover - tested in a subprocess that hides rich
    from ._plain import Console, Table  # type: ignore[assignment]
    _RICH = False

from ._plain import ProgressLine
from .logs import (
    BAD_KINDS,
    BadLine,
    Chunk,
    Reader,
    Reply,
    callable_tools,
    checked_tools,
    iter_records,
    iter_replies,
)
from .pipeline import ReasoningMode
from .reasons import Reason
from .report import EXAMPLES, NO_MARKUP, NO_TOOLS, ScanReport, decide, export_row, is_candidate

__all__ = [
    "EXAMPLES",
    "NO_TOOLS",
    "RANGE_BYTES",
    "BadLine",
    "Chunk",
    "Reader",
    "Reply",
    "ScanReport",
    "add_parser",
    "decide",
    "export_row",
    "iter_records",
    "iter_replies",
    "load_tools_file",
    "run",
    "scan_lines",
    "scan_paths",
]

RANGE_BYTES = 8 * 1024 * 1024
"""With ``jobs > 1``, the largest byte range a worker is handed at once (a range is read whole)."""

def scan_lines(
    lines: Iterable[str | bytes],
    default_tools: Sequence[Any] | None = None,
    *,
    reasoning: Literal["ignore", "recover"] = "ignore",
    export: IO[str] | None = None,
) -> ScanReport:
    """Run ``recover`` on every reply of a JSONL log and tally the outcomes.

    ``lines`` is consumed lazily (a file object or any iterator works); memory stays constant.
    ``export`` receives one JSON line per reply with markup (``export_row``). Never raises on
    log content; raises TypeError/ValueError when ``default_tools`` is malformed.
    """
    rep = ScanReport()
    counter = _Counting(lines)
    _tally(iter_records(counter, default_tools, reasoning=reasoning), rep, export)
    rep.lines = counter.count
    return rep


def _tally(records: Iterable[Reply | BadLine], rep: ScanReport, export: IO[str] | None) -> None:
    for rec in records:
        _tally_one(rec, rep, export)


def _tally_one(rec: Reply | BadLine, rep: ScanReport, export: IO[str] | None) -> None:
    if isinstance(rec, BadLine):
        rep.add_bad(rec)
        return
    r = decide(rec)
    if isinstance(r, BadLine):
        rep.add_bad(r)
        return
    rep.add(rec.line, r.reason, r.family, len(r.calls), rec.tools_known, rec.model)
    if export is not None and r.reason not in NO_MARKUP:
        try:
            row = json.dumps(export_row(rec, r), ensure_ascii=False)
        except (ValueError, RecursionError) as e:
            row = json.dumps({"line": rec.line, "reply": rec.index, "reason": str(r.reason),
                              "error": f"not exportable: {e}"})
        export.write(row + "\n")


class _Counting:
    """Pass lines through, counting them (blank and bad lines included)."""

    def __init__(self, lines: Iterable[str | bytes]) -> None:
        self._lines = lines
        self.count = 0

    def __iter__(self) -> Iterator[str | bytes]:
        for line in self._lines:
            self.count += 1
            yield line


# --------------------------------------------------------------------------- command line


def _fail_keys(value: str) -> list[str]:
    keys = [k.strip() for k in value.split(",") if k.strip()]
    known = {*(str(r) for r in Reason), NO_TOOLS, *BAD_KINDS, "bad"}
    unknown = [k for k in keys if k not in known]
    if unknown or not keys:
        raise argparse.ArgumentTypeError(
            f"unknown key {', '.join(unknown) or '(none)'}: use reason codes, {NO_TOOLS}, "
            f"bad or a bad-line kind ({', '.join(BAD_KINDS)})")
    return keys


def _jobs(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {value!r}")
    if n == 0:
        n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return n


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``scan LOG.jsonl... [options]`` to a ``leakcall`` subparser set."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "scan", help="tally leaked tool calls over JSONL chat logs",
        description="Run recover on every reply of JSONL logs and tally the outcomes. Exit status: "
                    "0 scanned; 1 a --fail-on key occurred; 2 misuse, an unreadable input, or a "
                    "log of which no line could be read (only bad lines).")
    p.add_argument("log", nargs="+", metavar="LOG",
                   help="JSONL log, one response / request+response / {text, tools} / stream chunk "
                        "a line; - for stdin. Several logs are numbered as one (as if joined)")
    p.add_argument("--tools", help="JSON file with the tools for lines that carry none (a list, "
                                   "or an object with 'tools')")
    p.add_argument("--json", action="store_true", help="print the tallies as JSON")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore",
                   help="recover markup found only inside a reasoning block (default: refuse it)")
    p.add_argument("--export", metavar="FILE",
                   help="write one JSON line per reply with markup (line, reply, model, reason, "
                        "rule, family, span, calls); with --ray a directory of Parquet files when "
                        "FILE ends in .parquet, else of JSONL files")
    p.add_argument("--fail-on", type=_fail_keys, default=[], metavar="KEY[,KEY...]",
                   help="exit 1 when any reply has one of these reason codes (or no_tools), or "
                        "a bad line of one of these kinds (bad: any)")
    p.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                   help="scan byte ranges of the files in N forked processes (0: one per CPU); "
                        "same report as one job (default: 1; stdin and pipes are read by one job)")
    p.add_argument("--ray", action="store_true",
                   help="scan on Ray Data (needs leakcall[ray]); RAY_ADDRESS or --address picks "
                        "the cluster, else a local Ray starts")
    p.add_argument("--address", help="Ray cluster address (with --ray; default RAY_ADDRESS)")
    p.set_defaults(fn=run)
    return p


def load_tools_file(path: str) -> Sequence[Any]:
    """The tools of a ``--tools`` file (a list, or an object with ``tools``), checked."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if isinstance(data, Mapping) and "tools" in data:
        data = data["tools"]
    return checked_tools(callable_tools(data), "ignore")[0]


def _lines_with_progress(fh: IO[bytes], total: int | None) -> Iterator[bytes]:
    with _progress(True, total) as advance:
        for line in fh:
            advance(len(line))
            yield line


def _lines(a: list[int]) -> str:
    return ", ".join(map(str, a))


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f} %" if whole else "-"


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, the cut marked with an ellipsis."""
    return text if len(text) <= width else text[:width - 1] + "\u2026"


def _counts_as(reason: str) -> str:
    if reason in NO_MARKUP:
        return "no markup"
    return "candidate" if is_candidate(reason) else "shown"


def _print_table(rep: ScanReport, title: str) -> None:
    """The text report; every table fits 100 columns (long names and details are cut)."""
    console = Console()
    console.print(title, markup=False, highlight=False)
    summary = Table(show_header=False)
    summary.add_column("what")
    summary.add_column("count", justify="right")
    summary.add_column("of replies", justify="right")
    n = rep.replies
    rows = [("lines read", rep.lines, ""), ("replies", n, ""),
            ("replies with markup", rep.with_markup, _pct(rep.with_markup, n)),
            ("markup quoted, fenced or prose", rep.with_markup - rep.candidates,
             _pct(rep.with_markup - rep.candidates, n)),
            ("leak candidates", rep.candidates, _pct(rep.candidates, n)),
            ("recovered", rep.recovered, _pct(rep.recovered, n)),
            ("candidates refused", rep.candidates - rep.recovered,
             _pct(rep.candidates - rep.recovered, n)),
            ("calls recovered", rep.calls, ""),
            ("replies with no tools known", rep.without_tools, ""), ("bad lines", rep.bad_lines, "")]
    for what, count, share in rows:
        summary.add_row(what, str(count), share)
    console.print(summary)
    console.print("leak candidates: markup recovered, or refused for a reason other than "
                  "quoted/fenced/prose", markup=False)
    order = [*(str(r) for r in Reason), NO_TOOLS]
    if rep.reasons:
        t = Table(title="outcomes per reply")
        t.add_column("reason")
        t.add_column("counts as")
        t.add_column("replies", justify="right")
        t.add_column("first lines")
        for r in order:
            if r in rep.reasons:
                t.add_row(r, _counts_as(r), str(rep.reasons[r]), _lines(rep.examples[r]))
        console.print(t)
    if rep.reasons.get(NO_TOOLS):
        console.print(f"{rep.reasons[NO_TOOLS]} replies with markup come from lines that advertise "
                      "no tools:\npass --tools TOOLS.json to judge them.", markup=False)
    if rep.models:
        t = Table(title="per model")
        for col in ("model", "replies", "markup", "candidates", "cand. rate", "recovered"):
            t.add_column(col, justify="left" if col == "model" else "right")
        for m, (total, marked, cand, ok) in sorted(rep.models.items()):
            t.add_row(_fit(m, 32), str(total), str(marked), str(cand), _pct(cand, total), str(ok))
        console.print(t)
    families = rep.family_table()
    if families:
        shown = "" if len(families) == len(rep.family_reasons) else \
            f"; top {len(families) - 1}, the rest as other"
        t = Table(title=f"per family (replies with markup{shown})")
        for col in ("family", "with markup", "quoted/fenced/prose", "candidates", "recovered",
                    "refused"):
            t.add_column(col, justify="left" if col == "family" else "right")
        for fam, *counts in families:
            t.add_row(_fit(fam, 24), *map(str, counts))
        console.print(t)
    if rep.bad:
        t = Table(title="bad lines")
        t.add_column("kind")
        t.add_column("lines", justify="right")
        t.add_column("first lines: why")
        for k in BAD_KINDS:
            if k in rep.bad:
                why = "\n".join(f"{n}: {_fit(d, 64)}"
                                for n, d in zip(rep.bad_examples[k], rep.bad_details[k], strict=True))
                t.add_row(k, str(rep.bad[k]), why)
        console.print(t)


def _open_lines(paths: list[str], stack: contextlib.ExitStack, interactive: bool
                ) -> Iterator[tuple[int, bytes, bool]]:
    lineno = 0
    for path in paths:
        if path == "-":
            fh: IO[bytes] = sys.stdin.buffer
            total = None
        else:
            if os.path.isdir(path):
                raise IsADirectoryError(f"{path}: is a directory")
            fh = stack.enter_context(open(path, "rb"))  # noqa: SIM115
            total = os.fstat(fh.fileno()).st_size
        source: Iterable[bytes] = _lines_with_progress(fh, total) if interactive else fh
        for n, raw in enumerate(source):
            lineno += 1
            yield lineno, raw, n == 0


def scan_paths(paths: list[str], default: Sequence[Any] | None, reasoning: ReasoningMode,
               export: IO[str] | None = None, interactive: bool = False, *, jobs: int = 1,
               range_bytes: int | None = None) -> ScanReport:
    """Scan the logs at ``paths``, numbered as one log. Raises OSError.

    ``jobs > 1`` scans byte ranges of the files (at most ``range_bytes`` each, cut at newlines)
    in that many forked workers; the report and the export equal those of one job. Anything
    but regular files (stdin ``-``, a pipe such as ``<(zcat log.gz)``), or a platform without
    ``fork``, is read by one job."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if (jobs > 1 and all(p != "-" and os.path.isfile(p) for p in paths)
            and "fork" in multiprocessing.get_all_start_methods()):
        return _scan_jobs(paths, default, reasoning, export, interactive, jobs, range_bytes)
    rep = ScanReport()
    with contextlib.ExitStack() as stack:
        numbered = _open_lines(paths, stack, interactive)
        counted = _Counted(numbered)
        _tally(Reader(default, reasoning=reasoning).records(counted), rep, export)
        rep.lines = counted.count
    return rep


# --------------------------------------------------------------------------- --jobs N


@dataclass(frozen=True)
class _Range:
    path: str
    start: int
    end: int
    first: int = 0
    """The number of the range's first line (set once every earlier range is counted)."""


_Part = tuple[ScanReport, str] | Chunk
"""A worker's output, in line order: tallies of a run of lines (with their export text), or a
stream chunk handed back for the parent to join."""


@dataclass(frozen=True)
class _Job:
    reader: Reader
    export: bool


_JOB: _Job | None = None
"""What the workers inherit from the parent at fork: the reader (its Recoverers built)."""


def _cut(path: str, size: int, step: int) -> list[_Range]:
    """Ranges of about ``step`` bytes covering the file, each ending just after a newline (or at
    the end of the file)."""
    out: list[_Range] = []
    start = 0
    with open(path, "rb") as fh:
        while start < size:
            end = min(size, start + step)
            if end < size:
                fh.seek(end - 1)
                while True:  # the range ends after the newline that ends its last line
                    block = fh.read(64 * 1024)
                    if not block:
                        end = size
                        break
                    nl = block.find(b"\n")
                    if nl >= 0:
                        end += nl
                        break
                    end += len(block)
                end = min(size, end)
            out.append(_Range(path, start, end))
            start = end
    return out


def _read(r: _Range) -> bytes:
    with open(r.path, "rb") as fh:
        fh.seek(r.start)
        return fh.read(r.end - r.start)


def _count(r: _Range) -> int:
    """The lines of a range as iterating the file counts them (a last line may lack its newline)."""
    data = _read(r)
    return data.count(b"\n") + (bool(data) and not data.endswith(b"\n"))


def _scan_range(r: _Range) -> list[_Part]:
    assert _JOB is not None
    reader, export = _JOB.reader, _JOB.export
    parts: list[_Part] = []
    rep = ScanReport()
    out = io.StringIO() if export else None
    for n, raw in enumerate(io.BytesIO(_read(r))):
        for rec in reader.line(r.first + n, raw, r.start == 0 and n == 0):
            if isinstance(rec, Chunk):
                parts.append((rep, out.getvalue() if out is not None else ""))
                parts.append(rec)
                rep = ScanReport()
                out = io.StringIO() if export else None
            else:
                _tally_one(rec, rep, out)
    parts.append((rep, out.getvalue() if out is not None else ""))
    return [p for p in parts if isinstance(p, Chunk) or p[0].replies or p[0].bad_lines]


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to report


def _scan_jobs(paths: list[str], default: Sequence[Any] | None, reasoning: ReasoningMode,
               export: IO[str] | None, interactive: bool, jobs: int,
               range_bytes: int | None) -> ScanReport:
    global _JOB  # noqa: PLW0603 - handed to the forked workers, not to any caller
    sizes: list[tuple[str, int]] = []
    for path in paths:
        if os.path.isdir(path):
            raise IsADirectoryError(f"{path}: is a directory")
        with open(path, "rb") as fh:
            sizes.append((path, os.fstat(fh.fileno()).st_size))
    total = sum(size for _, size in sizes)
    step = range_bytes or max(1, min(RANGE_BYTES, -(-total // (4 * jobs))))
    ranges = [r for path, size in sizes for r in _cut(path, size, step)]
    rep = ScanReport()
    if not ranges:
        return rep
    worker = Reader(default, reasoning=reasoning, streams=False)
    for fam in worker.no_tools.families:  # build every parser once, before forking
        fam.parser()
    joiner = Reader(default, reasoning=reasoning)
    _JOB = _Job(worker, export is not None)
    try:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(min(jobs, len(ranges)), initializer=_quiet_worker) as pool:
            first = 1
            numbered = []
            for r, n in zip(ranges, pool.map(_count, ranges, chunksize=1), strict=True):
                numbered.append(_Range(r.path, r.start, r.end, first))
                first += n
            with _progress(interactive, total) as advance:
                for r, parts in zip(numbered, pool.imap(_scan_range, numbered), strict=True):
                    for part in parts:
                        if isinstance(part, Chunk):
                            for rec in joiner.record(part.line, part.obj):
                                assert not isinstance(rec, Chunk)
                                _tally_one(rec, rep, export)
                        else:
                            rep.merge(part[0])
                            if export is not None:
                                export.write(part[1])
                    advance(r.end - r.start)
            for rec in joiner.end():
                assert not isinstance(rec, Chunk)
                _tally_one(rec, rep, export)
    finally:
        _JOB = None
    rep.lines = first - 1
    return rep


@contextlib.contextmanager
def _progress(interactive: bool, total: int | None) -> Iterator[Callable[[int], None]]:
    """A function advancing the progress display by a number of bytes: a ``rich`` bar, a plain
    progress line without ``rich``, nothing when not ``interactive``."""
    if not interactive:
        yield lambda n: None
        return
    if not _RICH:
        with ProgressLine(total) as line:
            yield line.advance
        return
    columns = (TextColumn("scanning"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("scan", total=total)
        yield lambda n: bar.advance(task, n)


class _Counted:
    def __init__(self, it: Iterable[tuple[int, bytes, bool]]) -> None:
        self._it = it
        self.count = 0

    def __iter__(self) -> Iterator[tuple[int, str | bytes, bool]]:
        for item in self._it:
            self.count += 1
            yield item


def run(args: argparse.Namespace) -> int:
    """Run ``leakcall scan``: 0 after a scan, 1 when a ``--fail-on`` key occurred, 2 on misuse,
    an unreadable input or a log of nothing but bad lines. Never prints a traceback."""
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("leakcall scan: interrupted", file=sys.stderr)
        return 2
    except Exception as e:  # a bug in leakcall or in an engine: one line, never a traceback
        first = (str(e).strip().splitlines() or [""])[0]  # engine errors carry their own trace
        print(f"leakcall scan: internal error ({type(e).__name__}: {first})", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    try:
        default = load_tools_file(args.tools) if args.tools else None
    except (OSError, ValueError, TypeError) as e:
        print(f"leakcall scan: --tools {args.tools}: {e}", file=sys.stderr)
        return 2
    if args.ray and args.jobs != 1:
        print("leakcall scan: --jobs does not apply to --ray (Ray picks its workers)",
              file=sys.stderr)
        return 2
    if args.address and not args.ray:
        print("leakcall scan: --address needs --ray", file=sys.stderr)
        return 2
    if args.ray:
        from . import ray_scan  # noqa: PLC0415 - ray is an optional extra

        try:
            rep = ray_scan.scan(args.log, default, reasoning=args.reasoning, export=args.export,
                                address=args.address)
        except ray_scan.RayUnavailable as e:
            print(f"leakcall scan: {e}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"leakcall scan: {e}", file=sys.stderr)
            return 2
    else:
        interactive = not args.json and sys.stdout.isatty()
        try:
            with contextlib.ExitStack() as stack:
                out = (stack.enter_context(open(args.export, "w", encoding="utf-8"))
                       if args.export else None)
                rep = scan_paths(args.log, default, args.reasoning, out, interactive,
                                 jobs=args.jobs)
        except OSError as e:
            print(f"leakcall scan: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(rep.to_dict(), ensure_ascii=False, indent=2))
    else:
        _print_table(rep, f"leakcall scan {' '.join(args.log)}")
    if rep.bad_lines and not rep.replies:
        print(f"leakcall scan: no line could be read ({rep.bad_lines} bad lines)", file=sys.stderr)
        return 2
    hit = [k for k in args.fail_on if rep.count(k)]
    if hit:
        print(f"leakcall scan: --fail-on: {', '.join(f'{k} ({rep.count(k)})' for k in hit)}",
              file=sys.stderr)
        return 1
    return 0
