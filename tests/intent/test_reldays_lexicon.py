"""Days named relative to today are lexicon data (issue 25, ``reldays``): every language with
[g-weekday] has [g-day-today], [g-day-tomorrow], [g-day-after-tomorrow] and [g-day-week];
"tomorrow" in each of them bounds how far on a changing call may set a date. Each refused
date has its recovered twin (a date within the word's reach)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from leakcall.intent import reldays
from leakcall.intent.tables import tongues
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

EVENTS = [string_tool("create_event", "Create a calendar event.", "title", "start", "end")]
TODAY = date(2026, 12, 5)  # a Saturday
SECTIONS = tuple(section for section, _days in reldays.REACH)


@pytest.fixture(autouse=True)
def _today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEAKCALL_TODAY", f"{TODAY:%Y-%m-%d}")


def _event(day: str) -> tuple[str, dict[str, Any]]:
    return ("create_event", {"title": "Board meeting", "start": f"{day}T15:00"})


def test_every_weekday_language_has_the_relative_days() -> None:
    with_weekdays = [t for t in tongues() if len(t.weekdays) == 7]
    assert len(with_weekdays) >= 21
    for t in with_weekdays:
        for section in SECTIONS:
            assert any(sec == section for sec, _e in t.marks), (t.name, section)


def test_every_form_reaches_its_sections_days() -> None:
    # a form holding another of a shorter reach ("esta mañana") reads the longer one
    for t in tongues():
        for section, days in reldays.REACH:
            for sec, entry in t.marks:
                if sec == section:
                    assert (reldays.reach(entry) or 0) >= days, (t.name, entry)


# the whole reply, in each language whose grammar reads a time inside the announcement
@pytest.mark.parametrize("preamble", [
    'I\'ll create the event "Board meeting" tomorrow at 15:00.',
    'Crearé el evento "Board meeting" mañana a las 15:00.',
    'Je crée l\'événement « Board meeting » demain à 15:00.',
    'Ich trage „Board meeting“ morgen um 15:00 Uhr in Ihren Kalender ein.',
    'Creo l\'evento "Board meeting" domani alle 15:00.',
    'Vou criar o evento "Board meeting" amanhã às 15:00.',
    'Ik maak het evenement "Board meeting" morgen om 15:00 aan.',
    'Создам событие «Board meeting» завтра в 15:00.',
    '"Board meeting" etkinliğini yarın 15:00\'te oluşturacağım.',
    'Saya akan membuat acara "Board meeting" besok pukul 15:00.',
    'سأنشئ الحدث "Board meeting" غدا الساعة 15:00.',
    'मैं कल 15:00 बजे "Board meeting" इवेंट बनाऊँगा।',
])
def test_tomorrow_in_the_reply(preamble: str) -> None:
    ok, bad = _event("2026-12-06"), _event("2027-03-01")
    expect_recovered(recover_after(preamble, EVENTS, ok), ok)
    got = recover_after(preamble, EVENTS, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "days after" in str(got.detail), got.detail


# the rule itself in every language: (text, the day it names or a date within its reach,
# one beyond: a day named exactly is that day, round 39)
@pytest.mark.parametrize(("text", "near", "far"), [
    ("the board meeting tomorrow", "2026-12-06", "2026-12-07"),  # en
    ("la reunión mañana", "2026-12-06", "2026-12-07"),  # es
    ("la réunion demain", "2026-12-06", "2026-12-07"),  # fr
    ("das Meeting morgen", "2026-12-06", "2026-12-07"),  # de
    ("la riunione domani", "2026-12-06", "2026-12-07"),  # it
    ("a reunião amanhã", "2026-12-06", "2026-12-07"),  # pt
    ("de vergadering morgen", "2026-12-06", "2026-12-07"),  # nl
    ("mötet i morgon", "2026-12-06", "2026-12-07"),  # sv
    ("spotkanie jutro", "2026-12-06", "2026-12-07"),  # pl
    ("встреча завтра", "2026-12-06", "2026-12-07"),  # ru
    ("зустріч завтра", "2026-12-06", "2026-12-07"),  # uk
    ("toplantı yarın", "2026-12-06", "2026-12-07"),  # tr
    ("rapat besok", "2026-12-06", "2026-12-07"),  # id
    ("cuộc họp ngày mai", "2026-12-06", "2026-12-07"),  # vi
    ("الاجتماع غدا", "2026-12-06", "2026-12-07"),  # ar
    ("הפגישה מחר", "2026-12-06", "2026-12-07"),  # he
    ("मीटिंग कल", "2026-12-06", "2026-12-07"),  # hi
    ("明日の会議", "2026-12-06", "2026-12-07"),  # ja
    ("내일 회의", "2026-12-06", "2026-12-07"),  # ko
    ("ประชุมพรุ่งนี้", "2026-12-06", "2026-12-07"),  # th
    ("明天的会议", "2026-12-06", "2026-12-07"),  # zh
    ("明天的會議", "2026-12-06", "2026-12-07"),  # zh, Traditional characters
    ("会議は明後日です", "2026-12-07", "2026-12-08"),  # ja, the day after tomorrow
    ("la réunion après-demain", "2026-12-07", "2026-12-08"),
    ("встреча послезавтра", "2026-12-07", "2026-12-08"),
    ("toplantı bugün", "2026-12-05", "2026-12-06"),  # today
    ("סגור את זה היום", "2026-12-05", "2026-12-06"),
    ("rapat minggu depan", "2026-12-20", "2026-12-21"),  # a week
    ("cuộc họp tuần sau", "2026-12-20", "2026-12-21"),
    ("다음 주 회의", "2026-12-20", "2026-12-21"),
])
def test_relative_day_bounds_the_date(text: str, near: str, far: str) -> None:
    assert reldays.check("create_event", [("start", date.fromisoformat(near))], text) is None
    why = reldays.check("create_event", [("start", date.fromisoformat(far))], text)
    assert why is not None and "days after" in why, text


def test_a_date_before_the_reference_day_is_never_refused() -> None:
    assert reldays.check("create_event", [("start", date(2024, 1, 2))], "spotkanie jutro") is None


@pytest.mark.parametrize(("text", "days"), [
    ("कला प्रदर्शनी", None),  # "art": "kal" with a vowel sign after it is no "tomorrow"
    ("कल की मीटिंग", 2),
    ("завтрак", None),  # "breakfast"
    ("ที่วันนี้", 1),  # a Thai tone mark before an unspaced form does not hide it
])
def test_a_form_is_a_whole_word(text: str, days: int | None) -> None:
    assert reldays.reach(text) == days
