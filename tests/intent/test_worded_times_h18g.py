"""A clock time or a day of the month written in words is carried as its digits would be
(``wordedtimes``, r45 gap 6): "half past six" + ``06:00`` refuses beside ``06:30`` or
``18:30``; "on the 7th" + ``2026-12-17`` refuses beside ``2026-12-07``."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import pytest

from leakcall.intent import wordedtimes

from ..intent_sets import expect_pair, keyed_tool, recover_after, typed_tool

_tool = partial(keyed_tool, required=())

TOOLS = [_tool("set_alarm", "time", "label"), _tool("create_event", "title", "start"),
         _tool("send_message", "channel", "text"), _tool("wecker_stellen", "zeit")]

PAIRS = [
    # (preamble, tool, key, carried value, wrong value)
    ("I'll set an alarm for half past six.", "set_alarm", "time", "06:30", "06:00"),
    ("I'll set an alarm for half past six.", "set_alarm", "time", "18:30", "07:30"),
    ("I'll set an alarm for a quarter to seven.", "set_alarm", "time", "06:45", "07:15"),
    ("I'll set an alarm for quarter past seven.", "set_alarm", "time", "19:15", "07:45"),
    ("I'll set an alarm for six thirty.", "set_alarm", "time", "06:30", "07:30"),
    ("I'll set an alarm for six fifteen.", "set_alarm", "time", "18:15", "06:00"),
    ("I'll set an alarm for a quarter to one.", "set_alarm", "time", "12:45", "01:15"),
    ("Pongo una alarma a las siete y media.", "set_alarm", "time", "07:30", "08:30"),
    ("Ich stelle den Wecker auf halb sieben.", "wecker_stellen", "zeit", "06:30", "07:30"),
    ("Ich stelle den Wecker auf Viertel nach sieben.", "wecker_stellen", "zeit", "19:15",
     "07:45"),
    ("I'll add the standup on the 7th.", "create_event", "start", "2026-12-07T09:30",
     "2026-12-17T09:30"),
    ("I'll add the standup on the 7th at 9:30.", "create_event", "start", "2026-12-07T09:30",
     "2026-12-17T09:30"),
]


@pytest.mark.parametrize(("preamble", "name", "key", "good", "bad"), PAIRS)
def test_a_worded_time_is_carried_as_its_digits(preamble: str, name: str, key: str, good: str,
                                                bad: str) -> None:
    title = {"title": "Standup"} if name == "create_event" else {}
    expect_pair(TOOLS, (preamble, name, {**title, key: good}), (preamble, name, {**title, key: bad}))


def test_a_worded_time_no_call_carries_is_waited_for() -> None:
    """As "at 6:30" is: the step is taken at that time, not now."""
    r = recover_after("I'll send the update at half past six.", TOOLS,
                      ("send_message", {"channel": "#ops", "text": "Deploy done"}))
    assert not r.ok and "half past six" in (r.detail or ""), r.detail


READINGS = [
    ("half past six pm", {(18, 30)}),
    ("a quarter to one", {(0, 45), (12, 45)}),
    ("las ocho menos cuarto", {(7, 45), (19, 45)}),
    ("la una y media", {(1, 30), (13, 30)}),
    ("sept heures et demie", {(7, 30), (19, 30)}),
    ("sept heures moins le quart", {(6, 45), (18, 45)}),
    ("viertel vor acht", {(7, 45), (19, 45)}),
    ("um sechs uhr", {(6, 0), (18, 0)}),
]


@pytest.mark.parametrize(("text", "readings"), READINGS)
def test_the_readings_of_a_worded_time(text: str, readings: set[tuple[int, int]]) -> None:
    """Forms other rules already refuse in a preamble ("pm", "heures", "menos": conditional,
    negation) are read all the same."""
    assert [r for _said, _n, r in wordedtimes._clock(text)] == [readings]


def _ann(text: str) -> SimpleNamespace:
    return SimpleNamespace(text=text)


def test_a_text_that_writes_the_words_carries_them() -> None:
    said = "I'll post that dinner is at half past six."
    assert wordedtimes.check(_ann(said), [("send_message", {"text": "Dinner at half past six"})]
                             ) is None  # type: ignore[arg-type]
    assert wordedtimes.check(_ann(said), [("send_message", {"text": "Dinner at seven"})]
                             ) is not None  # type: ignore[arg-type]


def test_no_ordinal_day_in_other_numbers() -> None:
    assert wordedtimes._day("on the 7th floor, by the 3rd item") == []
    assert [d for _s, d in wordedtimes._day("le 7, el día 9 a las diez, am 5.")] == [7, 9, 5]


def test_an_hour_and_minute_keyed_apart_carry_the_time() -> None:
    alarm = typed_tool("set_alarm", hour="integer", minute="integer")
    assert recover_after("I'll set an alarm for half past six.", [alarm],
                         ("set_alarm", {"hour": 18, "minute": 30})).ok
    assert not recover_after("I'll set an alarm for half past six.", [alarm],
                             ("set_alarm", {"hour": 18, "minute": 0})).ok


def test_an_ordinal_of_a_thing_is_no_day() -> None:
    """"the 7th floor" names a floor, not a date."""
    tools = [_tool("book_room", "room", "floor")]
    r = recover_after("I'll book the room on the 7th floor.", tools,
                      ("book_room", {"room": "Aspen", "floor": "7"}))
    assert "the day" not in (r.detail or ""), r.detail
