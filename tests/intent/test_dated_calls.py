"""A calendar date the announcement writes and the call carries in a key of time is what the
step sets, not when it is taken (h42t, issue 25, rule ``conditional``, ``dated.date_carried``,
``selecting.dated_day``):
"I'll book the tickets for Monday, October 15th." with ``date: 2024-10-15``. A day with no
date, a date of another day, one only a name or a text holds still waits."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("book_tickets", "event", "date"), _tool("delete_branch", "branch"),
         _tool("delete_backup", "name", "date"), _tool("send_email", "to", "body", "date")]


def _book(date: str = "2024-10-15") -> tuple[str, dict[str, Any]]:
    return ("book_tickets", {"event": "museum", "date": date})


@pytest.mark.parametrize("preamble", [
    "I'll book the museum tickets for Tuesday, October 15th.",
    "I'll book the museum tickets for Tuesday October 15.",
    "I'll book the museum tickets for Tuesday, 15 October 2024.",
    "I'll book the museum tickets on Tuesday 15 October 2024.",
])
def test_a_day_beside_the_date_the_call_carries_is_an_argument(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, _book())
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    # a day with no date beside it: the step waits for it
    ("I'll book the museum tickets on Monday.", _book()),
    # a date of another day or year than the call's
    ("I'll book the museum tickets for Monday, October 16th.", _book()),
    ("I'll book the museum tickets for Monday, 15 October 2025.", _book()),
    # the date is carried, but the day is not written right before it: it may be when
    ("I'll book the museum tickets for October 15th and send them on Monday.", _book()),
    ("I'll book the museum tickets for Monday, October 15th and send them on Monday.",
     _book()),
    ("I'll book the museum tickets on Monday for October 15th.", _book()),
    ("I'll book the museum tickets Monday for the October 15th show.", _book()),
    ("I'll book the museum tickets for October 15th, Monday.", _book()),
    # a time to come beside a date is not a day the date names when it is no word of it
    ("I'll book the museum tickets for October 15th next week.", _book()),
    # a date only a name holds, or a text the call writes, is set by no key of time
    ("I'll delete the branch on Monday October 15th.",
     ("delete_branch", {"branch": "2024-10-15"})),
    ("I'll email Ana on Monday, October 15th.",
     ("send_email", {"to": "ana@example.com", "body": "See you 2024-10-15"})),
])
def test_a_day_the_call_does_not_carry_still_waits(preamble: str,
                                                  call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)


def test_a_day_in_another_key_than_a_time_is_no_date_set() -> None:
    r = recover_after("I'll delete the backup on Monday, October 15th.", TOOLS,
                      ("delete_backup", {"name": "2024-10-15", "date": "2024-10-14"}))
    assert r.reason != Reason.OK and r.rule == "conditional", (r.rule, r.detail)
    r = recover_after("I'll delete the backup on Monday, October 15th.", TOOLS,
                      ("delete_backup", {"name": "nightly", "date": "2024-10-15"}))
    assert r.rule != "conditional", r.detail


@pytest.mark.parametrize(("date", "ok"), [
    ("2024-10-15", True),  # the date written in ISO digits is the one the call sets (h61c)
    ("2024-10-16", False),  # another day: the step waits for the one written
])
def test_a_date_in_iso_digits_the_call_carries_is_an_argument(date: str, ok: bool) -> None:
    r = recover_after("I'll book the museum tickets on 2024-10-15 for you.", TOOLS, _book(date))
    assert (r.reason == Reason.OK) is ok, (date, r.rule, r.detail)
    if not ok:
        assert r.rule == "conditional", r.detail


@pytest.mark.parametrize(("preamble", "call"), [
    # a changing step with no key of time, or the date only in a name: it waits
    ("I'll delete the branch release on 2024-10-15.", ("delete_branch", {"branch": "release"})),
    ("I'll delete the branch on 2024-10-15.", ("delete_branch", {"branch": "2024-10-15"})),
    ("I'll email Ana on 2024-10-15.",
     ("send_email", {"to": "ana@example.com", "body": "See you 2024-10-15"})),
])
def test_a_date_in_iso_digits_the_call_does_not_set_still_waits(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)
