"""The command line: recover (text + tools, or a corpus case) and calibrate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from leakcall import intent
from leakcall.cli import calibration_rows, main, separating_interval

from .conftest import CORPUS

CASE = CORPUS / "dsml" / "opencode-read-offset-limit.json"


def test_recover_corpus_case_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["recover", str(CASE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reason"] == "ok"
    call = out["calls"][0]
    assert call["type"] == "function" and call["function"]["name"] == "read"
    assert json.loads(call["function"]["arguments"])["offset"] == 357


def test_recover_text_file_with_tools(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads(CASE.read_text(encoding="utf-8"))
    (tmp_path / "reply.txt").write_text("```\n" + case["text"] + "\n```", encoding="utf-8")
    (tmp_path / "tools.json").write_text(json.dumps(case["tools"]), encoding="utf-8")
    rc = main(["recover", str(tmp_path / "reply.txt"), "--tools", str(tmp_path / "tools.json")])
    assert rc == 1
    got = capsys.readouterr()
    assert got.err.startswith("fenced:") and got.out == ""  # status on stderr, no call on stdout


def test_prose_ceiling_sits_inside_the_calibrated_interval() -> None:
    """Moving PROSE_CEILING means moving the corpus: it must separate the measured ratios."""
    rows = calibration_rows(CORPUS)
    lo, hi = separating_interval(rows)
    assert any(r[2] == "prose:ratio" for r in rows), "corpus has no case refused by the ratio"
    assert lo < intent.PROSE_CEILING < hi, (lo, hi)


def test_calibrate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", str(CORPUS / "dsml")]) == 0
    assert "ceiling separates them" in capsys.readouterr().out


def test_calibrate_reads_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads(CASE.read_text(encoding="utf-8"))
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"text": "I'll read it.\n" + case["text"], "tools": case["tools"]})
                   + "\nnot json\n", encoding="utf-8")
    rows = calibration_rows(log)
    assert [(r[0], r[1], r[2]) for r in rows] == [("log.jsonl:1", "?", "ok")]
    assert 0 < rows[0][3] < intent.PROSE_CEILING
    assert main(["calibrate", str(log)]) == 0
    assert "log.jsonl:1" in capsys.readouterr().out
