"""Session 44, h39c (issue 25, real a+b recall): a noun joined by "and" is no verb.

``nounconjunct``: a word of no kind right after "and", after a determiner's noun phrase, with
nothing of its own after it, is a noun of that phrase, not a second verb ("check your current
network status and speed to diagnose the issue"; tau2-6-1); a compound so joined only in a
look's object ("proceed with checking the APN settings and network mode preference on your
phone to ensure ..."; tau2-6-13)."""

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


PHONE = ("I'll check the APN settings and network mode preference on your phone to ensure "
         "they are correctly configured.")


def test_a_compound_joined_by_and_in_a_look_is_no_verb() -> None:
    r = leakcall.recover(_reply(PHONE, "get_details_by_id", {"id": "P1001"}), TOOLS)
    assert r.ok, r.detail


def test_a_compound_after_a_changing_verb_stays_a_step() -> None:
    # "nuke staging db on prod" may be a step of a kind no table knows: the deletion acts on
    # what it names, another step's object
    pre = "I'll delete the old logs and nuke staging db on prod."
    r = leakcall.recover(_reply(pre, "delete_line", {"id": "staging db prod"}), TOOLS)
    assert not r.ok and "object of another announced step" in r.detail, r.detail


@pytest.mark.parametrize("pre,name", [
    (PHONE, "reset_device"),
    # a compound ending the sentence has no place after it: its first word keeps its slot
    ("I'll check the APN settings and network mode preference.", "get_details_by_id"),
])
def test_the_compound_reading_grounds_no_other_step(pre: str, name: str) -> None:
    r = leakcall.recover(_reply(pre, name, {"id": "P1001"}), TOOLS)
    assert not r.ok and r.rule == "ungrounded-call", r.detail
