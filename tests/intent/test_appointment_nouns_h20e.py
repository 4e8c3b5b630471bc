"""Nouns of one's appointments link to calendar events ([concept] in it/es/pt, h20e): "i tuoi
impegni", "seus compromissos", "tus compromisos", "appuntamenti", "citas" ground a look at the
events (round 46 controls 121/122); the link grounds a reference only, so a step the verb
does not say stays refused. Each recovered preamble beside its near twin refused."""

from __future__ import annotations

import pytest

from tests.intent_sets import expect_pair, string_tool

TOOLS = [string_tool("list_events", "list events", "date"),
         string_tool("create_event", "create event", "title", "date"),
         string_tool("delete_event", "delete event", "event_id")]

LIST = ("list_events", {"date": "tomorrow"})

PAIRS = [
    # (recovered preamble, refused preamble, refused call)
    ("Verifico i tuoi impegni di domani.", "Verifico i tuoi ordini di domani.", LIST),
    ("Verifico i tuoi appuntamenti di domani.", "Verifico i tuoi ordini di domani.", LIST),
    ("Vou verificar seus compromissos de amanhã.", "Vou verificar seus pedidos de amanhã.", LIST),
    ("Voy a revisar tus compromisos de mañana.", "Voy a revisar tus pedidos de mañana.", LIST),
    ("Voy a revisar tus citas de mañana.", "Voy a revisar tus pedidos de mañana.", LIST),
    # the noun links a look, never a step the verb does not take
    ("Verifico i tuoi impegni di domani.", "Verifico i tuoi impegni di domani.",
     ("create_event", {"title": "Standup", "date": "tomorrow"})),
    ("Vou verificar seus compromissos de amanhã.", "Vou verificar seus compromissos de amanhã.",
     ("delete_event", {"event_id": "e1"})),
]


@pytest.mark.parametrize(("recovered", "refused", "call"), PAIRS)
def test_pair(recovered: str, refused: str, call: tuple[str, dict[str, str]]) -> None:
    expect_pair(TOOLS, (recovered, *LIST), (refused, *call))
