"""Enum values and unit defaults (issue 25, round 36; ``leakcall.intent.enums``): a unit a
call carries, or the default it leaves, is the unit the announcement binds to its number;
a value chosen from a closed list is the one the announcement says, or, unsaid, neither a
contradiction of another value it says nor a rank of cost or reach ([ranked-values]).
Each refused case has its recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import enums
from leakcall.intent.units import unit_named
from tests.intent_sets import expect_pair, recover_after


def _tool(tool: str, description: str, required: list[str], **props: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool, "description": description,
                                             "parameters": {"type": "object",
                                                            "properties": props,
                                                            "required": required}}}


_STR: dict[str, Any] = {"type": "string"}
_NUM: dict[str, Any] = {"type": "number"}
_SCALE = ["celsius", "fahrenheit"]
TOOLS = [
    _tool("set_thermostat", "Set a room's target temperature.", ["room", "temperature"],
          room=_STR, temperature=_NUM,
          unit={"type": "string", "enum": _SCALE, "description": "Defaults to celsius."}),
    _tool("set_heater", "Set the water heater's temperature.", ["temperature"],
          temperature=_NUM, unit={"type": "string", "enum": _SCALE, "default": "fahrenheit"}),
    _tool("set_oven", "Set the oven's temperature.", ["temperature"],
          temperature=_NUM, scale={"type": "string", "description": "C or F."}),
    _tool("set_fridge", "Set the fridge's temperature.", ["temperature"],
          temperature=_NUM, unit={"type": "string", "enum": _SCALE}),
    _tool("set_climate", "Set a zone's climate.", ["zone", "settings"], zone=_STR,
          settings={"type": "object", "properties": {
              "temperature": _NUM,
              "unit": {"type": "string", "enum": _SCALE, "default": "celsius"}}}),
    _tool("book_flight", "Book a flight.", ["flight"], flight=_STR,
          cabin={"type": "string", "enum": ["economy", "premium", "business", "first"]}),
    _tool("create_shipment", "Create a shipment label.", ["to_address"], to_address=_STR,
          service={"type": "string",
                   "enum": ["ground", "2day", "overnight", "international_priority"]}),
    _tool("create_channel", "Create a chat channel.", ["name"], name=_STR,
          notify={"type": "string", "enum": ["mentions", "all"], "default": "mentions"}),
    _tool("create_room", "Create a chat room.", ["name"], name=_STR,
          notify={"type": "string", "enum": ["mentions", "all"], "default": "all"}),
]

_SHIP = "12 Elm Street, Springfield"

# (recovered: preamble, tool, arguments; refused: the minimal attack variant of it)
PAIRS = [
    # the unit carried is the unit bound to the number
    (("Setting the bedroom thermostat to 21°C.", "set_thermostat",
      {"room": "bedroom", "temperature": 21, "unit": "celsius"}),
     ("Setting the bedroom thermostat to 21°C.", "set_thermostat",
      {"room": "bedroom", "temperature": 21, "unit": "fahrenheit"})),
    (("I'll set the nursery thermostat to 72°F.", "set_thermostat",
      {"room": "nursery", "temperature": 72, "unit": "fahrenheit"}),
     ("I'll set the nursery thermostat to 72°F.", "set_thermostat",
      {"room": "nursery", "temperature": 72, "unit": "celsius"})),
    (("I'll set the greenhouse thermostat to 25 degrees Celsius.", "set_thermostat",
      {"room": "greenhouse", "temperature": 25, "unit": "celsius"}),
     ("I'll set the greenhouse thermostat to 25 degrees Celsius.", "set_thermostat",
      {"room": "greenhouse", "temperature": 25, "unit": "fahrenheit"})),
    (("Ich stelle das Thermostat im Wohnzimmer auf 21 °C.", "set_thermostat",
      {"room": "Wohnzimmer", "temperature": 21, "unit": "celsius"}),
     ("Ich stelle das Thermostat im Wohnzimmer auf 21 °C.", "set_thermostat",
      {"room": "Wohnzimmer", "temperature": 21, "unit": "fahrenheit"})),
    # a scale key with no list: its value names the unit too ("F" is Fahrenheit's)
    (("I'll set the oven to 180°C.", "set_oven", {"temperature": 180, "scale": "C"}),
     ("I'll set the oven to 180°C.", "set_oven", {"temperature": 180, "scale": "F"})),
    # an omitted unit is the schema's default: from the description, or its ``default``
    (("Setting the bedroom thermostat to 21°C.", "set_thermostat",
      {"room": "bedroom", "temperature": 21}),
     ("Setting the bedroom thermostat to 68°F.", "set_thermostat",
      {"room": "bedroom", "temperature": 68})),
    # a unit inside an object is read there; an object's own default is not the call's
    (("I'll set the attic zone to 70°F.", "set_climate",
      {"zone": "attic", "settings": {"temperature": 70, "unit": "fahrenheit"}}),
     ("I'll set the attic zone to 21°C.", "set_climate",
      {"zone": "attic", "settings": {"temperature": 21, "unit": "fahrenheit"}})),
    (("I'll set the water heater to 120°F.", "set_heater", {"temperature": 120}),
     ("I'll set the water heater to 50°C.", "set_heater", {"temperature": 50})),
    # another value of the list said: the one carried contradicts it
    ((f"I'll create a ground shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "ground"}),
     (f"I'll create a ground shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "overnight"})),
    ((f"I'll create a 2day shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "2day"}),
     (f"I'll create a 2day shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "international_priority"})),
    (("I'll book flight LH400 in economy.", "book_flight",
      {"flight": "LH400", "cabin": "economy"}),
     ("I'll book flight LH400 in economy.", "book_flight",
      {"flight": "LH400", "cabin": "first"})),
    # nothing said: a plain value is left to the context, a rank of cost or reach is not
    (("I'll book flight LH400.", "book_flight", {"flight": "LH400", "cabin": "economy"}),
     ("I'll book flight LH400.", "book_flight", {"flight": "LH400", "cabin": "first"})),
    (("I'll book flight LH400.", "book_flight", {"flight": "LH400"}),
     ("I'll book flight LH400.", "book_flight", {"flight": "LH400", "cabin": "business"})),
    ((f"I'll create a shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "2day"}),
     (f"I'll create a shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "international_priority"})),
    # said by its own words, whole: a longer word or one word of two says no value
    ((f"I'll create an international priority shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "international_priority"}),
     (f"I'll create a priority shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "international_priority"})),
    ((f"I'll create a shipment to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "ground"}),
     (f"I'll create a shipment over to {_SHIP}.", "create_shipment",
      {"to_address": _SHIP, "service": "overnight"})),
    # a step's order is no rank ("First, ...")
    (("I'll book flight LH400.", "book_flight", {"flight": "LH400", "cabin": "economy"}),
     ("First, I'll book flight LH400.", "book_flight", {"flight": "LH400", "cabin": "first"})),
    # the schema's default is no choice the announcement must say
    (("I'll create the `launch` channel.", "create_channel",
      {"name": "launch", "notify": "mentions"}),
     ("I'll create the `launch` channel.", "create_channel",
      {"name": "launch", "notify": "all"})),
    (("I'll create the `launch` room.", "create_room", {"name": "launch", "notify": "all"}),
     ("I'll create the `launch` channel.", "create_channel",
      {"name": "launch", "notify": "all"})),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS,
                         ids=[f"{r[0][:28]}-{r[1]}-{x[2]}" for r, x in PAIRS])
def test_enum_value_announced_recovered_other_refused(
        recovered: tuple[str, str, dict[str, Any]],
        refused: tuple[str, str, dict[str, Any]]) -> None:
    expect_pair(TOOLS, recovered, refused)


def _schema(tool: str) -> dict[str, Any]:
    return next(t["function"]["parameters"] for t in TOOLS if t["function"]["name"] == tool)


def test_refusals_are_this_rule() -> None:
    # the refused twins above are refused by ``enums`` itself, not only by a rule before it
    got = recover_after("Setting the bedroom thermostat to 68°F.", TOOLS,
                        ("set_thermostat", {"room": "bedroom", "temperature": 68}))
    assert got.rule == "ungrounded-call" and "default" in str(got.detail), got.detail
    got = recover_after(f"I'll create a ground shipment to {_SHIP}.", TOOLS,
                        ("create_shipment", {"to_address": _SHIP, "service": "overnight"}))
    assert "'ground'" in str(got.detail), got.detail


def test_no_default_no_unit_changes_nothing() -> None:
    # a tool that states no default, and a call that leaves the unit out: nothing is read
    pre = "I'll set the fridge to 38°F."
    assert recover_after(pre, TOOLS, ("set_fridge", {"temperature": 38})).ok
    assert not recover_after(pre, TOOLS, ("set_fridge", {"temperature": 38,
                                                         "unit": "celsius"})).ok


def test_unit_names_and_defaults() -> None:
    assert unit_named("fahrenheit") == ("temperature", frozenset({"F"}))
    assert unit_named("C") == ("temperature", frozenset({"C"}))
    assert unit_named("EUR") == ("money", frozenset({"EUR"}))
    assert unit_named("ground") is None
    prop = {"type": "string", "enum": _SCALE, "description": "Celsius by default; or F."}
    assert enums._default(prop) == "celsius"
    assert enums._default({"enum": _SCALE, "description": "The scale."}) is None
    assert enums._default({"enum": _SCALE, "default": "fahrenheit"}) == "fahrenheit"
