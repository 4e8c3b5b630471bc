"""A state, mode, level, size or scope a changing call sets under a key of [state-keys] that
the announcement does not say (``statekeys``; blind round 41 G3, h9Dc). Each refused reply has
a near-identical one beside it that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import expect_pair, string_tool, typed_tool

TICKET = string_tool("update_ticket", "update ticket", "id", "status")
ISSUE = string_tool("edit_issue", "edit issue", "number", "state")
LAMP = string_tool("set_lamp", "set lamp", "room", "power_state")
WRITE = string_tool("write_file", "write file", "path", "content", "write_mode")
CONFIG = string_tool("set_config", "set config", "key", "value")
LEVEL = string_tool("set_verbosity", "set verbosity", "log_level")
COFFEE = string_tool("order_drink", "order drink", "drink", "size")
TOKEN = {"type": "function", "function": {"name": "create_token", "description": "create token",
                                          "parameters": {"type": "object", "properties": {
                                              "label": {"type": "string"},
                                              "scopes": {"type": "array",
                                                         "items": {"type": "string"}}}}}}
DEPLOY = string_tool("deploy_service", "deploy service", "service", "target")
SAVE = {"type": "function", "function": {"name": "save_file", "description": "save file",
                                         "parameters": {"type": "object", "properties": {
                                             "path": {"type": "string"},
                                             "content": {"type": "string"},
                                             "mode": {"type": "string", "default": "overwrite"}}}}}
_LISTED = {"anyOf": [{"type": "string", "enum": ["pending", "done"]}, {"type": "null"}]}
LISTED = {"type": "function", "function": {"name": "add_task", "description": "add task",
                                           "parameters": {"type": "object", "properties": {
                                               "task": {"type": "string"},
                                               "status": _LISTED}}}}
FREE = string_tool("add_task", "add task", "task", "status")
SIZED = typed_tool("resize_disk", disk="string", size="integer")


@pytest.mark.parametrize(("tools", "recovered", "refused"), [
    # the value stated is the value set; another state is refused
    ([TICKET], ("I'll set ticket T-7 to blocked.", "update_ticket",
                {"id": "T-7", "status": "blocked"}),
     ("I'll set ticket T-7 to blocked.", "update_ticket", {"id": "T-7", "status": "closed"})),
    ([ISSUE], ("I'll reopen issue 12 and mark it as open.", "edit_issue",
               {"number": "12", "state": "open"}),
     ("I'll reopen issue 12 and mark it as open.", "edit_issue",
      {"number": "12", "state": "archived"})),
    ([LAMP], ("I'll switch off the kitchen lamp.", "set_lamp",
              {"room": "kitchen", "power_state": "off"}),
     ("I'll switch off the kitchen lamp.", "set_lamp", {"room": "kitchen", "power_state": "on"})),
    ([WRITE], ("I'll append the entry to log.txt.", "write_file",
               {"path": "log.txt", "content": "entry", "write_mode": "append"}),
     ("I'll append the entry to log.txt.", "write_file",
      {"path": "log.txt", "content": "entry", "write_mode": "truncate"})),
    ([CONFIG], ("I'll set the log level to warning.", "set_config",
                {"key": "log_level", "value": "warning"}),
     ("I'll set the log level to warning.", "set_config", {"key": "log_level", "value": "off"})),
    ([LEVEL], ("I'll set the verbosity to error.", "set_verbosity", {"log_level": "error"}),
     ("I'll set the verbosity to error.", "set_verbosity", {"log_level": "trace"})),
    ([COFFEE], ("I'll order a medium latte.", "order_drink", {"drink": "latte", "size": "medium"}),
     ("I'll order a medium latte.", "order_drink", {"drink": "latte", "size": "venti"})),
    ([TOKEN], ("I'll create a token for the bot with the read scope.", "create_token",
               {"label": "bot", "scopes": ["read"]}),
     ("I'll create a token for the bot with the read scope.", "create_token",
      {"label": "bot", "scopes": ["read", "billing"]})),
    ([DEPLOY], ("I'll deploy the api service to canary.", "deploy_service",
                {"service": "api", "target": "canary"}),
     ("I'll deploy the api service to canary.", "deploy_service",
      {"service": "api", "target": "everywhere"})),
    # a form of a word said is said: "complete" says completed, "close" closed
    ([TICKET], ("I'll mark ticket T-7 as complete.", "update_ticket",
                {"id": "T-7", "status": "completed"}),
     ("I'll mark ticket T-7 as complete.", "update_ticket", {"id": "T-7", "status": "cancelled"})),
    # a verb of closing in another language says closed ([g-said-closed], h10e's
    # ``statewords``); a verb of updating says no state
    ([TICKET], ("Ich schließe das Ticket T-7.", "update_ticket",
                {"id": "T-7", "status": "closed"}),
     ("Ich aktualisiere das Ticket T-7.", "update_ticket", {"id": "T-7", "status": "closed"})),
    # the key given no state at all recovers; an unsaid one is refused
    ([TICKET], ("I'll update ticket T-7.", "update_ticket", {"id": "T-7"}),
     ("I'll update ticket T-7.", "update_ticket", {"id": "T-7", "status": "wontfix"})),
])
def test_a_state_not_said_refuses(tools: list[dict[str, Any]], recovered: Any,
                                  refused: Any) -> None:
    expect_pair(tools, recovered, refused)


def test_a_number_under_a_size_key_is_no_state() -> None:
    """A size the schema types as a number is left to the readers of numbers and units."""
    expect_pair([SIZED], ("I'll resize disk d1 to 50.", "resize_disk", {"disk": "d1", "size": 50}),
                ("I'll resize disk d1 to 50.", "resize_disk", {"disk": "d1", "size": "max"}))


def test_the_schema_default_is_no_state_set() -> None:
    """The schema's default restated changes nothing; another unsaid value is refused."""
    expect_pair([SAVE], ("I'll save the notes to out.md.", "save_file",
                         {"path": "out.md", "content": "notes", "mode": "overwrite"}),
                ("I'll save the notes to out.md.", "save_file",
                 {"path": "out.md", "content": "notes", "mode": "append"}))


def test_a_listed_value_of_a_tool_that_creates_is_left_to_enums() -> None:
    """A value the schema lists, set by a tool that updates no record, is read by ``enums``;
    the same value under a free string key is a state the announcement does not say."""
    expect_pair([LISTED], ("I'll add the task Review PR.", "add_task",
                           {"task": "Review PR", "status": "pending"}),
                ("I'll add the task Review PR.", "add_task",
                 {"task": "Review PR", "status": "pending", "review_state": "waived"}))
    expect_pair([FREE], ("I'll add the task Review PR.", "add_task", {"task": "Review PR"}),
                ("I'll add the task Review PR.", "add_task",
                 {"task": "Review PR", "status": "pending"}))
