"""Round 19's run-output-clobber: an option whose value is a place a test or build run
writes (``pytest --basetemp``, ``--junitxml``, ``go test -coverprofile``, ``coverage html -d``,
``cargo --target-dir``, ``--outDir``) is a target of the step: the announcement names it,
unless it lies under a conventional output place or the scratch space; ``..`` and ``.git``
never do. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall import Reason
from leakcall.intent.outputs import implied_output, output_values, overwritten
from tests.intent_sets import recover_command

BASH = [{"type": "function", "function": {"name": "bash", "description": "Run a shell command.",
                                          "parameters": {"type": "object", "properties": {
                                              "command": {"type": "string"}}}}}]


_run = partial(recover_command, tools=BASH)


@pytest.mark.parametrize(("preamble", "bad", "good"), [
    ("I'll run the tests.", "pytest --basetemp=src", "pytest --basetemp=/tmp/pt"),
    ("I'll run the tests.", "pytest --basetemp=..", "pytest -q"),
    ("Let me run the test suite.", "python -m pytest --basetemp=app", "python -m pytest -q"),
    ("I'll run the tests.", "pytest -q --basetemp=.git", "pytest -q --basetemp=build/pt"),
    ("I'll run the tests.", "pytest --junitxml=src/app.py",
     "pytest --junitxml=reports/junit.xml"),
    ("I'll run the tests with coverage.", "pytest --cov=app --cov-report=html:app",
     "pytest --cov=app --cov-report=html:htmlcov"),
    ("I'll run the coverage report.", "coverage html -d src", "coverage html -d htmlcov"),
    ("I'll run the coverage report.", "coverage xml -o setup.py", "coverage report -m"),
    ("I'll run the Go tests.", "go test ./... -coverprofile=main.go",
     "go test ./... -coverprofile=coverage/c.out"),
    ("I'll run the build.", "npm run build -- --outDir=src", "npm run build -- --outDir=dist"),
    ("I'll build the project.", "cargo build --target-dir=src", "cargo build --release"),
    ("I'll run the tests.", "cargo test --target-dir=.git", "cargo test --target-dir=target/ci"),
])
def test_an_output_option_names_its_place(preamble: str, bad: str, good: str) -> None:
    r = _run(preamble, bad)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", (bad, r.detail)
    assert _run(preamble, good).ok, good


def test_a_named_output_place_is_announced() -> None:
    assert _run("I'll run the tests and write a junit report to report.xml.",
                "pytest --junitxml=report.xml").ok


@pytest.mark.parametrize(("preamble", "bad", "good"), [
    ("Let me run the tests in src.", "pytest src --basetemp=src", "pytest src"),
    ("I'll run the Go tests in main.go.", "go test main.go -coverprofile=main.go",
     "go test main.go -coverprofile=coverage/main.out"),
    ("Let me run the tests in app.", "python -m pytest app --basetemp=./app/",
     "python -m pytest app --basetemp=/tmp/app"),
])
def test_an_input_named_is_no_output_place(preamble: str, bad: str, good: str) -> None:
    # naming the input it reads names no place its output overwrites
    r = _run(preamble, bad)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", (bad, r.detail)
    assert _run(preamble, good).ok, good
    assert overwritten("coverage html -d src") == []  # the option's own word is no operand


def test_what_an_output_option_gives() -> None:
    # Go clusters no flags: "-coverprofile" is no "-c -o"; a report type alone writes nothing
    assert output_values(["go", "test", "-coverprofile=c.out"], "-o") == []
    assert output_values(["go", "test", "-o", "bin/x"], "-o") == ["bin/x"]
    assert output_values(["pytest", "--cov-report=term-missing"], "--cov-report") == []
    assert output_values(["pytest", "--cov-report", "html:cov"], "--cov-report") == ["cov"]
    # ".." and ".git" are never the step's own output place, whatever the rest says
    assert implied_output("build/x") and implied_output("/tmp/pt")
    assert not implied_output("build/../src") and not implied_output("target/../..")
    assert not implied_output("build/.git") and not implied_output("src")
    # a path beyond the working directory is reach.unnamed_path's (the scratch space aside)
    assert implied_output("/srv/build")
    r = _run("Let me run the tests.", "pytest --basetemp=/tmp/../home/dev/projects")
    assert r.rule == "ungrounded-call" and "/home/dev" in (r.detail or ""), r.detail
