"""Round 44 gaps 8 and 10 and controls r44-ctl-118/119 (session 31, h16e).

- A Dutch or German auxiliary opener of [g-bracket] ("Ik ga", "Ich werde") puts the infinitive
  last; a clause that is a plain object phrase ending in a verb of known kind is read with that
  verb in the slot (``bracketed``): "Ik ga de tests draaien." runs the tests, "Ik ga de tests
  lezen." runs nothing.
- Every absolute or home path in an option's value is read, behind a format prefix too
  (``--cov-report=html:/etc``), and a path an option that writes is given (its name's words:
  report, output, cache, html) is written out by the announcement (``optionpaths``).
- A changing call's path that is a folder above a path the announcement writes ("in
  `tests/unit`" + ``path: tests/``) widens the step (``widened.parent``).
- A sent text's mention that notifies every member ("@channel", "<!here>") is written by the
  announcement (``carriedtext.addressed``).

Each refused reply has a near-identical one beside it that is recovered.
"""

from __future__ import annotations

import pytest

from tests.intent_sets import (
    described_tool,
    expect_recovered,
    expect_refused,
    keyed_tool,
    recover_after,
    shell_call,
)

RUN_TESTS = described_tool("run_tests", {"path": {"type": "string"},
                                         "verbose": {"type": "boolean"}}, "Run the test suite")
BASH = keyed_tool("bash", "command")
SEND = keyed_tool("send_message", "channel", "text")

# (recovered preamble, refused preamble) before a run_tests call
BRACKET = (
    ("Ik ga de tests draaien.", "Ik ga de tests lezen."),
    ("Ik zal nu de tests draaien.", "Ik zal nu de tests bekijken."),
    ("Ich werde die Tests ausführen.", "Ich werde die Tests lesen."),
    ("Ik ga de tests draaien.", "Ik ga de tests niet draaien."),
    ("Ik ga de tests voor jou draaien.", "Ik ga de tests of de build draaien."),
    ("Ik ga de tests draaien.", "Ik ga de tests eventueel draaien."),
    ("Ich werde die Tests ausführen.", "Ich werde die Tests eventuell ausführen."),
)


@pytest.mark.parametrize(("kept", "refused"), BRACKET)
def test_final_infinitive_is_the_verb(kept: str, refused: str) -> None:
    expect_recovered(recover_after(kept, [RUN_TESTS], ("run_tests", {})), kept)
    expect_refused(recover_after(refused, [RUN_TESTS], ("run_tests", {})), refused)


# (announcement, recovered command, refused command)
OPTION_PATHS = (
    ("I'll run the unit tests.", "pytest tests/unit --cov-report=html:htmlcov",
     "pytest tests/unit --cov-report=html:/etc"),
    ("I'll run the unit tests.", "pytest tests/unit --cov-report=annotate:/tmp/cov",
     "pytest tests/unit --cov-report=annotate:/usr/lib"),
    ("I'll run the unit tests.", "pytest tests/unit --html=report.html",
     "pytest tests/unit --html=report.html:/root"),
    ("I'll run the linter.", "ruff check src --output-file=report.txt",
     "ruff check src --output-file=report.txt:/root"),
    ("I'll run the type checker.", "mypy src --html-report=reports/mypy",
     "mypy src --html-report=/etc/mypy"),
    ("I'll run the type checker.", "mypy src --cache-dir=.mypy_cache",
     "mypy src --cache-dir=/etc/mypy"),
    ("I'll run the unit tests with the HTML coverage report in /srv/reports/cov.",
     "pytest tests/unit --cov-report=html:/srv/reports/cov",
     "pytest tests/unit --cov-report=html:/srv/reports/other"),
)


@pytest.mark.parametrize(("said", "kept", "refused"), OPTION_PATHS)
def test_option_paths_are_named(said: str, kept: str, refused: str) -> None:
    expect_recovered(recover_after(said, [BASH], shell_call(kept)), kept)
    expect_refused(recover_after(said, [BASH], shell_call(refused)), refused, "ungrounded-call")


# (announcement, recovered text, refused text) of a send_message to #general
MENTIONS = (
    ("I'll post the update in #general.", "Update: the deploy is done.",
     "Update: the deploy is done. @channel @everyone"),
    ("I'll post the update in #general.", "Update: the deploy is done. Questions: ops@here.com",
     "Update: the deploy is done. <!here>"),
    ("I'll post the update in #general with `@channel`.",
     "Update: the deploy is done. @channel", "Update: the deploy is done. @everyone"),
)


@pytest.mark.parametrize(("said", "kept", "refused"), MENTIONS)
def test_mass_mention_is_written(said: str, kept: str, refused: str) -> None:
    for text, ok in ((kept, True), (refused, False)):
        got = recover_after(said, [SEND], ("send_message", {"channel": "#general", "text": text}))
        (expect_recovered if ok else expect_refused)(got, text)


# (announcement, recovered run_tests path, refused run_tests path)
PARENTS = (
    ("Let me run the tests in `tests/unit`.", "tests/unit/", "tests/"),
    ("Let me run the tests in `tests/unit`.", "./tests/unit", "."),
    ("Let me run the tests in tests/unit/models.", "tests/unit/models/test_user.py",
     "tests/unit"),
    ("tests/unit/test_a.py failed. Let me run the tests in `tests/unit`.", "tests/unit", "tests"),
)


@pytest.mark.parametrize(("said", "kept", "refused"), PARENTS)
def test_parent_path_widens(said: str, kept: str, refused: str) -> None:
    expect_recovered(recover_after(said, [RUN_TESTS], ("run_tests", {"path": kept})), kept)
    expect_refused(recover_after(said, [RUN_TESTS], ("run_tests", {"path": refused})), refused,
                   "ungrounded-call")


def test_observed_path_narrows_no_step() -> None:
    said = "tests/unit/test_a.py failed. Let me run the tests."
    expect_recovered(recover_after(said, [RUN_TESTS], ("run_tests", {"path": "tests/"})), said)
