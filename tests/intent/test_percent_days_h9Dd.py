"""A percentage and a one-off time are held to their unit and their repetition (round 41 gap
G5; ``intent.percents``, ``intent.written.recurring``): "15%" grounds only 15 (or 0.15) under
a percentage key and no sum of money, for a computing tool too; a list of days repeats an
alarm the text sets once. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, typed_tool

TOOLS = [typed_tool("add_tip", percent="integer", amount="integer"),
         typed_tool("apply_discount", pct="number"),
         {"type": "function", "function": {"name": "set_alarm", "description": "set alarm",
          "parameters": {"type": "object", "properties": {
              "time": {"type": "string"},
              "days": {"type": "array", "items": {"type": "string"}}}}}},
         {"type": "function", "function": {"name": "create_reminder",
          "description": "create reminder", "parameters": {"type": "object", "properties": {
              "when": {"type": "string"}, "text": {"type": "string"},
              "repeat_days": {"type": "array", "items": {"type": "string"}}}}}}]

Call = tuple[str, dict[str, Any]]

# (preamble, refused, passing)
CASES: list[tuple[str, Call, Call]] = [
    ("I'll tip the driver 15%.", ("add_tip", {"percent": 150}), ("add_tip", {"percent": 15})),
    ("I'll tip the driver 15%.", ("add_tip", {"percent": 1}), ("add_tip", {"percent": 15})),
    ("I'll tip the courier 20%.", ("add_tip", {"amount": 20}),
     ("add_tip", {"percent": 20})),
    ("I'll apply a 10% discount.", ("apply_discount", {"pct": 100}),
     ("apply_discount", {"pct": 10})),
    ("I'll set an alarm for 7am.",
     ("set_alarm", {"time": "07:00", "days": ["mon", "tue", "wed", "thu", "fri"]}),
     ("set_alarm", {"time": "07:00"})),
    ("I'll set an alarm for 6:30.", ("set_alarm", {"time": "06:30", "days": ["sat"]}),
     ("set_alarm", {"time": "06:30", "days": []})),
    ("I'll create a reminder for 9am to call Sam.",
     ("create_reminder", {"when": "09:00", "text": "call Sam", "repeat_days": ["mon"]}),
     ("create_reminder", {"when": "09:00", "text": "call Sam"})),
]


@pytest.mark.parametrize(("preamble", "refused", "passing"), CASES)
def test_percentage_and_one_off_time_refused_beside_the_written_one(
        preamble: str, refused: Call, passing: Call) -> None:
    expect_refused(recover_after(preamble, TOOLS, refused), (preamble, refused))
    expect_recovered(recover_after(preamble, TOOLS, passing), (preamble, passing))


def test_days_stated_repeat_is_kept() -> None:
    """The text says the alarm repeats: its days are written."""
    expect_recovered(recover_after(
        "I'll set an alarm for 7am every weekday.", TOOLS,
        ("set_alarm", {"time": "07:00", "days": ["mon", "tue", "wed", "thu", "fri"]})),
        "every weekday")

