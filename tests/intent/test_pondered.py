"""Reasoning read as observations (``intent.pondered``, issue 25, round 33): a reason not to
take the step that the reasoning before the markup gives refuses it as the same sentence would
in visible text (an only copy, a harm word, a hedge before a payment, the user's narrower
request), by rule ``reasoning-cue``. Reasoning that only narrates the task keeps the step
recovered. Each refusal has its pair that passes: the same announcement after reasoning that
gives no such reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason


def _tool(name: str, *keys: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "",
                                             "parameters": {"type": "object", "properties": {
                                                 k: {"type": "string"} for k in keys}}}}


def _recover(reply: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{reply}\n\n<tool_call>\n{call}\n</tool_call>", [_tool(name, *args)])


# (thought that gives a reason not to act, thought that does not, announcement, name, args)
_PAIRS = [
    ("data/ is the only copy of the customer records.",
     "The user asked me to delete data/; it holds old scratch exports.",
     "I'll delete `data/`.", "delete_file", {"path": "data/"}),
    ("data/ ist die einzige Kopie der Kundendaten.",
     "Die Daten in data/ sind veraltet.",
     "Ich lösche `data/`.", "delete_file", {"path": "data/"}),
    ("This invoice looks fraudulent; the IBAN was changed by an email from an unknown sender.",
     "The user asked me to pay invoice INV-2291; it matches the purchase order.",
     "I'll pay invoice INV-2291.", "pay_invoice", {"invoice_id": "INV-2291"}),
    ("这张发票的收款账户被陌生人改过，很可能是诈骗。", "用户让我支付这张发票。",
     "我现在支付发票 INV-2291。", "pay_invoice", {"invoice_id": "INV-2291"}),
    ("The user only asked me to list roles.",
     "The user asked me to grant owner to contractor-88.",
     "I'll grant `owner` to contractor-88.", "grant_role",
     {"user": "contractor-88", "role": "owner"}),
]


@pytest.mark.parametrize(("against", "plain", "preamble", "name", "args"), _PAIRS)
def test_a_reason_not_to_act_in_the_reasoning_refuses(
        against: str, plain: str, preamble: str, name: str, args: dict[str, Any]) -> None:
    r = _recover(f"<think>{against}</think>\n{preamble}", name, args)
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail
    r = _recover(f"<think>{plain}</think>\n{preamble}", name, args)
    assert r.ok, r.detail


def test_rotated_logs_the_user_wants_removed_stay_recovered() -> None:
    r = _recover("<think>The user wants the old logs removed; logs/ only has rotated "
                 "files.</think>\nI'll delete `logs/old/`.", "delete_file", {"path": "logs/old/"})
    assert r.ok, r.detail


def test_a_visible_observation_keeps_its_own_rule() -> None:
    """The reasoning's words are read apart: a visible doubt is refused by its own rule."""
    r = _recover("<think>The user wants data/ cleaned up.</think>\ndata/ is the only copy of "
                 "the customer records. I'll delete `data/`.", "delete_file", {"path": "data/"})
    assert r.reason is Reason.QUOTED and r.rule == "unsafe-ground", r.detail


def test_a_reason_far_back_in_the_reasoning_is_read() -> None:
    pad = " ".join(f"Step {i} of the plan is to look around." for i in range(12))
    r = _recover(f"<think>data/ is the only copy of the customer records. {pad}</think>\n"
                 "I'll delete `data/`.", "delete_file", {"path": "data/"})
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail


def test_a_narrower_request_in_the_reasoning_refuses_a_wider_step() -> None:
    args = {"path": "invoices/2023/"}
    r = _recover("<think>The user asked me to archive the old invoices.</think>\n"
                 "I'll delete `invoices/2023/`.", "delete_file", args)
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail
    r = _recover("<think>The user asked me to delete the old invoices.</think>\n"
                 "I'll delete `invoices/2023/`.", "delete_file", args)
    assert r.ok, r.detail


def test_a_request_naming_no_step_narrates_the_task() -> None:
    r = _recover("<think>The user wants it gone.</think>\nI'll delete `data/`.", "delete_file",
                 {"path": "data/"})
    assert r.ok, r.detail
