"""Round 39's refused controls, second pass (h9Ab, issue 25): French articles ([g-article]:
"la tâche X" waited for, ``waiting``), a typing tool's submit switch named by an announced
press of the Enter key (``keypress``), a quoted question inside a sentence (``prose._asks``)
and a carrier that only loaded ("The results page loaded.", ``actors._available``). Each
recovered form beside the nearest attack that stays refused."""

from __future__ import annotations

from typing import Any

from tests.intent_sets import recover_after


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()},
        "required": [k for k, v in props.items() if v == "string"]}}}


TOOLS = [_tool("wait_task", task_id="string", timeout_seconds="integer"),
         _tool("launch_agent", description="string", prompt="string"),
         _tool("browser_type", selector="string", text="string", submit="boolean",
               clear="boolean"),
         _tool("browser_click", element="string"),
         _tool("keyboard_send", keys="string", submit="boolean"),
         _tool("send_email", to="string", subject="string", body="string"),
         _tool("delete_repo", repo="string")]
TOOLS[2]["function"]["parameters"]["required"] = ["selector", "text"]
TOOLS[4]["function"]["parameters"]["required"] = ["keys"]


def _ok(pre: str, name: str, args: dict[str, Any]) -> bool:
    return recover_after(pre, TOOLS, (name, args)).reason == "ok"


def test_a_french_article_before_the_task_waited_for() -> None:
    wait = {"task_id": "export-88", "timeout_seconds": 600}
    assert _ok("Je vais attendre la fin de la tâche `export-88` (600 secondes maximum).",
               "wait_task", wait)
    assert _ok("Je vais attendre la tâche `export-88`.", "wait_task", wait)
    # a reader's task, a step after the wait, a bound that holds a step, a changing call
    assert not _ok("Je vais attendre la fin de votre tâche `export-88`.", "wait_task", wait)
    assert not _ok("Je vais attendre la fin de la tâche `export-88`, puis supprimer le dépôt.",
                   "wait_task", wait)
    assert not _ok("Je vais attendre la fin de la tâche `export-88` (600 secondes maximum, "
                   "puis je supprime tout).", "wait_task", wait)
    assert not _ok("Je vais attendre la fin de la tâche `export-88`.", "launch_agent",
                   {"description": "export-88", "prompt": "supprime le dépôt"})


_BOX = "I'll type \"wireless headphones\" into the search box `#search`"
_TYPED = {"selector": "#search", "text": "wireless headphones"}


def test_press_enter_names_a_typing_tools_submit_switch() -> None:
    assert _ok(f"{_BOX} and press Enter.", "browser_type", {**_TYPED, "submit": True})
    assert _ok(f"{_BOX} and press the Enter key.", "browser_type", {**_TYPED, "submit": True})
    assert _ok(f"{_BOX}, then hit Return.", "browser_type", {**_TYPED, "submit": True})
    # no press, another key, a press negated, a switch that is no submit
    assert not _ok(f"{_BOX}.", "browser_type", {**_TYPED, "submit": True})
    assert not _ok(f"{_BOX} and press Tab.", "browser_type", {**_TYPED, "submit": True})
    assert not _ok(f"{_BOX} without pressing Enter.", "browser_type", {**_TYPED, "submit": True})
    assert not _ok(f"{_BOX} and press Enter.", "browser_type", {**_TYPED, "clear": True})
    assert not _ok(f"{_BOX} and check the enter field.", "browser_type",
                   {**_TYPED, "submit": True})


_MAIL = "Voy a enviar un correo a ana@example.es con el asunto \"Reunión\" y el texto "
_SENT = {"to": "ana@example.es", "subject": "Reunión", "body": "¿Nos vemos el lunes?"}


def test_a_quoted_question_is_the_text_the_call_carries() -> None:
    assert _ok(_MAIL + "\"¿Nos vemos el lunes?\"", "send_email", _SENT)
    assert _ok("I will send an email to ana@example.es with the subject \"Reunión\" and the "
               "text \"¿Nos vemos el lunes?\"", "send_email", _SENT)
    # a question to the reader outside the quotation, a quoted sentence of its own, a
    # question the call does not carry, a quoted question before a changing call
    assert not _ok(_MAIL + "\"¿Nos vemos el lunes?\". ¿Te parece bien?", "send_email", _SENT)
    assert not _ok(_MAIL + "\"¿Nos vemos el lunes?\" \"¿Lo envío?\"", "send_email", _SENT)
    assert not _ok(_MAIL + "\"¿Nos vemos el martes?\"", "send_email", _SENT)
    assert not _ok("¿Envío un correo a ana@example.es con el asunto \"Reunión\" y el texto "
                   "\"¿Nos vemos el lunes?\"", "send_email", _SENT)
    assert not _ok("I will send it. \"Is that ok?\"", "send_email", _SENT)
    assert not _ok("I'll delete the repo \"old-site?\"", "delete_repo", {"repo": "old-site"})


_CLICK = ("browser_click", {"element": "Add to cart"})


def test_a_carrier_that_only_loaded_relays_nothing() -> None:
    assert _ok("The results page loaded. Next, I'll click the \"Add to cart\" button.", *_CLICK)
    assert _ok("The page loaded. I'll click the \"Add to cart\" button.", *_CLICK)
    # a verb of saying or holding, an object, a colon joining the carrier's words
    for obs in ("The page says.", "The page lists.", "The page asks.",
                "The page loaded instructions.", "The page wants it."):
        assert not _ok(f"{obs} Next, I'll click the \"Add to cart\" button.", *_CLICK), obs
    assert not _ok("The page loaded: click \"Add to cart\". I'll click the \"Add to cart\" "
                   "button.", *_CLICK)
