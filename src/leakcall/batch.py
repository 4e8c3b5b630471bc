"""``leakcall.batch``: ``recover`` over Arrow record batches, for Ray Data, Spark and pandas.

>>> out = recover_batch(table)                          # columns text + tools
>>> out = recover_batch(table, record_column="raw")     # one log record a row, any scan shape

Needs pyarrow (``pip install 'leakcall[batch]'``). Each call is a pure function of its batch,
so an engine may run it on any worker; a worker checks each distinct tool list once (a cache of
``Recoverer`` keyed by the list's JSON text, or by its canonical form for Arrow structs).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .logs import BadLine, Chunk, Reader, Reply
from .logs import callable_tools as _callable_tools
from .logs import checked_tools as _checked
from .pipeline import ReasoningMode
from .recoverer import Recoverer
from .report import decide
from .result import Recovery

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["OUTPUT_COLUMNS", "recover_batch"]

OUTPUT_COLUMNS = ("reply", "reason", "rule", "family", "calls", "span_start", "span_end",
                  "content", "tools_known", "model", "record_id", "timestamp", "bad", "detail")
"""The columns ``recover_batch`` appends to the input's."""

_CACHE_SIZE = 256
_RECOVERERS: dict[tuple[str, str], tuple[Sequence[Any], Recoverer] | str] = {}


def _pa() -> Any:
    try:
        import pyarrow  # noqa: PLC0415 - optional extra
    except ImportError as e:  # pragma: no cover - exercised only without the extra
        raise ImportError("leakcall.batch needs pyarrow: pip install 'leakcall[batch]'") from e
    return pyarrow


def _drop_nulls(value: object) -> object:
    """Arrow structs carry every field of the unified type; an absent field reads as None.
    ``const`` is kept even when null: dropping it could only widen what a schema accepts."""
    if isinstance(value, Mapping):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None or k == "const"}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value


def _tools_for(value: object, reasoning: ReasoningMode) -> tuple[Sequence[Any], Recoverer] | str:
    """The checked tools of one tools cell (JSON text or Arrow struct list), or why not."""
    if isinstance(value, bytes | bytearray):
        value = bytes(value).decode("utf-8", "replace")
    structured = not isinstance(value, str)
    if structured:
        value = _drop_nulls(value)
        try:
            key = json.dumps(value, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError) as e:
            return f"tools not JSON data: {e}"
    else:
        assert isinstance(value, str)
        key = value
    hit = _RECOVERERS.get((key, reasoning))
    if hit is not None:
        return hit
    result: tuple[Sequence[Any], Recoverer] | str
    try:
        tools = value if structured else json.loads(key)
        result = _checked(_callable_tools(tools), reasoning)
    except (TypeError, ValueError, RecursionError) as e:
        result = f"{type(e).__name__}: {e}"
    if len(_RECOVERERS) >= _CACHE_SIZE:
        _RECOVERERS.clear()
    _RECOVERERS[(key, reasoning)] = result
    return result


def _as_table(batch: object) -> pa.Table:
    pa = _pa()
    if isinstance(batch, pa.Table):
        return batch
    if isinstance(batch, pa.RecordBatch):
        return pa.Table.from_batches([batch])
    if type(batch).__module__.split(".")[0] == "pandas":
        return pa.Table.from_pandas(batch, preserve_index=False)
    raise TypeError(f"expected a pyarrow Table or RecordBatch (or a pandas DataFrame), "
                    f"not {type(batch).__name__}")


class _Out:
    def __init__(self) -> None:
        self.src: list[int] = []
        self.cols: dict[str, list[Any]] = {c: [] for c in OUTPUT_COLUMNS}

    def row(self, i: int, **values: Any) -> None:
        self.src.append(i)
        for c in OUTPUT_COLUMNS:
            self.cols[c].append(values.get(c))

    def decided(self, i: int, rec: Reply, r: Recovery | BadLine) -> None:
        where = {"reply": rec.index, "tools_known": rec.tools_known, "model": rec.model,
                 "record_id": rec.record_id, "timestamp": rec.timestamp}
        if isinstance(r, BadLine):
            self.row(i, **where, bad=r.kind, detail=r.detail)
            return
        try:
            calls = json.dumps([c.to_openai() for c in r.calls], ensure_ascii=False)
        except (ValueError, RecursionError) as e:
            self.row(i, reply=rec.index, bad="error", detail=f"calls not exportable: {e}")
            return
        span = r.span or (None, None)
        self.row(i, **where, reason=str(r.reason), rule=r.rule, family=r.family, calls=calls,
                 span_start=span[0], span_end=span[1], content=r.content, detail=r.detail)


