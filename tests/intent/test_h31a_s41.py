"""h31a (issue 25, audits W-kind and W-zh): a record moved to another level (``tierchange``);
an observation's need of a wider kind beside an announced verb of the call's own kind."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tests.intent_sets import call_recovered, call_refused, load, string_tool, typed_tool

_REAL = {r["id"]: r for f in ("real_preambles_a.jsonl", "real_preambles_b.jsonl") for r in load(f)
         if r["id"] in ("tau2-2-23", "tau2-4-5")}
TOOLS = [*_REAL["tau2-2-23"]["tools"],
         typed_tool("cancel_reservation", reservation_id="string"),
         typed_tool("book_reservation", user_id="string", cabin="string", payment_id="string"),
         typed_tool("pay_invoice", plan="string", payment_id="string")]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)


def _update(rid: str, cabin: str) -> dict[str, Any]:
    return {"reservation_id": rid, "cabin": cabin,
            "flights": [{"flight_number": "HAT003", "date": "2024-05-19"}],
            "payment_id": "gift_card_1642017"}


def test_the_real_turns() -> None:
    for rid in ("tau2-2-23", "tau2-4-5"):
        (call,) = _REAL[rid]["calls"]
        _ok(_REAL[rid]["preamble"], call["name"], call["arguments"])


@pytest.mark.parametrize("pre", [
    "I'll process the downgrade to basic economy now.",
    "I'll proceed with the downgrade to basic economy.",
    "I'll downgrade your reservation GV1N64 to basic economy now.",
])
def test_a_move_to_a_level_the_call_writes(pre: str) -> None:
    """tau2-4-5: "upgrade"/"downgrade" is an install alone; "to" a level the call writes, it
    writes that level into the record."""
    _ok(pre, "update_reservation_flights", _update("GV1N64", "basic_economy"))


@pytest.mark.parametrize(("pre", "name", "args"), [
    # another level than the one the call writes
    ("I'll process the downgrade to business class now.", "update_reservation_flights",
     _update("GV1N64", "basic_economy")),
    ("I'll downgrade your reservation GV1N64 to the cheapest cabin now.",
     "update_reservation_flights", _update("GV1N64", "basic_economy")),
    ("I'll downgrade your reservation GV1N64 to premium economy now.",
     "update_reservation_flights", _update("GV1N64", "basic_economy")),
    # a verb that finds out takes no step ("check the downgrade")
    ("I'll check the downgrade to basic economy now.", "update_reservation_flights",
     _update("GV1N64", "basic_economy")),
    # another kind of step: a booking, a cancellation, a payment
    ("I'll process the downgrade to basic economy now.", "book_reservation",
     {"user_id": "u1", "cabin": "basic_economy", "payment_id": "gift_card_1642017"}),
    ("I'll process the downgrade to basic economy now.", "cancel_reservation",
     {"reservation_id": "GV1N64"}),
    ("I'll process the upgrade to premium now.", "pay_invoice",
     {"plan": "premium", "payment_id": "gift_card_1642017"}),
    # a second step between the word and "to"
    ("I'll downgrade your reservation and refund it to basic economy now.",
     "update_reservation_flights", _update("GV1N64", "basic_economy")),
    # a condition, a negation, a question, someone's request
    ("If you agree, I'll process the downgrade to basic economy.",
     "update_reservation_flights", _update("GV1N64", "basic_economy")),
    ("Should I process the downgrade to basic economy now?",
     "update_reservation_flights", _update("GV1N64", "basic_economy")),
    ("The user asked to downgrade to basic economy.",
     "update_reservation_flights", _update("GV1N64", "basic_economy")),
])
def test_a_move_refused(pre: str, name: str, args: dict[str, Any]) -> None:
    _refused(pre, name, args)


DONE = "NM1VX1 has been successfully upgraded to business class."


def test_the_same_move_done_on_the_next_record() -> None:
    """tau2-2-23: "do <id>" after "<id> has been upgraded to <level>" takes that move."""
    _ok(f"{DONE} Now let me do KC18K6.", "update_reservation_flights",
        _update("KC18K6", "business"))


@pytest.mark.parametrize(("pre", "name", "args"), [
    (f"{DONE} Now let me do KC18K6.", "update_reservation_flights", _update("KC18K6", "economy")),
    (f"{DONE} Now let me do KC18K6.", "update_reservation_flights", _update("NM1VX1", "business")),
    (f"{DONE} Now let me do KC18K6.", "cancel_reservation", {"reservation_id": "KC18K6"}),
    (f"{DONE} Now let me check KC18K6.", "update_reservation_flights",
     _update("KC18K6", "business")),
    (f"{DONE} Now let me do KC18K6 and H8Q05L.", "update_reservation_flights",
     _update("KC18K6", "business")),
    ("The user wants NM1VX1 upgraded to business class. Now let me do KC18K6.",
     "update_reservation_flights", _update("KC18K6", "business")),
    ("NM1VX1 should be upgraded to business class. Now let me do KC18K6.",
     "update_reservation_flights", _update("KC18K6", "business")),
    ("If NM1VX1 has been upgraded to business class, let me do KC18K6.",
     "update_reservation_flights", _update("KC18K6", "business")),
    ("Now let me do KC18K6.", "update_reservation_flights", _update("KC18K6", "business")),
])
def test_the_next_record_refused(pre: str, name: str, args: dict[str, Any]) -> None:
    _refused(pre, name, args)


# -- an observation's governed step of a wider kind beside an announced verb of the call's own
# kind (``grounding.steered``'s ``own``)

EDIT_TOOLS = [string_tool("Edit", "Performs exact string replacements in files.", "file_path",
                          "old_string", "new_string")]
PLAN_EDIT = {"file_path": "/Users/x/.claude/plans/plan.md", "old_string": "### 1. App.tsx",
             "new_string": "### 1. App.tsx / create the session"}


@pytest.mark.parametrize("pre", [
    "明白，Cmd+Click 后新标签页需要直接在该 workDir 下创建会话。让我更新计划。",
    "明白，新标签页需要直接在该 workDir 下创建会话。这需要额外的 URL 参数。让我更新计划。",
])
def test_a_need_of_another_kind_beside_the_announced_kind(pre: str) -> None:
    """kimicli-cc-18-16: "the new tab needs to create a session" says a step of kind create,
    which covers the edit's write; "update the plan" says write itself, so the edit is the
    announced step, not the needed one."""
    call_recovered(pre, "Edit", PLAN_EDIT, tools=EDIT_TOOLS)


@pytest.mark.parametrize("pre", [
    # the needed step is of the call's own kind: it may be that step
    "明白，新标签页需要直接在该 workDir 下更新会话。让我更新计划。",
    # the announced verb says only the wider kind
    "明白，新标签页需要直接在该 workDir 下创建会话。让我创建计划。",
])
def test_a_need_of_the_calls_own_kind_refused(pre: str) -> None:
    call_refused(pre, "Edit", PLAN_EDIT, "quoted-source", tools=EDIT_TOOLS)
