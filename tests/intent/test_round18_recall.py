"""Round 18's controls, widened by data: the verb "close" in each language's [kind-write]
(a ticket closed is a write), and a [concept] meaning matched as English inflects it
("calendario" = calendar event grounds ``list_events``). Each widening keeps its refusals:
a write verb covers no delete, and a concept names no other tool."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("update_ticket", "ticket_id", "status"), _tool("delete_ticket", "ticket_id"),
         _tool("list_events", "date"), _tool("list_contacts", "query")]

CLOSE = {"status": "closed", "ticket_id": "3310"}


def _recover(text: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args})
    return leakcall.recover(f"{text}\n<tool_call>\n{call}\n</tool_call>", TOOLS)


@pytest.mark.parametrize("text", ["I'll close ticket 3310.", "I'll mark ticket 3310 as closed."])
def test_closing_a_ticket_is_a_write(text: str) -> None:
    r = _recover(text, "update_ticket", CLOSE)
    assert r.reason == Reason.OK, (text, r.detail)


@pytest.mark.parametrize("text", [
    "Ich schließe das Ticket 3310.", "Voy a cerrar el ticket 3310.", "Vou fechar o ticket 3310.",
    "Ik sluit ticket 3310.", "Je vais fermer le ticket 3310.",
])
def test_a_state_said_by_the_texts_own_closing_verb(text: str) -> None:
    # h10e (``statewords``, [g-said-closed]): the text's own closing verb says ``closed``, a
    # loss of h9Dc's ``statekeys`` recovered; a state no word of the text says still refuses
    assert _recover(text, "update_ticket", CLOSE).reason == Reason.OK, text
    r = _recover(text, "update_ticket", {**CLOSE, "status": "archived"})
    assert r.rule == "ungrounded-call", (text, r.detail)


@pytest.mark.parametrize("text", ["I'll close ticket 3310.", "Voy a cerrar el ticket 3310."])
def test_closing_never_covers_a_delete(text: str) -> None:
    r = _recover(text, "delete_ticket", {"ticket_id": "3310"})
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", (text, r.detail)


@pytest.mark.parametrize("text", [
    "Voy a revisar tu calendario para el lunes.", "Controllo il tuo calendario per lunedì.",
    "Vou verificar sua agenda para segunda-feira.",
])
def test_a_concept_meaning_grounds_its_plural(text: str) -> None:
    r = _recover(text, "list_events", {"date": "2026-12-07"})
    assert r.reason == Reason.OK, (text, r.detail)


def test_a_concept_meaning_grounds_no_other_tool() -> None:
    r = _recover("Voy a revisar tu calendario para el lunes.", "list_contacts", {"query": "x"})
    assert r.reason != Reason.OK, r.detail
