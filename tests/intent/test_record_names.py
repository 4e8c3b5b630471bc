"""The kind a tool's name says, read as a phrase (h63k, issue 25): after a looking verb a noun
of a step's record is what is read ("get_payment", confirmed by a one-clause description that
opens with a looking verb); a program and its subcommand ("git_log") take the subcommand's
kind, their arguments read as its command line; "assign", "grant", "type-check" and
``docker build`` have their kinds. Each pair: a sibling that must stay refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall.intent.toolkinds import tool_kinds
from tests.intent_sets import string_tool as _tool


def _recover(preamble: str, tool: dict[str, Any], args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": tool["function"]["name"], "arguments": args})
    return leakcall.recover(f"{preamble}\n\n<tool_call>\n{call}\n</tool_call>", [tool])


LOOK = "Let me look up payment pay_4Hx1."
PAY = {"payment_id": "pay_4Hx1"}
COMMITS = "Let me look at the recent commits."
SHELL = _tool("run_command", "Run a shell command in the workspace.", "command")


def test_record_noun_after_looking_verb_is_read() -> None:
    r = _recover(LOOK, _tool("get_payment", "Look up a payment by id.", "payment_id"), PAY)
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize("description", [
    "Retrieves a payment and captures it.",   # a second clause
    "Captures a payment.",                    # no looking lead
    "Get a payment from the customer.",       # "get" also obtains
    "",                                       # no description
])
def test_record_noun_unconfirmed_stays_a_step(description: str) -> None:
    r = _recover(LOOK, _tool("get_payment", description, "payment_id"), PAY)
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail


def test_record_noun_after_request_stays_a_step() -> None:
    r = _recover("Let me look up the refund for order 7731.",
                 _tool("request_refund", "Request a refund.", "order_id"), {"order_id": "7731"})
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail


def test_program_subcommand_name_takes_its_kind() -> None:
    r = _recover(COMMITS, _tool("git_log", "Show recent commits.", "max_count"),
                 {"max_count": "10"})
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize("args", [{"args": "--all; git reset --hard HEAD~3"},
                                  {"command": "git reset --hard HEAD~3"}])
def test_program_subcommand_arguments_are_its_command_line(args: dict[str, Any]) -> None:
    r = _recover(COMMITS, _tool("git_log", "Show recent commits.", *args), args)
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail


def test_assign_is_a_write() -> None:
    tool = _tool("assign_ticket", "Assign a ticket to an agent.", "ticket_id", "assignee")
    args = {"ticket_id": "5520", "assignee": "maya"}
    assert _recover("I'll assign ticket 5520 to Maya.", tool, args).reason == "ok"
    r = _recover("I'll look at ticket 5520 for Maya.", tool, args)
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail


def test_type_check_is_a_test() -> None:
    ok = _recover("Let me type-check the project with mypy.", SHELL, {"command": "mypy src"})
    assert ok.reason == "ok", ok.detail
    r = _recover("Let me type-check the project with mypy.", SHELL, {"command": "rm -rf src"})
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail


def test_docker_build_is_a_build() -> None:
    ok = _recover("I'll build the Docker image.", SHELL, {"command": "docker build -t myapp ."})
    assert ok.reason == "ok", ok.detail
    r = _recover("I'll build the Docker image.", SHELL, {"command": "docker run --rm myapp"})
    assert (r.reason, r.rule) == ("quoted", "ungrounded-call"), r.detail


def test_program_subcommand_name_kind_without_description() -> None:
    # the name alone says the step: no description is needed to read "git_log" as a look
    assert tool_kinds("git_log") == {"read"}
    assert tool_kinds("docker_ps") == {"list"}
    assert "test" not in tool_kinds("make_test")  # "make" is a verb of the table, no program
