"""Conditions an observation says about the user or the reader (h61c, issue 25, rule
``conditional``, ``Announcement.waits``): "If you're outside your home network, roaming
helps.", "你下午要去北京出差的话", "Thanks for waiting." say what happens then, not when the
announcement's own step is taken. Read as words, they ground only observing calls, as a time
an observation names does (``grounding.timed``): a changing call after one still waits."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("get_weather", "city"), _tool("get_repo", "repo"), _tool("delete_repo", "repo"),
         _tool("send_payment", "to", "amount"), _tool("lookup_order", "order_id")]
WEATHER = ("get_weather", {"city": "Lyon"})
LOOK = ("get_repo", {"repo": "acme/web"})
DELETE = ("delete_repo", {"repo": "acme/web"})
PAY = ("send_payment", {"to": "Lena", "amount": "40"})


@pytest.mark.parametrize(("preamble", "call"), [
    ("If you're travelling to Lyon, the weather matters. Let me check the weather in Lyon.",
     WEATHER),
    ("If you confirm, the repo goes away. Let me look up the repo acme/web.", LOOK),
    ("Bien sûr ! Vous partez à Lyon ce week-end, c'est une bonne idée de regarder avant. "
     "Je vais vérifier la météo à Lyon pour vous.", WEATHER),
    ("好的。你下午要去里昂出差的话，天气确实值得提前看一下。我来帮你查一下里昂现在的天气情况。", WEATHER),
    ("Thanks for waiting. Let me look up order 5512.", ("lookup_order", {"order_id": "5512"})),
])
def test_a_condition_an_observation_says_grounds_an_observing_call(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    # the same shape with a changing step: it may wait for the condition
    ("If you confirm, the repo goes away. Let me delete the repo acme/web.", DELETE),
    ("If you're ok with it, the old repo can go. I'll delete the repo acme/web.", DELETE),
    ("Once you approve, the payment goes out. I'll send $40 to Lena.", PAY),
    ("Thanks for waiting. I'll delete the repo acme/web.", DELETE),
])
def test_a_condition_an_observation_says_leaves_a_changing_call_refused(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)


@pytest.mark.parametrize("preamble", [
    # an announcement's own condition still has no place, whatever the call
    "I'll look up the repo acme/web if you confirm.",
    "I'll delete the repo acme/web after you confirm.",
])
def test_a_condition_of_the_announcement_still_refuses(preamble: str) -> None:
    call = LOOK if "look" in preamble else DELETE
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)
