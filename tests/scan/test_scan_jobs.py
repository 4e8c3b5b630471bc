"""``leakcall scan --jobs N``: the same report and export as one job, byte for byte; and the tool
lists of a log checked once per distinct content."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from leakcall import logs, scan
from leakcall.scan import scan_paths

from .test_scan import CLEAN, FENCED, LEAK, SHAPES, TOOLS, _chunks, _run, chat_response, dumps


def _log(rng: random.Random, n: int) -> bytes:
    """Every shape, bad lines, blank lines, CRLF line ends, interleaved stream chunks (one never
    finished), a BOM first and a last line without its newline."""
    shapes = [dumps(line) for line, _ in SHAPES.values()]
    texts = [LEAK, FENCED, CLEAN, "", LEAK[:30], LEAK.replace('"read"', '"rm"')]
    streams: list[list[str]] = []
    lines: list[bytes] = ["\ufeff".encode() + dumps(chat_response(LEAK)).encode()]
    for i in range(n):
        k = rng.random()
        if k < 0.35:
            lines.append(rng.choice(shapes).encode())
        elif k < 0.55:
            lines.append(dumps({"text": rng.choice(texts), "tools": TOOLS,
                                "model": rng.choice(["a", "b"])}).encode())
        elif k < 0.65:
            lines.append(dumps(chat_response(rng.choice(texts), rng.choice(texts))).encode())
        elif k < 0.72:
            lines.append(rng.choice([b"{oops", b"\xff\xfe", b"[1]", b"   ", b"", b"\r",
                                     b'{"text": "x", "tools": [{"name": 5}]}',
                                     b"[" * 5000, b"data: [DONE]", b"event: x"]))
        else:
            if not streams or rng.random() < 0.3:
                streams.append([f"data: {dumps(c)}" for c in _chunks(
                    f"s{i}", rng.choice(texts[:3]), rng.randint(1, 6), finish=rng.random() < 0.9)])
            s = rng.choice(streams)
            lines.append(s.pop(0).encode())
            if not s:
                streams.remove(s)
    out = b"".join(line + rng.choice([b"\n", b"\n", b"\r\n"]) for line in lines)
    return out + dumps({"text": LEAK, "tools": TOOLS}).encode()  # no newline at the end


@pytest.fixture(scope="module")
def logs_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("jobs")
    (d / "a.jsonl").write_bytes(_log(random.Random(15), 400))
    (d / "b.jsonl").write_bytes(_log(random.Random(16), 60))
    (d / "empty.jsonl").write_bytes(b"")
    (d / "three.jsonl").write_bytes(b"\n".join(dumps(chat_response(t)).encode()
                                               for t in (LEAK, FENCED, CLEAN)))
    return d


def _cli(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], jobs: int
         ) -> tuple[int, str, str, bytes]:
    """(exit status, stdout, stderr, export bytes) of ``leakcall scan ... --jobs N``."""
    export = tmp_path / f"export-{jobs}.jsonl"
    capsys.readouterr()
    rc = _run([*argv, "--export", str(export), "--jobs", str(jobs)])
    got = capsys.readouterr()
    return rc, got.out, got.err, export.read_bytes()


@pytest.mark.heavy
@pytest.mark.parametrize("json_out", [True, False], ids=["json", "table"])
@pytest.mark.parametrize("names", [["a.jsonl"], ["a.jsonl", "empty.jsonl", "b.jsonl"],
                                   ["three.jsonl"]], ids=["one", "several", "three-lines"])
def test_jobs_print_and_export_what_one_job_does(
    logs_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], names: list[str],
    json_out: bool,
) -> None:
    argv = [str(logs_dir / n) for n in names] + (["--json"] if json_out else [])
    one = _cli(capsys, tmp_path, argv, 1)
    assert one[0] == 0 and one[1]
    for jobs in (2, 3, 16):  # 16: more jobs than the three-line log has lines
        assert _cli(capsys, tmp_path, argv, jobs) == one, jobs
    if names == ["a.jsonl"] and json_out:  # the log exercises what it is meant to
        rep = json.loads(one[1])
        assert rep["bad_lines"] > 10 and rep["recovered"] > 30
        assert {"no_tools", "fenced", "truncated", "unadvertised", "ok"} <= set(rep["reasons"])
        assert set(rep["bad"]) >= {"not_json", "not_utf8", "unknown_shape", "bad_tools"}


@pytest.mark.heavy
@pytest.mark.parametrize("range_bytes", [1, 2, 97, 1000, 4096])
def test_every_range_cut_gives_the_one_job_report(logs_dir: Path, range_bytes: int) -> None:
    """Ranges of one byte cut at every newline: every line starts a range, CRLF included."""
    paths = [str(logs_dir / "a.jsonl"), str(logs_dir / "b.jsonl")]
    out1, outn = io.StringIO(), io.StringIO()
    one = scan_paths(paths, None, "ignore", out1)
    many = scan_paths(paths, None, "ignore", outn, jobs=3, range_bytes=range_bytes)
    assert many == one
    assert many.to_dict() == one.to_dict()
    assert outn.getvalue() == out1.getvalue()
    assert one.lines == sum(len((logs_dir / p).read_bytes().split(b"\n")) for p in ("a.jsonl",
                                                                                      "b.jsonl"))


@pytest.mark.heavy
def test_default_tools_and_reasoning_reach_the_workers(logs_dir: Path) -> None:
    paths = [str(logs_dir / "a.jsonl")]
    one = scan_paths(paths, TOOLS, "recover")
    assert one != scan_paths(paths, None, "recover")  # the defaults change the outcome here
    assert scan_paths(paths, TOOLS, "recover", jobs=2, range_bytes=500) == one


def test_merge_keeps_the_first_example_lines() -> None:
    """Merging ranges' tallies in order equals tallying all lines in one report."""
    whole, first, later = scan.ScanReport(), scan.ScanReport(), scan.ScanReport()
    events = [(n, "ok" if n % 3 else "fenced") for n in range(1, 12)]
    for n, reason in events:
        whole.add(n, reason, "hermes", 1, True, "m")
        (first if n <= 2 else later).add(n, reason, "hermes", 1, True, "m")
    for n in (3, 3, 5, 9):  # a line may give several bad records (one per reply)
        bad = logs.BadLine(n, "error", f"boom {n}")
        whole.add_bad(bad)
        (first if n <= 3 else later).add_bad(bad)
    first.merge(later)
    assert first == whole
    assert whole.examples == {"ok": [1, 2, 4], "fenced": [3, 6, 9]}
    assert whole.bad_examples == {"error": [3, 5, 9]}


