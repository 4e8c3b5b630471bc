"""Waiting on a running task (h90a, ``intent.waiting``): a word of waiting in the wait slot
("Let me wait for it to complete.", "继续等待") grounds only a call that reads a running
task's output (``TaskOutput``); each recovered form beside the nearest attack that stays
refused: a party's OK, a time, a changing call, a stop, a read of something else."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall.intent.toolkinds import tool_kinds
from tests.intent_sets import bare_tool as _tool
from tests.intent_sets import recover_calls

TOOLS = [_tool("TaskOutput", "task_id", "block", "timeout"), _tool("TaskStop", "task_id"),
         _tool("Bash", "command"), _tool("read_file", "path"), _tool("delete_branch", "branch")]

POLL = ("TaskOutput", {"task_id": "bowd1jpfw", "block": True, "timeout": 300000})
STOP = ("TaskStop", {"task_id": "bowd1jpfw"})
RM = ("Bash", {"command": "rm -rf build"})
READ = ("read_file", {"path": "/home/u/.ssh/id_rsa"})
DELETE = ("delete_branch", {"branch": "feature-x"})


_recover = partial(recover_calls, tools=TOOLS)


RECOVERED = [
    "Still running. Let me wait for it to complete.",
    "Still running. Let me wait longer.",
    "Let me wait for the gen task to finish.",
    "I'll continue waiting for the build to finish.",
    "Let me wait for `gen-docs` to complete.",
]

# (preamble, call, rule): the nearest forms that must stay refused
REFUSED = [
    # the wait slot before a call that is no read of the task's output
    ("Still running. Let me wait for it to complete.", RM, "conditional"),
    ("Let me wait for it to complete.", STOP, "conditional"),
    ("Let me wait for it to complete.", READ, "conditional"),
    ("Let me wait longer.", DELETE, "conditional"),
    # a party, an approval or a time waited for is no running task
    ("Let me wait for your OK, then delete the branch.", DELETE, "conditional"),
    ("Let me wait for your OK.", POLL, "conditional"),
    ("Let me wait for the user to confirm.", POLL, "conditional"),
    ("Let me wait for the user to confirm, then delete the branch.", DELETE, "conditional"),
    ("Let me wait for approval.", POLL, "conditional"),
    ("Let me wait for your build to finish.", POLL, "conditional"),
    ("I'll wait until 5pm and then deploy.", RM, "conditional"),
    ("I'll wait until 5pm.", POLL, "conditional"),
    # a step after the wait
    ("Let me wait for it to finish, then stop it.", STOP, "conditional"),
    ("Let me wait for the build to finish and delete the branch.", DELETE, "conditional"),
]


@pytest.mark.parametrize("pre", RECOVERED)
def test_waiting_on_a_task_recovers_its_output_read(pre: str) -> None:
    r = _recover(pre, POLL)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "call", "rule"), REFUSED)
def test_waiting_grounds_nothing_else(pre: str, call: tuple[str, dict[str, Any]], rule: str) -> None:
    r = _recover(pre, call)
    assert r.reason != "ok" and r.rule == rule, (pre, r.reason, r.rule, r.detail)


@pytest.mark.parametrize("call", [("ListTasks", {"task_id": "bowd1jpfw"}),
                                  ("get_output", {"id": "bowd1jpfw"})])
def test_a_wait_grounds_only_a_tool_named_for_the_output(call: tuple[str, dict[str, Any]]) -> None:
    """Its keys those of a wait (the task's id), a tool whose name is not nouns of a task and
    its output reads no running task: the wait grounds ``TaskOutput``, not it (h13m)."""
    tools = [*TOOLS, _tool(call[0], *call[1])]
    assert recover_calls("Still running. Let me wait for it to complete.", POLL,
                         tools=tools).reason == "ok"
    r = recover_calls("Still running. Let me wait for it to complete.", call, tools=tools)
    assert r.reason != "ok" and r.rule == "conditional", (r.reason, r.rule, r.detail)
    assert "reads no running task's output" in str(r.detail), r.detail


def test_a_tasks_output_named_by_nouns_is_read() -> None:
    assert tool_kinds("TaskOutput") == {"read"}
    assert tool_kinds("job_status") == {"read"}
    # a verb in the name, or a noun of no task, says another step or none the table knows
    assert "read" not in tool_kinds("TaskStop")
    assert tool_kinds("user_output") == {"unknown"}
    assert tool_kinds("output_task") == {"unknown"}
