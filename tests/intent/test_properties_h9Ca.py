"""A switch of who may see a thing against the property the announcement states
(``properties``), and a status of a closed list against the one the announcement says
(``enums``, ``unsaidfields``: a closed list holds no text, whatever its key's name); round 40
gap 1, h9Ca. Each refused reply has a near-identical one beside it that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import described_tool, expect_recovered, expect_refused, recover_after

_tool = described_tool

_S = {"type": "string"}
_B = {"type": "boolean"}
REPO = _tool("create_repo", {"name": _S, "private": _B}, "Create a repository")
CHANNEL = _tool("create_channel", {"name": _S, "is_private": _B}, "Create a chat channel")
BOARD = _tool("create_board", {"title": _S, "public": _B}, "Create a board")
FOLDER = _tool("create_folder", {"name": _S, "hidden": _B}, "Create a folder")
PAGE = _tool("update_page", {"slug": _S, "visible": _B}, "Update a page")
BUCKET = _tool("create_bucket", {"bucket": _S, "block_public_access": _B,
                                 "acl": {"type": "string",
                                         "enum": ["private", "public-read", "authenticated-read"]}},
               "Create a storage bucket")


@pytest.mark.parametrize(("text", "tool", "opposite", "agreeing"), [
    ("I'll create a private repository called notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Ich erstelle ein privates Repository namens notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Je crée un dépôt privé nommé notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Voy a crear un repositorio privado llamado notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Создам приватный репозиторий notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Tôi sẽ tạo kho riêng tư tên notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Creo il repository privato notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("Utworzę prywatne repozytorium notes.", REPO,
     {"name": "notes", "private": False}, {"name": "notes", "private": True}),
    ("I'll create a private channel called incident-42.", CHANNEL,
     {"name": "incident-42", "is_private": False}, {"name": "incident-42", "is_private": True}),
    ("Crio um canal privado chamado incident-42.", CHANNEL,
     {"name": "incident-42", "is_private": False}, {"name": "incident-42", "is_private": True}),
    # the key names the other side: public true where the text says private
    ("I'll create a private board titled Roadmap.", BOARD,
     {"title": "Roadmap", "public": True}, {"title": "Roadmap", "public": False}),
    ("我来创建一个私密看板 Roadmap。", BOARD,
     {"title": "Roadmap", "public": True}, {"title": "Roadmap", "public": False}),
    # the text says public; the key says private
    ("I'll create a public repository called notes.", REPO,
     {"name": "notes", "private": True}, {"name": "notes", "private": False}),
    ("Ich erstelle ein öffentliches Repository namens notes.", REPO,
     {"name": "notes", "private": True}, {"name": "notes", "private": False}),
    ("Ich erstelle ein öffentliches Board namens Roadmap.", BOARD,
     {"title": "Roadmap", "public": False}, {"title": "Roadmap", "public": True}),
    ("Создам публичную доску Roadmap.", BOARD,
     {"title": "Roadmap", "public": False}, {"title": "Roadmap", "public": True}),
    # hidden and visible
    ("I'll create a hidden folder called cache.", FOLDER,
     {"name": "cache", "hidden": False}, {"name": "cache", "hidden": True}),
    ("I'll make the pricing page visible.", PAGE,
     {"slug": "pricing", "visible": False}, {"slug": "pricing", "visible": True}),
    # a key whose word negates its property, and a listed value
    ("I'll create a private bucket called invoices.", BUCKET,
     {"bucket": "invoices", "block_public_access": False},
     {"bucket": "invoices", "block_public_access": True}),
    ("Je crée un bucket privé nommé invoices.", BUCKET,
     {"bucket": "invoices", "acl": "public-read"}, {"bucket": "invoices", "acl": "private"}),
])
def test_a_switch_holds_the_stated_property(text: str, tool: dict[str, Any],
                                           opposite: dict[str, Any],
                                           agreeing: dict[str, Any]) -> None:
    name = tool["function"]["name"]
    expect_refused(recover_after(text, [tool], (name, opposite)), (text, opposite),
                   "ungrounded-call")
    expect_recovered(recover_after(text, [tool], (name, agreeing)), (text, agreeing))


@pytest.mark.parametrize(("text", "call"), [
    # unspaced scripts: a private form that holds a public one is read whole
    ("非公開のリポジトリ notes を作成します。", {"name": "notes", "private": True}),
    ("비공개 저장소 notes를 만들겠습니다.", {"name": "notes", "private": True}),
])
def test_a_property_read_whole_recovers(text: str, call: dict[str, Any]) -> None:
    expect_recovered(recover_after(text, [REPO], ("create_repo", call)), text)


UPDATE_REPO = _tool("update_repo", {"name": _S, "private": _B}, "Update a repository")


def test_a_text_that_states_both_ways_is_left_to_the_value_readers() -> None:
    text = "I'll change the notes repository from private to public."
    expect_recovered(recover_after(text, [UPDATE_REPO],
                                   ("update_repo", {"name": "notes", "private": False})), text)


_STATUS = {"type": "string", "enum": ["pending", "shipped", "cancelled", "refunded"]}
ORDER = _tool("update_order", {"order_id": _S, "status": _STATUS, "address": _S},
              "Update an order")
MARK = _tool("mark_order", {"order_id": _S, "status": _STATUS}, "Mark an order")
PR = _tool("update_pr", {"number": {"type": "integer"},
                         "state": {"type": "string", "enum": ["open", "closed", "merged"]},
                         "draft": _B}, "Update a pull request")


@pytest.mark.parametrize(("text", "tool", "drifted", "said"), [
    ("I'll mark order 5521 as shipped.", ORDER,
     {"order_id": "5521", "status": "refunded"}, {"order_id": "5521", "status": "shipped"}),
    ("I'll mark order 5521 as shipped.", MARK,
     {"order_id": "5521", "status": "cancelled"}, {"order_id": "5521", "status": "shipped"}),
    # an address change carries no status
    ("I'll update the shipping address on order 5521 to 12 Oak St.", ORDER,
     {"order_id": "5521", "status": "cancelled", "address": "12 Oak St"},
     {"order_id": "5521", "address": "12 Oak St"}),
    ("I'll mark PR 88 as closed.", PR,
     {"number": 88, "state": "merged"}, {"number": 88, "state": "closed"}),
])
def test_a_status_is_the_one_said(text: str, tool: dict[str, Any], drifted: dict[str, Any],
                                  said: dict[str, Any]) -> None:
    name = tool["function"]["name"]
    expect_refused(recover_after(text, [tool], (name, drifted)), (text, drifted),
                   "ungrounded-call")
    expect_recovered(recover_after(text, [tool], (name, said)), (text, said))


_ORDER_STATUS = {"type": "string", "enum": ["pending", "shipped", "cancelled", "refunded"]}
ASSIGN = _tool("assign_ticket", {"ticket": _S, "assignee": _S,
                                 "order_status": _ORDER_STATUS}, "Assign a ticket")
LABEL = _tool("label_pr", {"number": {"type": "integer"}, "label": _S,
                           "state": {"type": "string", "enum": ["open", "closed", "merged"]}},
              "Add a label to a pull request")
PAGE_NEW = _tool("create_page", {"title": _S,
                                 "status": {"type": "string", "enum": ["draft", "published"]}},
                 "Create a wiki page")


@pytest.mark.parametrize(("text", "tool", "final", "kept"), [
    # a value of a closed list that takes a step that cannot be taken back needs its verb
    ("I'll assign ticket 7 to dana.", ASSIGN,
     {"ticket": "7", "assignee": "dana", "order_status": "refunded"},
     {"ticket": "7", "assignee": "dana", "order_status": "pending"}),
    ("Voy a añadir la etiqueta needs-review al PR 88.", LABEL,
     {"number": 88, "label": "needs-review", "state": "merged"},
     {"number": 88, "label": "needs-review"}),
    ("Добавлю метку needs-review к PR 88.", LABEL,
     {"number": 88, "label": "needs-review", "state": "merged"},
     {"number": 88, "label": "needs-review", "state": "closed"}),
    ("I'll add the label needs-review to PR 88.", LABEL,
     {"number": 88, "label": "needs-review", "state": "merged"},
     {"number": 88, "label": "needs-review", "state": "open"}),
    ("Ich füge PR 88 das Label needs-review hinzu.", LABEL,
     {"number": 88, "label": "needs-review", "state": "merged"},
     {"number": 88, "label": "needs-review"}),
    ("I'll create a wiki page titled 'Release notes'.", PAGE_NEW,
     {"title": "Release notes", "status": "published"},
     {"title": "Release notes", "status": "draft"}),
])
def test_a_final_step_in_a_value_needs_its_verb(text: str, tool: dict[str, Any],
                                               final: dict[str, Any],
                                               kept: dict[str, Any]) -> None:
    name = tool["function"]["name"]
    expect_refused(recover_after(text, [tool], (name, final)), (text, final), "ungrounded-call")
    expect_recovered(recover_after(text, [tool], (name, kept)), (text, kept))


def test_a_final_step_its_verb_says_recovers() -> None:
    text = "I'll merge PR 88 and add the label shipped."
    expect_recovered(recover_after(text, [LABEL], ("label_pr", {
        "number": 88, "label": "shipped", "state": "merged"})), text)
