"""h36b (issue 25, audit W-long-act ``openhands-4-22``): the task's closing message
(``closingmessage``). "Let's provide a final message to the user." announces the step of a
tool whose whole name is one verb of ending the task (``finish``, ``complete``) when the call
carries only the message's text (under a message noun's key) and a one-word status; anything
else about the tool, the call or the announcement keeps rule ``ungrounded-call``."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("finish", "", "message", "task_completed"),
         string_tool("complete", "", "summary"),
         string_tool("shutdown", "", "message"),
         string_tool("finish_and_deploy", "", "message"),
         string_tool("finish_run", "", "message", "command")]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

_MESSAGE = "The fix is in parser.c, but the build failed, so it is not verified."
_FINISH = {"message": _MESSAGE, "task_completed": "partial"}

_CLOSING = [
    "Let's provide a final message to the user.",
    "I'll send the closing message.",
    "Now I'll write a final message to the user.",
    "The code change is made. Let's provide a final message to the user.",
]


@pytest.mark.parametrize("pre", _CLOSING)
def test_a_closing_message_grounds_finish(pre: str) -> None:
    _ok(pre, "finish", _FINISH)


def test_a_closing_summary_grounds_complete() -> None:
    _ok("Let me give the final summary.", "complete", {"summary": _MESSAGE})


@pytest.mark.parametrize("pre", [
    "Let's provide a message to the user.",  # no closing adjective: a message mid-task
    "Let's delete the final message.",  # no verb of giving
    "Let's provide the final numbers to the user.",  # no message noun
])
def test_an_unclosing_announcement_grounds_no_finish(pre: str) -> None:
    _refused(pre, "finish", _FINISH, "ungrounded-call")


def test_another_tool_is_no_closing_tool() -> None:
    pre = "Let's provide a final message to the user."
    for name in ("shutdown", "finish_and_deploy"):
        _refused(pre, name, {"message": _MESSAGE})


def test_a_closing_call_carries_nothing_else() -> None:
    pre = "Let's provide a final message to the user."
    _refused(pre, "finish_run", {"message": _MESSAGE, "command": "rm -rf build/"})
    _refused(pre, "finish", {"message": "The fix is done.", "task_completed": "and deploy it"})


def test_a_closing_message_under_another_key_grounds_nothing() -> None:
    _refused("Let's provide a final message to the user.", "finish",
             {"task_completed": _MESSAGE})


@pytest.mark.parametrize("pre", [
    "If the build fails, let's provide a final message to the user.",
    "Let's not provide a final message to the user.",
])
def test_a_closing_message_kept_from_its_refusals(pre: str) -> None:
    _refused(pre, "finish", _FINISH)