@pytest.mark.heavy
def test_jobs_on_stdin_read_by_one_job(logs_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = (logs_dir / "a.jsonl").read_bytes()

    class Stdin:
        buffer = io.BytesIO(data)

    monkeypatch.setattr("sys.stdin", Stdin)
    assert _run(["-", "--json", "--jobs", "2"]) == 0
    via_stdin = capsys.readouterr().out
    assert _run([str(logs_dir / "a.jsonl"), "--json"]) == 0
    assert capsys.readouterr().out == via_stdin


@pytest.mark.heavy
def test_jobs_on_a_pipe_read_by_one_job(logs_dir: Path, tmp_path: Path) -> None:
    """A named pipe has no size to cut: read whole, as one job would (not as an empty file)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    data = (logs_dir / "a.jsonl").read_bytes()
    writer = threading.Thread(target=fifo.write_bytes, args=(data,))
    writer.start()
    try:
        via_pipe = scan_paths([str(fifo)], None, "ignore", jobs=2)
    finally:
        writer.join(timeout=60)
    assert via_pipe == scan_paths([str(logs_dir / "a.jsonl")], None, "ignore")


@pytest.mark.parametrize(("argv", "message"), [
    (["--jobs", "-1"], "argument --jobs: expected a whole number >= 0, not '-1'"),
    (["--jobs", "two"], "argument --jobs: expected a whole number >= 0, not 'two'"),
    (["--jobs", "2", "--ray"], "leakcall scan: --jobs does not apply to --ray"),
])
def test_jobs_misuse(logs_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                     message: str) -> None:
    expect: contextlib.AbstractContextManager[object] = (
        pytest.raises(SystemExit) if "--ray" not in argv else contextlib.nullcontext())
    with expect:
        assert _run([str(logs_dir / "three.jsonl"), *argv]) == 2
    assert message in capsys.readouterr().err


def test_missing_file_with_jobs_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        scan_paths([str(tmp_path / "missing.jsonl")], None, "ignore", jobs=2)
    with pytest.raises(IsADirectoryError):
        scan_paths([str(tmp_path)], None, "ignore", jobs=2)
    with pytest.raises(ValueError, match="jobs"):
        scan_paths([str(tmp_path)], None, "ignore", jobs=0)


# ----------------------------------------------------------------------------- tool lists


def test_each_distinct_tool_list_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    real = logs.checked_tools

    def counting(tools: Any, reasoning: Any) -> Any:
        seen.append(tools)
        return real(tools, reasoning)

    monkeypatch.setattr(logs, "checked_tools", counting)
    other = [{"name": "other", "parameters": {"type": "object"}}]
    bad = [{"name": 5}]
    lines = [dumps({"text": LEAK, "tools": t}) for t in (TOOLS, other, bad) for _ in range(40)]
    recs = list(logs.iter_records(lines))
    assert len(seen) == 3
    assert [r.kind for r in recs if isinstance(r, logs.BadLine)] == ["bad_tools"] * 40
    assert len({r.detail for r in recs if isinstance(r, logs.BadLine)}) == 1
    assert sum(isinstance(r, logs.Reply) and r.recoverer.recover(r.text).ok for r in recs) == 40


def test_tool_lists_equal_under_eq_but_typed_differently_are_told_apart() -> None:
    """``true == 1`` in Python: a cache keyed by ``==`` would judge the second line with the
    first line's schema. Each line keeps its own."""
    def tools(const: object) -> list[Any]:
        return [{"name": "set", "parameters": {"type": "object", "required": ["on"],
                                               "properties": {"on": {"const": const}}}}]

    call = '<tool_call>\n{"name": "set", "arguments": {"on": true}}\n</tool_call>'
    lines = [dumps({"text": call, "tools": tools(c)}) for c in (True, 1, 1.0, True)]
    assert tools(True) == tools(1) == tools(1.0)
    got = [r.recoverer.recover(r.text).reason for r in logs.iter_records(lines)
           if isinstance(r, logs.Reply)]
    assert got == ["ok", "schema", "schema", "ok"]
