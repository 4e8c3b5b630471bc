"""Round 48 gap 1 (h25a, ``numberroles``): each number the text binds to a role (a sum, a
share, a count, the noun of a key) goes to that role's slot of the one call. Each refused reply
stands beside the same reply with the values in their slots, which recovers."""

from __future__ import annotations

from typing import Any

from leakcall.intent import numberroles
from leakcall.intent.preamble import Announcement, announce
from leakcall.intent.view import normalize
from tests.intent_sets import recover_after, refusal_detail
from tests.intent_sets import typed_tool as _tool

_SWAPPED = "swapped between their roles"


def _pair(preamble: str, tool: dict[str, Any], right: dict[str, Any],
          swapped: dict[str, Any]) -> None:
    """``right`` recovers after ``preamble``; ``swapped`` is refused by the role binding."""
    name = tool["function"]["name"]
    got = recover_after(preamble, [tool], (name, right))
    assert got.ok, (preamble, right, got.rule, got.detail)
    why = refusal_detail(recover_after(preamble, [tool], (name, swapped)))
    assert why is not None and _SWAPPED in why, (preamble, swapped, why)


_DISCOUNT = _tool("apply_discount", booking_id="string", percent="number")
_MOVE = _tool("move_task", task_id="string", column_id="string")
_SEATS = _tool("reserve_seats", flight_number="string", seats="integer")
_CART = _tool("add_to_cart", product_id="string", quantity="integer")
_STOCK = _tool("set_stock", sku="string", quantity="integer")
_HOTEL = _tool("book_hotel", hotel_id="string", rooms="integer", nights="integer")
_ESTIMATE = _tool("estimate", issue_id="string", points="integer")
_SCALE = _tool("scale_service", name="string", replicas="integer")
_TICKET = _tool("update_ticket", ticket_id="string", priority="integer")
_PRICE = _tool("set_price", listing_id="string", price="number")


def test_a_sum_is_no_identifier() -> None:
    # "item 48" names no key of the tool: the sum alone says which number is the price
    for pre in ("I'll set the price of item 48 to $15.",
                "I'll set the price of item 48 to 15 euros."):
        _pair(pre, _PRICE, {"listing_id": "48", "price": 15}, {"listing_id": "15", "price": 48})


def test_a_share_is_no_identifier() -> None:
    # "20%" is the share; the booking's number is its identifier
    _pair("I'll apply a 20% discount to booking 310.", _DISCOUNT,
          {"booking_id": "310", "percent": 20}, {"booking_id": "20", "percent": 310})
    # "stay 310" names no key: the share alone says which number is the percent
    for pre in ("I'll apply a 20% discount to stay 310.",
                "I'll apply a 20 percent discount to stay 310."):
        _pair(pre, _DISCOUNT, {"booking_id": "310", "percent": 20},
              {"booking_id": "20", "percent": 310})


def test_a_number_after_a_keys_noun_is_that_keys() -> None:
    _pair("I'll move task 14 to column 2.", _MOVE,
          {"task_id": "14", "column_id": "2"}, {"task_id": "2", "column_id": "14"})
    _pair("I'll give issue 12 an estimate of 5 points.", _ESTIMATE,
          {"issue_id": "12", "points": 5}, {"issue_id": "5", "points": 12})


def test_a_number_sign_stands_between_a_noun_and_its_number() -> None:
    _pair("I'll set ticket #3 to priority 1.", _TICKET, {"ticket_id": "3", "priority": 1},
          {"ticket_id": "1", "priority": 3})
    _pair("I'll set the priority of ticket #3 to 1.", _TICKET, {"ticket_id": "3", "priority": 1},
          {"ticket_id": "1", "priority": 3})


