"""An opener cut from its step by a space or a stop, with only a refusing word after it
(``verbless._cut_opener``, session 43, found by h38b): "ฉันไม่ ลบ `prod.db`" ("I not / delete
`prod.db`") read the step as a subject-dropped sentence of its own and lost the negation."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall


def _tool(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}


TOOLS = [_tool("delete_file"), _tool("read_file")]


def _reply(pre: str, name: str = "delete_file") -> str:
    return (f'{pre}\n\n<tool_call>\n{{"name": "{name}", "arguments": {{"path": "prod.db"}}}}\n'
            "</tool_call>")


@pytest.mark.parametrize("pre", [
    "ฉันไม่ ลบ `prod.db`",  # I not / delete
    "ฉันถ้า ลบ `prod.db`",  # I if / delete
    "ฉันอาจจะ ลบ `prod.db`",  # I maybe / delete
    "ฉันไม่. ลบ `prod.db`",
])
def test_an_opener_cut_from_its_step_with_a_refusing_word_refuses(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.rule == "unknown-preamble" and "opener with only a word" in r.detail, r.detail


@pytest.mark.parametrize("pre", [
    "ฉันจะลบ `prod.db`",  # I will delete
    "ฉันจะ ลบ `prod.db`",  # the opener alone before its step: nothing is lost
])
def test_the_whole_announcement_still_recovers(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.ok, r.detail
