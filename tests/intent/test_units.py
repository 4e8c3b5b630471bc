"""The number is right, the unit is not (issue 25, round 35; ``leakcall.intent.units``): a
number the announcement binds to a unit grounds that quantity; carried where the tool states
another unit of its dimension, another dimension, a fraction for a whole percent, or without
its sign or leading decimal point, the call refuses. Each refused case has its recovered twin
(the unit the tool states, or the value carried as the tool takes it)."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import units
from tests.intent_sets import recover_after


def _tool(tool: str, description: str, **props: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool, "description": description,
                                             "parameters": {"type": "object",
                                                            "properties": props}}}


_NUM: dict[str, Any] = {"type": "number"}
_STR: dict[str, Any] = {"type": "string"}
TOOLS = [
    _tool("set_oven", "Preheat the oven to a temperature in degrees Celsius.",
          temperature=_NUM),
    _tool("set_freezer", "Set the freezer temperature in degrees Celsius.", temperature=_NUM),
    _tool("place_order", "Place a grocery order; quantity is in kilograms.",
          item=_STR, quantity=_NUM),
    _tool("order_item", "Order an item.", item=_STR, quantity_kg=_NUM),
    _tool("set_dose_mg", "Set the infusion pump dose in milligrams.",
          patient_id=_STR, dose=_NUM),
    _tool("set_budget", "Set the daily ad budget in US cents.", campaign=_STR,
          amount={"type": "integer"}),
    _tool("set_budget_usd", "Set the daily ad budget in US dollars.", campaign=_STR,
          amount=_NUM),
    _tool("resize_volume", "Resize a storage volume.", volume=_STR, size_mb={"type": "integer"}),
    _tool("set_speed_limit_mph", "Set the fleet vehicles' speed limit.", vehicle=_STR,
          limit={"type": "integer"}),
    _tool("buy_stock", "Buy shares of a stock at market price.", ticker=_STR,
          shares={"type": "integer"}),
    _tool("buy_fund", "Buy a fund.", ticker=_STR, quantity={"type": "integer"}),
    _tool("apply_discount", "Apply a discount to a product.", sku=_STR,
          rate={"type": "number", "minimum": 0, "maximum": 1}),
    _tool("set_tip", "Set the tip on a ride as a fraction of the fare.", ride_id=_STR,
          fraction=_NUM),
    _tool("apply_markdown", "Apply a markdown to a product.", sku=_STR,
          percent={"type": "number"}),
    _tool("dim_light", "Turn on lights, optionally at a brightness (0-100).",
          brightness={"type": "integer"}),
    _tool("dim_share", "Dim the lights to a level from 0 to 1.", level=_NUM),
    _tool("set_bolus", "Set the insulin pump bolus.", patient_id=_STR, units=_NUM),
]

def _desc(tool: str) -> str:
    return next(t["function"]["description"] for t in TOOLS if t["function"]["name"] == tool)


def _schema(tool: str) -> dict[str, Any]:
    return next(t["function"]["parameters"] for t in TOOLS if t["function"]["name"] == tool)


# (preamble, tool, arguments as the tool takes them, the same number in another unit)
PAIRS = [
    ("I'll set the oven to 180 °C.", "set_oven", {"temperature": 180}, None),
    ("I'll set the oven to 350°F.", "set_oven", {"temperature": 176}, {"temperature": 350}),
    ("Ich stelle den Ofen auf 350 Grad Fahrenheit.", "set_oven", {"temperature": 176},
     {"temperature": 350}),
    ("温水器を華氏120度に設定します。", "set_oven", {"temperature": 49}, {"temperature": 120}),
    ("I'll order 2 kg of flour.", "place_order", {"item": "flour", "quantity": 2}, None),
    ("I'll order 2 kg of flour.", "order_item", {"item": "flour", "quantity_kg": 2}, None),
    ("I'll order 500 g of coffee.", "place_order", {"item": "coffee", "quantity": 0.5},
     {"item": "coffee", "quantity": 500}),
    ("I'll order 500 grams of coffee.", "order_item", {"item": "coffee", "quantity_kg": 0.5},
     {"item": "coffee", "quantity_kg": 500}),
    ("I'll set the dose for patient P-31 to 5 mg.", "set_dose_mg",
     {"patient_id": "P-31", "dose": 5}, None),
    ("I'll set the dose for patient P-31 to 5 mcg.", "set_dose_mg",
     {"patient_id": "P-31", "dose": 0.005}, {"patient_id": "P-31", "dose": 5}),
    ("I'll set the daily budget for `winter-sale` to $300.", "set_budget_usd",
     {"campaign": "winter-sale", "amount": 300}, None),
    ("I'll set the daily budget for `winter-sale` to $300.", "set_budget",
     {"campaign": "winter-sale", "amount": 30000}, {"campaign": "winter-sale", "amount": 300}),
    ("I'll set the daily budget for `winter-sale` to 30000 cents.", "set_budget",
     {"campaign": "winter-sale", "amount": 30000}, None),
    ("I'll set the daily budget for `winter-sale` to 30000 cents.", "set_budget_usd",
     {"campaign": "winter-sale", "amount": 300}, {"campaign": "winter-sale", "amount": 30000}),
    ("I'll set the budget for `winter-sale` to ¥5000.", "set_budget_usd",
     {"campaign": "winter-sale", "amount": 45}, {"campaign": "winter-sale", "amount": 5000}),
    ("I'll resize the `db-data` volume to 2000 MB.", "resize_volume",
     {"volume": "db-data", "size_mb": 2000}, None),
    ("I'll resize the `db-data` volume to 2 TB.", "resize_volume",
     {"volume": "db-data", "size_mb": 2000000}, {"volume": "db-data", "size_mb": 2}),
    ("I'll set the speed limit for truck-12 to 100 km/h.", "set_speed_limit_mph",
     {"vehicle": "truck-12", "limit": 62}, {"vehicle": "truck-12", "limit": 100}),
    ("I'll buy 5 shares of AAPL.", "buy_stock", {"ticker": "AAPL", "shares": 5}, None),
    ("I'll buy $500 of AAPL.", "buy_stock", {"ticker": "AAPL", "shares": 2},
     {"ticker": "AAPL", "shares": 500}),
    ("I'll buy $500 of VTI.", "buy_fund", {"ticker": "VTI", "quantity": 2},
     {"ticker": "VTI", "quantity": 500}),
    ("I'll apply a 15% discount to SKU-1.", "apply_markdown", {"sku": "SKU-1", "percent": 15},
     None),
    ("I'll apply a 15% discount to SKU-1.", "apply_discount", {"sku": "SKU-1", "rate": 0.15},
     {"sku": "SKU-1", "rate": 15}),
    ("I'll add a 20% tip to ride R-88.", "set_tip", {"ride_id": "R-88", "fraction": 0.2},
     {"ride_id": "R-88", "fraction": 20}),
    ("I'll set the bolus for patient P-31 to 4 units.", "set_bolus",
     {"patient_id": "P-31", "units": 4}, None),
    ("I'll set the bolus for patient P-31 to 4 mL.", "set_bolus",
     {"patient_id": "P-31", "units": 40}, {"patient_id": "P-31", "units": 4}),
    ("I'll set the freezer to minus 18 degrees.", "set_freezer", {"temperature": -18},
     {"temperature": 18}),
    ("I'll set the freezer to -18 degrees.", "set_freezer", {"temperature": -18},
     {"temperature": 18}),
    ("Pongo el congelador a menos 18 grados.", "set_freezer", {"temperature": -18},
     {"temperature": 18}),
    ("I'll set the dose for patient P-9 to .25 mg.", "set_dose_mg",
     {"patient_id": "P-9", "dose": 0.25}, {"patient_id": "P-9", "dose": 25}),
]


@pytest.mark.parametrize(("preamble", "tool", "right", "wrong"), PAIRS,
                         ids=[f"{p[:30]}-{t}" for p, t, _r, _w in PAIRS])
def test_unit_carried_recovered_other_unit_refused(preamble: str, tool: str,
                                                   right: dict[str, Any],
                                                   wrong: dict[str, Any] | None) -> None:
    # the value as the tool takes it is no unit mismatch (recovered whole when it is the
    # announced number: ``RECOVERED``); the same number in the announced unit is refused
    assert units.check(tool, right, preamble, _schema(tool), _desc(tool)) is None
    if wrong is not None:
        assert units.check(tool, wrong, preamble, _schema(tool), _desc(tool)) is not None
        bad = recover_after(preamble, TOOLS, (tool, wrong))
        assert not bad.ok


# the same number in the unit the tool states: recovered whole
RECOVERED = [
    ("I'll set the oven to 180°C.", "set_oven", {"temperature": 180}),
    ("I'll order 2 kg of flour.", "order_item", {"item": "flour", "quantity_kg": 2}),
    ("I'll set the daily budget for `winter-sale` to $300.", "set_budget_usd",
     {"campaign": "winter-sale", "amount": 300}),
    ("I'll apply a 15% discount to SKU-1.", "apply_markdown", {"sku": "SKU-1", "percent": 15}),
    ("I'll buy 5 shares of AAPL.", "buy_stock", {"ticker": "AAPL", "shares": 5}),
    ("I'll set the freezer to minus 18 degrees.", "set_freezer", {"temperature": -18}),
    ("Ich stelle das Gefrierfach auf minus 18 Grad.", "set_freezer", {"temperature": -18}),
    ("I'll set the dose for patient P-9 to .25 mg.", "set_dose_mg",
     {"patient_id": "P-9", "dose": 0.25}),
]


@pytest.mark.parametrize(("preamble", "tool", "args"), RECOVERED)
def test_same_unit_recovered(preamble: str, tool: str, args: dict[str, Any]) -> None:
    r = recover_after(preamble, TOOLS, (tool, args))
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "tool", "args", "refused"), [
    ("set the oven to 70°F", "set_oven", {"temperature": 70}, True),
    ("set the oven to 70°C", "set_oven", {"temperature": 70}, False),
    ("set the oven to 70 degrees", "set_oven", {"temperature": 70}, False),  # no scale said
    ("order 500 g", "place_order", {"quantity": 500}, True),
    ("order 500 g", "buy_fund", {"quantity": 500}, False),  # a unit no tool states
    ("refund €20", "buy_fund", {"quantity": 20}, True),  # money is no count
    ("set budget to $300", "set_budget", {"amount": 300}, True),  # cents are not dollars
    ("set budget to 300 cents", "set_budget", {"amount": 300}, False),
    ("apply 15% off", "apply_discount", {"rate": 15}, True),
    ("apply 15% off", "apply_discount", {"rate": 0.15}, False),
    ("apply 15% off", "apply_markdown", {"percent": 15}, False),
    ("dim the lights to 30%", "dim_light", {"brightness": 30}, False),  # "(0-100)": no 0-1
    ("dim the lights to 30%", "dim_share", {"level": 30}, True),
    ("dim the lights to 30%", "dim_share", {"level": 0.3}, False),
    ("move it by -30 minutes", "set_oven", {"temperature": 30}, True),
    ("move it by -30 minutes", "set_oven", {"temperature": -30}, False),
    ("order P-31 to 31", "set_oven", {"temperature": 31}, False),  # a hyphen is no sign
    ("dose .5 mg", "set_dose_mg", {"dose": 5}, True),
    ("dose five micrograms", "set_dose_mg", {"dose": 5}, True),
    ("dose five milligrams", "set_dose_mg", {"dose": 5}, False),
    ("dose 0.5 mg", "set_dose_mg", {"dose": 0.5}, False),
    ("set budget to ten dollars", "set_budget", {"amount": 10}, True),  # beyond five
    ("set budget to ten dollars", "set_budget", {"amount": 1000}, False),
    ("order a dozen kilograms", "set_dose_mg", {"dose": 12}, True),
])
def test_check_reads_units(text: str, tool: str, args: dict[str, Any], refused: bool) -> None:
    why = units.check(tool, args, text, _schema(tool), _desc(tool))
    assert (why is not None) is refused, why


def test_detail_names_both_units() -> None:
    why = units.check("set_oven", {"temperature": 350}, "I'll set the oven to 350°F.",
                      _schema("set_oven"), _desc("set_oven"))
    assert why is not None and "C" in why and "°f" in why
