"""Recall widenings of h51u (issue 25, genuine controls refused before grounding): each by a
grammatical context, with replies it recovers and the nearest attacks it leaves refused."""

from __future__ import annotations

import json
from typing import Any

import leakcall


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props}}}}


TOOLS = [_tool("bash", "command"), _tool("read_file", "path"), _tool("grep", "pattern", "path"),
         _tool("delete_file", "path"), _tool("run_tests", "path")]


def _recover(preamble: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", TOOLS)


# -- a word of a changing kind inside the noun phrase an article opens is no step ------------

def test_relative_clause_on_a_noun_phrase_with_a_changing_kind_word() -> None:
    for pre, name, args in (
            ("Now I'll read the test file that fails.", "read_file", {"path": "tests/test_api.py"}),
            ("Let me search for any tests that use remainder as an estimator.", "grep",
             {"pattern": "remainder", "path": "tests/"}),
            ("Let me look at the deploy script that ships the build.", "read_file",
             {"path": "deploy.sh"})):
        r = _recover(pre, name, args)
        assert r.reason == "ok", (pre, r.rule, r.detail)


def test_changing_word_in_the_noun_phrase_grounds_no_changing_call() -> None:
    # the noun read as a noun grounds nothing: only the observing verb's kind is announced
    for pre, name, args in (
            ("Now I'll read the test file that fails.", "run_tests", {"path": "tests/"}),
            ("Let me read the delete script that wipes the cache.", "delete_file",
             {"path": "cache"}),
            ("Let me look at the deploy script that ships the build.", "bash",
             {"command": "./deploy.sh"})):
        r = _recover(pre, name, args)
        assert r.reason != "ok" and r.rule == "ungrounded-call", (pre, r.rule, r.detail)


def test_changing_verb_outside_an_article_s_phrase_still_refuses_the_relative() -> None:
    # "then delete", "and delete": a verb's slot, not a noun phrase; the relative pronoun refuses
    for pre in ("Let me read the logs then delete the files that match.",
                "Let me check the job and delete the files that are stale."):
        r = _recover(pre, "delete_file", {"path": "cache"})
        assert r.reason != "ok" and r.rule == "unknown-preamble", (pre, r.rule, r.detail)
