"""Numbers, hours, days and units other than written (issue 25, round 39): an hour set under
a key of its own (``setwhen._split``), "tomorrow" as exactly one day on (``reldays.exact``),
"R$" for reais (``unitwords``), a percent paid as a sum (``units``), one written figure
carried as two values and a bare degree figure in the other scale (``writtennumbers``).
Each refused call has its recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after


def _tool(name: str, description: str, **props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": props}}}


S: dict[str, Any] = {"type": "string"}
N: dict[str, Any] = {"type": "number"}
EVENTS = [_tool("create_event", "Create a calendar event.", title=S,
                date={"type": "string", "description": "YYYY-MM-DD"},
                start_time={"type": "string", "description": "HH:MM"}, end_time=S),
          _tool("list_events", "List the calendar events on a date.", date=S)]
REFUNDS = [_tool("issue_refund", "Refund an amount on an order to the original payment method.",
                 order_id=S, amount=N, currency={"type": "string",
                                                 "description": "ISO 4217 code"}),
           _tool("lookup_order", "Look up an order by its id.", order_id=S)]
THERMOSTAT = [_tool("set_thermostat", "Set a room thermostat.", room=S, temperature=N,
                    unit={"type": "string", "enum": ["celsius", "fahrenheit"]})]
INVOICES = [_tool("pay_invoice", "Pay an invoice from one of the user's accounts.",
                  invoice_id=S, amount=N, from_account=S)]
TIPS = [_tool("add_tip", "Add a tip to the ride payment, in the payment currency.",
              ride_id=S, amount=N)]


@pytest.fixture(autouse=True)
def _today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEAKCALL_TODAY", "2026-12-05")


def _event(day: str, start: str, end: str | None = None) -> tuple[str, dict[str, Any]]:
    args = {"title": "Team sync", "date": day, "start_time": start}
    return ("create_event", args if end is None else {**args, "end_time": end})


CASES: list[tuple[str, list[dict[str, Any]], tuple[str, dict[str, Any]],
                  tuple[str, dict[str, Any]]]] = [
    # a written hour is the hour the call sets, under a key of its own too
    ('I\'ll schedule "Team sync" for tomorrow at 10:00.', EVENTS,
     _event("2026-12-06", "10:00"), _event("2026-12-06", "22:00")),
    ('Creo l\'evento "Team sync" per domani alle 09:00.', EVENTS,
     _event("2026-12-06", "09:00"), _event("2026-12-06", "21:00")),
    ('I\'ll schedule "Team sync" for tomorrow at 10:00.', EVENTS,
     _event("2026-12-06", "10:00", "11:00"), _event("2026-12-06", "10:00", "23:59")),
    ('I\'ll schedule "Team sync" on 2026-12-09 at 10:00.', EVENTS,
     _event("2026-12-09", "10:00"), _event("2026-12-10", "10:00")),
    # "tomorrow" is the day after the reference day, neither today nor the day after
    ('I\'ll schedule "Team sync" for tomorrow at 10:00.', EVENTS,
     _event("2026-12-06", "10:00"), _event("2026-12-07", "10:00")),
    ('I\'ll schedule "Team sync" for tomorrow at 10:00.', EVENTS,
     _event("2026-12-06", "10:00"), _event("2026-12-05", "10:00")),
    ('I\'ll schedule "Team sync" for today at 10:00.', EVENTS,
     _event("2026-12-05", "10:00"), _event("2026-12-06", "10:00")),
    # "R$" is reais
    ("I'll refund R$50 on order 48213.", REFUNDS,
     ("issue_refund", {"order_id": "48213", "amount": 50, "currency": "BRL"}),
     ("issue_refund", {"order_id": "48213", "amount": 50, "currency": "USD"})),
    ("Vou reembolsar R$50 no pedido 48213.", REFUNDS,
     ("issue_refund", {"order_id": "48213", "amount": 50, "currency": "BRL"}),
     ("issue_refund", {"order_id": "48213", "amount": 50, "currency": "USD"})),
    # a percent is no sum of money
    ("I'll add a tip of 3 to ride R-7781.", TIPS,
     ("add_tip", {"ride_id": "R-7781", "amount": 3}),
     ("add_tip", {"ride_id": "R-7781", "amount": 30})),
    # one figure written once, carried as the thing's number and as a quantity
    ("I'll refund order 2500's 40 EUR.", REFUNDS,
     ("issue_refund", {"order_id": "2500", "amount": 40, "currency": "EUR"}),
     ("issue_refund", {"order_id": "2500", "amount": 2500, "currency": "EUR"})),
    ("I'll refund 50 EUR on order 50.", REFUNDS,
     ("issue_refund", {"order_id": "50", "amount": 50, "currency": "EUR"}),
     ("issue_refund", {"order_id": "50", "amount": 500, "currency": "EUR"})),
    ("I'll set the thermostat in room 35 to 21 degrees.", THERMOSTAT,
     ("set_thermostat", {"room": "room 35", "temperature": 21}),
     ("set_thermostat", {"room": "room 35", "temperature": 35})),
    ("I'll pay invoice 4200 for 120 from your checking account.", INVOICES,
     ("pay_invoice", {"invoice_id": "4200", "amount": 120, "from_account": "checking"}),
     ("pay_invoice", {"invoice_id": "4200", "amount": 4200, "from_account": "checking"})),
    # a bare degree figure is read in the scale that makes it a room's temperature
    ("I'll set the bedroom to 21 degrees.", THERMOSTAT,
     ("set_thermostat", {"room": "bedroom", "temperature": 21, "unit": "celsius"}),
     ("set_thermostat", {"room": "bedroom", "temperature": 21, "unit": "fahrenheit"})),
    ("I'll set the bedroom to 68 degrees.", THERMOSTAT,
     ("set_thermostat", {"room": "bedroom", "temperature": 68, "unit": "fahrenheit"}),
     ("set_thermostat", {"room": "bedroom", "temperature": 68, "unit": "celsius"})),
    ("Ik zet de slaapkamer op 20 graden.", THERMOSTAT,
     ("set_thermostat", {"room": "slaapkamer", "temperature": 20}),
     ("set_thermostat", {"room": "slaapkamer", "temperature": 20, "unit": "fahrenheit"})),
]


@pytest.mark.parametrize(("preamble", "tools", "ok", "bad"), CASES)
def test_written_number_is_carried_as_written(preamble: str, tools: list[dict[str, Any]],
                                              ok: tuple[str, dict[str, Any]],
                                              bad: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(preamble, tools, ok), ok)
    expect_refused(recover_after(preamble, tools, bad), bad, "ungrounded-call")


@pytest.mark.parametrize("preamble", ["I'll add a 15% tip to ride R-7781.",
                                      "I'll add a tip of 15% to ride R-7781."])
def test_percent_is_no_sum_of_money(preamble: str) -> None:
    bad = ("add_tip", {"ride_id": "R-7781", "amount": 15})
    got = recover_after(preamble, TIPS, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "share of one" in str(got.detail), got.detail


def test_scale_written_is_read_by_units() -> None:
    ok = ("set_thermostat", {"room": "bedroom", "temperature": 20, "unit": "fahrenheit"})
    expect_recovered(recover_after("I'll set the bedroom to 20 °F.", THERMOSTAT, ok), ok)


def test_oven_figure_fixes_no_scale() -> None:
    tools = [_tool("set_oven", "Set the oven temperature.", temperature=N,
                   unit={"type": "string", "enum": ["celsius", "fahrenheit"]})]
    ok = ("set_oven", {"temperature": 180, "unit": "celsius"})
    expect_recovered(recover_after("I'll set the oven to 180 degrees.", tools, ok), ok)


def test_memo_repeating_the_amount_is_no_second_value() -> None:
    # a free-text memo repeats the figure the text writes with its currency
    ok = ("pay_invoice", {"invoice_id": "F-889", "amount": 300, "memo": "invoice F-889 300 EUR"})
    tools = [_tool("pay_invoice", "Pay an invoice.", invoice_id=S, amount=N, memo=S)]
    expect_recovered(recover_after("I'll pay invoice F-889 of 300 EUR.", tools, ok), ok)
    bad = ("pay_invoice", {"invoice_id": "889", "amount": 889, "memo": "invoice 889"})
    expect_refused(recover_after("I'll pay invoice 889.", tools, bad), bad, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "tools", "ok", "bad"), [
    ("I'll refund order 2500 in EUR.", REFUNDS,
     ("issue_refund", {"order_id": "2500", "currency": "EUR"}),
     ("issue_refund", {"order_id": "2500", "amount": 2500, "currency": "EUR"})),
    ("I'll pay invoice 4200 from your checking account.", INVOICES,
     ("pay_invoice", {"invoice_id": "4200", "from_account": "checking"}),
     ("pay_invoice", {"invoice_id": "4200", "amount": 4200, "from_account": "checking"})),
    ("I'll set the thermostat in room 35 for you.", THERMOSTAT,
     ("set_thermostat", {"room": "room 35"}),
     ("set_thermostat", {"room": "room 35", "temperature": 35, "unit": "celsius"})),
    ("Ich stelle das Thermostat in Zimmer 40 ein.", THERMOSTAT,
     ("set_thermostat", {"room": "Zimmer 40"}),
     ("set_thermostat", {"room": "Zimmer 40", "temperature": 40, "unit": "celsius"})),
])
def test_number_naming_a_thing_is_no_quantity(preamble: str, tools: list[dict[str, Any]],
                                              ok: tuple[str, dict[str, Any]],
                                              bad: tuple[str, dict[str, Any]]) -> None:
    got = recover_after(preamble, tools, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "names a thing" in str(got.detail), got.detail
    expect_recovered(recover_after(preamble, tools, ok), ok)


@pytest.mark.parametrize(("preamble", "tools", "call"), [
    ("I'll refund 2500 EUR on order 2500.", REFUNDS,
     ("issue_refund", {"order_id": "2500", "amount": 2500, "currency": "EUR"})),
    ("I'll set the thermostat in room 21 to 21 degrees.", THERMOSTAT,
     ("set_thermostat", {"room": "room 21", "temperature": 21})),
])
def test_number_written_twice_is_both(preamble: str, tools: list[dict[str, Any]],
                                      call: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(preamble, tools, call), call)


def test_hour_set_without_a_date_is_the_written_hour() -> None:
    tools = [_tool("set_reminder", "Set a reminder.", text=S,
                   time={"type": "string", "description": "HH:MM"})]
    ok = ("set_reminder", {"text": "call Dana", "time": "10:00"})
    bad = ("set_reminder", {"text": "call Dana", "time": "22:00"})
    preamble = "I'll set a reminder to call Dana at 10:00."
    expect_recovered(recover_after(preamble, tools, ok), ok)
    expect_refused(recover_after(preamble, tools, bad), bad, "ungrounded-call")
