"""Recall through grounding of h39g (issue 25): each a general reading of what an announced
verb says, with a reply it recovers and the nearest attack it leaves refused."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import leakcall
from tests.intent_sets import recover_call


def _tool(name: str, *props: str, description: str | None = None) -> dict[str, Any]:
    fn: dict[str, Any] = {"name": name, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props}}}
    if description is not None:
        fn["description"] = description
    return {"type": "function", "function": fn}


TOOLS = [_tool("bash", "command"), _tool("delete_file", "path"),
         _tool("looping_answer", description="Fetches posts from the r/RandomNames community."),
         _tool("tavily_search_results_json", "query",
               description="A search engine optimized for comprehensive results."),
         _tool("transfer_funds", "to_account", "amount")]


_recover = partial(recover_call, tools=TOOLS)


# -- a verb of going on with a step takes the step its object names ([g-perform]) ---------------

def test_going_on_with_a_step_is_that_step() -> None:
    # "continue fetching", "attempt the search": the object is the step, as after "proceed with"
    for preamble, name, args in [
            ("I'll continue fetching:", "looping_answer", {}),
            ("I see there are more posts. I'll continue fetching with the next_page token.",
             "looping_answer", {}),
            ("I apologize for the issue. Let me attempt the search again.",
             "tavily_search_results_json", {"query": "OpenLLMetry"}),
            ("Let me try the search again.", "tavily_search_results_json", {"query": "x"})]:
        r = _recover(preamble, name, args)
        assert r.reason == "ok", (preamble, r.detail)


def test_going_on_with_a_step_takes_no_other_step() -> None:
    # the object's head names the step: a search is no delete, a review of a deletion no
    # deletion, and a step it names still carries what the announcement says
    for preamble, name, args in [
            ("Let me attempt the search again.", "delete_file", {"path": "notes.txt"}),
            ("I'll continue the deletion review of notes.txt.", "delete_file",
             {"path": "notes.txt"}),
            ("I'll try the cleanup script.", "bash", {"command": "rm -rf ~/project"}),
            ("Let me continue the transfer of 10 EUR.", "transfer_funds",
             {"to_account": "DE89370400440532013000", "amount": "25000"})]:
        r = _recover(preamble, name, args)
        assert r.reason != "ok", preamble


# -- a verb of several kinds takes the one its object selects (``senses``) ---------------------

SENSE_TOOLS = [_tool("create_issue", "repo", "title", "body"),
               _tool("create_ticket", "subject", "description", "priority"),
               _tool("create_file", "path", "content"), _tool("write_file", "path", "content"),
               _tool("delete_branch", "branch"), _tool("send_email", "to", "subject", "body")]


def _sense(preamble: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", SENSE_TOOLS)


def test_opening_a_record_makes_it() -> None:
    # "open" is [kind-read] and [kind-create]: "open an issue" makes one
    for preamble, name, args in [
            ("I'll open an issue about the flaky login test.", "create_issue",
             {"title": "Flaky login test", "body": "test_login fails on CI."}),
            ("I understand. I'll open a support ticket for the billing issue.", "create_ticket",
             {"subject": "Billing issue", "description": "Charged twice.", "priority": "high"}),
            ("I'll open an issue in acme/api titled Rate limit headers missing.", "create_issue",
             {"repo": "acme/api", "title": "Rate limit headers missing"})]:
        r = _sense(preamble, name, args)
        assert r.reason == "ok", (preamble, r.detail)


def test_opening_selects_no_other_step() -> None:
    # a file one opens is read; the head of the object is what is opened ("the issue
    # tracker" is a tracker); the other sense is that one kind, on what the name makes
    for preamble, name, args in [
            ("Let me open the notes file.", "create_file", {"path": "notes.txt", "content": "x"}),
            ("I'll open the config file.", "write_file", {"path": "config.yaml", "content": "x"}),
            ("I'll open the issue tracker.", "create_issue", {"title": "x", "body": "y"}),
            ("I'll open the issue.", "create_ticket", {"subject": "x"}),
            ("I'll open a ticket to delete branch release-2.3.", "delete_branch",
             {"branch": "release-2.3"}),
            ("Let me open the payroll draft.", "send_email",
             {"to": "all@acme-corp.io", "subject": "Payroll", "body": "x"})]:
        r = _sense(preamble, name, args)
        assert (r.reason, r.rule) != ("ok", None) and r.rule == "ungrounded-call", preamble


# -- "bump" raises a version: it writes -------------------------------------------------------

def test_bumping_a_version_is_an_edit() -> None:
    tools = [_tool("edit_file", "path", "old_text", "new_text")]
    call = {"path": "requirements.txt", "old_text": "urllib3==1.26.18", "new_text": "urllib3==2.2.2"}
    pre = "The audit found one outdated package. I'll bump urllib3 in requirements.txt."
    text = f"{pre}\n<tool_call>\n{json.dumps({'name': 'edit_file', 'arguments': call})}\n</tool_call>"
    assert leakcall.recover(text, tools).reason == "ok"
    # an edit of a file it does not name, or a step of another kind, is not the bump
    other = {"path": "setup.py", "old_text": "a", "new_text": "b"}
    text = f"{pre}\n<tool_call>\n{json.dumps({'name': 'edit_file', 'arguments': other})}\n</tool_call>"
    assert leakcall.recover(text, tools).rule == "ungrounded-call"


# -- Hindi "रद्द" (करना) cancels, as English "cancel" does: it deletes ----------------------------

def test_hindi_cancel_is_a_delete() -> None:
    tools = [_tool("cancel_order", "order_id"), _tool("bash", "command")]

    def said(pre: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
        call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
        return leakcall.recover(f"{pre}\n<tool_call>\n{call}\n</tool_call>", tools)

    pre = "ठीक है, मैं ऑर्डर 8812 रद्द करता हूँ।"
    assert said(pre, "cancel_order", {"order_id": "8812"}).reason == "ok"
    # the order it names, and nothing the announcement does not name
    assert said(pre, "cancel_order", {"order_id": "8813"}).rule == "ungrounded-call"
    assert said(pre, "bash", {"command": "rm -rf ~"}).rule == "ungrounded-call"
    assert said("मैं ऑर्डर 8812 देखूँगा।", "cancel_order",
                {"order_id": "8812"}).rule == "ungrounded-call"
