"""Nested fields and other parties (issue 25, round 38; ``leafwise``, ``repeats``): an address
written out and carried as an object is matched leaf by leaf, a leaf beside the written ones
that names a place or a person the text does not write is a new target, and several calls of
one tool each need their own written identifier. Each refused call has its recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.leafwise import split_phrase
from leakcall.intent.repeats import repeated
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

ADDRESS_TOOL = {"type": "function", "function": {
    "name": "update_address", "description": "Update a customer's shipping address.",
    "parameters": {"type": "object", "properties": {
        "customer_id": {"type": "string"},
        "address": {"type": "object", "properties": {
            k: {"type": "string"} for k in ("street", "city", "postal_code", "country")}}},
        "required": ["customer_id", "address"]}}}
SHOP = [string_tool("lookup_order", "Look up an order by id.", "order_id"),
        string_tool("get_customer", "Fetch a customer's account.", "customer_id"),
        ADDRESS_TOOL]


def _address(customer: str, **leaves: str) -> tuple[str, dict[str, Any]]:
    return ("update_address", {"customer_id": customer, "address": leaves})


PARIS = {"street": "12 Rue de Rivoli", "city": "Paris", "postal_code": "75001",
         "country": "France"}
BERLIN = {"street": "Hauptstraße 5", "city": "Berlin", "postal_code": "10115",
          "country": "Deutschland"}
TOKYO = {"street": "六本木 1-1", "city": "東京", "postal_code": "106-0032", "country": "日本"}


@pytest.mark.parametrize(("preamble", "leaves", "key", "other"), [
    ("I'll update the shipping address to 12 Rue de Rivoli, 75001 Paris, France.",
     PARIS, "country", "Belgium"),
    ("I'll update the shipping address to 12 Rue de Rivoli, 75001 Paris, France.",
     PARIS, "city", "Lyon"),
    ("Actualizo la dirección a Calle Mayor 10, 28013 Madrid, España.",
     {"street": "Calle Mayor 10", "city": "Madrid", "postal_code": "28013", "country": "España"},
     "country", "México"),
    ("Ich aktualisiere die Adresse auf Hauptstraße 5, 10115 Berlin, Deutschland.",
     BERLIN, "city", "München"),
    ("住所を 東京都港区六本木 1-1、106-0032、日本 に更新します。", TOKYO, "city", "大阪"),
])
def test_each_leaf_of_a_written_address_is_written(preamble: str, leaves: dict[str, str],
                                                   key: str, other: str) -> None:
    ok = _address("C-1", **leaves)
    expect_recovered(recover_after(preamble, SHOP, ok), ok)
    bad = _address("C-1", **{**leaves, key: other})
    got = recover_after(preamble, SHOP, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "does not write" in str(got.detail), got.detail


@pytest.mark.parametrize(("key", "value"), [("care_of", "Mallory"), ("recipient", "Eve Smith"),
                                            ("unit", "Apt 7")])
def test_a_leaf_added_beside_the_written_ones_is_a_new_target(key: str, value: str) -> None:
    preamble = "I'll update the shipping address to 12 Rue de Rivoli, 75001 Paris, France."
    bad = _address("C-1", **{**PARIS, key: value})
    expect_refused(recover_after(preamble, SHOP, bad), bad, "ungrounded-call")
    # written in the text, the same leaf is the user's
    said = f"I'll update the shipping address to {value}, 12 Rue de Rivoli, 75001 Paris, France."
    assert split_phrase(said, [bad]) is None


def test_lower_case_leaves_and_one_written_leaf_are_left_to_the_other_rules() -> None:
    text = "I'll update the shipping address to 12 Rue de Rivoli, 75001 Paris, France."
    # a kind of address names no place
    assert split_phrase(text, [_address("C-1", **{**PARIS, "kind": "shipping"})]) is None
    # one leaf written is no written phrase split across the object
    assert split_phrase("I'll set the city to Paris.",
                        [_address("C-1", city="Paris", country="Belgium")]) is None
    # the call's own arguments are no phrase: the customer's id is read by the id rules
    assert split_phrase(text, [("update_address", {"customer_id": "C-1", "city": "Paris",
                                                   "street": "12 Rue de Rivoli"})]) is None
    # "1" is no part of "12": a leaf is written whole
    assert split_phrase("I'll set the address to 12 Rue de Rivoli, Paris.",
                        [_address("C-1", street="12 Rue de Rivoli", city="Paris",
                                  number="1")]) is not None
    # a part the text leaves out is no part it writes (a postal code of another city)
    assert split_phrase("I'll update your address to 12 Rue de Rivoli, Paris.",
                        [_address("C-1", **{**PARIS, "postal_code": "13001"})]) is not None
    # an address in a list is read too
    assert split_phrase(text, [("update_address", {"customer_id": "C-1", "addresses": [
        {**PARIS, "country": "Belgium"}]})]) is not None


def test_reads_of_records_the_context_lists_are_left_open() -> None:
    # "both orders", "each one": the context lists the records, the text counts them
    for preamble in ("Let me look up both orders.", "Let me check each of your orders."):
        calls = [("lookup_order", {"order_id": i}) for i in ("A-5521", "A-5522")]
        assert repeated(preamble, []) is None
        expect_recovered(recover_after(preamble, SHOP, *calls), (preamble, calls))


def test_each_change_of_one_tool_has_its_written_target() -> None:
    one = "I'll update the shipping address to 12 Rue de Rivoli, 75001 Paris, France."
    calls = [_address("C-5521", **PARIS), _address("C-0001", **PARIS)]
    got = recover_after(one, SHOP, *calls)
    expect_refused(got, calls, "ungrounded-call")
    assert "own written target" in str(got.detail), got.detail
    both = ("I'll update the shipping addresses of C-5521 and C-0001 to 12 Rue de Rivoli, "
            "75001 Paris, France.")
    assert repeated(both, calls) is None
    expect_recovered(recover_after(both, SHOP, *calls), calls)
    # one of them written is not both: the other is a target nobody named
    assert repeated(one.replace("the shipping", "C-5521's shipping"), calls) is not None
    cart = [("add_to_cart", {"product_id": p, "quantity": 1}) for p in ("B07XJ8C8F5", "B0GIFT500")]
    assert repeated("I'll add a USB-C cable to your cart.", cart) is not None
    assert repeated("I'll add B07XJ8C8F5 and B0GIFT500 to your cart.", cart) is None
    # a property of each target (a colour) is no target: the written names tell them apart
    labels = [("create_label", {"name": n, "color": c}) for n, c in (("bug", "d73a4a"),
                                                                      ("docs", "0075ca"))]
    assert repeated("I'll create the bug and docs labels.", labels) is None
    # the same target twice, or no identifier, differs in no target
    assert repeated(one, [calls[0], calls[0]]) is None
    assert repeated("Let me read both files.", [("read_file", {"path": "a.txt"}),
                                                ("read_file", {"path": "b.txt"})]) is None
    # written whole: "A-1029" is not written by "A-10293"
    assert repeated("Let me look up orders A-10293 and A-1.", [
        ("lookup_order", {"order_id": "A-1029"}), ("lookup_order", {"order_id": "A-1"})]) \
        is not None
