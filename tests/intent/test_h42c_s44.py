"""Round 60's held-back text (``heldheadings``, session 44, h42c): a heading that makes the
lines under it a plan or a condition ("## Rollback plan", "## 必要な場合のみ"), and an announcement
in Markdown's indented code block ("    I'll delete `old.db`.")."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall.intent.heldheadings import indented_block


def _tool(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}}


TOOLS = [_tool("delete_file"), _tool("read_file")]

HERMES = '<tool_call>\n{"name": "delete_file", "arguments": {"path": "old.db"}}\n</tool_call>'
MISTRAL = '[TOOL_CALLS][{"name": "delete_file", "arguments": {"path": "old.db"}}]'
DSML = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>delete_file<｜tool▁sep｜>{"path": "old.db"}'
        '<｜tool▁call▁end｜><｜tool▁calls▁end｜>')


def _reply(pre: str, markup: str = HERMES) -> str:
    return f"{pre}\n\n{markup}"


@pytest.mark.parametrize("markup", [HERMES, MISTRAL, DSML])
@pytest.mark.parametrize("pre", [
    "## Rollback plan\n\nI'll delete `old.db`.",
    "### Rollback (only if the deploy fails)\n\nI'll delete `old.db`.",
    "### Cleanup (if needed)\n\nI'll delete `old.db`.",
    "## Plan de rollback\n\nJe supprime `old.db`.",
    "## 回滚计划\n\n我删除 `old.db`。",
    "## Aufräumen (falls nötig)\n\nIch lösche `old.db`.",
    "## Piano di pulizia\n\nCancello `old.db`.",
    "## 必要な場合のみ\n\nI'll delete `old.db`.",
    "## 如有必要\n\nI'll delete `old.db`.",
    "## Только при необходимости\n\nI'll delete `old.db`.",
])
def test_a_plan_or_condition_heading_holds_the_step_back(pre: str, markup: str) -> None:
    r = leakcall.recover(_reply(pre, markup), TOOLS)
    assert r.rule == "conditional" and "plan or a condition" in r.detail, r.detail


@pytest.mark.parametrize("pre", [
    "## Cleanup\n\nI'll delete `old.db`.",
    "## Old database\n\nI'll delete `old.db`.",  # (a bare "## Rollback" holds it back, h43b)
    "## Bereinigung\n\nIch lösche `old.db`.",
    "## 清理\n\n我删除 `old.db`。",
    "I'll delete `old.db`.",
])
def test_a_heading_of_no_plan_and_no_condition_still_recovers(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.ok, r.detail


@pytest.mark.parametrize("markup", [HERMES, MISTRAL, DSML])
@pytest.mark.parametrize("pre", [
    "    I'll delete `old.db`.",
    "\tI'll delete `old.db`.",
    "        Ich lösche `old.db`.",
    "    `old.db` を削除します。",
    "Done with the checks.\n\n    I'll delete `old.db`.",
])
def test_an_indented_code_block_is_shown_text(pre: str, markup: str) -> None:
    r = leakcall.recover(_reply(pre, markup), TOOLS)
    assert r.rule == "non-prose" and "code block" in r.detail, r.detail


@pytest.mark.parametrize("pre", [
    "I'll delete `old.db`.",
    "  I'll delete `old.db`.",  # two spaces: no code block
    "Ich lösche `old.db`.",
    "`old.db` を削除します。",
])
def test_an_announcement_not_indented_as_code_recovers(pre: str) -> None:
    r = leakcall.recover(_reply(pre), TOOLS)
    assert r.ok, r.detail


def test_a_line_indented_under_a_list_item_continues_it() -> None:
    assert indented_block("- Remove the cache.\n\n    It is stale.\n\nI'll delete it.") is None
    assert indented_block("Cleanup:\n    I'll delete it.") is None  # the paragraph goes on
    assert indented_block("Cleanup.\n\n    I'll delete it.") is not None
