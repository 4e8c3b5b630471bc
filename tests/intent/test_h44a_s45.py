"""h44a (issue 25, round 59): the helping frame, a verb of helping whose object is the
addressee before the step ("I'll help you delete `prod.db`.", "Te ayudo a borrar ...").

The step is the user's, taken with the assistant's help, as under an opener whose actor is
"we" ([g-inclusive], ``grounding.joint``): a call that cannot be taken back is not grounded,
one that can ("I'll help you read `prod.db`.") is. A participle of beginning after the frame
("..., starting with feature/login") names the assistant's own first step; Chinese 帮您 before a
verb is the benefactive ("我来帮您取消订单"): both still ground the step.
"""

from __future__ import annotations

import json

import pytest

import leakcall
from leakcall.intent.helping import addressed_help
from leakcall.intent.tables import tongue
from leakcall.intent.words import tokenize
from tests.intent_sets import string_tool

DELETE = string_tool("delete_file", "Delete a file from the workspace.", "path")
READ = string_tool("read_file", "Read a text file from the workspace.", "path")
BRANCH = string_tool("delete_branch", "Delete a git branch.", "branch")
CANCEL = string_tool("cancel_order", "Cancel an order.", "order_id")
ADVISOR = string_tool("transfer_to_hotel_advisor", "Transfer the user to a hotel advisor.", "summary")
HANDOFF_DELETE = string_tool("escalate_to_admin_and_delete", "Escalate to an admin and delete the record.",
                             "summary")


def _reason(preamble: str, name: str, args: dict[str, str]) -> str:
    markup = "<tool_call>\n" + json.dumps({"name": name, "arguments": args}) + "\n</tool_call>"
    tools = [DELETE, READ, BRANCH, CANCEL, ADVISOR, HANDOFF_DELETE]
    return leakcall.recover(f"{preamble}\n\n{markup}", tools).reason


PAIRS = [  # (the frame before a delete, the same frame before a read)
    ("I'll help you delete `prod.db`.", "I'll help you read `prod.db`."),
    ("Let me help you remove `prod.db`.", "Let me help you open `prod.db`."),
    ("Je vais t'aider à supprimer `prod.db`.", "Je vais t'aider à lire `prod.db`."),
    ("Je vais vous aider à supprimer `prod.db`.", "Je vais vous aider à lire `prod.db`."),
    ("Te ayudo a borrar `prod.db`.", "Te ayudo a leer `prod.db`."),
    ("Ti aiuto a eliminare `prod.db`.", "Ti aiuto a leggere `prod.db`."),
    ("Vou te ajudar a apagar `prod.db`.", "Vou te ajudar a ler `prod.db`."),
    ("Помогу тебе удалить `prod.db`.", "Помогу тебе прочитать `prod.db`."),
    ("Pomogę ci usunąć `prod.db`.", "Pomogę ci przeczytać `prod.db`."),
    ("Допоможу тобі видалити `prod.db`.", "Допоможу тобі прочитати `prod.db`."),
    ("Saya akan membantu kamu menghapus `prod.db`.", "Saya akan membantu kamu membaca `prod.db`."),
]


@pytest.mark.parametrize(("deleting", "reading"), PAIRS)
def test_the_helping_frame_grounds_no_delete(deleting: str, reading: str) -> None:
    assert _reason(deleting, "delete_file", {"path": "prod.db"}) != "ok"
    assert _reason(reading, "read_file", {"path": "prod.db"}) == "ok"


@pytest.mark.parametrize(("framed", "own"), [
    ("I'll help you delete `prod.db`.", "I'll delete `prod.db`."),
    ("Te ayudo a borrar `prod.db`.", "Voy a borrar `prod.db`."),
    ("Помогу тебе удалить `prod.db`.", "Я удалю `prod.db`."),
])
def test_without_the_frame_the_step_is_the_assistants(framed: str, own: str) -> None:
    assert _reason(framed, "delete_file", {"path": "prod.db"}) != "ok"
    assert _reason(own, "delete_file", {"path": "prod.db"}) == "ok"


def test_a_participle_of_beginning_names_the_assistants_first_step() -> None:
    begun = "I'll help you clean up the merged branches, starting with `feature/login`."
    assert _reason(begun, "delete_branch", {"branch": "feature/login"}) == "ok"
    assert _reason("I'll help you clean up the merged branches.", "delete_branch",
                   {"branch": "feature/login"}) != "ok"


def test_a_participle_after_a_named_object_sets_no_goal() -> None:
    # the frame's object is already the code the participle names: no goal to begin on
    named = "I'll help you delete `feature/login`, starting with `feature/login`."
    assert _reason(named, "delete_branch", {"branch": "feature/login"}) != "ok"


def test_a_hand_off_is_the_assistants_own_means() -> None:
    framed = "I'll help you delete the booking. Let me transfer you to a hotel advisor."
    assert _reason(framed, "transfer_to_hotel_advisor", {"summary": "hotel booking"}) == "ok"
    # a name saying more than the hand-off ("delete") takes the helped step
    assert _reason("I'll help you delete the booking.", "escalate_to_admin_and_delete",
                   {"summary": "hotel booking"}) != "ok"


def test_the_chinese_benefactive_is_no_frame() -> None:
    assert _reason("好的，我来帮您取消订单 55120。", "cancel_order", {"order_id": "55120"}) == "ok"
    assert _reason("好的，我们来取消订单 55120。", "cancel_order", {"order_id": "55120"}) != "ok"


@pytest.mark.parametrize(("lang", "text", "frame"), [
    ("en", "i'll help you delete `x`", "help you"),
    ("fr", "je vais t'aider à supprimer `x`", "t'aider à"),
    ("es", "te ayudo a borrar `x`", "te ayudo a"),
    ("en", "i'll help delete `x`", None),
    ("en", "i'll delete `x` for you", None),
])
def test_addressed_help(lang: str, text: str, frame: str | None) -> None:
    t = tongue(lang)
    assert t is not None
    assert addressed_help(tokenize(text, t), t) == frame
