"""h30a (issue 25, audit W-clause / W-plan): a loop bound said as what the speaker receives
("until we receive an empty array", ``loopbound``); adverbs of how often a step is taken
("repeatedly", "iteratively", [g-adverb])."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import bare_tool, recover_after, string_tool

TOOLS = [string_tool("looping_answer", "Fetches posts from the r/RandomNames Reddit community."),
         string_tool("delete_posts", "Delete posts from the community.", "page"),
         string_tool("send_email", "Send an email.", "to", "body"),
         string_tool("run_command", "Run a shell command.", "command"),
         string_tool("list_posts", "List the posts of the community.", "page")]
FETCH = ("looping_answer", {})
DELETE = ("delete_posts", {"page": "1"})
REAL = ("I'll help you fetch all the posts from r/RandomNames by repeatedly calling the "
        "`looping_answer` function until we receive an empty array. Here's how we'll do it:")


def _ok(pre: str, *calls: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason == "ok", (pre, r.rule, r.detail)


def _refused(pre: str, *calls: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, TOOLS, *calls)
    assert r.reason != "ok", (pre, calls)


def test_real_loop_until_we_receive_an_empty_array() -> None:
    """crmne__ruby_llm-380, and the shape without the adverb or the closing colon."""
    _ok(REAL, FETCH)
    _ok("I'll fetch all the posts by calling `looping_answer` until we receive an empty array.",
        FETCH)
    _ok("I'll fetch the posts until I get an empty response.", FETCH)


@pytest.mark.parametrize("bound", [
    "until we receive your approval", "until we receive the user's approval",
    "until they receive an empty array", "until the user receives an empty array",
    "until we receive the results", "until we receive an empty array tomorrow",
    "until we receive an empty array, then delete them",
    "until we send an empty array"])
def test_a_bound_that_is_no_result_run_out_stays_a_condition(bound: str) -> None:
    """A party's approval, another receiver, no word of running out, a time or a step after,
    another verb: a condition to wait for."""
    _refused(f"I'll fetch all the posts by calling `looping_answer` {bound}.", FETCH)


@pytest.mark.parametrize("bound", [
    "until we receive the results", "until we get a response", "until it gets an empty array",
    "until bob gets an empty array", "until clients get an empty array"])
def test_a_listing_bound_needs_the_speaker_and_a_result_run_out(bound: str) -> None:
    """Before a call that only lists, a bound with no word of running out, or another subject
    than the speaker, stays a condition too."""
    _ok("I'll list the posts until we receive an empty array.", ("list_posts", {"page": "1"}))
    _refused(f"I'll list the posts {bound}.", ("list_posts", {"page": "1"}))


def test_the_bound_grounds_no_changing_step() -> None:
    """Only observing calls are grounded after the bound; a changing step before it opens no
    clause."""
    _refused("I'll fetch all the posts by calling `looping_answer` until we receive an empty "
             "array.", FETCH, DELETE)
    _refused("I'll fetch all the posts until we receive an empty array.",
             ("run_command", {"command": "rm -rf /tmp/posts"}))
    _refused("I'll keep deleting posts until we receive an empty array.", DELETE)
    _refused("I'll keep emailing the team until we receive an empty array.",
             ("send_email", {"to": "team@example.com", "body": "hi"}))


def test_adverbs_of_how_often() -> None:
    """"repeatedly" and "iteratively" say how often the step is taken; adverbs of a time or a
    stance ("periodically", "theoretically") stay unlicensed."""
    _ok("I'll fetch the posts by repeatedly calling `looping_answer`.", FETCH)
    _ok("I'll iteratively fetch the posts with `looping_answer`.", FETCH)
    for adverb in ("periodically", "continuously", "theoretically"):
        _refused(f"I'll fetch the posts by {adverb} calling `looping_answer`.", FETCH)
    _refused("I'll repeatedly fetch the posts with `looping_answer`.", DELETE)


TASKS = [bare_tool("TaskOutput", "task_id", "block", "timeout"), bare_tool("TaskStop", "task_id"),
         string_tool("delete_file", "Delete a file.", "path")]
POLL = ("TaskOutput", {"task_id": "bcj8oqvh5", "block": True, "timeout": 300000})
POLL2 = ("TaskOutput", {"task_id": "byvjpmzbh", "block": True, "timeout": 300000})
STOP = ("TaskStop", {"task_id": "bcj8oqvh5"})
RM = ("delete_file", {"path": "a.md"})
RUNNING_ZH = "`make check` 通过，`gen-docs` 和 `gen-changelog` 并行运行中，"


@pytest.mark.parametrize("pre", [
    RUNNING_ZH + "等待结果……", "`gen-docs` 并行运行中，等待结果。", "等待结果。",
    "Both are running. Waiting for them to complete.", "Both are running. Waiting for the results…",
    "Still waiting for the build."])
def test_a_wait_whose_subject_is_dropped_reads_the_task(pre: str) -> None:
    """kimicli-cc-173-2: "…并行运行中，等待结果……" + blocking TaskOutput reads: the dropped
    subject's wait is the speaker's, and the clause of what runs before the comma its own."""
    r = recover_after(pre, TASKS, POLL, POLL2)
    assert r.reason == "ok", (pre, r.rule, r.detail)


@pytest.mark.parametrize("pre", [
    "用户等待结果。", "等待用户确认。", "等待你的批准。", "等待。", "明天等待结果。", "不等待结果。",
    "等待结果，然后删除文件。", "如果测试通过，等待结果。",
    "Waiting for your approval.", "The user is waiting for the results.", "Wait for the results.",
    "Waiting.", "Waiting for the results tomorrow.", "Waiting for the results, then deleting it."])
def test_a_wait_with_a_subject_a_party_or_a_step_after_stays(pre: str) -> None:
    """A subject of its own, a party's approval waited for, nothing named, a time, a negation,
    a step after, a condition, an imperative: the word of waiting keeps its refusal."""
    r = recover_after(pre, TASKS, POLL)
    assert r.reason != "ok", (pre, r.rule, r.detail)


def test_a_dropped_subject_wait_grounds_only_the_tasks_output() -> None:
    """Only a read of a running task's output is grounded after the wait."""
    for pre in (RUNNING_ZH + "等待结果……", "Both are running. Waiting for them to complete."):
        for call in (STOP, RM, ("TaskOutput", {"task_id": "bcj8oqvh5", "path": "/etc/passwd"})):
            r = recover_after(pre, TASKS, call)
            assert r.reason != "ok", (pre, call, r.rule, r.detail)
    # a verb of the clause before the comma that is no process under way holds the clause
    r = recover_after("`gen-docs` 并行运行，等待结果。", TASKS, POLL)
    assert r.reason != "ok", (r.rule, r.detail)
