"""Times before observing calls (h53c, issue 25, rule ``conditional``): a purpose clause after
a time that closes the step's object ("list the events for tomorrow so we can find a slot",
``purposes.opens_purpose``), and the times of day, days and weeks that Vietnamese, Hindi and
Arabic list as times ([g-deferral]), not as conditions. A time grounds only observing calls
(``grounding.timed``): each widening with the changing calls it leaves refused."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, typed_tool

_tool = partial(typed_tool, required=())


TOOLS = [_tool("list_events", start="string"), _tool("get_weather", city="string"),
         _tool("delete_event", event="string"), _tool("delete_file", path="string"),
         _tool("send_email", to="string", body="string")]
LIST = ("list_events", {"start": "2026-06-16"})
WEATHER = ("get_weather", {"city": "Hanoi"})
DELETE = ("delete_event", {"event": "standup"})
REMOVE = ("delete_file", {"path": "report.txt"})
SEND = ("send_email", {"to": "an@example.com", "body": "xin chao"})


@pytest.mark.parametrize("preamble", [
    "I'll list the calendar events for tomorrow so we can find a free slot.",
    "I'll look up upcoming events for next week so we can find a free slot.",
    "I'll list the calendar events at 5pm so you can pick one.",
])
def test_a_purpose_after_a_time_of_an_observing_step_recovers(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, LIST)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize("preamble", [
    # the time is still the step's: a changing call waits for it
    "I'll delete the standup event tomorrow so we can free the slot.",
    "I'll delete the standup event next week so you can rest.",
    "I'll delete the standup event at 5pm so we can free the slot.",
    # a condition word ends no step: the purpose after it opens nothing
    "I'll list the calendar events if needed so we can find a free slot.",
])
def test_a_purpose_after_a_time_leaves_a_wait_refused(preamble: str) -> None:
    call = LIST if " if " in preamble else DELETE
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    ("Vâng, bạn định đi Hà Nội vào cuối tuần. Tôi sẽ kiểm tra thời tiết ở Hà Nội.", WEATHER),
    ("Tôi sẽ tìm các sự kiện ngày 16 tháng 6.", LIST),
    ("ठीक है, आप कल दिल्ली जा रहे हैं। मैं दिल्ली का मौसम देखता हूँ।", WEATHER),
    ("سأبحث عن الأحداث يوم 16 يونيو.", LIST),
])
def test_a_time_word_before_an_observing_call_recovers(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    ("Tôi sẽ xóa tệp report.txt vào cuối tuần.", REMOVE),
    ("Tôi sẽ xóa tệp report.txt ngày mai.", REMOVE),
    ("Bạn đi Hà Nội vào cuối tuần. Tôi sẽ xóa tệp report.txt.", REMOVE),
    ("Tôi sẽ gửi email cho an@example.com vào tối nay.", SEND),
    ("मैं कल report.txt फ़ाइल हटाऊँगा।", REMOVE),
    ("मैं आज रात an@example.com को ईमेल भेजूँगा।", SEND),
    ("سأحذف الملف report.txt غدا.", REMOVE),
    ("سأرسل بريدا إلى an@example.com الليلة.", SEND),
])
def test_a_time_word_before_a_changing_call_stays_refused(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)
