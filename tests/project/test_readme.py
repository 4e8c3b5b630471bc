"""The README's two commands run (install and recover on a shipped case; install and test, as
``.ci/run`` does); the family table of docs/families.md is generated from the grammar headers,
never typed by hand."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest

from leakcall import Reason
from leakcall.families import markdown_table

from ..conftest import ROOT

START, END = "<!-- families:start -->", "<!-- families:end -->"


def test_docs_family_table_is_generated() -> None:
    text = (ROOT / "docs" / "families.md").read_text(encoding="utf-8")
    block = text.split(START, 1)[1].split(END, 1)[0]
    assert block.strip() == markdown_table().strip(), (
        "docs/families.md's family table is stale: run "
        "`python -m leakcall.maint docs`")


def test_readme_and_the_safety_page_document_every_reason_code() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "safety.md"):
        text = page.read_text(encoding="utf-8")
        for r in Reason:
            assert f"`{r.value}`" in text, (page.name, r.value)


@pytest.mark.heavy
def test_readme_command_1_runs_the_main_job() -> None:
    """The first command of "Try it" is one line (install, then `leakcall recover` on a shipped
    corpus case) and its `leakcall` part recovers the call from a clone."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Try it", 1)[1].split("```sh\n", 1)[1].split("\n```", 1)[0]
    (line,) = block.splitlines()
    assert line.startswith("python3 -m venv .venv && ") and "pip install" in line
    argv = shlex.split(line.rsplit("&& ", 1)[1])
    assert argv[:2] == ["leakcall", "recover"]
    r = subprocess.run([sys.executable, "-m", "leakcall", *argv[1:], "--json"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    (call,) = json.loads(r.stdout)["calls"]
    assert call["function"]["name"] == "read"


def test_the_test_command_and_ci_run_the_full_suite() -> None:
    """README's test command is what ``.ci/run`` runs (install with the dev extra, then pytest on
    two workers) and selects no tier: the quick tier (``-m "not heavy"``) is for the inner loop
    only, and its command is stated beside its measured time."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    command = section.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    steps = [s.strip() for s in command.split("&&")]
    assert "pip install -e '.[dev]'" in steps and steps[-1] == "python -m pytest -q -n 2"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "python -m pip install -q -e '.[dev]'" in ci
    # the same pytest command; .ci/run --ecosystem adds --ecosystem, nothing else
    assert ci[-1] == 'python -m pytest -q -n 2 "${ecosystem[@]}"'
    assert [ln for ln in ci if "ecosystem=(" in ln] == [
        "ecosystem=()", 'if [[ "${1:-}" == "--ecosystem" ]]; then ecosystem=(--ecosystem); fi']
    assert not any(re.search(r"pytest\b.*\s-m\s", line) for line in ci)  # no marker filter
    assert '| `python -m pytest -q -n 2 -m "not heavy"` |' in section
    assert "| `python -m pytest -q -n 2` |" in section
