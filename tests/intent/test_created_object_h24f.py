"""A creating tool's object noun is the created object's (h24f; ``createdobject``): where
the text says what it makes ("I'll create a door"), a creating call whose tool names another
kind of thing (``create_report``, ``add_label``) is refused, even when it carries the text's
noun. Each refusal has a near-identical reply that passes; a made object of another language
is read only through the [concept] maps, and a party's tool (``add_member``) not at all."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

REPORT = string_tool("create_report", "Create a report", "title")
LABEL = string_tool("add_label", "", "name")
EVENT = string_tool("create_event", "", "title")

# (tool, refused preamble, passing preamble, arguments)
PAIRS: list[tuple[dict[str, Any], str, str, dict[str, Any]]] = [
    (REPORT, "I'll create a door.", "I'll create a report about the door.", {"title": "door"}),
    (REPORT, "I'll create a door.", "I'll create a door report.", {"title": "Q3"}),
    (LABEL, "I'll add a door.", "I'll add a door label.", {"name": "door"}),
    (LABEL, "I'll add a new door.", "I'll add a new label.", {"name": "bug"}),
    (EVENT, "I'll create a task for the standup.", "I'll create an event for the standup.",
     {"title": "standup"}),
    (EVENT, "Ich erstelle einen Bericht.", "Ich erstelle einen Termin.", {"title": "standup"}),
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


def test_a_party_tool_takes_the_person_in_words_of_its_own() -> None:
    tool = string_tool("add_member", "", "team", "user")
    text = "I'll add the new hire to the platform team."
    expect_recovered(recover_after(text, [tool], ("add_member", {"team": "platform",
                                                                 "user": "new hire"})), text)
