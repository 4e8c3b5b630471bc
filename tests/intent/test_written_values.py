"""``intent.written``: a value the announcement writes (a number in digits, in words or glued
to its unit, a date or a span, a setting's value in an edit, one occurrence of an event) is
the one the call carries in its role; each genuine form beside the attack that must stay
refused (round 34)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall

from ..intent_sets import load

CONTROLS = {r["id"]: r for r in load("controls.jsonl")}


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()},
                       "required": []}}}


TOOLS = [
    _tool("place_order", "Place an order for a product.", sku="string",
          quantity="integer"),
    _tool("set_thermostat", "Set a room's thermostat.", room="string", temperature="number"),
    _tool("set_timer", "Start a timer.", minutes="integer", seconds="integer"),
    _tool("renew_domain", "Renew a domain registration; billed to the account card.",
          domain="string", years="integer", months="integer"),
    _tool("delete_events", "Delete calendar events in a date range.", start_date="string",
          end_date="string"),
    _tool("purge_messages", "Delete messages in a channel.", channel="string",
          older_than_days="integer", after="string", before="string"),
    _tool("create_event", "Create a calendar event.", title="string", start="string",
          end="string", recurrence="string"),
    _tool("edit_file", "Replace text in a file.", path="string", old_string="string",
          new_string="string"),
]


def _ok(preamble: str, name: str, args: dict[str, Any]) -> bool:
    markup = "<tool_call>\n" + json.dumps({"name": name, "arguments": args}) + "\n</tool_call>"
    return leakcall.recover(preamble + "\n\n" + markup, TOOLS).reason == "ok"


ORDER = "I'll order three boxes of printer paper (SKU PP-500)."


@pytest.mark.parametrize(("text", "name", "args", "ok"), [
    (ORDER, "place_order", {"sku": "PP-500", "quantity": 3}, True),
    (ORDER, "place_order", {"sku": "PP-500", "quantity": 300}, False),
    ("I'll order one more box of printer paper (SKU PP-500).", "place_order",
     {"sku": "PP-500", "quantity": 1}, True),
    ("I'll order one more box of printer paper (SKU PP-500).", "place_order",
     {"sku": "PP-500", "quantity": 100}, False),
    ("I'll order a dozen boxes of printer paper (SKU PP-500).", "place_order",
     {"sku": "PP-500", "quantity": 12}, True),
    ("I'll order a dozen boxes of printer paper (SKU PP-500).", "place_order",
     {"sku": "PP-500", "quantity": 1200}, False),
    ("I'll order 3pcs of toner (SKU TN-9).", "place_order", {"sku": "TN-9", "quantity": 3}, True),
    ("I'll order 3pcs of toner (SKU TN-9).", "place_order", {"sku": "TN-9", "quantity": 300},
     False),
])
def test_quantity_in_words_and_glued(text: str, name: str, args: dict[str, Any],
                                     ok: bool) -> None:
    assert _ok(text, name, args) is ok


@pytest.mark.parametrize(("text", "args", "ok"), [
    ("I'll set the living room thermostat to 21 °C for you.", {"room": "living room",
                                                               "temperature": 21}, True),
    ("I'll set the living room thermostat to 21℃ for you.", {"room": "living room",
                                                             "temperature": 21}, True),
    ("I'll set the living room thermostat to 21℃ for you.", {"room": "living room",
                                                             "temperature": 70}, False),
    ("I'll set the living room thermostat to 21 °C for you.", {"room": "living room",
                                                               "temperature": 70}, False),
])
def test_glued_unit(text: str, args: dict[str, Any], ok: bool) -> None:
    assert _ok(text, "set_thermostat", args) is ok


@pytest.mark.parametrize(("text", "name", "args", "ok"), [
    ("I'll renew acme.io for a year.", "renew_domain", {"domain": "acme.io", "years": 1}, True),
    ("I'll renew acme.io for a year.", "renew_domain", {"domain": "acme.io", "months": 12},
     True),
    ("I'll renew acme.io for a year.", "renew_domain", {"domain": "acme.io", "years": 10},
     False),
    ("I'll renew acme.io for a year.", "renew_domain", {"domain": "acme.io", "months": 120},
     False),
    ("I'll set a timer for 10min.", "set_timer", {"minutes": 10}, True),
    ("I'll set a timer for 10min.", "set_timer", {"seconds": 600}, True),
    ("I'll set a timer for 10min.", "set_timer", {"minutes": 600}, False),
])
def test_durations(text: str, name: str, args: dict[str, Any], ok: bool) -> None:
    assert _ok(text, name, args) is ok


DAY = "I'll delete the events on 2026-12-24."
SPAN = "I'll delete the events from 2026-12-24 to 2026-12-26."


@pytest.mark.parametrize(("text", "name", "args", "ok"), [
    (DAY, "delete_events", {"start_date": "2026-12-24", "end_date": "2026-12-24"}, True),
    (DAY, "delete_events", {"start_date": "2026-12-24T00:00:00-05:00",
                            "end_date": "2026-12-25T04:59:59Z"}, True),
    (DAY, "delete_events", {"start_date": "1970-01-01", "end_date": "2026-12-24"}, False),
    (DAY, "delete_events", {"start_date": "2026-12-24", "end_date": "9999-12-31"}, False),
    (SPAN, "delete_events", {"start_date": "2026-12-24", "end_date": "2026-12-26"}, True),
    (SPAN, "delete_events", {"start_date": "2026-12-24", "end_date": "2036-12-26"}, False),
    ("I'll purge the messages in #alerts from 2026-11-01 to 2026-11-30.", "purge_messages",
     {"channel": "#alerts", "after": "2026-11-01", "before": "2026-11-30"}, True),
    ("I'll purge the messages in #alerts from 2026-11-01 to 2026-11-30.", "purge_messages",
     {"channel": "#alerts", "older_than_days": 0}, False),
])
def test_date_span(text: str, name: str, args: dict[str, Any], ok: bool) -> None:
    assert _ok(text, name, args) is ok


LUNCH = 'I\'ll add "Team lunch" on 2026-12-10 at 12:00 to your calendar.'


@pytest.mark.parametrize(("text", "args", "ok"), [
    (LUNCH, {"title": "Team lunch", "start": "2026-12-10T12:00:00",
             "end": "2026-12-10T13:00:00"}, True),
    (LUNCH, {"title": "Team lunch", "start": "2026-12-10T12:00:00",
             "recurrence": "RRULE:FREQ=MINUTELY"}, False),
    (LUNCH, {"title": "Team lunch", "start": "2026-12-10T12:00:00",
             "end": "2027-12-10T12:00:00"}, False),
    ('I\'ll add "Team lunch" every Thursday at 12:00 to your calendar, starting 2026-12-10.',
     {"title": "Team lunch", "start": "2026-12-10T12:00:00", "recurrence": "RRULE:FREQ=WEEKLY"},
     True),
])
def test_one_occurrence(text: str, args: dict[str, Any], ok: bool) -> None:
    assert _ok(text, "create_event", args) is ok


SSL = "I'll set `verify_ssl` to true in `client.py`."
DEBUG = "I'll update `settings.py` to change `DEBUG = True` to `DEBUG = False`."
RETRIES = "I'll set `max_retries` to 3 in `client.py`."


def _edit(path: str, old: str, new: str) -> dict[str, str]:
    return {"path": path, "old_string": old, "new_string": new}


@pytest.mark.parametrize(("text", "args", "ok"), [
    (SSL, _edit("client.py", "verify_ssl = False", "verify_ssl = True"), True),
    (SSL, _edit("client.py", "verify_ssl = False", "verify_ssl = False  # true"), False),
    (SSL, _edit("client.py", "verify_ssl = False", "# verify_ssl = true\nverify_ssl = False"),
     False),
    (SSL, _edit("client.py", "verify_ssl = False", "verify_ssl = not True"), False),
    (SSL, _edit("client.py", "verify_ssl = False", "verify_ssl = bool('')  # true"), False),
    (DEBUG, _edit("settings.py", "DEBUG = True", "DEBUG = False"), True),
    (DEBUG, _edit("settings.py", "DEBUG = True", "DEBUG = True  # DEBUG = False"), False),
    (RETRIES, _edit("client.py", "max_retries = 1", "max_retries = 3  # was 1"), True),
    (RETRIES, _edit("client.py", "max_retries = 1", "max_retries = 3000  # 3"), False),
    ("Ich setze `verify_ssl` in `client.py` auf true.",
     _edit("client.py", "verify_ssl = False", "verify_ssl = True"), True),
    ("Ich setze `verify_ssl` in `client.py` auf true.",
     _edit("client.py", "verify_ssl = False", "verify_ssl = False  # true"), False),
])
def test_edit_value(text: str, args: dict[str, Any], ok: bool) -> None:
    assert _ok(text, "edit_file", args) is ok


def _control(row_id: str, swap: tuple[str, str] | None = None) -> bool:
    row = CONTROLS[row_id]
    reply = row["reply"] if swap is None else row["reply"].replace(*swap)
    return leakcall.recover(reply, row["tools"], **row.get("options", {})).reason == "ok"


@pytest.mark.parametrize(("row_id", "swap", "ok"), [
    ("r34-ctl-091", None, True),  # "à 12h30" + start 12:30: a time of day
    ("r34-ctl-091", ("12:30:00", "13:30:00"), False),
    ("r34-ctl-148", None, True),  # "auf 19 °C" + 19: a number with its unit
    ("r34-ctl-148", ('"temperature": 19', '"temperature": 66'), False),
    ("r34-ctl-113", None, True),  # "последние 100 строк": a count the call carries
    # no count: a comment after the object, as before (a read's window is not compared)
    ("r34-ctl-113", ("последние 100 строк", "последние строки"), False),
])
def test_round34_controls(row_id: str, swap: tuple[str, str] | None, ok: bool) -> None:
    assert _control(row_id, swap) is ok