def recover_batch(
    batch: Any,
    *,
    text_column: str = "text",
    tools_column: str = "tools",
    record_column: str | None = None,
    reasoning: ReasoningMode = "ignore",
    default_tools: Sequence[Any] | None = None,
) -> pa.Table:
    """``recover`` on every reply of a batch; a ``pyarrow.Table`` of the input's rows plus
    ``OUTPUT_COLUMNS``.

    Without ``record_column``: one reply per row, in ``text_column``, with its tools in
    ``tools_column`` (JSON text, or a list of Arrow structs; absent column or null cell: the
    ``default_tools``, else none). With ``record_column``: each row is one log record (JSON text,
    bytes, or an Arrow struct) in any shape ``leakcall scan`` reads; a record with several
    replies gives several rows (``reply`` numbers them), a record with none gives one row with a
    null ``reason``. A record that cannot be read gives one row whose ``bad`` is the scan's
    bad-line kind and ``detail`` says why; a stream chunk gives ``bad = "stream_chunk"`` (streams
    are joined by ``leakcall scan``, not per batch).

    ``calls`` is JSON text (OpenAI ``tool_calls`` items), ``span_start``/``span_end`` the markup's
    span, ``content`` the reply with the recovered markup removed (unchanged when refused),
    ``detail`` why ``recover`` decided so (or why the row is bad). With ``record_column``,
    ``record_id`` and ``timestamp`` are the record's own id and time as text
    (``leakcall.logs.record_meta``), else null.

    Arrow structs cannot tell an absent field from a null one: null fields of struct tool lists
    and records are dropped. Pass tool lists as JSON text to keep a schema's ``null`` values.
    Raises TypeError/KeyError/ValueError on misuse (not a batch, a missing column, bad
    ``default_tools``); never on the content of a row.
    """
    table = _as_table(batch)
    pa = _pa()
    reader = Reader(default_tools, reasoning=reasoning, streams=False)
    out = _Out()
    if record_column is not None:
        _records(table, record_column, reader, out)
    else:
        _texts(table, text_column, tools_column, reader, out, reasoning)
    result = table.take(pa.array(out.src, type=pa.int64()))
    types = {"reply": pa.int32(), "span_start": pa.int64(), "span_end": pa.int64(),
             "tools_known": pa.bool_()}
    for c in OUTPUT_COLUMNS:
        if c in result.column_names:
            result = result.drop_columns([c])
        result = result.append_column(c, pa.array(out.cols[c], type=types.get(c, pa.string())))
    return result


def _records(table: pa.Table, column: str, reader: Reader, out: _Out) -> None:
    if column not in table.column_names:
        raise KeyError(f"no column {column!r}")
    for i, value in enumerate(table.column(column).to_pylist()):
        recs: list[Reply | BadLine | Chunk]
        if isinstance(value, str | bytes):
            recs = reader.line(i + 1, value)
        elif value is None:
            recs = []
        else:
            recs = reader.record(i + 1, _drop_nulls(value))
        if not recs:
            out.row(i)
        for rec in recs:
            if isinstance(rec, BadLine):
                out.row(i, bad=rec.kind, detail=rec.detail)
            elif isinstance(rec, Chunk):
                out.row(i, bad="stream_chunk", detail="a stream chunk: leakcall scan joins streams")
            else:
                out.decided(i, rec, decide(rec))


def _texts(table: pa.Table, text_column: str, tools_column: str, reader: Reader, out: _Out,
           reasoning: ReasoningMode) -> None:
    if text_column not in table.column_names:
        raise KeyError(f"no column {text_column!r}")
    texts = table.column(text_column).to_pylist()
    tools = (table.column(tools_column).to_pylist() if tools_column in table.column_names
             else [None] * len(texts))
    for i, (cell_text, cell) in enumerate(zip(texts, tools, strict=True)):
        if cell is None:
            tl, rc, known = reader._tools(None)
        else:
            checked = _tools_for(cell, reasoning)
            if isinstance(checked, str):
                out.row(i, bad="bad_tools", detail=checked)
                continue
            (tl, rc), known = checked, True
        if isinstance(cell_text, bytes | bytearray):
            try:
                text = bytes(cell_text).decode("utf-8")
            except UnicodeDecodeError as e:
                out.row(i, bad="not_utf8", detail=str(e))
                continue
        else:
            text = cell_text if isinstance(cell_text, str) else ""  # null: nothing was said
        rec = Reply(i + 1, text, tl, known, rc)
        out.decided(i, rec, decide(rec))
