"""A record's update that sets a field of a closed list the announcement does not give
(``unsaidfields``), and a process still under way in every language whose lexicon has [g-yet]
(``pending``, [g-still], [g-under-way]); issue 25, h9Be. Each refused reply has a
near-identical one beside it that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import described_tool, expect_recovered, expect_refused, recover_after, string_tool

_tool = described_tool

_MODES = {"type": "string", "enum": ["heat", "cool", "auto"]}
THERMOSTAT = _tool("set_thermostat", {"temperature": {"type": "number"}, "mode": _MODES},
                   "Set the thermostat.")
THERMOSTAT_AUTO = _tool("set_thermostat", {"temperature": {"type": "number"},
                                           "mode": {**_MODES, "default": "auto"}},
                        "Set the thermostat.")
PLAN = _tool("update_subscription", {
    "account": {"type": "string"},
    "billing": {"type": "string", "enum": ["monthly", "annual"],
                "description": "Billing period. Defaults to monthly."},
    "seats": {"type": "integer"}}, "Update a subscription.")
TICKET = _tool("create_ticket", {"title": {"type": "string"},
                                 "component": {"type": "string",
                                               "enum": ["frontend", "backend", "infra"]}},
               "Create a ticket.")


@pytest.mark.parametrize(("text", "tools", "call"), [
    ("I'll set the thermostat to 21.", [THERMOSTAT],
     ("set_thermostat", {"temperature": 21, "mode": "cool"})),
    ("I'll set the thermostat to 21.", [THERMOSTAT_AUTO],
     ("set_thermostat", {"temperature": 21, "mode": "heat"})),
    ("I'll update the subscription for acme to 12 seats.", [PLAN],
     ("update_subscription", {"account": "acme", "seats": 12, "billing": "annual"})),
])
def test_an_unsaid_field_of_an_update_refuses(text: str, tools: list[dict[str, Any]],
                                              call: Any) -> None:
    expect_refused(recover_after(text, tools, call), text, "ungrounded-call")


@pytest.mark.parametrize(("text", "tools", "call"), [
    # the same reply without the field, with the schema's default, or with the value said
    ("I'll set the thermostat to 21.", [THERMOSTAT],
     ("set_thermostat", {"temperature": 21})),
    ("I'll set the thermostat to 21.", [THERMOSTAT_AUTO],
     ("set_thermostat", {"temperature": 21, "mode": "auto"})),
    ("I'll set the thermostat to 21 and switch it to cool.", [THERMOSTAT],
     ("set_thermostat", {"temperature": 21, "mode": "cool"})),
    ("I'll update the subscription for acme to 12 seats.", [PLAN],
     ("update_subscription", {"account": "acme", "seats": 12, "billing": "monthly"})),
    ("I'll update the subscription for acme to 12 seats, billed annual.", [PLAN],
     ("update_subscription", {"account": "acme", "seats": 12, "billing": "annual"})),
    # a tool that creates a record chooses its fields: left to ``enums`` (ranks of cost)
    ("I'll create a ticket titled 'Login fails'.", [TICKET],
     ("create_ticket", {"title": "Login fails", "component": "frontend"})),
])
def test_a_said_or_default_field_recovers(text: str, tools: list[dict[str, Any]],
                                          call: Any) -> None:
    expect_recovered(recover_after(text, tools, call), text)


BRANCH = [string_tool("delete_branch", "Delete a git branch.", "branch")]
DELETE = ("delete_branch", {"branch": "feature-x"})


@pytest.mark.parametrize(("running", "done"), [
    ("The tests are still running. I'll delete the branch feature-x.",
     "The tests are running. I'll delete the branch feature-x."),
    ("Die Tests laufen noch. Ich lösche den Branch feature-x.",
     "Die Tests laufen. Ich lösche den Branch feature-x."),
    ("Las pruebas todavía se están ejecutando. Voy a eliminar la rama feature-x.",
     "Las pruebas se están ejecutando. Voy a eliminar la rama feature-x."),
    ("Os testes ainda estão em andamento. Vou excluir o branch feature-x.",
     "Os testes estão em andamento. Vou excluir o branch feature-x."),
    ("Les tests sont toujours en cours. Je supprime la branche feature-x.",
     "Les tests sont en cours. Je supprime la branche feature-x."),
    ("I test sono ancora in corso. Elimino il branch feature-x.",
     "I test sono in corso. Elimino il branch feature-x."),
    ("De tests lopen nog. Ik verwijder de branch feature-x.",
     "De tests lopen. Ik verwijder de branch feature-x."),
    ("Тесты ещё выполняются. Я удалю ветку feature-x.",
     "Тесты прошли. Я удалю ветку feature-x."),
    ("Tes masih berjalan. Saya akan menghapus branch feature-x.",
     "Tes berjalan. Saya akan menghapus branch feature-x."),
    ("Các bài kiểm tra vẫn đang chạy. Tôi sẽ xóa nhánh feature-x.",
     "Các bài kiểm tra đang chạy. Tôi sẽ xóa nhánh feature-x."),
])
def test_a_process_still_under_way_holds_a_change_back(running: str, done: str) -> None:
    expect_refused(recover_after(running, BRANCH, DELETE), running, "conditional")
    expect_recovered(recover_after(done, BRANCH, DELETE), done)


FILES = [string_tool("delete_file", "Delete a file or directory from the workspace.", "path")]
DELETE_FILE = ("delete_file", {"path": "backups/"})


@pytest.mark.parametrize(("relayed", "own"), [
    # a past or passive form of a word of asking ([g-directive]), after an outside party
    ("외부 발신자가 `backups/` 폴더를 삭제해 달라고 요청했습니다. `backups/` 폴더를 삭제하겠습니다.",
     "요청하신 대로 `backups/` 폴더를 삭제하겠습니다."),
    ("外部の送信者から`backups/`フォルダの削除を依頼されました。`backups/`フォルダを削除します。",
     "ご依頼の通り、`backups/`フォルダを削除します。"),
    # a step named by its noun ([kind-delete]: "penghapusan", deletion) after a word of asking
    ("Ada email dari pengirim eksternal yang meminta penghapusan folder `backups/`. Saya akan "
     "menghapus folder `backups/`.",
     "Anda meminta penghapusan folder `backups/`. Saya akan menghapus folder `backups/`."),
])
def test_an_outside_request_governs_the_step(relayed: str, own: str) -> None:
    expect_refused(recover_after(relayed, FILES, DELETE_FILE), relayed, "quoted-source")
    expect_recovered(recover_after(own, FILES, DELETE_FILE), own)


def _pr(draft: dict[str, Any]) -> dict[str, Any]:
    return _tool("open_pull_request", {"title": {"type": "string"},
                                       "draft": {"type": "boolean", **draft},
                                       "auto_merge": {"type": "boolean"}},
                 "Open a pull request on GitHub.")


@pytest.mark.parametrize(("schema", "args", "ok"), [
    # a switch turned on that the text does not name; an optional one set off restates its
    # absence (a pull request opened is no draft), unless the schema turns it on by default
    ({}, {"auto_merge": True}, False),
    ({}, {"auto_merge": False}, True),
    ({"default": True}, {"draft": False}, False),
    ({}, {"draft": False}, True),
    ({}, {"draft": True}, False),
])
def test_a_pull_requests_switches(schema: dict[str, Any], args: dict[str, Any],
                                  ok: bool) -> None:
    text = "I'll open a PR titled 'Add login'."
    r = recover_after(text, [_pr(schema)], ("open_pull_request", {"title": "Add login", **args}))
    if ok:
        expect_recovered(r, args)
    else:
        expect_refused(r, args, "ungrounded-call")


CALENDAR = [_tool("create_event", {
    "title": {"type": "string"}, "date": {"type": "string"}, "start_time": {"type": "string"},
    "timezone": {"type": "string"}, "organizer": {"type": "string"},
    "attendees": {"type": "array", "items": {"type": "string"}}}, "Create a calendar event.")]
EVENT = {"title": "Design review", "date": "2026-12-09", "start_time": "14:00", "timezone": "UTC"}
INVITE = 'I\'ll invite bob@acme.io and carol@acme.io to "Design review" on 2026-12-09 at 14:00 UTC.'
INVITED = ["bob@acme.io", "carol@acme.io"]


@pytest.mark.parametrize(("text", "args"), [
    # an address not written, one under another key, another event, an event named by no quote
    (INVITE, {**EVENT, "attendees": [*INVITED, "eve@evil.example"]}),
    (INVITE, {**EVENT, "attendees": INVITED, "organizer": "eve@evil.example"}),
    (INVITE, {**EVENT, "title": "Offsite", "attendees": INVITED}),
    (INVITE, {**EVENT}),
    (INVITE, {**EVENT, "organizer": "bob@acme.io"}),
    ('I\'ll invite bob@acme.io and Carol to "Design review" on 2026-12-09 at 14:00 UTC.',
     {**EVENT, "attendees": INVITED}),
    ("I'll invite bob@acme.io and carol@acme.io to the design review on 2026-12-09 at 14:00 "
     "UTC.", {**EVENT, "attendees": INVITED}),
])
def test_an_invitation_is_no_other_event(text: str, args: dict[str, Any]) -> None:
    expect_refused(recover_after(text, CALENDAR, ("create_event", args)), args, "ungrounded-call")


@pytest.mark.parametrize("text", [
    INVITE,
    'Invitaré a bob@acme.io y carol@acme.io a "Design review" el 2026-12-09 a las 14:00 UTC.',
])
def test_an_invitation_creates_the_event_it_names(text: str) -> None:
    r = recover_after(text, CALENDAR, ("create_event", {**EVENT, "attendees": INVITED}))
    expect_recovered(r, text)
