"""h29a (issue 25, audit W-clause): a report promised when a running task ends is the wait for
it (``reportwait``)."""

from __future__ import annotations

from tests.intent_sets import recover_after, string_tool

TASKS = [string_tool("TaskOutput", "Get the output of a background task.", "task_id", "timeout"),
         string_tool("run_command", "Run a shell command.", "command"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("delete_branch", "Delete a git branch.", "branch")]
WAIT = ("TaskOutput", {"task_id": "bld-42", "timeout": "300"})
RUNNING = "Both commands are running in the background. "


def test_report_when_they_complete_is_the_wait() -> None:
    """kimicli-cc-44-2: "I'll let you know when they complete." + a blocking TaskOutput."""
    for pre in ("I'll let you know when they complete.", "I'll report back once it finishes.",
                "I'll let you know when `gen-docs` is done.",
                "I'll get back to you when the build finishes."):
        ok = recover_after(RUNNING + pre, TASKS, WAIT)
        assert ok.reason == "ok", (pre, ok.rule, ok.detail)


def test_report_when_they_complete_grounds_only_the_wait() -> None:
    """The wait grounds a read of the task's output, no other call (it would come after)."""
    pre = RUNNING + "I'll let you know when they complete."
    for call in (("run_command", {"command": "rm -rf build"}),
                 ("delete_branch", {"branch": "bld-42"}),
                 ("read_file", {"path": "build.log"})):
        r = recover_after(pre, TASKS, call)
        assert r.reason != "ok", (call, r.rule, r.detail)


def test_a_condition_that_is_no_running_task_stays() -> None:
    """A party as the subject, another ending, a step after, another verb keep the condition."""
    for pre in ("I'll let you know when you approve.",
                "I'll let you know when the admin replies.",
                "I'll let you know when your approval is done.",
                "I'll let you know when they fail.",
                "I'll let you know when they complete, then delete the branch.",
                "I'll let you know when they complete and delete the branch.",
                "I'll delete the branch when they complete.",
                "I'll check when they complete.",
                "Let you know when they complete."):
        for call in (WAIT, ("delete_branch", {"branch": "bld-42"})):
            r = recover_after(RUNNING + pre, TASKS, call)
            assert r.reason != "ok", (pre, call, r.rule, r.detail)
