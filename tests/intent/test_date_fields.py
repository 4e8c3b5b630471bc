"""A date the announcement writes ("on May 5", "am 5. Mai") grounds a call's date only when its
day and month (and year, when written) are that date's own fields (``dated.unwritten_date``);
a bare number is not carried by a date's month or day digits (``dated.undated``); an hour
said ("at 5pm") is 17:00, no 17:30 (``dated._time_carried``)."""

from __future__ import annotations

import pytest

from leakcall import Reason

from ..intent_sets import recover_after
from ..intent_sets import typed_tool as _tool

HOTEL = [_tool("book_hotel", city="string", date="string", nights="integer")]
EVENT = [_tool("create_event", title="string", start="string")]
SETTINGS = [_tool("update_settings", name="string", start="string", limit="integer")]


@pytest.mark.parametrize(("preamble", "date"), [
    ("I'll book the hotel in Wien on May 5.", "2025-05-06"),  # the month's "05" is no day 5
    ("I'll book the hotel in Wien on May 5.", "2025-06-05"),  # another month
    ("I'll book the hotel in Wien on May 6.", "2025-05-05"),  # another day
    ("I'll book the hotel in Wien on May 5th.", "2025-05-06"),
    ("I'll book the hotel in Wien on May 5, 2025.", "2026-05-05"),  # another year
    ("I'll book the hotel in Wien on May 5.", "06/05/2025"),  # neither way round May 5
    ("Ich buche das Hotel in Wien am 5. Mai.", "2025-05-06"),
    ("Ich buche das Hotel in Wien am 6. Mai.", "2025-05-05"),
    ("I'll book the hotel in Wien on the 5th.", "2025-05-06"),
])
def test_a_written_date_is_carried_only_by_its_own_fields(preamble: str, date: str) -> None:
    r = recover_after(preamble, HOTEL, ("book_hotel", {"city": "Wien", "date": date}))
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", (preamble, date, r.detail)


@pytest.mark.parametrize(("preamble", "date"), [
    ("I'll book the hotel in Wien on May 5.", "2025-05-05"),
    ("I'll book the hotel in Wien on May 5th.", "2025-05-05"),
    ("I'll book the hotel in Wien on May 5, 2025.", "2025-05-05"),
    ("I'll book the hotel in Wien on May 5.", "May 5, 2025"),
    ("I'll book the hotel in Wien on Monday, May 5.", "2025-05-05"),
    ("Ich buche das Hotel in Wien am 5. Mai.", "2025-05-05"),
    ("I'll book the hotel in Wien on the 5th.", "2025-05-05"),
])
def test_a_written_date_its_call_carries_is_grounded(preamble: str, date: str) -> None:
    r = recover_after(preamble, HOTEL, ("book_hotel", {"city": "Wien", "date": date}))
    assert r.reason == Reason.OK, (preamble, date, r.detail)


def test_a_date_in_a_title_is_not_the_date_the_call_sets() -> None:
    said = "I'll create the event on May 5."
    r = recover_after(said, EVENT, ("create_event", {"title": "event May 5",
                                                     "start": "2025-06-05"}))
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", r.detail
    ok = recover_after(said, EVENT, ("create_event", {"title": "event May 5",
                                                      "start": "2025-05-05"}))
    assert ok.reason == Reason.OK, ok.detail


def test_a_bare_number_is_not_carried_by_a_dates_month() -> None:
    said = "I'll set the limit to 5 for the launch."
    r = recover_after(said, SETTINGS, ("update_settings", {"name": "launch",
                                                           "start": "2025-05-06"}))
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", r.detail
    ok = recover_after(said, SETTINGS, ("update_settings", {"name": "launch",
                                                            "start": "2025-05-06", "limit": 5}))
    assert ok.reason == Reason.OK, ok.detail


@pytest.mark.parametrize(("start", "ok"), [
    ("2025-05-05T17:30", False), ("17:30", False), ("2025-05-05T17:00", True), ("17:00", True),
    ("5pm", True), ("5:30 pm", False),
])
def test_an_hour_said_is_on_the_hour(start: str, ok: bool) -> None:
    r = recover_after("I'll create the meeting at 5pm.", EVENT,
                      ("create_event", {"title": "meeting", "start": start}))
    assert (r.reason == Reason.OK) is ok, (start, r.rule, r.detail)
    if not ok:
        assert r.rule == "conditional", r.detail
