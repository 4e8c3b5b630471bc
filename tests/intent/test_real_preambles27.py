"""Real preambles of session 27 (h98b, issue 25): a presentational sentence after the
announcement ("Here's the function call:", "Here we go:") closes it and announces nothing
(``presenting``); alone, before the announcement, or with any word beyond its closed shape
(an example, a second person, a recap, a sample) it stays unplaced."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.intent_sets import expect_recovered, recover_call
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("object_params", "window"), _tool("delete_repo", "name"),
         _tool("get_weather", "city"), _tool("dice_roll", "sides")]
ROLL = ("dice_roll", {"sides": "6"})

ANNOUNCED = "I'll delete the repo old-site."
DELETE = ("delete_repo", {"name": "old-site"})


_recover = partial(recover_call, tools=TOOLS)


def _ok(pre: str, name: str, args: dict[str, Any]) -> None:
    expect_recovered(_recover(pre, name, args), pre, "action-preamble")


def _refused(pre: str, name: str, args: dict[str, Any]) -> None:
    r = _recover(pre, name, args)
    assert r.reason != "ok", (pre, r.reason, r.rule, r.detail)


def test_presenting_the_call_after_the_announcement() -> None:
    _ok("I'll help you call the object_params tool with the specified window start and end "
        "dates. Here's the function call:", "object_params",
        {"window": "2025-01-01/2025-01-02"})
    _ok(f"{ANNOUNCED} Here's the call:", *DELETE)
    _ok(f"{ANNOUNCED} Here is the tool call:", *DELETE)
    _ok(f"{ANNOUNCED} Here we go:", *DELETE)
    _ok(f"{ANNOUNCED} Here's how I'll proceed:", *DELETE)
    _ok("I'll check the weather in Lisbon. Here's the request:", "get_weather",
        {"city": "Lisbon"})


def test_presenting_alone_or_first_announces_nothing() -> None:
    _refused("Here's the call:", *DELETE)
    _refused("Here's the function call.", *DELETE)
    _refused("Good morning, here's the call.", *DELETE)
    _refused(f"Here's the call: {ANNOUNCED}", *DELETE)
    _refused("Pending your OK, here's the call.", *DELETE)


def test_presenting_beyond_its_shape_stays_refused() -> None:
    _refused(f"{ANNOUNCED} Here's an example of the call:", *DELETE)
    _refused(f"{ANNOUNCED} Here is a sample call:", *DELETE)
    _refused(f"{ANNOUNCED} Here's the call for you to run:", *DELETE)
    _refused(f"{ANNOUNCED} Here's your call:", *DELETE)
    _refused(f"{ANNOUNCED} Here's their call:", *DELETE)
    _refused(f"{ANNOUNCED} Here's how you would do it:", *DELETE)
    _refused(f"{ANNOUNCED} Here's the call I made yesterday:", *DELETE)
    _refused(f"{ANNOUNCED} Here's the example call:", *DELETE)
    _refused(f"{ANNOUNCED} Here we go:\n\nFirst, delete it:", *DELETE)
    _refused(f"{ANNOUNCED} But skip the call.", *DELETE)
    _refused(f"{ANNOUNCED} Then cancel the call.", *DELETE)


def test_the_announcement_before_is_still_read() -> None:
    _refused("I won't delete the repo old-site. Here's the call:", *DELETE)
    _refused("I'll delete the repo old-site tomorrow. Here's the call:", *DELETE)
    _refused("I would delete the repo old-site. Here's the call:", *DELETE)
    _refused("I'll check the weather in Lisbon. Here's the call:", *DELETE)


def test_a_label_of_the_announced_step_closes_it() -> None:
    _ok("I'll roll the six-sided die three times for you using the dice_roll function.\n\n"
        "First roll:", *ROLL)
    _ok("I'll roll the dice three times for you using the dice_roll tool. Here we go:\n\n"
        "First roll:", *ROLL)
    _ok(f"{ANNOUNCED} First delete:", *DELETE)


def test_a_label_of_no_announced_step_stays_a_narrated_one() -> None:
    _refused("First roll:", *ROLL)
    _refused("Roll the die. First roll:", *ROLL)
    _refused("You roll the die. First roll:", *ROLL)
    _refused("I'll roll the die. Your roll:", *ROLL)
    _refused("I'll roll the die. Their roll:", *ROLL)
    _refused("I'll check the old-site repo. Then delete:", *DELETE)
    _refused("I'll check the old-site repo. First, delete:", *DELETE)
    _refused("I'll explain how to delete the repo old-site. First delete:", *DELETE)
    _refused("I'll delete the repo old-site after you approve. First delete:", *DELETE)
