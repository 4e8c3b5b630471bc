"""``leakcall scan``: log shapes, bad lines, tallies, example line numbers, output, constant memory."""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import re
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import leakcall
from leakcall import ray_scan, scan
from leakcall._plain import ProgressLine
from leakcall.report import NO_MARKUP, NOT_CANDIDATES, TOP_FAMILIES, is_candidate
from leakcall.scan import BadLine, Reply, ScanReport, iter_records, iter_replies, scan_lines

from ..conftest import CASES

SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
TOOLS: list[dict[str, Any]] = [{"type": "function", "function": {"name": "read", "parameters": SCHEMA}}]
LEAK = '<tool_call>\n{"name": "read", "arguments": {"path": "/tmp/é"}}\n</tool_call>'
FENCED = "Like this:\n```\n" + LEAK + "\n```"
CLEAN = "Nothing to call here."


def chat_response(*contents: object) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "model": "m",
        "choices": [{"index": i, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": c}} for i, c in enumerate(contents)],
    }


def responses_response(text: str, tools: list[Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": "resp_1", "object": "response", "text": {"format": {"type": "text"}},
        "output": [
            {"type": "reasoning", "summary": []},
            {"type": "message", "role": "assistant",
             "content": [{"type": "output_text", "text": text, "annotations": []}]},
        ],
    }
    if tools is not None:
        out["tools"] = tools
    return out


def anthropic_response(text: str) -> dict[str, Any]:
    return {"id": "msg_1", "type": "message", "role": "assistant",
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}


def dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False)


def only_reply(line: str, default: list[Any] | None = None) -> Reply:
    recs = list(iter_records([line], default))
    assert len(recs) == 1 and isinstance(recs[0], Reply), recs
    return recs[0]


# ----------------------------------------------------------------------------- shapes


SHAPES: dict[str, tuple[dict[str, Any], bool]] = {
    # name: (line, carries its own tools)
    "chat_completion": (chat_response(LEAK), False),
    "chat_content_parts": (chat_response([{"type": "text", "text": LEAK}]), False),
    "pair_chat": ({"request": {"model": "m", "messages": [], "tools": TOOLS},
                   "response": chat_response(LEAK)}, True),
    "pair_legacy_functions": ({"request": {"functions": [{"name": "read", "parameters": SCHEMA}]},
                               "response": chat_response(LEAK)}, True),
    "pair_responses": ({"request": {"input": "x", "tools": [
        {"type": "function", "name": "read", "parameters": SCHEMA}]},
        "response": responses_response(LEAK)}, True),
    "pair_anthropic": ({"request": {"tools": [{"name": "read", "input_schema": SCHEMA}]},
                        "response": anthropic_response(LEAK)}, True),
    "pair_without_request": ({"response": chat_response(LEAK)}, False),
    "openai_batch_output": ({"id": "b", "custom_id": "r1", "error": None, "response": {
        "status_code": 200, "request_id": "q", "body": chat_response(LEAK)}}, False),
    "responses_with_echoed_tools": (responses_response(LEAK, [
        {"type": "web_search_preview"}, {"type": "function", "name": "read", "parameters": SCHEMA}]), True),
    "anthropic_message": (anthropic_response(LEAK), False),
    "text_tools": ({"text": LEAK, "tools": [{"name": "read", "inputSchema": SCHEMA}]}, True),
    "text_only": ({"text": LEAK}, False),
    "messages_dataset": ({"messages": [{"role": "user", "content": "read it"},
                                       {"role": "assistant", "content": LEAK}], "tools": TOOLS}, True),
}


@pytest.mark.parametrize(("line", "own_tools"), SHAPES.values(), ids=list(SHAPES))
def test_every_shape_yields_the_reply(line: dict[str, Any], own_tools: bool) -> None:
    rec = only_reply(dumps(line), None)
    assert rec.text == LEAK and rec.line == 1
    assert rec.tools_known is own_tools
    assert list(iter_replies([dumps(line)], TOOLS)) == [(LEAK, rec.tools if own_tools else TOOLS)]


@pytest.mark.parametrize(("line", "own_tools"), SHAPES.values(), ids=list(SHAPES))
def test_every_shape_recovers_with_its_own_or_the_default_tools(
    line: dict[str, Any], own_tools: bool
) -> None:
    rep = scan_lines([dumps(line)], TOOLS)
    assert (rep.lines, rep.replies, rep.with_markup, rep.recovered, rep.calls) == (1, 1, 1, 1, 1)
    assert rep.bad_lines == 0 and rep.without_tools == 0
    assert rep.families == {"hermes": 1}
    if not own_tools:  # tools unknown without --tools: the call names an unadvertised tool
        rep = scan_lines([dumps(line)])
        assert rep.reasons == {"no_tools": 1} and rep.without_tools == 1  # not "unadvertised"


def test_line_tools_win_over_the_defaults() -> None:
    line = dumps({"text": LEAK, "tools": [{"name": "write", "parameters": {"type": "object"}}]})
    assert scan_lines([line], TOOLS).reasons == {"unadvertised": 1}
    line = dumps({"text": LEAK, "tools": []})  # explicitly none advertised
    rep = scan_lines([line], TOOLS)
    assert rep.reasons == {"unadvertised": 1} and rep.without_tools == 0


def test_several_replies_per_line() -> None:
    lines = [dumps(chat_response(LEAK, FENCED, None, "")),
             dumps({"messages": [{"role": "assistant", "content": CLEAN}, {"role": "user", "content": LEAK},
                                 {"role": "assistant", "content": [{"type": "text", "text": LEAK}]}]})]
    rep = scan_lines(lines, TOOLS)
    assert rep.replies == 6 and rep.lines == 2
    assert rep.reasons == {"ok": 2, "fenced": 1, "no_text": 2, "no_tags": 1}
    assert rep.examples == {"ok": [1, 2], "fenced": [1], "no_text": [1], "no_tags": [2]}


def test_anthropic_text_blocks_are_joined_and_tool_use_blocks_ignored() -> None:
    msg = {"type": "message", "role": "assistant", "content": [
        {"type": "text", "text": LEAK[:20]}, {"type": "text", "text": LEAK[20:]},
        {"type": "tool_use", "id": "t", "name": "read", "input": {}}]}
    assert only_reply(dumps(msg)).text == LEAK


def test_hosted_tools_without_a_name_are_dropped() -> None:
    tools = [{"type": "web_search_preview"}, {"type": "mcp", "server_label": "x"},
             {"type": "code_interpreter", "container": {"type": "auto"}}, *TOOLS]
    rep = scan_lines([dumps({"request": {"tools": tools}, "response": chat_response(LEAK)})])
    assert rep.recovered == 1 and rep.bad_lines == 0


# ----------------------------------------------------------------------------- bad lines


def test_bad_lines_are_counted_with_line_numbers_and_never_crash() -> None:
    lines: list[str | bytes] = [
        dumps(chat_response(LEAK)),                              # 1 ok
        "{not json",                                             # 2 not_json
        "",                                                      # 3 blank: skipped
        "[1, 2]",                                                # 4 unknown_shape
        dumps({"hello": "world"}),                               # 5 unknown_shape
        dumps({"text": 5}),                                      # 6 unknown_shape
        dumps({"text": LEAK, "tools": [{"name": 5}]}),           # 7 bad_tools
        dumps({"text": LEAK, "tools": {"read": {}}}),            # 8 bad_tools
        dumps({"text": LEAK, "tools": [{"name": "r"}, {"name": "r", "parameters": {}}]}),  # 9 bad_tools
        dumps({"object": "chat.completion.chunk",
               "choices": [{"delta": {"content": "<tool_call>"}}]}),  # 10 a stream, cut: truncated
        b"\xff\xfe{}",                                           # 11 not_utf8
        dumps({"response": None, "error": {"message": "x"}}),    # 12 unknown_shape
        dumps({"choices": [{"message": {"content": 7}}]}),       # 13 unknown_shape
        "   \n",                                                 # 14 blank
        "[" * 100_000,                                           # 15 not_json (too deep)
        dumps({"text": FENCED}).encode("utf-8"),                 # 16 fenced
        "NaN",                                                   # 17 unknown_shape (a float)
    ]
    rep = scan_lines(lines, TOOLS)
    assert rep.lines == 17
    assert rep.replies == 3 and rep.reasons == {"ok": 1, "fenced": 1, "truncated": 1}
    assert rep.examples == {"ok": [1], "fenced": [16], "truncated": [10]}
    assert rep.bad_lines == 12
    assert rep.bad == {"not_json": 2, "unknown_shape": 6, "bad_tools": 3, "not_utf8": 1}
    assert rep.bad_examples == {"not_json": [2, 15], "unknown_shape": [4, 5, 6],
                                "bad_tools": [7, 8, 9], "not_utf8": [11]}
    kinds = [(r.line, r.kind) for r in iter_records(lines, TOOLS) if isinstance(r, BadLine)]
    assert kinds[:3] == [(2, "not_json"), (4, "unknown_shape"), (5, "unknown_shape")]


def test_a_byte_order_mark_on_the_first_line_is_skipped() -> None:
    rep = scan_lines(["\ufeff" + dumps({"text": LEAK}), ("\ufeff" + dumps({"text": LEAK})).encode()], TOOLS)
    assert rep.recovered == 1 and rep.bad_examples == {"not_json": [2]}


def test_a_crash_inside_recover_is_counted_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    real = leakcall.Recoverer.recover

    def flaky(self: leakcall.Recoverer, text: str, **kw: Any) -> leakcall.Recovery:
        if text == "boom":
            raise RuntimeError("bug")
        return real(self, text, **kw)

    monkeypatch.setattr(leakcall.Recoverer, "recover", flaky)
    rep = scan_lines([dumps({"text": "boom"}), dumps({"text": LEAK})], TOOLS)
    assert rep.bad == {"error": 1} and rep.bad_examples == {"error": [1]}
    assert rep.recovered == 1


def test_malformed_default_tools_raise_up_front() -> None:
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        scan_lines([dumps({"text": LEAK})], [{"name": ""}])
    with pytest.raises(TypeError):
        scan_lines([], {"read": {}})  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- tallies


def test_tallies_and_first_three_example_lines() -> None:
    kinds = [LEAK, CLEAN, FENCED, "", LEAK, FENCED, FENCED, FENCED, LEAK, LEAK,
             '<tool_call>\n{"name": "read", "arguments": {"path": "/tmp', "   "]
    rep = scan_lines((dumps({"text": t}) for t in kinds), TOOLS)
    assert (rep.lines, rep.replies, rep.bad_lines) == (12, 12, 0)
    assert rep.reasons == {"ok": 4, "no_tags": 1, "fenced": 4, "no_text": 2, "truncated": 1}
    assert rep.examples["ok"] == [1, 5, 9] and rep.examples["fenced"] == [3, 6, 7]
    assert rep.examples["truncated"] == [11] and rep.examples["no_text"] == [4, 12]
    assert rep.with_markup == 9 and rep.recovered == 4 and rep.calls == 4
    assert rep.refused == {"fenced": 4, "truncated": 1}


def test_an_empty_log() -> None:
    rep = scan_lines([])
    assert rep == ScanReport()
    assert rep.to_dict()["reasons"] == {} and rep.to_dict()["refused"] == 0


def test_to_dict_orders_reasons_like_the_enum() -> None:
    rep = scan_lines([dumps({"text": t}) for t in [FENCED, LEAK, CLEAN]], TOOLS)
    d = rep.to_dict()
    assert list(d["reasons"]) == ["ok", "no_tags", "fenced"]
    assert d["reasons"]["fenced"] == {"count": 1, "lines": [1]}
    assert json.loads(json.dumps(d)) == d


# ----------------------------------------------------------------------------- command line


def _run(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="leakcall")
    sub = ap.add_subparsers(dest="cmd", required=True)
    scan.add_parser(sub)
    args = ap.parse_args(["scan", *argv])
    rc: int = args.fn(args)
    return rc


@pytest.fixture
def log(tmp_path: Path) -> Path:
    p = tmp_path / "log.jsonl"
    lines = [dumps(chat_response(LEAK)), dumps({"text": FENCED, "tools": TOOLS}), "oops",
             dumps(chat_response(CLEAN))]
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_json_output(log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tools.json").write_text(dumps({"tools": TOOLS}), encoding="utf-8")
    assert _run([str(log), "--tools", str(tmp_path / "tools.json"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "lines": 4, "replies": 3, "with_markup": 2, "markup_rate": 0.666667,
        "not_candidates": 1, "candidates": 1, "candidate_rate": 0.333333, "recovered": 1,
        "candidates_refused": 0, "calls": 1, "without_tools": 0, "refused": 1,
        "reasons": {"ok": {"count": 1, "lines": [1]}, "no_tags": {"count": 1, "lines": [4]},
                    "fenced": {"count": 1, "lines": [2]}},
        "families": {"hermes": 2},
        "family_candidates": {"hermes": 1},
        "family_reasons": {"hermes": {"ok": 1, "fenced": 1}},
        "models": {"?": {"replies": 1, "with_markup": 1, "candidates": 0, "recovered": 0,
                         "candidate_rate": 0.0},
                   "m": {"replies": 2, "with_markup": 1, "candidates": 1, "recovered": 1,
                         "candidate_rate": 0.5}},
        "bad_lines": 1,
        "bad": {"not_json": {"count": 1, "lines": [3], "details": [
            "Expecting value: line 1 column 1 (char 0)"]}},
    }


def test_json_output_without_tools(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run([str(log), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["without_tools"] == 2
    assert out["reasons"]["no_tools"] == {"count": 1, "lines": [1]}
    assert "unadvertised" not in out["reasons"]


def test_table_output(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run([str(log)]) == 0
    out = capsys.readouterr().out
    for word in ("replies with markup", "leak candidates", "no_tools", "pass --tools", "fenced",
                 "not_json", "hermes", "Expecting value", "per model", "per family"):
        assert word in out
    assert "scanning" not in out  # no progress bar when stdout is not a terminal


def test_progress_bar_on_a_terminal(
    log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert _run([str(log)]) == 0
    assert "replies with markup" in capsys.readouterr().out


def test_stdin(log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(log.read_bytes()), encoding="utf-8"))
    assert _run(["-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["lines"] == 4


def test_unreadable_inputs_exit_2(log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run([str(tmp_path / "missing.jsonl")]) == 2
    (tmp_path / "bad.json").write_text('[{"name": ""}]', encoding="utf-8")
    assert _run([str(log), "--tools", str(tmp_path / "bad.json")]) == 2
    assert _run([str(log), "--tools", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert "missing.jsonl" in err and "tools[0]" in err


def test_the_real_captures_scan_cleanly() -> None:
    path = Path(__file__).resolve().parents[3] / "shared" / "captures" / "real_captures.jsonl"
    if not path.exists():
        pytest.skip("shared captures not present")
    with path.open("rb") as fh:
        rep = scan_lines(fh)
    assert rep.bad_lines == 0 and rep.replies == rep.lines and rep.without_tools == 0


# ----------------------------------------------------------------------------- constant memory

N = 50_000
PAD = "x" * 400


def _log_lines(n: int) -> Iterator[str]:
    """A generated log of fresh ~450-byte lines: every 1000th a leak, the rest clean replies."""
    leak = dumps({"text": LEAK, "tools": TOOLS})
    for i in range(n):
        yield leak[:] if i % 1000 == 0 else f'{{"text": "{CLEAN} {i} {PAD}", "tools": []}}'


def test_iter_replies_is_lazy() -> None:
    """An endless log still yields its first reply: nothing is read ahead or collected."""
    endless = itertools.repeat(dumps({"text": LEAK, "tools": TOOLS}))
    first = next(iter_replies(endless))
    assert first[0] == LEAK
    pulled = iter(itertools.count())
    records = iter_records(dumps({"text": str(i)}) for i in pulled)
    assert [next(records).text for _ in range(3)] == ["0", "1", "2"]  # type: ignore[union-attr]
    assert next(pulled) == 3  # exactly three lines were consumed


@pytest.mark.heavy
def test_scan_runs_in_constant_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """50k lines (> 20 MB) scanned with a peak far below the log's size. Nothing is timed.

    This checks the scanner, not the pipeline's speed: clean lines get the exact refusal the
    pipeline gives a reply without an opener, without paying for it (tracemalloc slows every
    allocation); leak lines go through the real ``recover``.
    """
    real = leakcall.Recoverer.recover

    def recover(self: leakcall.Recoverer, text: str, **kw: Any) -> leakcall.Recovery:
        if "<tool_call>" not in text:
            return leakcall.Recovery(reason=leakcall.Reason.NO_TAGS, content=text)
        return real(self, text, **kw)

    clean = f"{CLEAN} 7 {PAD}"
    rc = leakcall.Recoverer([])
    stub, genuine = recover(rc, clean), real(rc, clean)
    assert (stub.reason, stub.content, stub.calls) == (genuine.reason, genuine.content, genuine.calls)
    monkeypatch.setattr(leakcall.Recoverer, "recover", recover)
    scan_lines(_log_lines(2_000))  # warm the grammar and validator caches outside the measurement
    total = sum(len(s) for s in _log_lines(N))
    tracemalloc.start()
    try:
        rep = scan_lines(_log_lines(N))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert rep.lines == rep.replies == N
    assert rep.recovered == N // 1000 and rep.reasons["no_tags"] == N - N // 1000
    assert rep.bad_lines == 0
    assert all(len(v) <= scan.EXAMPLES for v in rep.examples.values())
    assert total > 20_000_000
    assert peak < 2_000_000, f"peak {peak} bytes for a {total}-byte log"


# ----------------------------------------------------------------------------- streams, export, exit


def _chunks(sid: str, text: str, parts: int, *, model: str = "m", index: int = 0,
            finish: bool = True) -> list[dict[str, Any]]:
    step = max(1, len(text) // parts)
    pieces = [text[i:i + step] for i in range(0, len(text), step)]
    out = [{"id": sid, "object": "chat.completion.chunk", "model": model,
            "choices": [{"index": index, "delta": {"role": "assistant", "content": p},
                         "finish_reason": None}]} for p in pieces]
    if finish:
        out.append({"id": sid, "object": "chat.completion.chunk", "model": model,
                    "choices": [{"index": index, "delta": {}, "finish_reason": "stop"}]})
    return out


def test_stream_chunks_are_joined_per_id_even_interleaved() -> None:
    a, b = _chunks("a", LEAK, 5), _chunks("b", FENCED, 4, model="n")
    lines = [dumps(chat_response(CLEAN))]  # 1
    for x, y in itertools.zip_longest(a, b):  # a starts at line 2, b at line 3
        lines += [f"data: {dumps(c)}" for c in (x, y) if c is not None]
    lines += ["event: done", "id: 7", "retry: 100", ": keep-alive", "data: [DONE]", "",
              dumps({"id": "a", "object": "chat.completion.chunk", "choices": [],
                     "usage": {"total_tokens": 3}})]
    recs = list(iter_records(lines, TOOLS))
    replies = [r for r in recs if isinstance(r, Reply)]
    assert not [r for r in recs if isinstance(r, BadLine)]
    assert [(r.line, r.text, r.model) for r in replies] == [(1, CLEAN, "m"), (3, FENCED, "n"),
                                                              (2, LEAK, "m")]
    rep = scan_lines(lines, TOOLS)
    assert rep.reasons == {"ok": 1, "no_tags": 1, "fenced": 1}
    assert rep.examples == {"no_tags": [1], "fenced": [3], "ok": [2]}


def test_an_unfinished_stream_is_judged_at_the_end_of_the_log() -> None:
    lines = [dumps(c) for c in _chunks("s", LEAK[:40], 3, finish=False)]
    rep = scan_lines(lines, TOOLS)
    assert rep.reasons == {"truncated": 1} and rep.examples == {"truncated": [1]}


def test_several_choices_in_one_stream() -> None:
    lines = [dumps(c) for c in _chunks("s", LEAK, 3, index=0) + _chunks("s", CLEAN, 2, index=1)]
    replies = [r for r in iter_records(lines, TOOLS) if isinstance(r, Reply)]
    assert [(r.text, r.index) for r in replies] == [(LEAK, 0), (CLEAN, 1)]


def test_a_bad_chunk_is_a_bad_line() -> None:
    bad = {"id": "s", "object": "chat.completion.chunk", "choices": [{"delta": {"content": 5}}]}
    rep = scan_lines([dumps(bad)], TOOLS)
    assert rep.bad == {"unknown_shape": 1} and "delta.content" in rep.bad_details["unknown_shape"][0]


@pytest.mark.parametrize("depth", [240, 490, 5_000])
def test_deeply_nested_lines_never_crash(depth: int) -> None:
    deep = '{"anyOf": [' * depth + '{"type": "string"}' + "]}" * depth
    line = f'{{"text": {dumps(LEAK)}, "tools": [{{"name": "read", "parameters": {deep}}}]}}'
    rep = scan_lines([line, "[" * 100_000 + "]" * 100_000], TOOLS)
    assert rep.recovered == 0 and rep.bad["not_json"] >= 1
    assert rep.bad_lines + rep.replies == 2


def _mixed_log(tmp_path: Path) -> Path:
    p = tmp_path / "mixed.jsonl"
    lines = [dumps(chat_response(LEAK, FENCED)), dumps({"text": LEAK}), "oops",
             *(dumps(c) for c in _chunks("z", LEAK, 4)), dumps({"text": CLEAN, "tools": TOOLS})]
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_export_has_every_reply_with_markup_as_recover_decides(tmp_path: Path) -> None:
    log = _mixed_log(tmp_path)
    out = tmp_path / "out.jsonl"
    assert _run([str(log), "--export", str(out), "--json"]) == 0
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["line"], r["reply"], r["reason"]) for r in rows] == [
        (1, 0, "unadvertised"), (1, 1, "fenced"), (2, 0, "unadvertised"), (4, 0, "unadvertised")]
    out2 = tmp_path / "out2.jsonl"
    assert _run([str(log), "--export", str(out2), "--tools", str(_tools_file(tmp_path))]) == 0
    rows = [json.loads(x) for x in out2.read_text(encoding="utf-8").splitlines()]
    texts = {1: [LEAK, FENCED], 2: [LEAK], 4: [LEAK]}
    for row in rows:
        r = leakcall.recover(texts[row["line"]][row["reply"]], TOOLS)
        assert row["reason"] == r.reason and row["rule"] == r.rule and row["family"] == r.family
        assert row["span"] == list(r.span or ()) and row["calls"] == [c.to_openai() for c in r.calls]
        assert row["tools_known"] is True and row["model"] == (None if row["line"] == 2 else "m")
    assert [r["reason"] for r in rows] == ["ok", "fenced", "ok", "ok"]


def _tools_file(tmp_path: Path) -> Path:
    p = tmp_path / "tools.json"
    p.write_text(dumps(TOOLS), encoding="utf-8")
    return p


def test_fail_on_sets_the_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _mixed_log(tmp_path)
    assert _run([str(log), "--json", "--fail-on", "fenced"]) == 1
    assert "fenced (1)" in capsys.readouterr().err
    assert _run([str(log), "--json", "--fail-on", "schema,quoted"]) == 0
    assert _run([str(log), "--json", "--fail-on", "no_tools"]) == 1
    assert _run([str(log), "--json", "--fail-on", "unadvertised"]) == 0  # bucketed as no_tools
    assert _run([str(log), "--json", "--fail-on", "bad"]) == 1
    assert _run([str(log), "--json", "--fail-on", "not_json"]) == 1
    assert _run([str(log), "--json", "--fail-on", "ok", "--tools", str(_tools_file(tmp_path))]) == 1
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        _run([str(log), "--fail-on", "fenzed"])
    assert e.value.code == 2 and "fenzed" in capsys.readouterr().err


def test_misuse_exits_2_with_one_line_and_no_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    only_bad = tmp_path / "bad.jsonl"
    only_bad.write_bytes(b"not json\n\xff\n")
    assert _run([str(only_bad), "--json"]) == 2
    assert "no line could be read" in capsys.readouterr().err
    assert _run([str(tmp_path)]) == 2  # a directory
    assert _run([str(tmp_path / "nope.jsonl")]) == 2
    assert _run([str(_mixed_log(tmp_path)), "--address", "x:1"]) == 2
    assert _run([str(_mixed_log(tmp_path)), "--export", str(tmp_path / "no" / "dir.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 4, err


def test_an_internal_error_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def boom(*a: Any, **k: Any) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(scan, "scan_paths", boom)
    assert _run([str(_mixed_log(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" in err


def test_several_logs_are_numbered_as_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(dumps({"text": CLEAN}) + "\n", encoding="utf-8")
    b.write_text("\ufeff" + dumps({"text": FENCED}) + "\n", encoding="utf-8")  # BOM: first of b
    assert _run([str(a), str(b), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["lines"] == 2 and out["reasons"]["fenced"]["lines"] == [2] and out["bad_lines"] == 0


def test_ray_unavailable_is_one_line_exit_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("ray", "ray.data"):  # None in sys.modules: `import ray` raises ImportError
        monkeypatch.setitem(sys.modules, name, None)
    assert _run([str(_mixed_log(tmp_path)), "--ray"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install" in err


def test_an_engine_error_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    def fails(*a: Any, **k: Any) -> None:
        raise RuntimeError("task failed\nTraceback (most recent call last):\n  File ...")

    monkeypatch.setattr(ray_scan, "scan", fails)
    assert _run([str(_mixed_log(tmp_path)), "--ray"]) == 2
    err = capsys.readouterr().err
    assert err == "leakcall scan: internal error (RuntimeError: task failed)\n"


# ----------------------------------------------------------------------------- the leak report

QUOTED = "> " + LEAK.replace("\n", "\n> ")
PROSE = LEAK + "\n\nThen I will summarize the results for you and explain."
TRUNCATED = '<tool_call>\n{"name": "read", "arguments": {"path": "/tmp'


def test_is_candidate_leaves_out_no_markup_and_shown_markup_only() -> None:
    assert {str(r) for r in leakcall.Reason if not is_candidate(r)} == {
        "no_text", "no_tags", "quoted", "fenced", "prose"} == {*NO_MARKUP, *NOT_CANDIDATES}
    assert is_candidate("no_tools")


def _leak_report_log(tmp_path: Path) -> Path:
    p = tmp_path / "leaks.jsonl"
    texts = [LEAK, FENCED, QUOTED, PROSE, TRUNCATED, CLEAN, FENCED, LEAK.replace('"read"', '"rm"')]
    p.write_text("".join(dumps({"text": t, "tools": TOOLS}) + "\n" for t in texts), encoding="utf-8")
    return p


def test_markup_and_leak_candidates_are_reported_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    log = _leak_report_log(tmp_path)
    rep = scan_lines(log.open("rb"))
    assert rep.reasons == {"ok": 1, "fenced": 2, "quoted": 1, "prose": 1, "truncated": 1,
                           "no_tags": 1, "unadvertised": 1}
    assert (rep.with_markup, rep.candidates, rep.recovered) == (7, 3, 1)
    assert _run([str(log), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert {k: d[k] for k in ("replies", "with_markup", "markup_rate", "not_candidates",
                              "candidates", "candidate_rate", "recovered", "candidates_refused",
                              "refused")} == {
        "replies": 8, "with_markup": 7, "markup_rate": 0.875, "not_candidates": 4,
        "candidates": 3, "candidate_rate": 0.375, "recovered": 1, "candidates_refused": 2,
        "refused": 6}
    assert "leak_rate" not in d  # it counted quoted and fenced examples as leaks
    assert d["family_candidates"]["hermes"] == 3 and sum(d["family_candidates"].values()) == 3
    assert d["models"]["?"]["candidates"] == 3 and d["models"]["?"]["candidate_rate"] == 0.375
    assert _run([str(log)]) == 0
    out = capsys.readouterr().out
    rows = {re.sub(r"[\s│┃]+", " ", ln).strip() for ln in out.splitlines()}
    assert "replies with markup 7 87.50 %" in rows
    assert "markup quoted, fenced or prose 4 50.00 %" in rows
    assert "leak candidates 3 37.50 %" in rows and "candidates refused 2 25.00 %" in rows
    assert "fenced shown 2 2, 7" in rows and "truncated candidate 1 5" in rows
    hermes = next(r for r in rep.family_table() if r[0] == "hermes")
    assert hermes[3:] == (3, 1, 2)  # candidates, recovered, refused
    assert " ".join(map(str, hermes)) in rows


def _many_families_log(tmp_path: Path) -> tuple[Path, int]:
    """One line per corpus case of each family (its first recovered case, then a fenced copy),
    and one model name far too long for a table."""
    seen: dict[str, Any] = {}
    for case in CASES:
        if case.expect.get("reason") == "ok" and not case.options:
            seen.setdefault(case.family, case)
    lines = []
    for case in seen.values():
        lines.append(dumps({"text": case.text, "tools": case.tools}))
        lines.append(dumps({"text": "```\n" + case.text + "\n```", "tools": case.tools}))
    lines.append(dumps({"model": "accounts/example/models/" + "x" * 80,
                        "choices": [{"message": {"content": LEAK}}]}))
    p = tmp_path / "families.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p, len(seen)


def test_the_family_table_shows_the_top_families_and_sums_the_rest(tmp_path: Path) -> None:
    log, families = _many_families_log(tmp_path)
    assert families > TOP_FAMILIES + 5
    rep = scan_lines(log.open("rb"))
    rows = rep.family_table()
    assert len(rows) == TOP_FAMILIES + 1 and rows[-1][0] == "other"
    assert "other" not in rep.family_reasons
    whole = rep.family_table(top=10_000)
    assert len(whole) == len(rep.family_reasons)
    for i in range(1, 6):  # every count column adds up to the same totals, other included
        assert sum(r[i] for r in rows) == sum(r[i] for r in whole)
    assert sum(r[1] for r in rows) == rep.with_markup and sum(r[3] for r in rows) == rep.candidates
    assert [r[3] for r in whole] == sorted((r[3] for r in whole), reverse=True)


def test_the_text_report_fits_100_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    log, _ = _many_families_log(tmp_path)
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"text": "' + "x" * 300 + "\n")  # a bad line with a long message
    monkeypatch.setenv("COLUMNS", "400")  # rich would otherwise fold tables to 80 columns
    assert _run([str(log)]) == 0
    out = capsys.readouterr().out
    assert "per family" in out and "other" in out and "\u2026" in out  # the model name is cut
    title = f"leakcall scan {log}"
    assert max(len(ln.rstrip()) for ln in out.splitlines() if ln != title) <= 100, out


_HIDE_RICH = """
import sys
sys.modules["rich"] = None  # as if the pretty extra were not installed
from leakcall.cli import main
sys.exit(main(["scan", *sys.argv[1:]]))
"""


@pytest.mark.heavy
def test_the_plain_report_fits_100_columns(tmp_path: Path) -> None:
    log, _ = _many_families_log(tmp_path)
    done = subprocess.run([sys.executable, "-c", _HIDE_RICH, str(log)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(ln.startswith("other ") for ln in lines)
    assert max(len(ln.rstrip()) for ln in lines[1:]) <= 100, done.stdout


def test_export_rows_carry_detail_and_the_records_own_id_and_time(tmp_path: Path) -> None:
    chat = {**chat_response(LEAK, FENCED), "id": "chatcmpl-7", "created": 1718000000}
    batch = {"id": "batch_req_1", "custom_id": "req-42", "response": {
        "status_code": 200, "request_id": "q", "body": {**chat_response(LEAK), "created": 17}}}
    pair = {"id": "log-5", "timestamp": "2026-12-02T10:00:00Z", "request": {"tools": TOOLS},
            "response": chat_response(QUOTED)}
    stream = [{**c, "created": 1718000001} for c in _chunks("chatcmpl-s", LEAK, 3)]
    lines = [chat, batch, pair, {"text": TRUNCATED}, *stream]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(dumps(x) + "\n" for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert _run([str(log), "--tools", str(_tools_file(tmp_path)), "--export", str(out),
                 "--json"]) == 0
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["line"], r["reply"], r["record_id"], r["timestamp"], r["reason"], r["candidate"])
            for r in rows] == [
        (1, 0, "chatcmpl-7", "1718000000", "ok", True),
        (1, 1, "chatcmpl-7", "1718000000", "fenced", False),
        (2, 0, "req-42", "17", "ok", True),  # a Batch output's custom_id, its body's time
        (3, 0, "log-5", "2026-12-02T10:00:00Z", "quoted", False),  # the logger's, not chatcmpl-1
        (4, 0, None, None, "truncated", True),
        (5, 0, "chatcmpl-s", "1718000001", "ok", True)]
    texts = {1: [LEAK, FENCED], 2: [LEAK], 3: [QUOTED], 4: [TRUNCATED], 5: [LEAK]}
    for row in rows:
        assert row["detail"] == leakcall.recover(texts[row["line"]][row["reply"]], TOOLS).detail
    assert "block-quote" in rows[3]["detail"]


def test_plain_progress_line_redraws_per_percent_and_erases_itself() -> None:
    buf = io.StringIO()
    with ProgressLine(10_000_000, buf) as line:
        for _ in range(20):
            line.advance(500_000)
    text = buf.getvalue()
    frames = text.split("\r")[1:]
    assert frames[0].startswith("scanning 0.0 MB of 10.0 MB, 0 %")
    assert [f.split(", ")[1].strip() for f in frames[1:-2]] == [f"{5 * i} %" for i in range(1, 21)]
    assert frames[-1] == "" and not frames[-2].strip()  # erased: blanks, then back to column 0
    unknown = io.StringIO()
    with ProgressLine(None, unknown) as line:
        line.advance(3 << 20)
    assert "scanning 3.1 MB" in unknown.getvalue()


@pytest.mark.heavy
def test_plain_progress_on_a_terminal_without_rich(tmp_path: Path) -> None:
    """On a terminal (a pty here) without ``rich``, the scan draws a plain progress line, then
    erases it and prints the report; piped, it draws none."""
    import pty  # noqa: PLC0415 - Unix only

    log = _leak_report_log(tmp_path)
    for jobs in ("1", "2"):
        leader, follower = pty.openpty()
        proc = subprocess.Popen([sys.executable, "-c", _HIDE_RICH, str(log), "--jobs", jobs],
                                stdout=follower, stderr=subprocess.PIPE)
        os.close(follower)
        chunks = []
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        os.close(leader)
        assert proc.wait() == 0, proc.stderr.read() if proc.stderr else ""
        shown = b"".join(chunks).decode()
        assert re.search(r"\rscanning 0\.0 MB of 0\.0 MB, 100 %", shown), shown
        assert "leak candidates" in shown.split("100 %", 1)[1]
    piped = subprocess.run([sys.executable, "-c", _HIDE_RICH, str(log)], capture_output=True,
                           text=True, check=True)
    assert "scanning" not in piped.stdout and "leak candidates" in piped.stdout
