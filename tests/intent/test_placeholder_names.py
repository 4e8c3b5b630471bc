"""Names that stand for any person by convention ([placeholder-names] in kinds.txt: "John
Doe", "Max Mustermann", 张三, 홍길동) are sample arguments (rule ``sample-arguments``, issue
25, m46s) unless the reply writes the name before the markup: "I'll book the flight for the
passenger." + ``passenger: "John Doe"`` is a form filled with its example; "I'll add John Doe
to the address book." names whom it adds."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

import leakcall
from leakcall import Reason

from ..intent_sets import hermes, keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("book_flight", "flight_id", "passenger"), _tool("add_contact", "name", "email")]


@pytest.mark.parametrize(("preamble", "name"), [
    ("I'll book the flight for the passenger.", "John Doe"),
    ("I'll book the flight for the passenger.", "  jane   doe "),
    ("Ich buche den Flug für den Fahrgast.", "Erika Mustermann"),
    ("我来给乘客预订航班。", "李四"),
    ("승객의 항공편을 예약하겠습니다.", "홍길동"),
])
def test_a_placeholder_name_nobody_wrote_is_a_sample(preamble: str, name: str) -> None:
    r = recover_after(preamble, TOOLS, ("book_flight", {"flight_id": "LH123", "passenger": name}))
    assert r.reason == Reason.QUOTED and r.rule == "sample-arguments", (preamble, r.detail)


def test_bare_markup_with_a_placeholder_name_is_a_sample() -> None:
    r = leakcall.recover(hermes([{"name": "book_flight", "arguments": {
        "flight_id": "LH123", "passenger": "John Doe"}}]), TOOLS)
    assert r.rule == "sample-arguments", r.detail


@pytest.mark.parametrize(("preamble", "call"), [
    ("I'll add John Doe to the address book.", ("add_contact", {"name": "John Doe"})),
    ("Ich buche den Flug für Max Mustermann.",
     ("book_flight", {"flight_id": "LH123", "passenger": "Max Mustermann"})),
    # a real name that only contains a placeholder's words is no placeholder
    ("I'll add the new contact.", ("add_contact", {"name": "John Doerr"})),
    ("I'll book the flight for the passenger.",
     ("book_flight", {"flight_id": "LH123", "passenger": "Johnathan Doe-Smith"})),
])
def test_a_name_the_reply_writes_or_a_real_name_is_no_sample(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.rule != "sample-arguments", (preamble, r.detail)
