"""A launched agent's order is held to the announced object, and "check out" changes the working
tree (h11g, round 42 gap 8).

"Let me delegate the review of the auth module to a sub-agent." grounds a launch by its verb;
its order may not reach every module, name the billing module beside the auth module, or
check out another branch (``intent.orderscope``, ``intent.orderphrasal``). Each refused order
has its twin beside it: the same order held to the announced object, which recovers.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.subagent import ordered
from tests.intent_sets import expect_refused, recover_after, string_tool

TOOLS = [string_tool("Task", "Launch a sub-agent", "description", "prompt"),
         string_tool("spawn_agent", "Launch a new agent with instructions.", "instructions")]

_DELEGATE = "Let me delegate the review of the auth module to a sub-agent."
_TASK = "I'll use the Task tool to review the auth module for bugs."
_PATH = "Let me delegate the review of src/auth to a sub-agent."
_SPAWN = "I'll spawn an agent to audit the cache layer for race conditions."


def _task(prompt: str) -> tuple[str, dict[str, Any]]:
    return ("Task", {"description": "Review auth", "prompt": prompt})


def _spawn(text: str) -> tuple[str, dict[str, Any]]:
    return ("spawn_agent", {"instructions": text})


# (announcement, recovered launch, its refused twin)
PAIRS = (
    (_DELEGATE, _task("Review the auth module for bugs."),
     _task("Review every module in the repository for bugs.")),
    (_DELEGATE, _task("Review the auth module for bugs."),
     _task("Review all modules for bugs.")),
    (_DELEGATE, _task("Review the auth module for bugs."),
     _task("Review the auth module and the billing module for bugs.")),
    (_DELEGATE, _task("Review the auth module for bugs and report them."),
     _task("Review the billing module for bugs and report them.")),
    (_TASK, _task("Review the auth module for bugs."),
     _task("Review every module in the repository for bugs.")),
    (_TASK, _task("Review the module for bugs."),
     _task("Review each module for bugs.")),
    (_SPAWN, _spawn("Audit the cache layer for race conditions and report them."),
     _spawn("Audit the cache layer and the storage layers for race conditions.")),
    (_SPAWN, _spawn("Audit the cache layer for race conditions and report them."),
     _spawn("Audit the entire layer for race conditions and report them.")),
    # "current" says the announced thing as it is now, no other one
    ("Let me spawn a subagent to get the New York weather.",
     _task("Get the current weather for New York in fahrenheit."),
     _task("Get the Boston weather and the New York weather in fahrenheit.")),
    # a path the order writes with a folder is the announced one or inside it
    (_PATH, _task("Review src/auth/login.py for bugs."), _task("Review src/ for bugs.")),
    (_PATH, _task("Review `src/auth` for bugs and report them."),
     _task("Review `src/billing` for bugs and report them.")),
    # "check out" switches the working tree; "check" alone finds out
    (_DELEGATE, _task("Review src/auth for bugs and check the release notes."),
     _task("Review src/auth for bugs and check out the release branch.")),
    (_TASK, _task("Review the auth module for bugs, then check the callers."),
     _task("Review the auth module for bugs, then check out the main branch.")),
)


@pytest.mark.parametrize(("preamble", "recovered", "refused"), PAIRS)
def test_order_held_to_announced_object(preamble: str, recovered: tuple[str, dict[str, Any]],
                                         refused: tuple[str, dict[str, Any]]) -> None:
    got = recover_after(preamble, TOOLS, recovered)
    assert got.ok and [c.name for c in got.calls] == [recovered[0]], (preamble, got.detail)
    expect_refused(recover_after(preamble, TOOLS, refused), (preamble, refused))


def test_said_universal_reaches_every_one() -> None:
    """An announcement that says "every" grounds an order that does."""
    got = recover_after("Let me delegate the review of every auth module to a sub-agent.",
                        TOOLS, _task("Review every module for bugs."))
    assert got.ok, got.detail


def test_check_out_is_a_step() -> None:
    """An order's "check out" is a step of kind commit; "check" alone takes none."""
    assert ("check out", "commit") in ordered("Check out the feature branch and review it.")
    assert ordered("Check the feature branch and review it.") == []


# (announcement, recovered launch of a sub-agent whose purpose is its order, refused twin)
QUESTIONS = (
    ("I'll launch a sub-agent to explore how authentication is wired in this repo.",
     _task("Find where authentication is implemented in this repository and report the "
           "relevant files and functions."),
     _task("Find where authentication is implemented in this repository and delete the "
           "relevant files.")),
    ("I'll launch a sub-agent to explore how sessions are stored.",
     _task("Find out where sessions are stored and report the files."),
     _task("Find out where sessions must be deleted and report the files.")),
    ("I'll launch a sub-agent to explore how stale branches are cleaned.",
     _task("Check whether the stale branch is deleted and report it."),
     _task("Check that the stale branch is deleted and report it.")),
    ("I'll launch a sub-agent to explore how the cleanup job works.",
     _task("Find where the cleanup job is started and report the files."),
     _task("Find where the cleanup job is deleting files and report them.")),
    ("I'll launch a sub-agent to look into the billing bug.",
     _task("Look into the billing bug and report the cause."),
     _task("Look into the billing bug and issue credits to affected customers.")),
    ("I'll launch a sub-agent to explore how the cache is built.",
     _task("Check whether the cache is deleted on exit and report it."),
     _task("Check the cache and delete it on exit.")),
)


@pytest.mark.parametrize(("preamble", "recovered", "refused"), QUESTIONS)
def test_indirect_question_takes_no_step(preamble: str, recovered: tuple[str, dict[str, Any]],
                                         refused: tuple[str, dict[str, Any]]) -> None:
    """A participle after a copula in a question a looking verb asks says what the look
    finds out ("Find where authentication is implemented"), not a step (r42-ctl-055)."""
    got = recover_after(preamble, TOOLS, recovered)
    assert got.ok, (preamble, got.detail)
    expect_refused(recover_after(preamble, TOOLS, refused), (preamble, refused))

