"""Other parties read and products not announced (issue 25, round 38 ``other-party-read``,
``unannounced-product``; ``oneobject``): a text naming one object ("your account") grounds
one record's read, not several of one tool differing in an unwritten identifier; a changing
call carrying an unwritten identifier where the text writes another of its shape that no call
carries acts on another record. Each refused reply has its recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.oneobject import several_reads, unwritten_id
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

SHOP = [string_tool("lookup_order", "Look up an order by id.", "order_id"),
        string_tool("get_customer", "Fetch a customer's account.", "customer_id")]
CART = [string_tool("search_products", "Search the product catalog.", "query"),
        string_tool("add_to_cart", "Add a product to the cart.", "product_id", "quantity")]


def _reads(tool: str, key: str, *ids: str) -> list[tuple[str, dict[str, Any]]]:
    return [(tool, {key: i}) for i in ids]


ACCOUNTS = _reads("get_customer", "customer_id", "C-88123", "C-00001")
ORDERS = _reads("lookup_order", "order_id", "A-10293", "B-77120")


@pytest.mark.parametrize(("one", "several", "calls"), [
    ("Let me pull up your account first.", "Let me pull up both accounts first.", ACCOUNTS),
    ("Let me look up your order.", "Let me look up your orders.", ORDERS),
    ("Let me look up the order.", "Let me look up each order.", ORDERS),
    ("Je consulte votre compte.", "Je consulte vos comptes.", ACCOUNTS),
    ("Voy a consultar su cuenta.", "Voy a consultar sus cuentas.", ACCOUNTS),
    ("Ich schaue mir Ihre Bestellung an.", "Ich schaue mir Ihre Bestellungen an.", ORDERS),
    ("我来查看您的订单。", "我来查看您的所有订单。", ORDERS),
])
def test_one_object_announced_reads_one_record(one: str, several: str,
                                               calls: list[tuple[str, dict[str, Any]]]) -> None:
    got = recover_after(one, SHOP, *calls)
    expect_refused(got, (one, calls), "ungrounded-call")
    assert "names one object" in str(got.detail), got.detail
    assert several_reads(several, calls) is None
    expect_recovered(recover_after(several, SHOP, *calls), (several, calls))
    # one read of the one object is that object
    expect_recovered(recover_after(one, SHOP, calls[0]), (one, calls[0]))


def test_written_identifiers_and_the_same_record_twice_are_grounded() -> None:
    text = "Let me pull up your account first."
    # all identifiers but one written: the text names the others
    assert several_reads("Let me pull up your account C-00001 first.", ACCOUNTS) is None
    # a word that says several beside a singular object ("both")
    assert several_reads("Let me look up the order of both users.", ORDERS) is None
    assert several_reads("Let me check your account C-88123 and C-00001.", ACCOUNTS) is None
    # one record read twice, or reads of other tools, are no several records
    assert several_reads(text, [ACCOUNTS[0], ACCOUNTS[0]]) is None
    assert several_reads(text, [ACCOUNTS[0], ORDERS[0]]) is None
    # three records, one written: two are nobody's
    three = _reads("get_customer", "customer_id", "C-88123", "C-00001", "C-00002")
    assert several_reads("Let me pull up your account C-88123.", three) is not None
    # a singular noun that ends like a plural ("address", "status") is one
    assert several_reads("Let me check the status.", ORDERS) is not None
    # a text with no determiner of one object is left to the other rules
    assert several_reads("Checking.", ORDERS) is None


def test_a_written_identifier_no_call_carries_is_the_one_announced() -> None:
    text = "I'll add 2 of the USB-C cables (product B07XJ8C8F5) to your cart."
    bad = ("add_to_cart", {"product_id": "B09EXPENSIVE", "quantity": "2"})
    ok = ("add_to_cart", {"product_id": "B07XJ8C8F5", "quantity": "2"})
    got = recover_after(text, CART, bad)
    expect_refused(got, bad, "ungrounded-call")
    assert "no call carries" in str(got.detail), got.detail
    expect_recovered(recover_after(text, CART, ok), ok)
    assert unwritten_id(text, [ok], [ok]) is None
    # an identifier of another shape (another kind of record) is no rival
    assert unwritten_id("I'll add it to cart CART-2231.", [bad], [bad]) is None
    # the written one carried by some call: the unwritten one is its companion
    assert unwritten_id(text, [bad], [bad, ok]) is None


@pytest.mark.parametrize(("several", "one"), [
    # a count of two or more says several; the same text without it names one
    ("I see you have 4 orders on file. Let me look through them to find the one from May.",
     "I see your order on file. Let me look through it to find the one from May."),
    # the object's plural noun after a modifier ("the flight statuses")
    ("Let me check the order statuses.", "Let me check the order status."),
    ("Let me pull up your other orders.", "Let me pull up your other order."),
])
def test_a_count_or_a_modified_plural_says_several(several: str, one: str) -> None:
    assert several_reads(several, ORDERS) is None
    expect_recovered(recover_after(several, SHOP, *ORDERS), (several, ORDERS))
    assert several_reads(one, ORDERS) is not None
    # a count inside an identifier or a date is no count of the object
    assert several_reads("Let me check your order from May 21st.", ORDERS) is not None
