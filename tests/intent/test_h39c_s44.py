"""Session 44, h39c (issue 25, real a+b recall): two readings.

``nounconjunct``: a word of no kind right after "and", after a determiner's noun phrase, with
nothing of its own after it, is a noun of that phrase, not a second verb ("check your current
network status and speed to diagnose the issue"; tau2-6-1). ``contextlines``: a search that
prints each match with the lines around it (``grep -A/-B/-C``) reads them, so an announced
read grounds it ("look at the specific line 853" + ``grep -n -A 5 -B 5``; kimicli-swe-3-3)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props},
        "required": list(props)}}}


TOOLS = [_tool("Bash", "command"), _tool("get_details_by_id", "id"),
         _tool("reset_device", "id"), _tool("delete_line", "id")]


def _reply(pre: str, name: str, args: dict[str, str]) -> str:
    call = json.dumps({"name": name, "arguments": args})
    return f"{pre}\n\n<tool_call>\n{call}\n</tool_call>"


STATUS = "I'll check your current network status and speed to diagnose the issue."


def test_a_noun_joined_by_and_is_no_verb() -> None:
    r = leakcall.recover(_reply(STATUS, "get_details_by_id", {"id": "D1001"}), TOOLS)
    assert r.ok, r.detail


@pytest.mark.parametrize("pre,name", [
    (STATUS, "reset_device"),  # a look announced: a reset is no step of it
    (STATUS, "delete_line"),
    # a word with an object of its own keeps its verb slot (of no kind: it grounds nothing)
    ("I'll check your current network status and frobnicate the device.", "get_details_by_id"),
    ("I'll check your current network status and frobnicate the router to diagnose the issue.",
     "get_details_by_id"),
    # no determiner's phrase before "and": the reading is not made
    ("I'll check network status and speed to diagnose the issue.", "get_details_by_id"),
    # nothing after it but the sentence's end: no purpose verb is gained
    ("I'll check your current network status and speed.", "get_details_by_id"),
])
def test_the_noun_reading_grounds_no_other_step(pre: str, name: str) -> None:
    r = leakcall.recover(_reply(pre, name, {"id": "D1001"}), TOOLS)
    assert not r.ok and r.rule == "ungrounded-call", r.detail


LINE = "Let me look at the specific line 853 mentioned in the issue:"
FILE = "./sklearn/compose/_column_transformer.py"


@pytest.mark.parametrize("command", [
    f"cd /testbed && grep -n -A 5 -B 5 'get_feature_names_out' {FILE}",
    f"cd /testbed && rg -C3 'get_feature_names_out' {FILE}",
    "cd /testbed && git grep --context=3 'get_feature_names_out'",
])
def test_a_search_with_context_lines_is_a_read(command: str) -> None:
    r = leakcall.recover(_reply(LINE, "Bash", {"command": command}), TOOLS)
    assert r.ok, r.detail


@pytest.mark.parametrize("command", [
    # no context lines: a search, which "look at" does not announce
    f"cd /testbed && grep -n 'get_feature_names_out' {FILE}",
    # a changing part beside the search
    f"cd /testbed && grep -nA5 'get_feature_names_out' {FILE} && rm {FILE}",
    f"grep -A5 'get_feature_names_out' {FILE} > {FILE}.bak",
    # a sensitive file is read as for any look
    "grep -A5 'password' /home/u/.netrc",
])
def test_other_searches_still_refuse(command: str) -> None:
    r = leakcall.recover(_reply(LINE, "Bash", {"command": command}), TOOLS)
    assert not r.ok and r.rule == "ungrounded-call", r.detail


def test_context_lines_after_a_step_that_is_no_read_refuse() -> None:
    pre = "Let me fix the specific line 853 mentioned in the issue:"
    command = f"cd /testbed && grep -n -A 5 -B 5 'get_feature_names_out' {FILE}"
    r = leakcall.recover(_reply(pre, "Bash", {"command": command}), TOOLS)
    assert not r.ok and r.rule == "ungrounded-call", r.detail
