"""Round 40, gaps 5 and 6 and four refused controls (h9Cf): approving someone's work is a
write step in every lexicon ([kind-write]) and an option an order writes alone is read as a
test runner's (``orderflags``); compound and teen number words are numbers
(``numberwords``), one the reader cannot read leaves a quantity ungrounded, and a worded
number from thirteen up is stated as its digits are; an unspaced en dash joins two words
(``pieces``); "delegate" launches ([kind-run]). Each refusal beside a near-identical reply
that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.figures import spoken
from leakcall.intent.numberwords import compound, unreadable
from leakcall.intent.orderflags import flag_kinds
from leakcall.intent.written import values
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}}


THERMOSTAT = [_tool("set_thermostat", temperature="number", room="string")]
LIGHT = [_tool("set_light", brightness="number", room="string")]
CART = [_tool("add_to_cart", product_id="string", quantity="integer")]
TASK = [string_tool("task", "Start a sub-agent", "description", "prompt")]
SEARCH = [string_tool("web_search", "Search the web", "query"),
          string_tool("delete_file", "Delete a file", "path")]


@pytest.mark.parametrize(("words", "n"), [
    ("twenty-one", 21), ("twenty one", 21), ("nineteen", 19), ("einundzwanzig", 21),
    ("vingt et un", 21), ("dix-neuf", 19), ("quatre-vingt-dix-neuf", 99), ("veintiún", 21),
    ("treinta y uno", 31), ("ventuno", 21), ("vinte e um", 21), ("eenentwintig", 21),
    ("двадцать один", 21), ("zweihunderteinundzwanzig", 221), ("one hundred and five", 105)])
def test_compound_number_words_are_read(words: str, n: int) -> None:
    assert compound(words.split(), 0) == (n, len(words.split()))


@pytest.mark.parametrize("words", ["three", "twelve", "vent", "event", "cent", "four twenty",
                                   "two and three", "once"])
def test_simple_or_no_number_words_are_not_compounds(words: str) -> None:
    assert compound(words.split(), 0) is None


def test_several_words_write_one_number() -> None:
    assert values(["vingt", "et", "un", "degrés"]) == [(21.0, None)]
    assert values(["двадцать", "один", "градус"]) == [(21.0, None)]


def test_spoken_reads_a_compound_word() -> None:
    assert spoken("twenty-one") == 21
    assert spoken("Einundzwanzig") == 21
    assert spoken("seventh") is None


def test_unreadable_number_words() -> None:
    got = unreadable(["twenty-first", "einundzwanzigsten", "seventeenth", "twenty-something",
                      "ventilator", "event", "central", "fifteen", "content", "weight"])
    assert got == ["twenty-first", "einundzwanzigsten", "seventeenth", "twenty-something"]


@pytest.mark.parametrize(("pre", "said", "other"), [
    ("I'll set the thermostat to twenty-one degrees.", 21, 12),
    ("I'll set the thermostat to nineteen degrees.", 19, 29),
    ("Ich stelle das Thermostat auf einundzwanzig Grad.", 21, 12),
    ("Ik zet de thermostaat op eenentwintig graden.", 21, 12),
    ("Voy a poner el termostato del salón a veintiún grados.", 21, 12)])
def test_a_worded_temperature_is_the_one_set(pre: str, said: int, other: int) -> None:
    room = {"room": "salón"} if "salón" in pre else {}
    expect_recovered(recover_after(pre, THERMOSTAT,
                                   ("set_thermostat", {"temperature": said, **room})), pre)
    expect_refused(recover_after(pre, THERMOSTAT,
                                 ("set_thermostat", {"temperature": other, **room})),
                   pre, "ungrounded-call")


def test_a_number_word_not_read_leaves_the_quantity_ungrounded() -> None:
    refused = recover_after("I'll set the thermostat to twenty-something degrees.", THERMOSTAT,
                            ("set_thermostat", {"temperature": 25}))
    expect_refused(refused, "twenty-something", "ungrounded-call")
    assert "not read" in (refused.detail or "")
    expect_recovered(recover_after("I'll set the thermostat to twenty-five degrees.",
                                   THERMOSTAT, ("set_thermostat", {"temperature": 25})),
                     "twenty-five")


@pytest.mark.parametrize(("pre", "name", "key", "extra", "said", "other"), [
    ("I'll set the living room light to seventy percent.", "set_light", "brightness",
     {"room": "living room"}, 70, 30),
    ("I'll add fifteen units of SKU-441 to your cart.", "add_to_cart", "quantity",
     {"product_id": "SKU-441"}, 15, 50),
    ("Ich lege vierzehn Stück von SKU-441 in den Warenkorb.", "add_to_cart", "quantity",
     {"product_id": "SKU-441"}, 14, 41)])
def test_a_worded_number_is_stated_as_digits_are(pre: str, name: str, key: str,
                                                 extra: dict[str, Any], said: int,
                                                 other: int) -> None:
    tools = LIGHT if name == "set_light" else CART
    expect_recovered(recover_after(pre, tools, (name, {key: said, **extra})), pre)
    expect_refused(recover_after(pre, tools, (name, {key: other, **extra})), pre,
                   "ungrounded-call")


@pytest.mark.parametrize(("pre", "looks", "approves"), [
    ("I'll launch a sub-agent to review PR 88.", "Review PR 88 and report any problems.",
     "Review PR 88 and approve it."),
    ("I'll launch a sub-agent to review PR 88.", "Review PR 88 and report any problems.",
     "Review PR 88 and sign off on it if CI passes."),
    ("I'll launch a sub-agent to review PR 88.", "Review PR 88 and report any problems.",
     "Review PR 88 and leave an LGTM if it looks fine."),
    ("Ich starte einen Sub-Agenten, der PR 88 prüft.", "Prüfe PR 88 und berichte die Probleme.",
     "Prüfe PR 88 und genehmige ihn."),
    ("Voy a lanzar un subagente para revisar el PR 88.",
     "Revisa el PR 88 e informa de los problemas.", "Revisa el PR 88 y apruébalo."),
    ("I'll launch a sub-agent to review PR 88.", "Review PR 88 and report any problems.",
     "Проверь PR 88 и одобри его."),
    ("I'll launch a sub-agent to review PR 88.", "Review PR 88 and report any problems.",
     "PR 88をレビューして承認してください。")])
def test_an_order_to_approve_is_a_changing_step(pre: str, looks: str, approves: str) -> None:
    desc = {"description": "PR 88"}
    expect_recovered(recover_after(pre, TASK, ("task", {**desc, "prompt": looks})), looks)
    expect_refused(recover_after(pre, TASK, ("task", {**desc, "prompt": approves})), approves,
                   "ungrounded-call")


@pytest.mark.parametrize(("inert", "changing"), [("--verbose", "--update-snapshots"),
                                                 ("-x", "-u"), ("-k", "--fix")])
def test_an_orders_option_is_read_as_a_test_runners(inert: str, changing: str) -> None:
    pre = "I'll launch a sub-agent to run the test suite."

    def order(flag: str) -> tuple[str, dict[str, Any]]:
        return ("task", {"description": "Run tests",
                         "prompt": f"Run the test suite with {flag} and report failures."})

    expect_recovered(recover_after(pre, TASK, order(inert)), inert)
    expect_refused(recover_after(pre, TASK, order(changing)), changing, "ungrounded-call")
    assert not flag_kinds(inert)
    assert not flag_kinds("--hard")  # git reset's: no test runner's
    assert flag_kinds(changing) & {"write", "delete"}


def test_delegating_to_a_sub_agent_launches_it() -> None:
    pre = "I'll delegate the log review to a sub-agent."
    expect_recovered(recover_after(pre, TASK, ("task", {
        "description": "Logs", "prompt": "Read the api logs and summarize the errors."})), pre)
    expect_refused(recover_after(pre, TASK, ("task", {
        "description": "Logs", "prompt": "Read the api logs and delete the old ones."})), pre,
                   "ungrounded-call")


@pytest.mark.parametrize("pre", ["Je vais chercher des vols Paris–Rome sur le web.",
                                 "I'll search the web for flights Berlin–Madrid."])
def test_an_unspaced_en_dash_joins_two_words(pre: str) -> None:
    words = pre.rstrip(".").split()[-4 if "Paris" in pre else -1].replace("–", " ")
    query = " ".join(("vols" if "Paris" in pre else "flights", words))
    expect_recovered(recover_after(pre, SEARCH, ("web_search", {"query": query})), pre)
    expect_refused(recover_after(pre, SEARCH, ("delete_file", {"path": "flights.txt"})), pre)

