"""An interrogative that is a condition too ("when", "if") right after the looking verb of a
purpose ("to find when this broke") asks what the look finds out; anywhere else it still waits
(round 41 controls 076/077; ``leakcall.intent.slots._asking``). Each refused reply has its
recovered twin."""

from __future__ import annotations

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

SHELL = [string_tool("run_command", "Run a shell command.", "command")]


def _run(preamble: str, command: str) -> object:
    return recover_after(preamble, SHELL, ("run_command", {"command": command}))


@pytest.mark.parametrize(("ok", "bad", "command"), [
    ("I'll view the last 20 commits to find when this broke.",
     "I'll view the last 20 commits when this broke.", "git log --oneline -20"),
    ("Let me list the recent commits to find when the test started failing.",
     "Let me list the recent commits to delete when the test started failing.",
     "git log --oneline -10"),
    ("I'll search the logs to find when the timeout first appeared.",
     "I'll search the logs when the timeout first appears.", "grep -n timeout app.log"),
    ("I'll read the changelog to find if the flag was renamed.",
     "I'll read the changelog if the flag was renamed.", "cat CHANGELOG.md"),
])
def test_looking_purpose_asks(ok: str, bad: str, command: str) -> None:
    expect_recovered(_run(ok, command), ok)  # type: ignore[arg-type]
    expect_refused(_run(bad, command), bad, "conditional")  # type: ignore[arg-type]


@pytest.mark.parametrize(("ok", "bad", "command"), [
    # a changing verb heading the purpose keeps its condition: "to drop it when ..." waits
    ("I'll run the query to find when it changes.",
     "I'll run the query to drop it when it changes.", "psql -c '\\d orders'"),
    # the looking verb announced as the step itself, no purpose: "find when" may wait
    ("I'll open the log to find when the job ran.",
     "I'll find when the job runs.", "cat job.log"),
])
def test_only_a_purpose_asks(ok: str, bad: str, command: str) -> None:
    expect_recovered(_run(ok, command), ok)  # type: ignore[arg-type]
    expect_refused(_run(bad, command), bad, "conditional")  # type: ignore[arg-type]
