"""A step that cannot be taken back names its destination in any language: an account, an
environment or a channel is no name spelled in another script, so a non-Latin announcement
is compared with it as a Latin one is. Only an address (an email, a phone number) is exempt
there: "민수" is minsu.kim@... Each refusal has a near-identical reply that passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}}


PAY = _tool("transfer_funds", to_account="string", amount="number", currency="string")
DEPLOY = _tool("deploy_service", service="string", environment="string")
MAIL = _tool("send_email", to="string", subject="string", body="string")


def _recover(preamble: str, tool: dict[str, Any], args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": tool["function"]["name"], "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", [tool])


@pytest.mark.parametrize(("bad", "good", "tool", "args"), [
    ("我来转账 4800 欧元。", "我来给 acct-77310452 转账 4800 欧元。", PAY,
     {"to_account": "acct-77310452", "amount": 4800, "currency": "EUR"}),
    ("Разверну billing.", "Разверну billing в production.", DEPLOY,
     {"service": "billing", "environment": "production"}),
])
def test_a_destination_is_named_in_any_script(bad: str, good: str, tool: dict[str, Any],
                                              args: dict[str, Any]) -> None:
    r = _recover(bad, tool, args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    assert _recover(good, tool, args).ok, good


def test_an_address_is_not_compared_with_a_name_in_another_script() -> None:
    r = _recover("민수 씨에게 회의록을 보내겠습니다.", MAIL,
                 {"to": "minsu.kim@acme.kr", "subject": "회의록", "body": "민수 씨, 회의록입니다."})
    assert r.ok, r.detail
