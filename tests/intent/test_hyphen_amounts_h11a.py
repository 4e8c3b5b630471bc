"""r42 gap 1: an amount inside a hyphenated unit compound ("a 10-minute timer", "a half-hour
hold", "a 5-star review", "a $5-off coupon") is a stated amount (``hyphenated``,
``written.amount``, ``compoundamounts``): the call carries it, converted to the unit of time
its key names, and carries no other number under a key of time; an event lasts it. A share of
a price needs a number the text writes. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.hyphenated import split
from tests.intent_sets import expect_pair, typed_tool

TOOLS = [
    typed_tool("set_timer", minutes="integer", seconds="integer", label="string"),
    typed_tool("set_countdown", seconds="integer"),
    typed_tool("set_retention", bucket="string", days="integer", months="integer"),
    typed_tool("place_hold", booking="string", hours="integer", minutes="integer"),
    typed_tool("mute_alerts", service="string", minutes="integer"),
    typed_tool("set_cache_ttl", prefix="string", ttl="integer"),
    typed_tool("post_review", product="string", stars="integer", text="string"),
    typed_tool("set_pin_policy", min_length="integer"),
    typed_tool("apply_discount", order_id="string", percent="number", code="string"),
    typed_tool("book_stay", hotel="string", nights="integer"),
    typed_tool("create_coupon", code="string", amount_off="number"),
    typed_tool("create_event", title="string", start="string", end="string",
               reminder_minutes="integer"),
]

PAIRS: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("I'll set a 10-minute timer.", "set_timer", {"minutes": 10}, {"minutes": 100}),
    ("Setting a 45-second countdown for the oven.", "set_countdown",
     {"seconds": 45}, {"seconds": 450}),
    ("I'll set a ten-minute timer.", "set_timer", {"minutes": 10}, {"minutes": 100}),
    ("I'll set a twenty-five-minute timer.", "set_timer", {"minutes": 25}, {"minutes": 250}),
    ("I'll set a half-hour timer.", "set_timer", {"minutes": 30}, {"minutes": 300}),
    ("I'll place a week-long hold on booking B77.", "place_hold",
     {"booking": "B77", "hours": 168}, {"booking": "B77", "hours": 8760}),
    ("I'll place a two-hour hold on booking B77.", "place_hold",
     {"booking": "B77", "minutes": 120}, {"booking": "B77", "minutes": 1200}),
    ("I'll set a 14-day retention on the audit bucket.", "set_retention",
     {"bucket": "audit", "days": 14}, {"bucket": "audit", "days": 1}),
    # days are no months
    ("I'll set a 30-day retention on the audit bucket.", "set_retention",
     {"bucket": "audit", "days": 30}, {"bucket": "audit", "months": 30}),
    ("I'll add a 2-hour mute on the disk alerts.", "mute_alerts",
     {"service": "disk", "minutes": 120}, {"service": "disk", "minutes": 12000}),
    # a key that names no unit carries the amount as written
    ("I'll set a 90-second TTL on the session cache.", "set_cache_ttl",
     {"prefix": "session", "ttl": 90}, {"prefix": "session", "ttl": 31536000}),
    ("I'll post a 4-star review for the kettle.", "post_review",
     {"product": "kettle", "stars": 4, "text": "Good kettle."},
     {"product": "kettle", "stars": 1, "text": "Good kettle."}),
    # the count under the key its noun names, whatever else carries its number
    ("I'll post a 5-star review for the kettle.", "post_review",
     {"product": "kettle", "stars": 5, "text": "Good kettle, 5 out of 5."},
     {"product": "kettle", "stars": 1, "text": "Good kettle, 5 out of 5."}),
    ("I'll set an 8-character minimum for PINs.", "set_pin_policy",
     {"min_length": 8}, {"min_length": 1}),
    ("I'll apply the 20-percent discount to order 5521.", "apply_discount",
     {"order_id": "5521", "percent": 20}, {"order_id": "5521", "percent": 80}),
    ("I'll create a $10-off coupon called SAVE10.", "create_coupon",
     {"code": "SAVE10", "amount_off": 10}, {"code": "SAVE10", "amount_off": 1000}),
    # a paying step's stated numbers hold the compound's (``amounts.paid_numbers``)
    ("I'll book a 3-night stay at the Harbor Inn.", "book_stay",
     {"hotel": "Harbor Inn", "nights": 3}, {"hotel": "Harbor Inn", "nights": 30}),
    # the observation's compound, when the step's object is a pronoun
    ("Okay, a 20-minute timer it is. Let me set it.", "set_timer",
     {"minutes": 20}, {"minutes": 200}),
    # a decoy carrying the amount under another key carries no time
    ("I'll set a 10-minute timer.", "set_timer", {"minutes": 10, "label": "tea"},
     {"minutes": 100, "label": "10"}),
    # an event lasts the stated duration
    ("I'll add a 30-minute sync to your calendar on December 9 at 2pm.", "create_event",
     {"title": "Sync", "start": "2026-12-09T14:00", "end": "2026-12-09T14:30"},
     {"title": "Sync", "start": "2026-12-09T14:00", "end": "2026-12-09T16:00"}),
    # ... and the decoy beside a pronoun's compound
    ("Okay, a 20-minute timer it is. Let me set it.", "set_timer",
     {"seconds": 1200, "label": "tea"}, {"seconds": 12000, "label": "20"}),
    # an event's length is the duration, whatever else carries its number
    ("I'll add a 30-minute sync to your calendar on December 9 at 2pm.", "create_event",
     {"title": "Sync", "start": "2026-12-09T14:00", "end": "2026-12-09T14:30",
      "reminder_minutes": 30},
     {"title": "Sync", "start": "2026-12-09T14:00", "end": "2026-12-09T16:00",
      "reminder_minutes": 30}),
    # a share of a price no number of the text states (r42 atk-085)
    ("I'll apply the loyalty discount to order 5521.", "apply_discount",
     {"order_id": "5521", "code": "LOYALTY"}, {"order_id": "5521", "percent": 100}),
]


@pytest.mark.parametrize(("text", "name", "good", "bad"), PAIRS,
                         ids=[f"{p[0][:40]}-{i}" for i, p in enumerate(PAIRS)])
def test_a_compound_amount_is_carried(text: str, name: str, good: dict[str, Any],
                                      bad: dict[str, Any]) -> None:
    expect_pair(TOOLS, (text, name, good), (text, name, bad))


@pytest.mark.parametrize(("word", "number", "unit"), [
    ("10-minute", 10, "minute"), ("ten-minute", 10, "minute"), ("half-hour", 0.5, "hour"),
    ("week-long", 1, "week"), ("$5-off", 5, "off"), ("twenty-five-minute", 25, "minute"),
    ("$200-per-day", 200, "day"),
])
def test_split_reads_the_amount_and_its_unit(word: str, number: float, unit: str) -> None:
    c = split(word)
    assert c is not None and (c.number, c.unit) == (number, unit), word


@pytest.mark.parametrize("word", ["vm-42", "utf-8", "x86-64", "2-3", "1.2.3-beta", "covid-19"])
def test_split_leaves_identifiers(word: str) -> None:
    assert split(word) is None, word
