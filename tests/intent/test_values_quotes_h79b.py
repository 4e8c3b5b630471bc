"""Recall forms of h79b (issue 25), each beside the nearest form that stays refused: German
and Polish low quotes („…“, „…”) balance; Japanese corner quotes (「…」) read as quotes and
the quotative という after one; a Chinese value clause after a comma ("，提交信息是“…”")
reads its copula as a preposition (as "为"); the Chinese hand-off verb 转接 with a party
("我帮您转接人工客服")."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.prose import _non_prose

from ..intent_sets import Stepped, expect_pair, recover_after
from .test_handoff import SUMMARY, TOOLS

COMMIT = {"type": "function", "function": {
    "name": "git_commit", "description": "Commit the staged changes with a message.",
    "parameters": {"type": "object", "properties": {"message": {"type": "string"}},
                   "required": ["message"]}}}
FLIGHTS = {"type": "function", "function": {
    "name": "search_flights", "description": "Search flights between two cities on a date.",
    "parameters": {"type": "object", "properties": {
        "origin": {"type": "string"}, "destination": {"type": "string"},
        "date": {"type": "string"}}, "required": ["origin", "destination", "date"]}}}
COMMITS = [COMMIT, FLIGHTS]


def _commit(message: str) -> tuple[str, dict[str, Any]]:
    return ("git_commit", {"message": message})


DE = "Ich committe die Änderungen mit der Nachricht „Timeout erhöhen“."
PL = "Zatwierdzam zmiany z komunikatem „Zwiększ limit”."
JA = "テストが通りました。「Add retry logic」というメッセージでコミットします。"
ZH = "我把修改提交一下，提交信息是“修复分页错误”。"
ZH_DATE = "我帮你搜索一下上海到东京的航班，日期是12月20日。"
FLIGHT = ("search_flights", {"origin": "上海", "destination": "东京", "date": "2025-12-20"})

COMMIT_PAIRS = [
    # (recovered preamble, refused preamble, the call both are followed by)
    (DE, "Ich committe die Änderungen mit der Nachricht „Timeout erhöhen.",
     _commit("Timeout erhöhen")),
    (DE, "Ich committe die Änderungen mit der Nachricht Timeout erhöhen“.",
     _commit("Timeout erhöhen")),
    (DE, "Ich committe die Änderungen mit der Nachricht „Timeout erhöhen“ morgen.",
     _commit("Timeout erhöhen")),
    (JA, "テストが通りました。「Add retry logic」というメッセージで明日コミットします。",
     _commit("Add retry logic")),
    (JA, "テストが通りました。ユーザーが「Add retry logic」というメッセージでコミットします。",
     _commit("Add retry logic")),
    (JA, "テストが通りました。「Add retry logic」というメッセージでコミットしますか。",
     _commit("Add retry logic")),
    (JA, "テストが通りました。「Add retry logic というメッセージでコミットします。",
     _commit("Add retry logic")),
    (ZH, "我把修改提交一下，提交时间是明天。", _commit("修复分页错误")),
    (ZH, "我把修改提交一下，提交时间是 10:00。", _commit("修复分页错误")),
    (ZH, "我把修改提交一下，提交信息是“修复分页错误”，时间是明天。", _commit("修复分页错误")),
    (ZH, "我把修改提交一下，例子是“修复分页错误”。", _commit("修复分页错误")),
    (ZH, "提交信息是“修复分页错误”，我把修改提交一下。", _commit("修复分页错误")),
    (ZH, "我把修改提交一下，你的提交信息是“修复分页错误”。", _commit("修复分页错误")),
    (ZH, "我把修改提交一下，提交信息是“修复分页错误”吗。", _commit("修复分页错误")),
    (ZH, "我把修改提交一下，前提是“测试通过”。", _commit("修复分页错误")),
    (ZH_DATE, "我帮你搜索一下上海到东京的航班，日期是12月20日以后。", FLIGHT),
]


@pytest.mark.parametrize(("recovered", "refused", "call"), COMMIT_PAIRS)
def test_value_and_quote_pair(recovered: str, refused: str,
                              call: tuple[str, dict[str, Any]]) -> None:
    got = recover_after(recovered, COMMITS, call)
    assert got.ok, (recovered, got.rule, got.detail)
    assert not recover_after(refused, COMMITS, call).ok, refused


def test_polish_low_quotes_balance() -> None:
    """„…” (Polish) pairs as „…“ does: the balance check passes it to the grammar."""
    assert _non_prose(PL) is None
    assert _non_prose(DE) is None
    assert _non_prose("Zatwierdzam zmiany z komunikatem „Zwiększ limit.") is not None
    assert _non_prose("Ich committe „Timeout „erhöhen“.") is not None


ZH_HANDOFF = "非常抱歉，这个退款申请超出了我的处理权限。我帮您转接人工客服。"
MONEY = {"to_account": "IT60X0542811101000000123456", "amount": "500"}

HANDOFF_PAIRS = [
    # (recovered, refused): a payment, a tool the party does not reach, a time, a condition,
    # another actor, a question, money handed over ("转给" is no hand-off verb)
    ((ZH_HANDOFF, "transfer_to_human_agents", SUMMARY), (ZH_HANDOFF, "transfer_funds", MONEY)),
    ((ZH_HANDOFF, "transfer_to_human_agents", SUMMARY),
     (ZH_HANDOFF, "delete_repo", {"repo": "acme/payments"})),
    (("我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY),
     ("明天我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY)),
    (("我帮您转接到人工客服。", "transfer_to_human_agents", SUMMARY),
     ("如果需要,我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY)),
    (("我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY),
     ("客服会帮您转接。", "transfer_to_human_agents", SUMMARY)),
    (("我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY),
     ("我帮您转接人工客服吗", "transfer_to_human_agents", SUMMARY)),
    (("我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY),
     ("我帮您转给客服 500 元。", "transfer_funds", MONEY)),
    (("我帮您转接人工客服。", "transfer_to_human_agents", SUMMARY),
     ("我帮您转接退款部门。", "transfer_to_human_agents", SUMMARY)),
]


@pytest.mark.parametrize(("recovered", "refused"), HANDOFF_PAIRS)
def test_zh_handoff_pair(recovered: Stepped, refused: Stepped) -> None:
    expect_pair(TOOLS, recovered, refused)
