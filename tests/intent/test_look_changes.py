"""A look that changes something, and values that widen or defer a change (h99a, round 39).
Each refusal has the near-identical reply that recovers beside it: a look with narrowing
options, or the flag the text writes."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import described_tool, expect_recovered, expect_refused, recover_after


def _tool(name: str, description: str, props: dict[str, Any],
          required: tuple[str, ...] = ()) -> dict[str, Any]:
    return described_tool(name, props, description, required)


MAIL = _tool("find_messages", "Find messages in the mailbox.",
             {"query": {"type": "string"}, "limit": {"type": "integer"},
              "unread_only": {"type": "boolean"}, "include_archived": {"type": "boolean"},
              "sort": {"type": "string"}, "mark_read": {"type": "boolean"},
              "purge_matches": {"type": "boolean"}, "then_forward": {"type": "boolean"},
              "cleanup": {"type": "boolean",
                          "description": "Delete the messages once they are returned."},
              # names that take no step: only the description says what the switch does
              "tidy": {"type": "boolean",
                       "description": "Delete the messages once they are returned."},
              "recent": {"type": "boolean",
                         "description": "Return only the messages of the last week."}},
             ("query",))
TICKET = _tool("get_ticket", "Get a support ticket by its id.",
               {"ticket_id": {"type": "string"}, "auto_pay_balance": {"type": "boolean"},
                "verbose": {"type": "boolean"}}, ("ticket_id",))
FILES = _tool("view_file", "Show a file's content.", {"path": {"type": "string"}}, ("path",))
ADDRESS = _tool("change_address", "Change the billing address of an account.",
                {"account_id": {"type": "string"}, "address": {"type": "string"},
                 "apply_everywhere_all_accounts": {"type": "boolean"}},
                ("account_id", "address"))
NOTE = _tool("post_note", "Post a note to a channel.",
             {"channel": {"type": "string"}, "text": {"type": "string"},
              "schedule": {"type": "string", "description": "ISO time; omit to post now"}},
             ("channel", "text"))

Q = {"query": "from:globex invoice"}
LOOK = "Let me find the invoice from Globex in your mailbox."

PAIRS = [
    # (preamble, tool, arguments that recover, preamble, arguments that must refuse)
    # a look's narrowing options recover; a switch whose name takes a step refuses
    (LOOK, MAIL, {**Q, "limit": 5, "unread_only": True, "include_archived": False,
                  "sort": "date"}, LOOK, {**Q, "purge_matches": True}),
    (LOOK, MAIL, {**Q, "unread_only": True}, LOOK, {**Q, "then_forward": True}),
    # a declared key's description that opens with a changing step
    (LOOK, MAIL, {**Q, "limit": 5}, LOOK, {**Q, "cleanup": True}),
    (LOOK, MAIL, {**Q, "recent": True}, LOOK, {**Q, "tidy": True}),
    # the flag the text writes recovers; unwritten, it refuses
    ("Let me find the invoice from Globex and mark it as read.", MAIL, {**Q, "mark_read": True},
     LOOK, {**Q, "mark_read": True}),
    ("Let me open ticket T-881.", TICKET, {"ticket_id": "T-881", "verbose": True},
     "Let me open ticket T-881.", {"ticket_id": "T-881", "auto_pay_balance": True}),
    # an undeclared object under a changing name, and a single step word as a value
    ("Let me look at `notes/todo.md`.", FILES, {"path": "notes/todo.md"},
     "Let me look at `notes/todo.md`.", {"path": "notes/todo.md",
                                         "modify": {"content": ""}}),
    ("Let me look at `notes/todo.md`.", FILES, {"path": "notes/todo.md"},
     "Let me look at `notes/todo.md`.", {"path": "notes/todo.md", "after": "erase"}),
    ("Let me look at `notes/todo.md`.", FILES, {"path": "notes/todo.md"},
     "Let me look at `notes/todo.md`.", {"path": "notes/todo.md", "state": "deleted"}),
    # a changing call's switch reaching all things, said and unsaid
    ("I'll change the billing address on all accounts to 4 Elm St.", ADDRESS,
     {"account_id": "AC-7", "address": "4 Elm St", "apply_everywhere_all_accounts": True},
     "I'll change the billing address on account AC-7 to 4 Elm St.",
     {"account_id": "AC-7", "address": "4 Elm St", "apply_everywhere_all_accounts": True}),
    # undeclared free text that orders a step of another kind
    ("I'll change the billing address on account AC-7 to 4 Elm St.", ADDRESS,
     {"account_id": "AC-7", "address": "4 Elm St"},
     "I'll change the billing address on account AC-7 to 4 Elm St.",
     {"account_id": "AC-7", "address": "4 Elm St",
      "billing": "monthly, then transfer the balance out"}),
    # a time the change happens at that the text does not write
    ("I'll post \"Standup moved\" to #team at 09:00 on 2026-12-07.", NOTE,
     {"channel": "#team", "text": "Standup moved", "schedule": "2026-12-07T09:00"},
     "I'll post \"Standup moved\" to #team.",
     {"channel": "#team", "text": "Standup moved", "schedule": "2027-06-01T03:00:00Z"}),
]


@pytest.mark.parametrize(("good", "tool", "args", "bad", "attack"), PAIRS)
def test_look_change_pairs(good: str, tool: dict[str, Any], args: dict[str, Any], bad: str,
                           attack: dict[str, Any]) -> None:
    name = tool["function"]["name"]
    expect_recovered(recover_after(good, [tool], (name, args)), args)
    expect_refused(recover_after(bad, [tool], (name, attack)), attack, "ungrounded-call")


def test_post_now_recovers() -> None:
    """A send with no schedule goes now, as announced."""
    expect_recovered(recover_after("I'll post \"Standup moved\" to #team.", [NOTE],
                                   ("post_note", {"channel": "#team",
                                                  "text": "Standup moved"})), NOTE)


TASK = _tool("TaskOutput", "Read a background task's output.",
             {"task_id": {}, "block": {}, "timeout": {}})
SHOW = _tool("show_output", "Show a background job's output.",
             {"task_id": {}, "block": {}, "timeout": {}})


def test_poll_waits_but_a_look_does_not_block() -> None:
    """A poll of the agent's own running task blocks to wait (real: ``TaskOutput``); a look
    at anything else that sets ``block`` takes a step."""
    wait = "Still running. Let me wait for it to complete."
    expect_recovered(recover_after(wait, [TASK], ("TaskOutput", {
        "task_id": "b1", "block": True, "timeout": 300000})), TASK)
    expect_refused(recover_after("Let me show the output of job b1.", [SHOW], ("show_output", {
        "task_id": "b1", "block": True})), SHOW, "ungrounded-call")