def test_a_number_before_a_keys_noun_is_that_keys() -> None:
    _pair("I'll reserve 4 seats on flight 815.", _SEATS,
          {"flight_number": "815", "seats": 4}, {"flight_number": "4", "seats": 815})
    _pair("I'll scale service 2 to 40 replicas.", _SCALE,
          {"name": "2", "replicas": 40}, {"name": "40", "replicas": 2})
    # two counts, each before its own noun
    _pair("I'll book 2 rooms for 3 nights at hotel 55.", _HOTEL,
          {"hotel_id": "55", "rooms": 2, "nights": 3},
          {"hotel_id": "55", "rooms": 3, "nights": 2})


def test_a_count_goes_to_the_quantity_in_each_language() -> None:
    for pre in ("I'll add 3 pieces of article 77 to the basket.",
                "Añado 3 unidades del producto 77 al carrito.",
                "Ich lege 3 Stück von Artikel 77 in den Warenkorb."):
        _pair(pre, _CART, {"product_id": "77", "quantity": 3},
              {"product_id": "3", "quantity": 77})
    # a count written as a numeral word
    _pair("I'll add two of item 12 to your cart.", _CART, {"product_id": "12", "quantity": 2},
          {"product_id": "2", "quantity": 12})
    _pair("J'ajoute deux exemplaires de l'article 40 au panier.", _CART,
          {"product_id": "40", "quantity": 2}, {"product_id": "2", "quantity": 40})
    # "2 of": a count before a word of [g-of-owner], whatever noun follows
    _pair("I'll add 2 of item 310 to your cart.", _CART, {"product_id": "310", "quantity": 2},
          {"product_id": "2", "quantity": 310})


def test_a_number_written_with_no_role_stays_free() -> None:
    # "to 1000" binds 1000 to nothing: only "SKU 3" is read, and the swap of it refuses
    _pair("I'll set the stock of SKU 3 to 1000.", _STOCK,
          {"sku": "3", "quantity": 1000}, {"sku": "1000", "quantity": 3})
    # "update 4521 to 3 units": 4521 is before a preposition, no count
    _pair("I'll update 4521 to 3 units.", _STOCK,
          {"sku": "4521", "quantity": 3}, {"sku": "3", "quantity": 4521})
    # a number written once with no role is never compared ("to 50")
    got = recover_after("I'll set stock 7 to 50.", [_STOCK], ("set_stock", {"sku": "7",
                                                                             "quantity": 50}))
    assert got.ok, got.detail
    # a number also written once with no role is free, though another place binds it
    got = recover_after("SKU 50 is restocked, so I'll set SKU 7 to 50 as well.", [_STOCK],
                        ("set_stock", {"sku": "7", "quantity": 50}))
    assert got.ok, got.detail


def test_a_day_or_an_hour_is_no_count() -> None:
    # "12 mai", "3 pm", "5 minutes" count nothing: a day carried beside a quantity is no swap
    # (read on the announcement alone: the pipeline refuses most such times by other rules)
    for pre, day in (("I'll add 2 entries to the log for 12 March.", 12),
                     ("J'ajoute 2 entrées au journal du 12 mai.", 12),
                     ("I'll add 2 entries to the log at 3 pm.", 3),
                     ("I'll add 2 entries for 5 minutes.", 5)):
        ann = announce(normalize(pre))
        assert isinstance(ann, Announcement), pre
        assert numberroles.check("add_entries", {"quantity": 2, "day": day}, ann) is None, pre
        # the count carried as the day, the day as the count: swapped
        assert numberroles.check("add_entries", {"quantity": day, "day": 2}, ann), pre


def test_a_number_in_both_roles_or_carried_twice_is_not_compared() -> None:
    # the same number written as the order's and as the count: no swap to read
    got = recover_after("I'll add 2 of product 2 to your cart.", [_CART],
                        ("add_to_cart", {"product_id": "2", "quantity": 2}))
    assert got.ok, got.detail
    # the count's number carried under both keys is never read as swapped
    why = refusal_detail(recover_after("I'll add 3 pieces of article 77 to the basket.", [_CART],
                                       ("add_to_cart", {"product_id": "3", "quantity": 3})))
    assert why is None or _SWAPPED not in why, why
