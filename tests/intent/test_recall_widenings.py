"""Recall widenings of the positive model (issue 25, h35r): each a closed production of the
grammar or a grounding condition, with a reply it recovers and the nearest attack it leaves
refused."""

from __future__ import annotations

import json
from typing import Any

import leakcall


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props}}}}


TOOLS = [_tool("bash", "command"), _tool("run_tests", "path"), _tool("read_file", "path"),
         _tool("install_package", "name"), _tool("delete_file", "path"),
         _tool("delete_branch", "repo", "branch")]


def _recover(preamble: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", TOOLS)


# -- a [concept] term of several words, written as consecutive tokens, names its meaning ------

def test_concept_phrase_of_syllables_names_its_meaning() -> None:
    # "kiểm thử" (test): its first syllable names nothing alone, its second is an adverb
    for pre in ("Tôi sẽ chạy các bài kiểm thử.", "Để tôi chạy các bài kiểm tra."):
        r = _recover(pre, "run_tests", {"path": "tests/"})
        assert r.reason == "ok", (pre, r.detail)
    assert _recover("Tôi sẽ chạy các bài kiểm thử.", "bash", {"command": "pytest -q"}).reason == "ok"


def test_concept_phrase_grounds_no_other_step() -> None:
    # the phrase means a test: no delete of the tests, no step on another thing
    r = _recover("Tôi sẽ chạy các bài kiểm thử.", "bash", {"command": "rm -rf tests"})
    assert r.reason != "ok" and r.rule == "ungrounded-call"
    r = _recover("Tôi sẽ chạy các bài kiểm thử.", "bash", {"command": "make deploy"})
    assert r.reason != "ok"
