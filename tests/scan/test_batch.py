"""``leakcall.batch.recover_batch``: equal to ``recover`` row by row, over the whole corpus."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

pa = pytest.importorskip("pyarrow")

import leakcall  # noqa: E402
from leakcall.batch import OUTPUT_COLUMNS, recover_batch  # noqa: E402
from leakcall.recoverer import recoverer_cache  # noqa: E402
from leakcall.scan import BadLine, Reply, iter_records  # noqa: E402

from ..conftest import CASES as ALL_CASES  # noqa: E402
from .test_scan import LEAK, SHAPES, TOOLS, chat_response, dumps  # noqa: E402

CASES = [c for c in ALL_CASES if set(c.options) <= {"reasoning"} and isinstance(c.tools, list)]


def _expect(r: leakcall.Recovery) -> dict[str, Any]:
    span = r.span or (None, None)
    return {"reason": str(r.reason), "rule": r.rule, "family": r.family,
            "calls": json.dumps([c.to_openai() for c in r.calls], ensure_ascii=False),
            "span_start": span[0], "span_end": span[1], "content": r.content}


def _got(row: dict[str, Any]) -> dict[str, Any]:
    return {k: row[k] for k in ("reason", "rule", "family", "calls", "span_start", "span_end",
                                "content")}


@pytest.mark.heavy
@pytest.mark.parametrize("reasoning", ["ignore", "recover"])
def test_batch_equals_recover_on_every_corpus_case(reasoning: str) -> None:
    assert len(CASES) > 300
    table = pa.table({"id": [c.id for c in CASES], "text": [c.text for c in CASES],
                      "tools": [json.dumps(c.tools) for c in CASES]})
    out = recover_batch(table, reasoning=reasoning)  # type: ignore[arg-type]
    assert out.num_rows == len(CASES)
    assert out.column_names == ["id", "text", "tools", *OUTPUT_COLUMNS]
    for case, row in zip(CASES, out.to_pylist(), strict=True):
        assert row["id"] == case.id and row["bad"] is None
        want = leakcall.recover(case.text, case.tools, reasoning=reasoning)  # type: ignore[arg-type]
        assert _got(row) == _expect(want), case.id
        assert row["reply"] == 0 and row["tools_known"] is True


@pytest.mark.heavy
def test_batches_of_any_size_and_record_batches_agree() -> None:
    table = pa.table({"text": [c.text for c in CASES], "tools": [json.dumps(c.tools) for c in CASES]})
    whole = recover_batch(table)
    parts = [recover_batch(b) for b in table.to_batches(max_chunksize=7)]
    assert pa.concat_tables(parts).equals(whole)


def test_tools_as_arrow_structs() -> None:
    texts = [LEAK, LEAK.replace('"read"', '"write"'), "plain"]
    table = pa.table({"text": texts, "tools": [TOOLS, TOOLS, TOOLS]})
    assert pa.types.is_list(table.schema.field("tools").type)
    rows = recover_batch(table).to_pylist()
    assert [r["reason"] for r in rows] == ["ok", "unadvertised", "no_tags"]
    assert json.loads(rows[0]["calls"])[0]["function"] == {
        "name": "read", "arguments": json.dumps({"path": "/tmp/é"}, ensure_ascii=False)}


def test_null_and_missing_tools_and_bad_rows() -> None:
    table = pa.table({"text": [LEAK, LEAK, LEAK, None],
                      "tools": [None, json.dumps(TOOLS), "[{\"name\": 5}]", "[]"]})
    rows = recover_batch(table).to_pylist()
    assert [(r["reason"], r["tools_known"], r["bad"]) for r in rows] == [
        ("unadvertised", False, None), ("ok", True, None), (None, None, "bad_tools"),
        ("no_text", True, None)]
    assert "tools[0]" in rows[2]["detail"]
    rows = recover_batch(pa.table({"text": [LEAK]}), default_tools=TOOLS).to_pylist()
    assert rows[0]["reason"] == "ok" and rows[0]["tools_known"] is True


def test_record_column_reads_every_scan_shape() -> None:
    lines = [dumps(line) for line, _ in SHAPES.values()]
    lines += [dumps(chat_response(LEAK, "plain")), "not json", "", dumps({"messages": []}),
              dumps({"id": "c", "object": "chat.completion.chunk",
                     "choices": [{"index": 0, "delta": {"content": "x"}}]})]
    out = recover_batch(pa.table({"raw": lines, "n": list(range(len(lines)))}),
                        record_column="raw", default_tools=TOOLS)
    rows = out.to_pylist()
    expected: list[tuple[int, Any, Any]] = []
    for n, line in enumerate(lines):
        if "chunk" in line:
            expected.append((n, None, "stream_chunk"))
            continue
        recs = list(iter_records([line], TOOLS))
        if not recs:
            expected.append((n, None, None))
        for rec in recs:
            if isinstance(rec, BadLine):
                expected.append((n, None, rec.kind))
            else:
                assert isinstance(rec, Reply)
                expected.append((n, str(rec.recoverer.recover(rec.text).reason), None))
    assert [(r["n"], r["reason"], r["bad"]) for r in rows] == expected
    assert sum(r["reason"] == "ok" for r in rows) == len(SHAPES) + 1


def test_record_column_as_bytes_and_structs() -> None:
    line = {"text": LEAK, "tools": TOOLS}
    out = recover_batch(pa.table({"raw": [dumps(line).encode(), b"\xff"]}), record_column="raw")
    assert [(r["reason"], r["bad"]) for r in out.to_pylist()] == [("ok", None), (None, "not_utf8")]
    structs = pa.table({"rec": [line, {"text": "plain", "tools": TOOLS}]})
    assert [r["reason"] for r in recover_batch(structs, record_column="rec").to_pylist()] == [
        "ok", "no_tags"]


def test_misuse_raises() -> None:
    with pytest.raises(TypeError):
        recover_batch([{"text": "x"}])
    with pytest.raises(KeyError):
        recover_batch(pa.table({"reply": ["x"]}))
    with pytest.raises(KeyError):
        recover_batch(pa.table({"text": ["x"]}), record_column="raw")
    with pytest.raises(ValueError):
        recover_batch(pa.table({"text": ["x"]}), reasoning="maybe")  # type: ignore[arg-type]


def test_each_distinct_tool_list_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """100 rows over 2 tool lists never seen before: each list is looked up in (and checked into)
    the process-wide Recoverer cache once, not once per row."""
    cache = recoverer_cache()
    lookups: list[object] = []
    real = cache.get

    def counting(key: Any) -> Any:
        lookups.append(key)
        return real(key)

    monkeypatch.setattr(cache, "get", counting)
    fresh = uuid.uuid4().hex  # no cache of this process holds these lists yet
    params = {**TOOLS[0]["function"]["parameters"], "description": fresh}
    mine = [{"type": "function", "function": {"name": "read", "parameters": params}}]
    other = [{"name": "other", "parameters": {"type": "object", "description": fresh}}]
    tools = [json.dumps(mine), json.dumps(other)] * 50
    out = recover_batch(pa.table({"text": [LEAK] * 100, "tools": tools})).to_pylist()
    assert [r["reason"] for r in out[:2]] == ["ok", "unadvertised"] and len(out) == 100
    assert len([k for k in lookups if fresh in str(k)]) == 2


def test_a_null_const_in_struct_tools_is_kept_so_nothing_widens() -> None:
    """Dropping ``const: null`` would accept any path; keeping it refuses (the safe side)."""
    schema = {"type": "object", "properties": {"path": {"const": None}}, "required": ["path"]}
    tools = [{"type": "function", "function": {"name": "read", "parameters": schema}}]
    assert leakcall.recover(LEAK, tools).reason == "schema"
    rows = recover_batch(pa.table({"text": [LEAK], "tools": [tools]})).to_pylist()
    assert rows[0]["reason"] == "schema"


def test_struct_tools_read_as_the_json_they_came_from() -> None:
    """Arrow gives every struct the fields of the unified type (absent ones as null): a tool
    without a description, a property without one, nulls inside an enum list, all recover as the
    same tools given as JSON text."""
    schema = {"type": "object", "properties": {
        "path": {"type": "string", "description": "file"},
        "mode": {"enum": ["r", None]}}, "required": ["path"]}
    tools = [{"type": "function", "function": {"name": "read", "parameters": schema}},
             {"type": "function", "function": {"name": "other", "description": "o",
                                               "parameters": {"type": "object", "properties": {
                                                   "mode": {"enum": ["r", None]}}}}}]
    leaks = [LEAK, LEAK.replace('"path": "/tmp/é"', '"path": "a", "mode": null')]
    structs = recover_batch(pa.table({"text": leaks, "tools": [tools, tools]})).to_pylist()
    texts = recover_batch(pa.table({"text": leaks, "tools": [json.dumps(tools)] * 2})).to_pylist()
    assert [_got(r) for r in structs] == [_got(r) for r in texts]
    assert [r["reason"] for r in structs] == ["ok", "ok"]


def test_rows_carry_the_record_id_time_and_why() -> None:
    """With ``record_column`` a row carries the record's own id and time (as ``scan --export``
    does); on every decided row ``detail`` is ``recover``'s."""
    fenced = "Like this:\n```\n" + LEAK + "\n```"
    lines = [dumps({**chat_response(LEAK, fenced), "id": "chatcmpl-9", "created": 1718000000}),
             dumps({"id": "log-1", "ts": "2026-12-02T10:00:00Z", "text": fenced}), "oops"]
    rows = recover_batch(pa.table({"raw": lines}), record_column="raw",
                         default_tools=TOOLS).to_pylist()
    assert [(r["record_id"], r["timestamp"], r["reason"], r["bad"]) for r in rows] == [
        ("chatcmpl-9", "1718000000", "ok", None), ("chatcmpl-9", "1718000000", "fenced", None),
        ("log-1", "2026-12-02T10:00:00Z", "fenced", None), (None, None, None, "not_json")]
    assert rows[0]["detail"] == leakcall.recover(LEAK, TOOLS).detail
    assert rows[1]["detail"] == leakcall.recover(fenced, TOOLS).detail != ""
    plain = recover_batch(pa.table({"text": [LEAK]}), default_tools=TOOLS).to_pylist()
    assert plain[0]["record_id"] is None and plain[0]["detail"] == rows[0]["detail"]
