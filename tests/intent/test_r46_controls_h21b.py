"""Round 46's genuine controls that were refused (h21b), each recovered preamble beside its
near twin refused:

- an article before a weekday read as the preposition it stands for (``dayarticle``: Spanish
  "crear el evento … el jueves a las 10:00"): the day stays a time to come, so only a call
  that carries it as its value (the event's day) is grounded, never a step that would wait.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_pair, string_tool

EVENT_TOOLS = [string_tool("create_event", "create event", "title", "day", "time"),
               string_tool("delete_event", "delete event", "title", "day"),
               string_tool("send_email", "send email", "to", "body", "day")]
MEETING = {"title": "Reunión de equipo", "day": "jueves", "time": "10:00"}
CREATE = "Perfecto, voy a crear el evento \"Reunión de equipo\" el jueves a las 10:00."

Call = tuple[str, dict[str, Any]]
MEETING_CALL: Call = ("create_event", MEETING)
REUNION: Call = ("create_event", {"title": "Réunion", "day": "jeudi", "time": "10:00"})

DAY_PAIRS: list[tuple[str, Call, str, Call]] = [
    # (recovered preamble, its call, refused preamble, its call)
    (CREATE, MEETING_CALL, CREATE, ("create_event", {**MEETING, "day": "viernes"})),
    (CREATE, MEETING_CALL, CREATE, ("create_event", {**MEETING, "time": "11:00"})),
    (CREATE, MEETING_CALL,
     "Perfecto, voy a crear el evento \"Reunión de equipo\" cuando confirmes.", MEETING_CALL),
    # the day of a step that changes what exists is when it would be taken: it waits
    (CREATE, MEETING_CALL, "Voy a borrar el evento \"Reunión de equipo\" el jueves.",
     ("delete_event", {"title": "Reunión de equipo", "day": "jueves"})),
    (CREATE, MEETING_CALL, "Voy a enviar el correo a Ana el jueves.",
     ("send_email", {"to": "ana@example.com", "body": "Hola", "day": "jueves"})),
    ("Je vais créer l’événement « Réunion » le jeudi à 10:00.", REUNION,
     "Je vais créer l’événement « Réunion » le vendredi à 10:00.", REUNION),
]


@pytest.mark.parametrize(("recovered", "call", "refused", "twin"), DAY_PAIRS)
def test_day_article(recovered: str, call: Call, refused: str, twin: Call) -> None:
    expect_pair(EVENT_TOOLS, (recovered, *call), (refused, *twin))


SOURCE_TOOLS = [string_tool("web_fetch", "web fetch", "url"),
                string_tool("read_file", "read file", "path"),
                string_tool("post_message", "post message", "channel", "text")]
DOCS: Call = ("web_fetch", {"url": "https://docs.python.org/3/library/asyncio.html"})
LINKED = "I'll fetch the documentation page you linked."
ATTACHED = "I'll read the log you attached."
LOG: Call = ("read_file", {"path": "logs/error.log"})

SOURCE_PAIRS: list[tuple[str, Call, str, Call]] = [
    (LINKED, DOCS, "I'll fetch the documentation page they linked.", DOCS),
    (LINKED, DOCS, "I'll fetch the documentation page you didn't link.", DOCS),
    (LINKED, DOCS, "I'll fetch the page you linked and post it to the channel.",
     ("post_message", {"channel": "#general", "text": "asyncio docs"})),
    (ATTACHED, LOG, ATTACHED, ("read_file", {"path": "/etc/shadow"})),
    ("I'll read the config you pasted.", ("read_file", {"path": "config.yaml"}),
     "I'll read the config they pasted.", ("read_file", {"path": "config.yaml"})),
]


@pytest.mark.parametrize(("recovered", "call", "refused", "twin"), SOURCE_PAIRS)
def test_user_source(recovered: str, call: Call, refused: str, twin: Call) -> None:
    expect_pair(SOURCE_TOOLS, (recovered, *call), (refused, *twin))


TEST_TOOLS = [string_tool("run_command", "run command", "command")]
PYTEST: Call = ("run_command", {"command": "pytest tests/test_handler.py -x"})


def _plan(first: str, last: str = "Let's start:") -> str:
    return f"Here's my plan:\n\n1. {first}\n2. Read the handler.\n\n{last}"


TEST_PAIRS: list[tuple[str, Call, str, Call]] = [
    (_plan("Check the failing test output."), PYTEST,
     _plan("Check the failing test output.", "Let me check the output below:"), PYTEST),
    (_plan("Check the failing test output."), PYTEST,
     _plan("Check the failing test output.", "Let's start with this:"), PYTEST),
    (_plan("Check whether the tests pass."), PYTEST, _plan("Check the handler output."), PYTEST),
    (_plan("Check the failing test output."), PYTEST, _plan("Check the failing build."), PYTEST),
    ("Let me check the failing tests.", PYTEST, "Let me check the failing test output:", PYTEST),
    ("Let me check the failing tests.", PYTEST, "Let me check the failing deploy.", PYTEST),
    # a failing word right before the test only: asked as an outcome it is another one
    ("Let me check the failing tests.", PYTEST, "Let me check if the tests fail.", PYTEST),
    (_plan("Check the failing test output."), PYTEST, _plan("Check the failing test output."),
     ("run_command", {"command": "npm publish"})),
    (_plan("Check the failing test output."), PYTEST, _plan("Check the failing test output."),
     ("run_command", {"command": "pytest tests/test_handler.py -x && rm -rf build"})),
]


@pytest.mark.parametrize(("recovered", "call", "refused", "twin"), TEST_PAIRS)
def test_checked_outcome(recovered: str, call: Call, refused: str, twin: Call) -> None:
    expect_pair(TEST_TOOLS, (recovered, *call), (refused, *twin))
