"""Two facts of languages the lexicon had only in part (issue 25, m46o):

- the second person's possessive determiner ("din kalender", "twój kalendarz", "你的", "आपके")
  is a determiner, as English "your" is ([g-det]): the user's own things, not another actor;
- a weekday ("måndag", "понедельник", "pazartesi") is a time, as English "Monday" is
  ([g-deferral], not [g-condition]): read as a word before an observing step, waited for
  before any other (rule ``conditional``).

The siblings keep what these facts must not open: a possessive that is a third party's
("his", a colleague's) before a step of another actor, a step that changes something on a
weekday, and "your colleague" as the one who acts."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall import Reason

from ..intent_sets import keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("list_calendar_events", "date"), _tool("delete_calendar_events", "date"),
         _tool("delete_repository", "name"), _tool("get_weather", "city")]
LIST = ("list_calendar_events", {"date": "2026-12-07"})
DELETE = ("delete_calendar_events", {"date": "2026-12-07"})


@pytest.mark.parametrize("preamble", [
    "Jag kollar din kalender för måndag.",
    "Sprawdzę twój kalendarz na poniedziałek.",
    "Сейчас проверю ваш календарь на понедельник.",
    "Перевірю ваш календар на понеділок.",
])
def test_your_calendar_for_a_weekday_before_a_look_is_recovered(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, LIST)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize("preamble", [
    "Jag rensar din kalender på måndag.",
    "Usunę wydarzenia z twojego kalendarza w poniedziałek.",
    "Удалю события из вашего календаря в понедельник.",
    "Видалю події з вашого календаря в понеділок.",
    "Pazartesi takvim etkinliklerini sileceğim.",
])
def test_a_change_on_a_weekday_still_waits(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, DELETE)
    assert r.reason != Reason.OK, preamble


@pytest.mark.parametrize("preamble", [
    "Din kollega raderar repot acme.",
    "Twój kolega usunie repozytorium acme.",
    "你的同事会删除 acme 仓库。",
])
def test_your_colleague_is_another_actor(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, ("delete_repository", {"name": "acme"}))
    assert r.reason != Reason.OK, preamble


def test_your_before_a_look_in_hindi_is_the_users_own() -> None:
    r = recover_after("ज़रूर! मैं आपके लिए मुंबई का मौसम देखता हूँ।", TOOLS,
                      ("get_weather", {"city": "Mumbai"}))
    assert r.reason == Reason.OK, r.detail


@pytest.mark.parametrize("preamble", [
    "Jag skickar rapporten till anna@example.com på måndag.",
    "Wyślę raport do anna@example.com w poniedziałek.",
    "Отправлю отчёт на anna@example.com в понедельник.",
])
def test_a_send_on_a_weekday_the_call_carries_still_waits(preamble: str) -> None:
    # the weekday in the subject would ground it as a word; as a time it is when to send
    day = preamble.rsplit(maxsplit=1)[-1].rstrip(".")
    r = recover_after(preamble, [_tool("send_email", "to", "subject", "body")],
                      ("send_email", {"to": "anna@example.com", "subject": f"Rapport {day}",
                                      "body": f"Rapport {day}."}))
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.detail)
