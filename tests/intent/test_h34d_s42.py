"""h34d (session 42, issue 25, audit W-kind): "without any additional charges" closing an
announced step says it charges nothing (``nocharge``); the real shape recovered, its
siblings refused."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

_TOOLS = [
    string_tool("update_reservation_flights", "Update the flights of a reservation.",
                "reservation_id", "cabin", "payment_id"),
    string_tool("book_reservation", "Book a reservation.", "origin", "destination",
                "payment_id"),
    string_tool("transfer_funds", "Transfer money to a recipient.", "recipient", "amount"),
    string_tool("delete_file", "Delete a file.", "path"),
]
_ok = functools.partial(call_recovered, tools=_TOOLS)
_refused = functools.partial(call_refused, tools=_TOOLS)

_UPDATE = {"reservation_id": "HXDUBJ", "cabin": "economy", "payment_id": "gift_card_6941833"}

# tau2-5-31, verbatim
_REAL = (
    "Thank you for pointing that out. Since you have travel insurance, any change fees or fare "
    "differences will indeed be waived as per the policy. I will proceed with updating your "
    "reservation without any additional charges. Let me confirm the changes and proceed.")


def test_real_turn_recovered() -> None:
    _ok(_REAL, "update_reservation_flights", _UPDATE)


@pytest.mark.parametrize("phrase", [
    "without any additional charges",
    "without additional fees",
    "without any extra cost",
    "without charges",
    "without further fees",
])
def test_no_charge_phrase_recovered(phrase: str) -> None:
    _ok(f"I will update your reservation {phrase}.", "update_reservation_flights", _UPDATE)


@pytest.mark.parametrize("phrase", [
    "without charging your card",  # a verb: a step left out
    "without the fees",  # an article
    "without your fees",  # an owner
    "without any checks",  # no charge's noun: a safeguard skipped
    "without charges to the card",  # the phrase goes on
    "without any additional further extra charges",  # three words of more
])
def test_other_without_phrases_refused(phrase: str) -> None:
    _refused(f"I will update your reservation {phrase}.", "update_reservation_flights",
             _UPDATE, "negation")


def test_payment_after_no_charge_refused() -> None:
    _refused("I will book the flight without any additional charges.", "book_reservation",
             {"origin": "JFK", "destination": "SFO", "payment_id": "credit_card_1"},
             "ungrounded-call")
    _refused("I will transfer $50 to Bob without any fees.", "transfer_funds",
             {"recipient": "bob", "amount": "50"}, "ungrounded-call")
    # the real turn's words before a payment: the phrase binds whatever grounds the call
    _refused(_REAL.replace("updating your reservation", "booking your reservation"),
             "book_reservation", {"origin": "JFK", "destination": "SFO",
                                  "payment_id": "gift_card_6941833"})


def test_dropped_phrase_grounds_nothing() -> None:
    _refused("I will update the logs without any additional charges.", "delete_file",
             {"path": "app.log"})
