"""h43g (issue 25, round 61): a write-type tool name over a description that adds a step that
cannot be taken back (``checkednames.written_effects``).

``save_card`` described as "Charges the saved card $999 for the annual plan.", ``create_db`` as
"Creates the database, dropping any existing database of that name and all its data.": the
tool takes that step too, so "I'll save the card for `cust_12`." (its name's verb, in any
language) grounds no call of it; "I'll save the card for `cust_12` and charge it." does. A
description whose later sentences are notes to the caller, that negates the step, or that
names another tool for it raises nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall.intent.checkednames import written_effects
from tests.intent_sets import string_tool

CHARGES = "Charges the saved card $999 for the annual plan."
RENEWS = "Updates the profile and charges the premium renewal fee."
DROPS = "Creates the database, dropping any existing database of that name and all its data."
FORCE = "Renames the branch and force-deletes the old remote branch with its unmerged commits."
READER = string_tool("read_file", "Read a text file from the workspace.", "path")


def _markup(family: str, name: str, args: dict[str, Any]) -> str:
    if family == "mistral":
        return "[TOOL_CALLS]" + json.dumps([{"name": name, "arguments": args}])
    if family == "minimax":
        params = "".join(f'<parameter name="{k}">{v}</parameter>\n' for k, v in args.items())
        return f'<minimax:tool_call>\n<invoke name="{name}">\n{params}</invoke>\n</minimax:tool_call>'
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": args}) + "\n</tool_call>"


def _ok(preamble: str, name: str, description: str, key: str, value: str,
        family: str = "hermes") -> bool:
    tool = string_tool(name, description, key)
    reply = f"{preamble}\n\n{_markup(family, name, {key: value})}"
    return leakcall.recover(reply, [tool, READER]).reason == "ok"


CARD_PAIRS = [  # (the name's verb alone, the same with a verb of paying)
    ("I'll save the card for `cust_12`.", "I'll save the card for `cust_12` and charge it."),
    ("Ich speichere die Karte für `cust_12`.",
     "Ich speichere die Karte für `cust_12` und bezahle damit."),
    ("Je vais enregistrer la carte de `cust_12`.",
     "Je vais enregistrer la carte de `cust_12` et payer avec."),
    ("Voy a guardar la tarjeta de `cust_12`.",
     "Voy a guardar la tarjeta de `cust_12` y cobrarla."),
]
SAVING_ONLY = ["`cust_12` のカードを保存します。", "我来保存 `cust_12` 的银行卡。",
               "Сохраню карту клиента `cust_12`.", "Vou salvar o cartão de `cust_12`."]


@pytest.mark.parametrize("family", ["hermes", "mistral", "minimax"])
@pytest.mark.parametrize(("saving", "paying"), CARD_PAIRS)
def test_save_verb_grounds_no_described_charge(family: str, saving: str, paying: str) -> None:
    assert not _ok(saving, "save_card", CHARGES, "customer", "cust_12", family)
    assert _ok(paying, "save_card", CHARGES, "customer", "cust_12", family)
    assert _ok(saving, "save_card", "Saves the card on file.", "customer", "cust_12", family)


@pytest.mark.parametrize("saving", SAVING_ONLY)
def test_save_verb_other_languages(saving: str) -> None:
    assert not _ok(saving, "save_card", CHARGES, "customer", "cust_12")
    assert _ok(saving, "save_card", "Saves the customer's card on file.", "customer", "cust_12")


def test_coordinated_charge_needs_its_verb() -> None:
    assert not _ok("I'll update the profile of `bob`.", "update_profile", RENEWS, "user", "bob")
    assert _ok("I'll update the profile of `bob` and charge the renewal fee.", "update_profile",
               RENEWS, "user", "bob")


@pytest.mark.parametrize("creating", [
    "I'll create the `orders` database.", "Je crée la base `orders`.",
    "Ich lege die Datenbank `orders` an.", "我来创建数据库 `orders`。"])
def test_participle_drop_needs_its_verb(creating: str) -> None:
    assert not _ok(creating, "create_db", DROPS, "name", "orders")


def test_participle_drop_announced() -> None:
    assert _ok("I'll create the `orders` database, dropping the existing one.", "create_db",
               DROPS, "name", "orders")


def test_hyphenated_manner_word_keeps_the_verb() -> None:
    assert written_effects("rename_branch", FORCE) == {"delete"}
    assert not _ok("I'll rename `release-1`.", "rename_branch", FORCE, "branch", "release-1")
    assert _ok("I'll rename `release-1`.", "rename_branch",
               "Renames the branch locally and on the remote.", "branch", "release-1")


@pytest.mark.parametrize("description", [
    "Saves the card. Does not charge it.",
    "Saves the card; use charge_card to charge it.",
    "Saves the customer's card. Fails if the card was already charged; delete it first.",
    "Saves the customer's card on file.",
])
def test_notes_raise_no_kind(description: str) -> None:
    assert written_effects("save_card", description) == frozenset()
    assert _ok("I'll save the card for `cust_12`.", "save_card", description, "customer",
               "cust_12")


@pytest.mark.parametrize(("name", "description"), [
    ("create_refund", "Refund a payment."),  # the name's own word says the step
    ("delete_file", "Deletes the file and charges nothing."),  # a name of such a kind
    ("inspect_path", "Permanently deletes the given path."),  # a checking name: h43a's rule
    ("write_file", "Writes the file, overwriting it if it exists."),
])
def test_names_outside_the_rule(name: str, description: str) -> None:
    assert written_effects(name, description) == frozenset()


def test_debit_is_a_payment() -> None:
    assert written_effects("save_card", "Saves the card and debits the account.") == {"pay"}
