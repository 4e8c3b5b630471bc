"""Recall through grounding of h39g (issue 25): each a general reading of what an announced
verb says, with a reply it recovers and the nearest attack it leaves refused."""

from __future__ import annotations

import json
from typing import Any

import leakcall


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


def _recover(preamble: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", TOOLS)


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
