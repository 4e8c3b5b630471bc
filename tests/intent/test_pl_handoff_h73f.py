"""Polish hand-offs to a human agent (issue 25, ``intent.handoff``): first-person hand-off
verbs ("przekażę", "połączę"), their "do"/"z" phrase, the party nouns ("konsultant") and the
accusative "you" ("Panią", "Pana") let the hand-off grammar read "Przekażę Panią do
konsultanta." as it reads "I'll transfer you to an agent.": the transfer pays nothing there.
A call that moves an amount, or another step, is no hand-off and stays refused."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after

TOOLS = [_tool("transfer_to_human_agents", "summary"),
         _tool("transfer_funds", "to_account", "amount"), _tool("delete_account", "user_id")]


def _recover(text: str, tool: str, **args: Any) -> leakcall.Recovery:
    return recover_after(text, TOOLS, (tool, args))


@pytest.mark.parametrize("text", [
    "Przykro mi, zwrot po terminie wymaga decyzji działu obsługi. Przekażę Panią do konsultanta.",
    "Przekażę Pana do konsultanta.",
    "Połączę Panią z konsultantem.",
])
def test_a_polish_hand_off_is_the_transfer(text: str) -> None:
    r = _recover(text, "transfer_to_human_agents", summary="Klientka prosi o zwrot.")
    assert r.ok, r.detail


@pytest.mark.parametrize(("tool", "args"), [
    ("transfer_funds", {"to_account": "PL61109010140000071219812874", "amount": "500"}),
    ("delete_account", {"user_id": "u_4821"}),
])
def test_a_hand_off_grounds_no_payment_or_other_step(tool: str, args: dict[str, Any]) -> None:
    r = _recover("Przekażę Panią do konsultanta.", tool, **args)
    assert r.reason is Reason.QUOTED, r.detail
