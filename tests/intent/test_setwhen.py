"""The time a changing call sets is the one the text writes (issue 25, round 36;
``leakcall.intent.setwhen``): a date, the half of the day, an end, a zone. Each refused call
has its recovered twin carrying what the text writes."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import setwhen
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("create_event", "Create a calendar event.", "title", "start", "end",
                     "timezone")]


def _event(start: str, end: str, **more: str) -> tuple[str, dict[str, Any]]:
    return ("create_event", {"title": "Board meeting", "start": start, "end": end, **more})


@pytest.mark.parametrize(("preamble", "ok", "bad"), [
    ('I\'ll create the event "Board meeting" on 2026-12-08 from 15:00 to 16:00.',
     _event("2026-12-08T15:00", "2026-12-08T16:00"), _event("2026-12-09T15:00", "2026-12-09T16:00")),
    ('I\'ll create the event "Board meeting" on December 8 from 15:00 to 16:00.',
     _event("2026-12-08T15:00", "2026-12-08T16:00"), _event("2026-12-09T15:00", "2026-12-09T16:00")),
    ('I\'ll create the event "Board meeting" for Thursday at 3.',
     _event("2026-12-10T15:00", "2026-12-10T16:00"), _event("2026-12-10T03:00", "2026-12-10T04:00")),
    ('I\'ll create the event "Board meeting" for Thursday at 3pm.',
     _event("2026-12-10T15:00", "2026-12-10T16:30"), _event("2026-12-10T15:00", "2026-12-12T23:59")),
    ('I\'ll create the event "Board meeting" for Thursday at 3pm.',
     _event("2026-12-10T15:00", "2026-12-10T16:00"), _event("2026-12-10T15:00", "2026-12-10T23:59")),
    ('I\'ll create the event "Board meeting" on 2026-12-10 from 09:00 to 10:00 Pacific time.',
     _event("2026-12-10T09:00", "2026-12-10T10:00", timezone="America/Los_Angeles"),
     _event("2026-12-10T09:00", "2026-12-10T10:00", timezone="Asia/Tokyo")),
    ('I\'ll create the event "Board meeting" on 2026-12-10 from 09:00 to 10:00.',
     _event("2026-12-10T09:00", "2026-12-10T10:00"),
     _event("2026-12-10T09:00", "2026-12-10T10:00", timezone="UTC")),
    ('I\'ll create the event "Board meeting" on 2026-12-10 from 09:00 to 10:00 UTC.',
     _event("2026-12-10T09:00Z", "2026-12-10T10:00Z"),
     _event("2026-12-10T09:00+14:00", "2026-12-10T10:00+14:00")),
])
def test_set_time_is_the_written_one(preamble: str, ok: tuple[str, dict[str, Any]],
                                     bad: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(preamble, TOOLS, ok), ok)
    got = recover_after(preamble, TOOLS, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "sets" in str(got.detail), got.detail


@pytest.mark.parametrize(("text", "args", "refused"), [
    ("on 2026-12-08 at 15:00", {"start": "2026-12-08T15:00"}, False),
    ("on 2026-12-08 at 15:00", {"start": "2026-12-09T15:00"}, True),
    ("at 15:00", {"start": "2026-12-09T15:00"}, False),  # no date written: none compared
    ("from 2026-12-08 to 2026-12-10", {"start": "2026-12-08T09:00", "end": "2026-12-10T17:00"},
     False),
    ("at 9am", {"start": "2026-12-10T09:00", "end": "2026-12-10T09:30"}, False),
    ("at 9am", {"start": "2026-12-10T21:00"}, True),
    ("at 10", {"start": "2026-12-10T10:00"}, False),  # a bare morning hour is read as written
    ("at 3pm", {"start": "2026-12-10T15:00", "end": "2026-12-10T17:01"}, True),
    ("at 3pm", {"start": "2026-12-10T15:00", "end": "2026-12-10T17:00"}, False),
    ("at 3pm eastern", {"start": "2026-12-10T15:00", "tz": "America/New_York"}, False),
    ("at 3pm eastern", {"start": "2026-12-10T15:00", "tz": "America/Chicago"}, True),
    ("at 3pm", {"start": "2026-12-10T15:00-05:00"}, True),
    # a written day bounded in offsets, read in the first one's
    ("on 2026-12-24", {"start": "2026-12-24T00:00:00-05:00", "end": "2026-12-25T04:59:59Z"},
     False),
    ("on 2026-12-24", {"start": "2026-12-24T00:00:00-05:00", "end": "2026-12-26T04:59:59Z"},
     True),
    ("the 3pm meeting", {"title": "3pm sync"}, False),  # no key of time: nothing set
    ("at 3pm", {"start": "2026-12-10T15:00", "time_zone": "Asia/Tokyo"}, True),
    ("at 3pm", {"start": "2026-12-10T15:00", "zone": "attic"}, False),  # a place, no time zone
])
def test_check_reads_set_times(text: str, args: dict[str, Any], refused: bool) -> None:
    why = setwhen.check("create_event", args, text)
    assert (why is not None) is refused, why


def test_twelve_am_is_midnight() -> None:
    preamble = 'I\'ll create the event "Board meeting" for Thursday at 12am.'
    ok = _event("2026-12-10T00:00", "2026-12-10T01:00")
    expect_recovered(recover_after(preamble, TOOLS, ok), ok)
    bad = _event("2026-12-10T12:00", "2026-12-10T13:00")
    expect_refused(recover_after(preamble, TOOLS, bad), bad)
