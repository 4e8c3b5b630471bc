"""A bound's direction is the text's (h24f; ``boundwords``, [g-bound-above] and
[g-bound-below] of the lexicon): a number the text writes right after a word of one direction
("under 80", "at least 5", "mindestens 5", "moins de 80") goes under a key of that bound
(``max_price``, ``min_priority``), never under the other (``min_price: 80`` for "under 80").
Each refusal has a near-identical reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, typed_tool

PRODUCTS = typed_tool("search_products", query="string", min_price="number", max_price="number")
TICKETS = typed_tool("list_tickets", max_priority="integer", min_priority="integer")
FLATS = typed_tool("find_flats", city="string", price_floor="integer", price_ceiling="integer")

# (tool, preamble, refused arguments, passing arguments)
PAIRS: list[tuple[dict[str, Any], str, dict[str, Any], dict[str, Any]]] = [
    (PRODUCTS, "Let me search for headphones under 80 €.",
     {"query": "headphones", "min_price": 80}, {"query": "headphones", "max_price": 80}),
    (PRODUCTS, "Let me search for headphones over 80 €.",
     {"query": "headphones", "max_price": 80}, {"query": "headphones", "min_price": 80}),
    (TICKETS, "Let me list the tickets with priority at least 5.",
     {"max_priority": 5}, {"min_priority": 5}),
    (TICKETS, "Let me list the tickets with priority at most 2.",
     {"min_priority": 2}, {"max_priority": 2}),
    (PRODUCTS, "Ich suche Kopfhörer unter 80 €.",
     {"query": "Kopfhörer", "min_price": 80}, {"query": "Kopfhörer", "max_price": 80}),
    (TICKETS, "Ich zeige die Tickets mit Priorität mindestens 5.",
     {"max_priority": 5}, {"min_priority": 5}),
    (PRODUCTS, "Busco auriculares por debajo de 80 €.",
     {"query": "auriculares", "min_price": 80}, {"query": "auriculares", "max_price": 80}),
    (FLATS, "Let me find flats in Lyon below 900 €.",
     {"city": "Lyon", "price_floor": 900}, {"city": "Lyon", "price_ceiling": 900}),
]


@pytest.mark.parametrize(("tool", "text", "refused", "passing"), PAIRS)
def test_a_number_goes_under_the_bound_the_text_writes(tool: dict[str, Any], text: str,
                                                        refused: dict[str, Any],
                                                        passing: dict[str, Any]) -> None:
    name = tool["function"]["name"]
    expect_refused(recover_after(text, [tool], (name, refused)), (text, refused),
                   "ungrounded-call")
    expect_recovered(recover_after(text, [tool], (name, passing)), (text, passing))


def test_a_number_with_no_direction_word_is_not_read() -> None:
    text = "Let me search for headphones around 80 €."
    expect_recovered(recover_after(text, [PRODUCTS], ("search_products",
                                                      {"query": "headphones", "min_price": 80})),
                     text)
