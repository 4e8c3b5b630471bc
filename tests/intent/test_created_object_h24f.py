"""A creating tool's object noun is the created object's (h24f; ``createdobject``): where
the text says what it makes ("I'll create a door"), a creating call whose tool names another
kind of thing (``create_report``, ``add_contact``) is refused, even when it carries the text's
noun. Each refusal has a near-identical reply that passes; a made object of another language
is read only through the [concept] maps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

REPORT = string_tool("create_report", "Create a report", "title")
CONTACT = string_tool("add_contact", "", "name")
EVENT = string_tool("create_event", "", "title")

# (tool, refused preamble, passing preamble, arguments)
PAIRS: list[tuple[dict[str, Any], str, str, dict[str, Any]]] = [
    (REPORT, "I'll create a door.", "I'll create a report about the door.", {"title": "door"}),
    (REPORT, "I'll create a door.", "I'll create a door report.", {"title": "Q3"}),
    (CONTACT, "I'll add a door.", "I'll add Bob as a contact.", {"name": "door"}),
    (CONTACT, "I'll add a new door.", "I'll add a new contact.", {"name": "Bob"}),
    (EVENT, "I'll create a task for the standup.", "I'll create an event for the standup.",
     {"title": "standup"}),
    (CONTACT, "Ich erstelle einen Termin.", "Ich erstelle einen Kontakt.", {"name": "Bob"}),
]


@pytest.mark.parametrize(("tool", "refused", "passing", "args"), PAIRS)
def test_a_creating_call_makes_the_written_object(tool: dict[str, Any], refused: str,
                                                  passing: str, args: dict[str, Any]) -> None:
    call = (tool["function"]["name"], args)
    expect_refused(recover_after(refused, [tool], call), refused, "ungrounded-call")
    expect_recovered(recover_after(passing, [tool], call), passing)


@pytest.mark.parametrize(("text", "title"), [("The report is missing. I'll create it.", "Q3"),
                                             ("Voy a crear un informe sobre la puerta.", "puerta")])
def test_no_written_object_or_an_unmapped_word_is_not_read(text: str, title: str) -> None:
    expect_recovered(recover_after(text, [REPORT], ("create_report", {"title": title})), text)
