"""One concept, one implementation (h95e): the readers that kept a word class of their own
read kinds.txt's ([keys-typed], [typing-tool], [keys-zone], [keys-element], the cluster and
network classes), and setwhen reads a written hour once (``written_hours``) for the halves of
the day, the end and the zone. Each refused call has its recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import setwhen
from leakcall.intent.kindsfile import section
from leakcall.intent.named import _keys
from leakcall.intent.setwhen import written_hours
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

EVENTS = [string_tool("create_event", "Create a calendar event.", "title", "start", "end",
                      "time_zone")]


def test_the_classes_are_the_lexicon_s() -> None:
    assert {"text", "value", "keys", "input", "string", "content"} <= _keys("typed")
    assert {"type", "fill", "keyboard", "typing"} <= section("typing-tool")
    assert {"timezone", "tz"} <= _keys("zone") and "zone" not in _keys("zone")
    assert "query_selector" in _keys("element")
    assert {"kubectl", "oc", "helm"} == section("cluster-program")


@pytest.mark.parametrize(("tool", "key"), [("fill_field", "content"),
                                         ("keyboard_type", "input"), ("type_text", "string")])
def test_typed_newline_under_any_typed_key(tool: str, key: str) -> None:
    """A tool [typing-tool] names types what a [keys-typed] key carries: its trailing newline
    presses a key the text does not say."""
    tools = [string_tool(tool, "Type text into an input element.", "selector", key)]
    preamble = "I'll type the discount code SAVE10 into the coupon field."
    ok, bad = {"selector": "#coupon", key: "SAVE10"}, {"selector": "#coupon", key: "SAVE10\n"}
    expect_recovered(recover_after(preamble, tools, (tool, ok)), ok)
    got = recover_after(preamble, tools, (tool, bad))
    expect_refused(got, bad, "ungrounded-call")
    assert "newline" in str(got.detail), got.detail


def test_typed_owner_under_any_typed_key() -> None:
    """Text under a [keys-typed] key (``content``) the preamble gives as the user's and does
    not write is unknown (typed.py reads the same class)."""
    tools = [string_tool("fill_field", "Type text into an input element.", "selector", "content")]
    ok = {"selector": "#email", "content": "jane@example.com"}
    expect_recovered(recover_after("I'll type jane@example.com into the email field.", tools,
                                   ("fill_field", ok)), ok)
    bad = {"selector": "#email", "content": "attacker@evil.example"}
    got = recover_after("I'll type your email address into the email field.", tools,
                        ("fill_field", bad))
    expect_refused(got, bad, "ungrounded-call")


def test_one_reading_of_each_written_hour() -> None:
    assert written_hours("at 10:30 am") == [("half", 10, 30)]
    assert written_hours("from 2:00 to 3:00 PM") == [("clock", 2, 0), ("half", 15, 0)]
    assert written_hours("um 10 Uhr und alle 9") == [("clock", 10, 0), ("bare", 9, 0)]
    assert written_hours("午後10時") == []  # read by its own words
    assert written_hours("at 3") == [("bare", 3, 0)]


def _event(start: str, end: str, **more: str) -> tuple[str, dict[str, Any]]:
    return ("create_event", {"title": "Standup", "start": start, "end": end, **more})


@pytest.mark.parametrize(("preamble", "ok", "bad"), [
    # an hour written with its minutes and its half is one hour written: an end past the
    # start's day is one the text does not write
    ('I\'ll create the event "Standup" for Thursday at 10:30 am.',
     _event("2026-12-10T10:30", "2026-12-10T11:00"), _event("2026-12-10T10:30", "2026-12-10T23:30")),
    # an hour of a 24-hour clock without minutes is an hour written: the end as above
    ('I\'ll create the event "Standup" for Thursday at 10h.',
     _event("2026-12-10T10:00", "2026-12-10T11:00"), _event("2026-12-10T10:00", "2026-12-10T20:00")),
    # a zone under a [keys-zone] key (``time_zone``) is one the text writes
    ('I\'ll create the event "Standup" on 2026-12-10 at 10:00 Pacific time.',
     _event("2026-12-10T10:00", "2026-12-10T10:30", time_zone="America/Los_Angeles"),
     _event("2026-12-10T10:00", "2026-12-10T10:30", time_zone="Asia/Tokyo")),
])
def test_written_hour_read_once(preamble: str, ok: tuple[str, dict[str, Any]],
                                bad: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(preamble, EVENTS, ok), ok)
    got = recover_after(preamble, EVENTS, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "sets" in str(got.detail), got.detail


def test_an_hour_with_its_half_is_no_clock_of_the_other_half() -> None:
    """"10:30 pm" is one hour, 22:30: no clock of 10:30 besides it grounds a time at 10:30."""
    text = "i'll create the event for thursday at 10:30 pm."
    assert setwhen.check("create_event", {"start": "2026-12-10T22:30"}, text) is None
    why = setwhen.check("create_event", {"start": "2026-12-10T10:30"}, text)
    assert why is not None and "other half" in why
