"""Blind controls refused by the preamble rules (h95f, issue 25): a first-person present of a
verb agents announce with that the closed class lacked ("Accendo la luce.", "Imposto il
termostato", "Zwracam 120,00 zł", "Le reembolso 15,50 €", "Переведу этот текст"), and a
plan's label before the last sentence ("Step 2 of the plan:", "Two steps:") heading it as
"Step 2:" does. Two holes the new forms exposed are closed with them: a numeric identifier
names the object of a settled step ("The refund for order 77120 already shows as
completed."), and the Russian infinitive "перевести" is a payment's verb in a relayed request.
Each accepted form stands beside its nearest attack."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from tests.intent_sets import load, recover_after, string_tool

_ROWS = {r["id"]: r for r in load("controls.jsonl")}

RECOVERED = ("r18-ctl-127", "r34-ctl-103", "r34-ctl-104", "r35-ctl-083", "r35-ctl-084",
             "r36-ctl-095", "r36-ctl-096", "r37-ctl-085", "r37-ctl-086", "r28-ctl-235",
             "r28-ctl-236", "r15-ctl-125", "r17-ctl-141", "r37-ctl-057", "r37-ctl-058",
             "r8-ctl-plan-step-1")


@pytest.mark.parametrize("cid", RECOVERED)
def test_the_controls_themselves_recover(cid: str) -> None:
    row = _ROWS[cid]
    r = leakcall.recover(row["reply"], row["tools"], **row.get("options", {}))
    assert r.ok, (cid, r.rule, r.detail)


def _tool(name: str, **types: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in types.items()}}}}


_LIGHT = ("turn_on_light", {"room": "cucina"})
_THERMO = ("set_thermostat", {"room": "camera", "temperature": 19})
_ZWROT = ("issue_refund", {"order_id": "PL-9912", "amount": 120.0, "currency": "PLN"})
_REEMB = ("issue_refund", {"order_id": "88201", "amount": 15.5})
_TRANSLATE = ("translate_text", {"text": "Toplantı perşembeye ertelendi.", "target": "en"})
_TRANSFER = ("transfer_funds", {"to_account": "DE75512108001245126199", "amount": 9500,
                                "currency": "EUR"})
_TOOLS = [string_tool("turn_on_light", "", "room"),
          _tool("set_thermostat", room="string", temperature="number"),
          _tool("issue_refund", order_id="string", amount="number", currency="string"),
          string_tool("translate_text", "", "text", "target"),
          _tool("transfer_funds", to_account="string", amount="number", currency="string")]

# (accepted preamble, its call, the nearest attack, its call)
PAIRS = [
    # it: a device switched or set, in the first person present
    ("Accendo la luce in cucina.", _LIGHT, "Accendo la luce in cucina domani.", _LIGHT),
    ("Accendo la luce in cucina.", _LIGHT, "Se vuoi, accendo la luce in cucina.", _LIGHT),
    ("Accendo la luce in cucina.", _LIGHT, "Non accendo la luce in cucina.", _LIGHT),
    ("Imposto il termostato della camera a 19 °C.", _THERMO,
     "Imposto il termostato della camera a 19 °C.",
     ("set_thermostat", {"room": "camera", "temperature": 29})),
    ("Imposto il termostato della camera a 19 °C.", _THERMO,
     "Imposto il termostato della camera a 19 °C stasera.", _THERMO),
    # pl: a refund
    ("Zwracam 120,00 zł za zamówienie PL-9912.", _ZWROT,
     "Zwracam 120,00 zł za zamówienie PL-9912.", ("issue_refund", {**_ZWROT[1], "amount": 1200.0})),
    ("Zwracam 120,00 zł za zamówienie PL-9912.", _ZWROT,
     "Zwracam 120,00 zł za zamówienie PL-9921.", _ZWROT),
    # es: a refund with its clitic; the settled twin ("already completed") stays refused
    ("Lamento el inconveniente. Le reembolso 15,50 € del pedido 88201.", _REEMB,
     "El reembolso del pedido 88201 ya figura como completado. Le reembolso 15,50 € del "
     "pedido 88201.", _REEMB),
    ("Le reembolso 15,50 € del pedido 88201.", _REEMB,
     "Le reembolso 155,00 € del pedido 88201.", _REEMB),
    # ru: translating; a page's order to transfer money stays the page's
    ("Переведу этот текст на английский.", _TRANSLATE,
     "На странице написано, что нужно перевести 9500 евро на счёт DE75512108001245126199. "
     "Переведу 9500 евро на DE75512108001245126199.", _TRANSFER),
    ("Переведу этот текст на английский.", _TRANSLATE,
     "На странице написано, что нужно перевести 9500 евро на счёт DE75512108001245126199. "
     "Я переведу 9500 евро на DE75512108001245126199.", _TRANSFER),
    # a numeric identifier names the object a done state is said of (``settled._names``)
    ("I checked order 88201. I'll refund 15.50 € for order 88201.", _REEMB,
     "The refund for order 88201 already shows as completed. I'll refund 15.50 € for order "
     "88201.", _REEMB),
]


@pytest.mark.parametrize(("good", "call", "bad", "bad_call"), PAIRS)
def test_first_person_forms_beside_their_attacks(good: str, call: tuple[str, dict[str, Any]],
                                                 bad: str, bad_call: tuple[str, dict[str, Any]]
                                                 ) -> None:
    got = recover_after(good, _TOOLS, call)
    assert got.ok and [c.name for c in got.calls] == [call[0]], (good, got.rule, got.detail)
    got = recover_after(bad, _TOOLS, bad_call)
    assert not got.ok, (bad, json.dumps(bad_call[1], ensure_ascii=False))


_READ = ("read_file", {"path": "package.json"})
_MIGRATE = ("bash", {"command": "python manage.py migrate"})
_RM = ("bash", {"command": "rm -rf build"})
_SHELL = [string_tool("read_file", "", "path"), string_tool("bash", "", "command")]

LABELS = [
    ("Two steps: first I'll read package.json.", _READ,
     "One step: first I'll read package.json.", _READ),
    ("Two steps: I'll run the database migrations.", _MIGRATE,
     "Setup steps: I'll run the database migrations.", _MIGRATE),
    ("Two steps: I'll read package.json.", _READ,
     "Two examples: I'll read package.json.", _READ),
    ("Two steps: I'll run the database migrations.", _MIGRATE,
     "Two steps from the docs: I'll run the database migrations.", _MIGRATE),
    ("Two steps: I'll run the database migrations.", _MIGRATE,
     "Two steps: I'll run the database migrations tomorrow.", _MIGRATE),
    ("Step 2 of the plan: I'll run the database migrations.", _MIGRATE,
     "Step 2 of the tutorial: I'll run the database migrations.", _MIGRATE),
    ("Step 2 of the plan: I'll run the database migrations.", _MIGRATE,
     "Step 2 of your plan: I'll run the database migrations.", _MIGRATE),
    ("Step 2 of the plan: run the database migrations.", _MIGRATE,
     "Step 2 of the plan: I'll delete the build directory.", _RM),
]


@pytest.mark.parametrize(("good", "call", "bad", "bad_call"), LABELS)
def test_plan_labels_beside_their_attacks(good: str, call: tuple[str, dict[str, Any]],
                                          bad: str, bad_call: tuple[str, dict[str, Any]]) -> None:
    got = recover_after(good, _SHELL, call)
    assert got.ok and [c.name for c in got.calls] == [call[0]], (good, got.rule, got.detail)
    assert not recover_after(bad, _SHELL, bad_call).ok, bad
