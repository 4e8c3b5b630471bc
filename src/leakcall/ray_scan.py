"""``leakcall scan --ray``: the same scan on Ray Data (``pip install 'leakcall[ray]'``).

Plan: the files are cut into byte ranges; Ray counts the lines of each range (so every line gets
its number), then reads each range's lines and maps ``leakcall.batch.recover_batch`` over them.
The driver tallies the outcomes in line order, so the report is the single-process one: same
counts, same example lines. Stream chunks are the one exception to the map: they are handed
back to the driver, which joins and decides them in line order exactly as ``scan`` does.
``--export`` is written by the engine (Parquet or JSONL files in a directory).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from typing import Any

from .batch import recover_batch
from .logs import BadLine, Reader, Reply
from .pipeline import ReasoningMode
from .reasons import Reason
from .report import NO_MARKUP, NOT_CANDIDATES, ScanReport, decide, export_row

__all__ = ["EXPORT_COLUMNS", "RANGE_BYTES", "RayUnavailable", "scan"]

RANGE_BYTES = 8 * 1024 * 1024
"""Bytes of log per task (``LEAKCALL_SCAN_RANGE_BYTES`` overrides it)."""

EXPORT_COLUMNS = ("line", "reply", "record_id", "timestamp", "model", "tools_known", "reason",
                  "candidate", "rule", "family", "detail", "span_start", "span_end", "calls")
"""The columns of a ``--ray`` export: ``scan``'s export row with ``span`` as two columns and
``calls`` as JSON text."""

_KEEP = ("line", "raw", "reply", "reason", "rule", "family", "calls", "span_start", "span_end",
         "tools_known", "model", "record_id", "timestamp", "bad", "detail")
_BOM = b"\xef\xbb\xbf"


class RayUnavailable(RuntimeError):
    """``--ray`` was asked for but Ray Data cannot be imported."""


def _imports() -> tuple[Any, Any, Any]:
    try:
        import pyarrow as pa  # noqa: PLC0415 - optional extra
        import pyarrow.fs as pafs  # noqa: PLC0415
        import ray  # noqa: PLC0415
        import ray.data  # noqa: PLC0415
    except ImportError as e:
        raise RayUnavailable(f"--ray needs Ray Data ({e}): pip install 'leakcall[ray]' "
                             "(from a clone: pip install -e '.[ray]')") from e
    return pa, pafs, ray


def _open_fs(pafs: Any, uri: str) -> tuple[Any, str]:
    if "://" in uri:
        fs, path = pafs.FileSystem.from_uri(uri)
        return fs, path
    return pafs.LocalFileSystem(), os.path.abspath(uri)


def _files(pafs: Any, paths: Sequence[str]) -> list[tuple[str, int]]:
    """(uri, size) of every file, directories expanded in name order."""
    out: list[tuple[str, int]] = []
    for uri in paths:
        if uri == "-":
            raise OSError("--ray reads files, not stdin")
        fs, path = _open_fs(pafs, uri)
        info = fs.get_file_info(path)
        if info.type == pafs.FileType.NotFound:
            raise FileNotFoundError(f"{uri}: no such file")
        if info.type == pafs.FileType.Directory:
            found = fs.get_file_info(pafs.FileSelector(path, recursive=True))
            prefix = uri.rstrip("/") + "/"
            out += [(prefix + f.path[len(path.rstrip("/")) + 1:], f.size)
                    for f in sorted(found, key=lambda f: f.path) if f.type == pafs.FileType.File]
        else:
            out.append((uri, info.size))
    return out


def _read(uri: str, start: int, end: int) -> bytes:
    import pyarrow.fs as pafs  # noqa: PLC0415 - runs on a worker

    fs, path = _open_fs(pafs, uri)
    with fs.open_input_file(path) as fh:
        data = fh.read_at(end - start, start)
        return data if isinstance(data, bytes) else bytes(data)


def _count(row: dict[str, Any]) -> dict[str, Any]:
    """Lines that start in [start, end): the file's first byte, and every byte after a newline."""
    start, end = row["start"], row["end"]
    lo = max(start - 1, 0)
    data = _read(row["uri"], lo, end - 1) if end - 1 > lo else b""
    return {**row, "count": int(start == 0) + data.count(b"\n")}


def _lines(row: dict[str, Any]) -> list[dict[str, Any]]:
    """The lines that start in [start, end), numbered from ``first``."""
    uri, start, end, size = row["uri"], row["start"], row["end"], row["size"]
    lo = max(start - 1, 0)
    hi = end
    data = _read(uri, lo, hi)
    while hi < size and not data.endswith(b"\n"):  # the last line runs past the range
        more = _read(uri, hi, min(size, hi + 1024 * 1024))
        cut = more.find(b"\n")
        data += more if cut < 0 else more[:cut + 1]
        hi += len(more) if cut < 0 else cut + 1
    pos = 0
    if start > 0:
        pos = data.find(b"\n") + 1
        if pos == 0:
            return []
    out: list[dict[str, Any]] = []
    line = row["first"]
    while lo + pos < end and pos < len(data):
        nl = data.find(b"\n", pos)
        stop = len(data) if nl < 0 else nl + 1
        raw = data[pos:stop]
        if lo + pos == 0:
            raw = raw.removeprefix(_BOM)
        out.append({"line": line, "raw": raw})
        line += 1
        pos = stop
    return out


