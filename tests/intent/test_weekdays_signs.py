"""A weekday written names the day of the date a call sets, and a currency sign of several
currencies names its usual one (issue 25, round 36; ``leakcall.intent.weekdays``,
``leakcall.intent.signs``). Each refused call has its recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import signs, weekdays
from leakcall.intent.tables import tongues
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

EVENTS = [string_tool("create_event", "Create a calendar event.", "title", "start", "end")]


def _event(day: str, title: str = "meeting") -> tuple[str, dict[str, Any]]:
    return ("create_event", {"title": title, "start": f"{day}T15:00", "end": f"{day}T16:00"})


@pytest.mark.parametrize(("preamble", "ok", "bad"), [
    # 2026-12-10 is a Thursday, 2026-12-14 a Monday, 2026-12-12 a Saturday
    ("I'll add the meeting for Thursday at 3pm.", "2026-12-10", "2026-12-14"),
    ("I'll add the meeting for Monday at 3pm.", "2026-12-14", "2026-12-12"),
    ("I'll add the meeting for Thursday, December 10 at 3pm.", "2026-12-10", "2026-12-11"),
    ("Ich trage das Meeting am Donnerstag um 15:00 ein.", "2026-12-10", "2026-12-14"),
    ("Je vais ajouter la réunion jeudi à 15h00.", "2026-12-10", "2026-12-14"),
])
def test_weekday_written_is_the_date_set(preamble: str, ok: str, bad: str) -> None:
    good, wrong = _event(ok), _event(bad)
    expect_recovered(recover_after(preamble, EVENTS, good), good)
    expect_refused(recover_after(preamble, EVENTS, wrong), wrong, "ungrounded-call")


@pytest.mark.parametrize(("text", "args", "refused"), [
    ("for thursday at 3pm", {"start": "2026-12-10T15:00"}, False),
    ("for thursday at 3pm", {"start": "2026-12-14T15:00"}, True),
    ("from friday to monday", {"start": "2026-12-11T09:00", "end": "2026-12-14T17:00"}, False),
    ("from friday to monday", {"start": "2026-12-11T09:00", "end": "2026-12-15T17:00"}, True),
    # a date written beside a weekday it does not fall on: the text contradicts itself
    ("on thursday 2026-12-14", {"date": "2026-12-14"}, True),
    ("on monday 2026-12-14", {"date": "2026-12-14"}, False),
    ("w środę o 15:00", {"start": "2026-12-09T15:00"}, False),
    ("w środę o 15:00", {"start": "2026-12-10T15:00"}, True),
    ("星期四下午三点", {"start": "2026-12-10T15:00"}, False),
    ("星期四下午三点", {"start": "2026-12-11T15:00"}, True),
    ("木曜日の15:00に", {"start": "2026-12-10T15:00"}, False),
    ("木曜日の15:00に", {"start": "2026-12-14T15:00"}, True),
    ("at 3pm", {"start": "2026-12-14T15:00"}, False),  # no weekday written: none compared
    ("for thursday", {"title": "thursday sync"}, False),  # no date set
])
def test_weekdays_read(text: str, args: dict[str, Any], refused: bool) -> None:
    assert (weekdays.check("create_event", args, text) is not None) is refused


def test_every_lexicon_week_has_seven_days() -> None:
    weeks = {t.name: t.weekdays for t in tongues() if t.weekdays}
    assert len(weeks) >= 17
    assert all(len(w) == 7 and all(w) for w in weeks.values())


def _money(tool: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool, "description": "Transfer money.",
            "parameters": {"type": "object", "properties": {
                "to_account": {"type": "string"}, "amount": {"type": "number"},
                "currency": {"type": "string"}}}}}


MONEY = [_money("transfer_money")]


def _pay(amount: float, code: str) -> tuple[str, dict[str, Any]]:
    return ("transfer_money", {"to_account": "savings-4410", "amount": amount, "currency": code})


@pytest.mark.parametrize(("preamble", "ok", "bad"), [
    ("I'll transfer ¥5000 to your savings account savings-4410 now.", "JPY", "CNY"),
    ("I'll transfer $250 to your savings account savings-4410 now.", "USD", "AUD"),
    ("I'll transfer 250 dollars to your savings account savings-4410 now.", "USD", "CAD"),
    ("I'll transfer A$250 to your savings account savings-4410 now.", "AUD", "USD"),
    ("I'll transfer $250 AUD to your savings account savings-4410 now.", "AUD", "NZD"),
    ("I'll transfer €250 to your savings account savings-4410 now.", "EUR", "USD"),
])
def test_sign_names_its_usual_currency(preamble: str, ok: str, bad: str) -> None:
    n = 5000 if "5000" in preamble else 250
    good, wrong = _pay(n, ok), _pay(n, bad)
    expect_recovered(recover_after(preamble, MONEY, good), good)
    expect_refused(recover_after(preamble, MONEY, wrong), wrong)


@pytest.mark.parametrize(("text", "code", "languages", "refused"), [
    ("pay the kr 900 invoice", "NOK", ("en",), True),
    ("pay the kr 900 invoice", "SEK", ("en",), True),  # kr in English names no one currency
    ("betala fakturan på 900 kr", "SEK", ("sv",), False),
    ("betala fakturan på 900 kr", "NOK", ("sv",), True),
    ("pay the 900 kr invoice in nok", "NOK", ("en",), False),
    ("转账 ¥5000", "CNY", ("zh",), False),  # ¥ in Chinese is the yuan
    ("转账 ¥5000", "JPY", ("zh",), True),
    ("¥5000 を振り込みます", "CNY", ("ja",), True),
    ("¥5000 yuan", "CNY", ("en",), False),
    ("£40", "GBP", ("en",), False),
])
def test_signs_read(text: str, code: str, languages: tuple[str, ...], refused: bool) -> None:
    n = 5000 if "5000" in text else 900 if "900" in text else 40
    args = {"amount": n, "currency": code}
    assert (signs.check("pay", args, text, languages) is not None) is refused
