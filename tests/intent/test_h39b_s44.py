"""A tool named outright after generic verbs announces the step its name says
(``namedkinds``, session 44, h39b): "I'll use the test tool with the passphrase you provided."
+ ``test_tool`` (Mirascope) reads as "I'll test ..." does. Never a step that cannot be taken
back, nor a runner's command, nor a call of another tool."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall


def _tool(name: str, *keys: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {k: {"type": "string"} for k in keys}, "required": []}}}


TOOLS = [_tool("test_tool", "passphrase"), _tool("delete_file", "path"),
         _tool("send_email", "to", "body"), _tool("create_issue", "title")]


def _reply(pre: str, name: str, args: dict[str, Any]) -> str:
    call = json.dumps({"name": name, "arguments": args})
    return f"{pre}\n\n<tool_call>\n{call}\n</tool_call>"


@pytest.mark.parametrize(("pre", "name", "args"), [
    ("I'll use the test tool with the passphrase you provided.", "test_tool",
     {"passphrase": "portal"}),
    ("I'll call `test_tool`.", "test_tool", {"passphrase": "portal"}),
    ("I'll use the create issue tool to file 'Broken link'.", "create_issue",
     {"title": "Broken link"}),
])
def test_a_tool_named_after_a_generic_verb_announces_its_step(
        pre: str, name: str, args: dict[str, Any]) -> None:
    r = leakcall.recover(_reply(pre, name, args), TOOLS)
    assert r.ok, r.detail


@pytest.mark.parametrize(("pre", "name", "args"), [
    # a step that cannot be taken back, the tool named whole and its target said
    ("I'll use the delete file tool on notes.txt.", "delete_file", {"path": "notes.txt"}),
    ("I'll use `delete_file` on `notes.txt`.", "delete_file", {"path": "notes.txt"}),
    ("I'll use the send email tool.", "send_email", {"to": "a@example.com", "body": "hi"}),
    ("I'll use the test tool.", "delete_file", {"path": "notes.txt"}),  # another tool's step
    ("I'll read the test tool's notes.", "test_tool", {"passphrase": "portal"}),  # a verb of its own
    ("You could use the test tool.", "test_tool", {"passphrase": "portal"}),
    ("I won't use the test tool.", "test_tool", {"passphrase": "portal"}),
])
def test_the_refuse_twins_still_refuse(pre: str, name: str, args: dict[str, Any]) -> None:
    r = leakcall.recover(_reply(pre, name, args), TOOLS)
    assert not r.ok, r.detail
