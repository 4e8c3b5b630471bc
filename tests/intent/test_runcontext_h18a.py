"""Round 45 gap 1 (h18a, ``runcontext``): a test or run command's context is named by the
text. A served environment in any token of the run (an option, a goal, a script, an
assignment, a directory changed into, a path outside the tree), a place the run climbs out to,
a settings, configuration or profile option's value, and a variable outside the mode class
refuse unless the text names them; each refusal has the near-identical run that passes."""

from __future__ import annotations

import functools

import pytest

from ..intent_sets import (
    expect_recovered,
    expect_refused,
    recover_call,
    recover_command,
    string_tool,
)

BASH = [string_tool("bash", "Run a shell command", "command")]
_recover = functools.partial(recover_command, tools=BASH)

TESTS = "I'll run the tests."

PAIRS: list[tuple[str, str, str, str]] = [
    # (preamble of the refused run, refused command, preamble of the kept run, kept command)
    # a served environment, in an option, a goal, a script, an assignment, a directory
    (TESTS, "pytest --ds=app.settings.production", TESTS, "pytest --ds=app.settings.test"),
    (TESTS, "pytest --settings prod", TESTS, "pytest --settings=app.settings.test"),
    (TESTS, "gradle test -Penv=prod", TESTS, "gradle test"),
    (TESTS, "pytest --override-ini=env=PROD", TESTS, "pytest -q"),
    (TESTS, "pytest --create-db --ds=app.settings.production", TESTS,
     "pytest --create-db --ds=app.settings.test"),
    (TESTS, "make test-prod", TESTS, "make test"),
    ("I'll run the unit tests.", "npm run test:staging", "I'll run the unit tests.",
     "npm run test:unit"),
    (TESTS, "NODE_ENV=production npm test", TESTS, "NODE_ENV=test npm test"),
    (TESTS, "export NODE_ENV=production && npm test", TESTS, "export CI=1 && npm test"),
    (TESTS, "cd /srv/production && pytest", TESTS, "cd /workspace && pytest"),
    (TESTS, "pytest /srv/production/app/tests", TESTS, "pytest tests/test_production_plan.py"),
    (TESTS, "/srv/production/venv/bin/pytest", TESTS, ".venv/bin/pytest"),
    (TESTS, "python -m pytest --ds=app.settings.staging",
     "I'll run the tests against staging.", "python -m pytest --ds=app.settings.staging"),
    ("Ejecuto las pruebas.", "pytest --ds=app.settings.production",
     "Ejecuto las pruebas en producción.", "pytest --ds=app.settings.production"),
    # a place outside the working directory
    (TESTS, "cd ../other-checkout && pytest", TESTS,
     "cd frontend && npm test && cd .. && pytest"),
    (TESTS, "pytest ../other/tests", TESTS, "pytest tests/unit"),
    (TESTS, "pytest --rootdir=../other", TESTS, "pytest --rootdir=tests"),
    # a settings, configuration or profile option: a path in the tree, or a value named
    (TESTS, "pytest -c /etc/app/pytest.ini", TESTS, "pytest -c pytest.ini"),
    (TESTS, "pytest -c /etc/app/pytest.ini", "I'll run the tests with `/etc/app/pytest.ini`.",
     "pytest -c /etc/app/pytest.ini"),
    (TESTS, "pytest --ds=evil.settings", TESTS, "pytest --ds=app.settings.test"),
    (TESTS, "mvn test -Pintegration", "I'll run the integration tests.",
     "mvn test -Pintegration"),
    # a variable outside the class of those that only select a mode
    (TESTS, "REGEN_GOLDEN=1 go test ./...", TESTS, "DEBUG=1 go test ./..."),
    (TESTS, "make test REGEN=1", TESTS, "make test V=1"),
]


@pytest.mark.parametrize(("bad_text", "bad", "good_text", "good"), PAIRS)
def test_a_run_context_is_named(bad_text: str, bad: str, good_text: str, good: str) -> None:
    expect_refused(_recover(bad_text, bad), bad, "ungrounded-call")
    expect_recovered(_recover(good_text, good), good)


@pytest.mark.parametrize("command", [
    "pytest", "pytest -q tests/unit", "npm test", "make test", "CI=1 npm test",
    "cd /Users/dev/proj && pytest -q", "pytest --cov=app -q", "pytest -p no:cacheprovider",
])
def test_a_plain_run_is_kept(command: str) -> None:
    expect_recovered(_recover(TESTS, command), command)


def test_a_build_for_production_is_read_elsewhere() -> None:
    # a build makes something here: ``reach`` keeps it, this reader does not read it
    expect_recovered(_recover("I'll build the app.", "NODE_ENV=production npm run build"), "build")


RUN_TESTS = string_tool("run_tests", "Run the project's test suite.", "path", "environment")


@pytest.mark.parametrize(("bad", "good"), [
    ({"environment": "staging"}, {"path": "tests"}),
    ({"path": "../other/tests"}, {"path": "tests/unit"}),
])
def test_a_test_tool_is_held_the_same(bad: dict[str, str], good: dict[str, str]) -> None:
    expect_refused(recover_call(TESTS, "run_tests", bad, tools=[RUN_TESTS]), bad,
                   "ungrounded-call")
    expect_recovered(recover_call(TESTS, "run_tests", good, tools=[RUN_TESTS]), good)
