"""Values a changing call sets against the text, h9Aa (issue 25; ``intent.setvalues``, rule
``ungrounded-call``): a switch set the other way, a degree nobody wrote, a quoted part carried
under another key; each refusal beside the genuine form it keeps recovered."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.intent_sets import expect_recovered, expect_refused, recover_calls

_B: dict[str, Any] = {"type": "boolean"}
_I: dict[str, Any] = {"type": "integer"}
_S: dict[str, Any] = {"type": "string"}


def _fn(name: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": props, "required": list(required)}}}


TOOLS = [
    _fn("switch_light", {"room": _S, "on": _B, "brightness": _I}, ("room",)),
    _fn("lights", {"room": _S, "on": _B, "brightness": _I}, ("room",)),
    _fn("turn_on_light", {"room": _S, "brightness": _I}, ("room",)),
    _fn("set_light", {"room": _S, "on": _B, "brightness": _I}, ("room",)),
    _fn("toggle_fan", {"room": _S, "on": _B, "speed": {"type": "integer", "default": 2}},
        ("room",)),
    _fn("lock_door", {"door": _S, "locked": _B}, ("door",)),
    _fn("edit_file", {"path": _S, "old_string": _S, "new_string": _S, "replace_all": _B},
        ("path", "old_string", "new_string")),
    _fn("send_email", {"to": _S, "subject": _S, "body": _S}, ("to", "subject", "body")),
    _fn("create_issue", {"repo": _S, "title": _S, "body": _S}, ("repo", "title")),
    _fn("send_message", {"channel": _S, "message": _S}, ("channel", "message")),
]


_run = partial(recover_calls, tools=TOOLS)


def _refused(text: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_refused(_run(text, *calls), (text, calls), "ungrounded-call")


def _recovered(text: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(_run(text, *calls), (text, calls))


_ON = "I'll turn on the kitchen lights."


def test_an_optional_switch_set_against_the_stated_way_is_refused() -> None:
    _refused(_ON, ("switch_light", {"room": "kitchen", "on": False}))
    _refused(_ON, ("lights", {"room": "kitchen", "on": False}))
    _refused("I'll switch the kitchen lights on.", ("switch_light", {"room": "kitchen", "on": False}))
    _refused("I'll turn on the kitchen fan.", ("toggle_fan", {"room": "kitchen", "on": False}))
    _refused("I'll lock the front door.", ("lock_door", {"door": "front", "locked": False}))
    _refused("I'll replace all occurrences of `retries=3` with `retries=5` in app.py.",
             ("edit_file", {"path": "app.py", "old_string": "retries=3",
                            "new_string": "retries=5", "replace_all": False}))


def test_the_switch_set_the_stated_way_or_unsaid_is_recovered() -> None:
    _recovered(_ON, ("switch_light", {"room": "kitchen", "on": True}))
    _recovered(_ON, ("lights", {"room": "kitchen", "on": True}))
    _recovered(_ON, ("switch_light", {"room": "kitchen"}))
    _recovered("I'll turn off the kitchen lights.", ("lights", {"room": "kitchen", "on": False}))
    _recovered("I'll turn on the kitchen fan.", ("toggle_fan", {"room": "kitchen", "on": True}))
    _recovered("I'll lock the front door.", ("lock_door", {"door": "front", "locked": True}))
    # an optional switch the text says nothing of restates its absence
    _recovered("I'll replace `retries=3` with `retries=5` in app.py.",
               ("edit_file", {"path": "app.py", "old_string": "retries=3",
                              "new_string": "retries=5", "replace_all": False}))


def test_a_degree_the_switching_step_does_not_write_is_refused() -> None:
    _refused(_ON, ("lights", {"room": "kitchen", "on": True, "brightness": 60}))
    _refused(_ON, ("turn_on_light", {"room": "kitchen", "brightness": 60}))
    _refused(_ON, ("set_light", {"room": "kitchen", "on": True, "brightness": 60}))
    _refused("I'll turn on the kitchen fan.",
             ("toggle_fan", {"room": "kitchen", "on": True, "speed": 5}))


def test_a_written_degree_or_the_declared_default_is_recovered() -> None:
    _recovered("I'll turn the kitchen lights on to 60.",
               ("lights", {"room": "kitchen", "on": True, "brightness": 60}))
    _recovered("I'll dim the kitchen lights to 30%.", ("lights", {"room": "kitchen",
                                                                 "brightness": 30}))
    _recovered(_ON, ("turn_on_light", {"room": "kitchen"}))
    _recovered("I'll turn on the kitchen fan.",
               ("toggle_fan", {"room": "kitchen", "on": True, "speed": 2}))


def test_a_quoted_part_carried_under_another_key_is_refused() -> None:
    _refused("I'll email Dana the report with the subject 'Report'.",
             ("send_email", {"to": "Dana", "subject": "Invoice", "body": "Report"}))
    _refused("I'll email dana@acme.com with the subject line: 'Report'.",
             ("send_email", {"to": "dana@acme.com", "subject": "Invoice", "body": "Report"}))
    _refused("I'll open an issue in acme/api titled 'Login fails'.",
             ("create_issue", {"repo": "acme/api", "title": "Crash", "body": "Login fails"}))
    _refused("Ich schicke dana@acme.com eine E-Mail mit dem Betreff „Bericht“.",
             ("send_email", {"to": "dana@acme.com", "subject": "Rechnung", "body": "Bericht"}))
    _refused("I'll post to #ops with the message 'Deploy done'.",
             ("send_message", {"channel": "#ops", "message": "Rollback started"}))


def test_a_quoted_part_carried_as_written_is_recovered() -> None:
    _recovered("I'll email Dana the report with the subject 'Report'.",
               ("send_email", {"to": "Dana", "subject": "Report",
                               "body": "Hi Dana, the report is attached."}))
    _recovered("I'll email dana@acme.com with the subject line: 'Report'.",
               ("send_email", {"to": "dana@acme.com", "subject": "report",
                               "body": "Report attached."}))
    _recovered("I'll open an issue in acme/api titled \"Login fails\".",
               ("create_issue", {"repo": "acme/api", "title": "Login fails.",
                                 "body": "Steps to reproduce."}))
    _recovered("Ich schicke dana@acme.com eine E-Mail mit dem Betreff „Bericht“.",
               ("send_email", {"to": "dana@acme.com", "subject": "Bericht",
                               "body": "Hallo Dana, anbei der Bericht."}))
    _recovered("I'll post to #ops with the message 'Deploy done'.",
               ("send_message", {"channel": "#ops", "message": "Deploy done"}))


_TITLED = [
    ("Crearé un issue en acme/api titulado 'Fallo de inicio de sesión'.",
     "Fallo de inicio de sesión", "Error"),
    ("Je crée un ticket dans acme/api intitulé « Panne de connexion ».",
     "Panne de connexion", "Crash"),
    ("Ich erstelle in acme/api ein Issue mit dem Titel „Login schlägt fehl“.",
     "Login schlägt fehl", "Absturz"),
    ("Создам задачу в acme/api с заголовком «Ошибка входа».", "Ошибка входа", "Сбой"),
]


def test_a_title_quoted_in_other_languages_is_carried_as_written() -> None:
    for text, written, other in _TITLED:
        _recovered(text, ("create_issue", {"repo": "acme/api", "title": written}))
        _refused(text, ("create_issue", {"repo": "acme/api", "title": other, "body": written}))
    _recovered("Enviarei um e-mail para dana@acme.com com o assunto 'Relatório'.",
               ("send_email", {"to": "dana@acme.com", "subject": "Relatório",
                               "body": "Segue o relatório."}))
    _refused("Enviarei um e-mail para dana@acme.com com o assunto 'Relatório'.",
             ("send_email", {"to": "dana@acme.com", "subject": "Fatura", "body": "Relatório"}))
