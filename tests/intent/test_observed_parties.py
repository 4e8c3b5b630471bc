"""A party an observation names ([actor]: "the customer", "they", 你, "вы") limits the calls
(``actors.parties``, ``grounding.partied``, rule ``other-actor``): the step may be that party's,
so only observing calls are grounded with one. An observation that restates the user's
situation ("你下午要去北京出差", "вы собираетесь в Москву") before the assistant's own lookup is
the task; the same observation before a call that changes something refuses."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("get_weather", "Get the current weather for a city.", "city"),
         string_tool("get_order_status", "Look up the status of an order.", "order_id"),
         string_tool("cancel_order", "Cancel an order.", "order_id"),
         string_tool("delete_repo", "Delete a repository.", "repo")]

WEATHER_BJ = ("get_weather", {"city": "北京"})
WEATHER_MSK = ("get_weather", {"city": "Москва"})
STATUS = ("get_order_status", {"order_id": "98120"})
CANCEL = ("cancel_order", {"order_id": "98120"})
DELETE = ("delete_repo", {"repo": "acme/web"})


@pytest.mark.parametrize(("text", "call"), [
    ("好的，收到。你下午要去北京出差。我来帮你查一下北京现在的天气。",
     WEATHER_BJ),
    ("Понял, вы собираетесь в Москву. Сейчас проверю погоду в Москве.", WEATHER_MSK),
    ("明白了，您说包裹已经三天没有更新了。我将为您查询订单 98120 的状态。", STATUS),
    ("They said the order is late. Let me check the status of order 98120.", STATUS),
])
def test_a_party_before_an_observing_step_recovers(text: str, call: tuple[str, Any]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "call"), [
    ("They said the order is late. Let me cancel order 98120.", CANCEL),
    ("Понял, вы собираетесь удалить репозиторий. Сейчас удалю репозиторий acme/web.", DELETE),
    ("The customer wants the order gone. I'll cancel order 98120.", CANCEL),
])
def test_a_party_before_a_changing_step_refuses(text: str, call: tuple[str, Any]) -> None:
    r = recover_after(text, TOOLS, call)
    assert (r.reason, r.rule) == (Reason.QUOTED, "other-actor"), r.detail


def test_a_fact_the_user_said_before_a_changing_step_refuses() -> None:
    # "you said the parcel has not moved in three days": a fact the user reported asks no
    # step (``asked``), which refuses first
    r = recover_after("明白了，您说包裹已经三天没有更新了。我将为您取消订单 98120。", TOOLS, CANCEL)
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail


def test_the_same_observing_call_after_a_refused_changing_one() -> None:
    # one changing call beside an observing one is enough to refuse the reply
    r = recover_after("They said the order is late. Let me check order 98120 and cancel it.",
                      TOOLS, STATUS, CANCEL)
    assert (r.reason, r.rule) == (Reason.QUOTED, "other-actor"), r.detail