def _decide(batch: Any, default: Sequence[Any] | None, reasoning: ReasoningMode) -> Any:
    import pyarrow as pa  # noqa: PLC0415 - runs on a worker
    import pyarrow.compute as pc  # noqa: PLC0415

    out = recover_batch(batch, record_column="raw", default_tools=default, reasoning=reasoning)
    chunk = pc.fill_null(pc.equal(out.column("bad"), "stream_chunk"), False)
    raw = pc.if_else(chunk, out.column("raw"), pa.scalar(None, out.schema.field("raw").type))
    out = out.set_column(out.column_names.index("raw"), "raw", raw)
    return out.select(list(_KEEP))


def _exported(batch: Any) -> Any:
    import pyarrow.compute as pc  # noqa: PLC0415 - runs on a worker

    reason = batch.column("reason")
    found = pc.invert(pc.is_in(reason, value_set=_pa_set(sorted(NO_MARKUP))))
    keep = pc.and_(pc.is_valid(reason), found)
    rows = batch.filter(pc.fill_null(keep, False))
    shown = pc.is_in(rows.column("reason"), value_set=_pa_set(sorted(NOT_CANDIDATES)))
    rows = rows.append_column("candidate", pc.invert(shown))
    return rows.select(list(EXPORT_COLUMNS))


def _pa_set(values: Sequence[str]) -> Any:
    import pyarrow as pa  # noqa: PLC0415

    return pa.array(list(values), type=pa.string())


def scan(paths: Sequence[str], default: Sequence[Any] | None, *, reasoning: ReasoningMode = "ignore",
         export: str | None = None, address: str | None = None,
         range_bytes: int | None = None) -> ScanReport:
    """Scan the logs at ``paths`` (local paths or URLs pyarrow reads) on Ray Data; the report
    equals ``scan_paths`` on the same logs. Connects to ``address``, else ``RAY_ADDRESS``, else
    starts a local Ray (shut down at the end). Raises RayUnavailable, OSError."""
    pa, pafs, ray = _imports()
    files = _files(pafs, paths)
    step = range_bytes or int(os.environ.get("LEAKCALL_SCAN_RANGE_BYTES", RANGE_BYTES))
    ranges = [{"uri": uri, "size": size, "start": s, "end": min(size, s + step)}
              for uri, size in files for s in range(0, size, step)]
    started = not ray.is_initialized()
    if started:
        if address or os.environ.get("RAY_ADDRESS"):
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        else:
            ray.init(include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
    try:
        ctx = ray.data.DataContext.get_current()
        ctx.execution_options.preserve_order = True
        ctx.enable_progress_bars = False
        logging.getLogger("ray.data").setLevel(logging.WARNING)  # stderr: errors, not progress
        return _scan(ray, pa, ranges, default, reasoning, export)
    finally:
        if started:
            ray.shutdown()


def _scan(ray: Any, pa: Any, ranges: list[dict[str, Any]], default: Sequence[Any] | None,
          reasoning: ReasoningMode, export: str | None) -> ScanReport:
    rep = ScanReport()
    if not ranges:
        return rep
    counts = ray.data.from_items(ranges, override_num_blocks=len(ranges)).map(_count).take_all()
    first = 1
    for r, c in zip(ranges, counts, strict=True):
        r["first"] = first
        first += c["count"]
    rep.lines = first - 1
    decided = (ray.data.from_items(ranges, override_num_blocks=len(ranges))
               .flat_map(_lines)
               .map_batches(_decide, batch_format="pyarrow",
                            fn_kwargs={"default": default, "reasoning": reasoning})
               .materialize())
    reader = Reader(default, reasoning=reasoning)
    streamed: list[dict[str, Any]] = []
    for batch in decided.iter_batches(batch_format="pyarrow", batch_size=4096):
        for row in batch.to_pylist():
            if row["bad"] == "stream_chunk":
                for rec in reader.line(row["line"], row["raw"]):
                    _driver(rep, rec, streamed)
            elif row["bad"] is not None:
                rep.add_bad(BadLine(row["line"], row["bad"], row["detail"] or ""))
            elif row["reason"] is not None:
                ncalls = len(json.loads(row["calls"])) if row["reason"] == Reason.OK else 0
                rep.add(row["line"], row["reason"], row["family"], ncalls, row["tools_known"],
                        row["model"])
    for rec in reader.end():
        _driver(rep, rec, streamed)
    if export is not None:
        rows = decided.map_batches(_exported, batch_format="pyarrow")
        if streamed:
            types = {"line": pa.int64(), "reply": pa.int32(), "tools_known": pa.bool_(),
                     "candidate": pa.bool_(), "span_start": pa.int64(), "span_end": pa.int64()}
            schema = pa.schema([(c, types.get(c, pa.string())) for c in EXPORT_COLUMNS])
            extra = pa.Table.from_pylist(streamed, schema=schema)
            rows = rows.union(ray.data.from_arrow(extra))
        if export.endswith(".parquet"):
            rows.write_parquet(export)
        else:
            rows.write_json(export, force_ascii=False)
    return rep


def _driver(rep: ScanReport, rec: object, streamed: list[dict[str, Any]]) -> None:
    """Decide one record of a joined stream, as ``scan`` does."""
    if isinstance(rec, BadLine):
        rep.add_bad(rec)
        return
    assert isinstance(rec, Reply)
    r = decide(rec)
    if isinstance(r, BadLine):
        rep.add_bad(r)
        return
    rep.add(rec.line, r.reason, r.family, len(r.calls), rec.tools_known, rec.model)
    if r.reason not in NO_MARKUP:
        row = export_row(rec, r)
        span = row.pop("span") or (None, None)
        row["span_start"], row["span_end"] = span
        row["calls"] = json.dumps(row["calls"], ensure_ascii=False)
        streamed.append(row)
