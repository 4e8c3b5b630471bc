"""``leakcall scan --ray``: the report equals the single-process scan; the export equals ``recover``.

One local Ray session (2 CPUs) for the module. Runs with ``--ecosystem`` (the test-heavy extra
installs ray[data]; ``.ci/run --ecosystem``)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
import ray.data

import leakcall
from leakcall.scan import Reply, iter_records

from .test_scan import (
    CLEAN,
    FENCED,
    LEAK,
    SHAPES,
    TOOLS,
    _chunks,
    _run,
    chat_response,
    dumps,
)

pytestmark = [pytest.mark.heavy, pytest.mark.ecosystem]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _log(rng: random.Random, n: int) -> list[bytes]:
    """Every scan shape, bad lines, blank lines and interleaved stream chunks, in random order."""
    shapes = [dumps(line) for line, _ in SHAPES.values()]
    texts = [LEAK, FENCED, CLEAN, "", LEAK[:30], LEAK.replace('"read"', '"rm"')]
    streams: list[list[str]] = []
    out: list[bytes] = ["\ufeff".encode() + dumps(chat_response(LEAK)).encode()]
    for i in range(n):
        k = rng.random()
        if k < 0.4:
            out.append(rng.choice(shapes).encode())
        elif k < 0.6:
            out.append(dumps({"text": rng.choice(texts), "tools": TOOLS,
                              "model": rng.choice(["a", "b"])}).encode())
        elif k < 0.7:
            out.append(dumps(chat_response(rng.choice(texts), rng.choice(texts))).encode())
        elif k < 0.75:
            out.append(rng.choice([b"{oops", b"\xff\xfe", b"[1]", b"   ", b"",
                                   b'{"text": "x", "tools": [{"name": 5}]}',
                                   b"[" * 5000, b"data: [DONE]"]))
        else:
            if not streams or rng.random() < 0.3:
                streams.append([f"data: {dumps(c)}" for c in _chunks(
                    f"s{i}", rng.choice(texts[:3]), rng.randint(1, 6), finish=rng.random() < 0.9)])
            s = rng.choice(streams)
            out.append(s.pop(0).encode())
            if not s:
                streams.remove(s)
    return out


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ray") / "log.jsonl"
    path.write_bytes(b"\n".join(_log(random.Random(18), 600)) + b"\n")
    return path


def _report(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, dict[str, Any]]:
    capsys.readouterr()
    rc = _run(argv)
    return rc, json.loads(capsys.readouterr().out)


def test_ray_report_equals_the_single_process_scan(
    local_ray: None, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LEAKCALL_SCAN_RANGE_BYTES", "3000")  # many ranges, cut mid-line
    rc1, single = _report(capsys, [str(log), "--json", "--export", str(tmp_path / "one.jsonl")])
    rc2, ray_rep = _report(capsys, [str(log), "--json", "--ray", "--export", str(tmp_path / "ray")])
    assert rc1 == rc2 == 0
    assert ray_rep == single
    assert single["bad_lines"] > 10 and single["recovered"] > 50
    assert {"no_tools", "fenced", "truncated", "unadvertised", "ok"} <= set(single["reasons"])
    assert set(single["bad"]) >= {"not_json", "not_utf8", "unknown_shape", "bad_tools"}

    one = [json.loads(x) for x in (tmp_path / "one.jsonl").read_text(encoding="utf-8").splitlines()]
    many = [json.loads(x) for f in sorted((tmp_path / "ray").iterdir())
            for x in f.read_text(encoding="utf-8").splitlines()]
    one.sort(key=lambda r: (r["line"], r["reply"]))  # a stream's row comes when it ends
    many.sort(key=lambda r: (r["line"], r["reply"]))
    assert len(many) == len(one) == single["with_markup"]
    for a, b in zip(one, many, strict=True):
        span = a.pop("span") or [None, None]
        a["span_start"], a["span_end"] = span
        a["calls"] = json.loads(dumps(a["calls"]))
        b["calls"] = json.loads(b["calls"])
        assert a == b

    # every exported row is what recover says about that reply of that line
    replies = {(r.line, r.index): r for r in iter_records(log.open("rb")) if isinstance(r, Reply)}
    for row in many:
        rec = replies[(row["line"], row["reply"])]
        r = leakcall.recover(rec.text, rec.tools)
        assert (row["reason"], row["rule"], row["family"]) == (str(r.reason), r.rule, r.family)
        assert row["calls"] == [c.to_openai() for c in r.calls]
        assert [row["span_start"], row["span_end"]] == list(r.span or (None, None))


def test_ray_fail_on_and_parquet_export(
    local_ray: None, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    rc, rep = _report(capsys, [str(log), "--json", "--ray", "--fail-on", "ok",
                               "--export", str(tmp_path / "out.parquet")])
    assert rc == 1
    table = pq.read_table(tmp_path / "out.parquet")
    assert table.num_rows == rep["with_markup"]
    assert sum(r == "ok" for r in table.column("reason").to_pylist()) == rep["recovered"]


def test_ray_with_default_tools_and_reasoning(
    local_ray: None, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(dumps({"tools": TOOLS}), encoding="utf-8")
    argv = [str(log), "--json", "--tools", str(tools), "--reasoning", "recover"]
    rc1, single = _report(capsys, argv)
    rc2, ray_rep = _report(capsys, [*argv, "--ray"])
    assert rc1 == rc2 == 0 and ray_rep == single
    assert single["without_tools"] == 0 and "no_tools" not in single["reasons"]
