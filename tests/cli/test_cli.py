"""The command line (recover: text + tools, or a corpus case) and the maintainer command
(``python -m leakcall.maint``: calibrate, families-readme)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from leakcall import maint
from leakcall.cli import main, parser
from leakcall.corpus import load_case
from leakcall.intent import strip_end_tokens
from leakcall.maint import calibration_report, calibration_rows, calibration_table

from ..conftest import CORPUS

CASE = CORPUS / "dsml" / "opencode-read-offset-limit.txt"
TOOLS = CORPUS / "dsml" / "tools" / "read.json"


def test_recover_corpus_case_json(capsys: pytest.CaptureFixture[str]) -> None:
    """A corpus reply with its family's tool list, as README command 1 runs it."""
    assert main(["recover", str(CASE), "--tools", str(TOOLS), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reason"] == "ok"
    call = out["calls"][0]
    assert call["type"] == "function" and call["function"]["name"] == "read"
    assert json.loads(call["function"]["arguments"])["offset"] == 357


def test_recover_text_file_with_tools(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = load_case(CASE)
    (tmp_path / "reply.txt").write_text("```\n" + case.text + "\n```", encoding="utf-8")
    (tmp_path / "tools.json").write_text(json.dumps(case.tools), encoding="utf-8")
    rc = main(["recover", str(tmp_path / "reply.txt"), "--tools", str(tmp_path / "tools.json")])
    assert rc == 1
    got = capsys.readouterr()
    assert got.err.startswith("fenced:") and got.out == ""  # status on stderr, no call on stdout


@pytest.mark.heavy
def test_calibrate_lists_every_preamble_with_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    rows = calibration_rows(CORPUS)
    accepted = {r.rule for r in rows if r.reason == "ok"}
    assert accepted == {"bare", "action-preamble", "glitch-token"}
    # Every accepted tail is end-of-turn tokens only; every accepted preamble is listed.
    assert all(not strip_end_tokens(r.tail).strip() for r in rows if r.reason == "ok")
    report = calibration_report(rows)
    assert all(r.preamble[:40].replace("\n", "\\n") in report for r in rows if r.reason == "ok")
    assert maint.main(["calibrate", str(CORPUS / "dsml")]) == 0
    assert "action-preamble" in capsys.readouterr().out


@pytest.mark.heavy
def test_shipped_calibration_is_current() -> None:
    """grammar/lexicon/CALIBRATION.md is the report for the shipped corpus."""
    shipped = (CORPUS.parent / "grammar" / "lexicon" / "CALIBRATION.md").read_text(encoding="utf-8")
    assert shipped.endswith(calibration_table(calibration_rows(CORPUS)))


def test_calibrate_reads_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = load_case(CASE)
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"text": "I'll read the file.\n" + case.text, "tools": case.tools})
                   + "\nnot json\n", encoding="utf-8")
    rows = calibration_rows(log)
    assert [(r.case, r.expect, r.reason, r.rule, r.preamble) for r in rows] == [
        ("log.jsonl:1", "?", "ok", "action-preamble", "I'll read the file.")]
    assert maint.main(["calibrate", str(log)]) == 0
    assert "log.jsonl:1" in capsys.readouterr().out


def test_calibrate_update_rewrites_the_table_and_keeps_the_header(tmp_path: Path) -> None:
    cal = tmp_path / "CALIBRATION.md"
    cal.write_text("# Header\n\nProse kept.\n\n| case | expect | stale |\n| x |\n", encoding="utf-8")
    assert maint.main(["calibrate", str(CORPUS / "dsml"), "--update", str(cal)]) == 0
    want = "# Header\n\nProse kept.\n\n" + calibration_table(calibration_rows(CORPUS / "dsml"))
    assert cal.read_text(encoding="utf-8") == want


def test_families_readme_rewrites_only_the_generated_table(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{maint.FAMILIES_START}\nstale\n{maint.FAMILIES_END}\noutro\n",
                      encoding="utf-8")
    assert maint.main(["families-readme", str(readme)]) == 0
    text = readme.read_text(encoding="utf-8")
    assert text.startswith(f"intro\n{maint.FAMILIES_START}\n| family |")
    assert text.endswith(f"{maint.FAMILIES_END}\noutro\n") and "stale" not in text


@pytest.mark.heavy
@pytest.mark.parametrize(("argv", "message"), [
    (["calibrate", "missing_dir"], "leakcall.maint calibrate: missing_dir: no such file or directory"),
    (["calibrate", "corpus/dsml", "--update", "missing.md"], "leakcall.maint calibrate: "),
    (["families-readme", "missing.md"], "leakcall.maint families-readme: "),
    (["families-readme", "pyproject.toml"], "no <!-- families:start --> ... <!-- families:end -->"),
])
def test_maint_misuse_is_2_with_one_line(argv: list[str], message: str) -> None:
    r = subprocess.run([sys.executable, "-m", "leakcall.maint", *argv], capture_output=True,
                       text=True, timeout=120, check=False, cwd=CORPUS.parent)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and message in r.stderr and "Traceback" not in r.stderr
    assert r.stdout == ""


def test_maintainer_commands_are_not_in_the_user_command() -> None:
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    # calibrate is a reviewer's command too (issue 25: `leakcall calibrate`); rewriting the
    # the family table of docs/families.md stays a maintainer's
    assert "families-readme" not in sub.choices and "calibrate" in sub.choices
    assert "--readme" not in sub.choices["families"].format_help()


def test_leakcall_calibrate_prints_each_languages_grammar_and_the_parses(
        capsys: pytest.CaptureFixture[str]) -> None:
    from leakcall.cli import main as cli_main  # noqa: PLC0415

    assert cli_main(["calibrate", str(CORPUS / "dsml"), "--grammar"]) == 0
    out = capsys.readouterr().out
    assert "## en (start `svo`)" in out and "## ja (start `sov`)" in out
    assert "| `[g-opener]` | OPENER |" in out and "| `[g-negation]` | negation |" in out
    # an accepted preamble with its parse: the verb's kind and the words grounding reads
    assert "I'll list the files. |  | list (list); list, files |" in out
