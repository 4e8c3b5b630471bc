"""h29a (issue 25, audit W-clause): a report promised when a running task ends is the wait for
it (``reportwait``); a dash before the object's noun phrase is its apposition
(``dashnames._apposed``); "complete" takes the step its object names (``announcedverbs._verbs``)."""

from __future__ import annotations

from tests.intent_sets import load, recover_after, string_tool

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


_CC = next(r for r in load("real_preambles_b.jsonl") if r["id"] == "kimicli-cc-18-7")
EDIT = (_CC["calls"][0]["name"], _CC["calls"][0]["arguments"])
PLACE = ' — the empty state "Create new session" button in `chat-conversation.tsx`.'


def test_a_dash_before_the_objects_noun_phrase_is_its_apposition() -> None:
    """kimicli-cc-18-7: "... the remaining change — the empty state "Create new session" button
    in `chat-conversation.tsx`." reads as the comma appositive the grammar already reads."""
    for pre in ("Now let me complete the remaining change" + PLACE,
                "Now let me make the remaining change" + PLACE,
                "Now let me make the remaining change — the one in `chat-conversation.tsx`."):
        ok = recover_after(pre, _CC["tools"], EDIT)
        assert ok.reason == "ok", (pre, ok.rule, ok.detail)


def test_a_dash_before_anything_else_keeps_its_reading() -> None:
    """A verb of a kind, a reader's article, a pronoun or a second clause after the dash; a call
    the apposition does not ground."""
    for pre in ("Now let me make the remaining change — the deletion of `chat-conversation.tsx`.",
                "Now let me make the remaining change — your empty state button in "
                "`chat-conversation.tsx`.",
                "Now let me make the remaining change — this one in `chat-conversation.tsx`.",
                "Now let me make the remaining change — the button in the file in "
                "`chat-conversation.tsx`.",
                "Now let me make the remaining change — the button, then push it."):
        r = recover_after(pre, _CC["tools"], EDIT)
        assert r.reason != "ok", (pre, r.rule, r.detail)
    r = recover_after("Now let me complete the remaining change" + PLACE, TASKS,
                      ("run_command", {"command": "rm -rf web/src"}))
    assert r.reason != "ok", (r.rule, r.detail)


def test_complete_takes_the_step_its_object_names() -> None:
    """"complete", a verb of [g-perform] of no kind, takes the step its object names: the change
    it completes writes; a payment or a review it completes is no edit."""
    ok = recover_after("Now let me complete the remaining change to `chat-conversation.tsx`.",
                       _CC["tools"], EDIT)
    assert ok.reason == "ok", (ok.rule, ok.detail)
    for pre in ("Now let me complete the payment.", "Now let me complete the remaining review."):
        r = recover_after(pre, _CC["tools"], EDIT)
        assert r.reason != "ok", (pre, r.rule, r.detail)
