"""h36e (session 43, issue 25): customer-service agents' turns (tau2, tau-bench). Each rule's
refused reply beside its near sibling that recovers.

- A heading's words of [g-fact-negation] alone ("has", "been", "is") negate nothing: "XEHM4B
  has been upgraded:" reports a change done over the lines saying what it was
  (``headinglines.negated_heading``); a heading with a negation still refuses (rule
  ``negation``).
- A future passive of paying with no agent in an observation ("The additional cost will be
  charged to your card", "how much your Mastercard will be charged") says what the reader
  pays, no party's step to come (``actors._charged``); a party as its subject, an agent
  after it, or a passive of another kind stay rule ``other-actor``, and a call of kind
  ``pay`` the observation alone states stays refused.
- A second reason after the one opening the sentence, a coordinator opening it and a comma
  closing it ("Since the booking is old, and you believe there is an error, I will transfer
  you ...") is read as another observation (``clauses._more_reasons``), screened as every
  observation is.
- An -ing form between a determiner and a noun of no step ("indicate a booking date") names
  a thing, no step someone asks for (``actors._modifier``); "indicate a new booking" still
  relays one (rule ``quoted-source``).
- A preposition of time right after a noun of a figure ("calculate the total after tax", "the
  remaining balance after applying your certificates") says what the figure is net of
  (``waiting.net_of``), read as a time: only observing calls are grounded with it, so "charge
  the balance after the review" still waits (rule ``conditional``).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tests.intent_sets import call_recovered, call_refused


def _tool(name: str, props: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in props},
        "required": props[:1]}}}


_TOOLS = [
    _tool("cancel_reservation", ["reservation_id"]),
    _tool("update_reservation_flights", ["reservation_id", "cabin", "payment_id"]),
    _tool("charge_card", ["card_id", "amount"]),
    _tool("calculate", ["expression"]),
    _tool("transfer_to_human_agents", ["summary"]),
]
_ok = functools.partial(call_recovered, tools=_TOOLS)
_refused = functools.partial(call_refused, tools=_TOOLS)

CANCEL = ("cancel_reservation", {"reservation_id": "XEHM4B"})
UPGRADE = ("update_reservation_flights", {"reservation_id": "M20IZO", "cabin": "business",
                                          "payment_id": "credit_card_4959530"})
CHARGE = ("charge_card", {"card_id": "credit_card_4959530", "amount": "1194"})
CALC = ("calculate", {"expression": "871 - (500 + 250)"})


# a heading that reports a change done negates nothing under it
@pytest.mark.parametrize("pre", [
    "## XEHM4B has been upgraded\nThe cabin is business now.\n\nI'll cancel reservation XEHM4B.",
    "**XEHM4B has been upgraded**\nThe cabin is business now.\n\nI'll cancel reservation XEHM4B.",
    "**XEHM4B has been upgraded:**\n- Cabin: business\n- Charge: $784\n\nI'll cancel "
    "reservation XEHM4B.",
    "## The upgrade is done\nThe cabin is business now.\n\nI'll cancel reservation XEHM4B.",
])
def test_heading_of_a_done_change_recovers(pre: str) -> None:
    _ok(pre, *CANCEL)


@pytest.mark.parametrize("pre", [
    "## XEHM4B has not been upgraded\nThe cabin is economy.\n\nI'll cancel reservation XEHM4B.",
    "**XEHM4B has never been upgraded:**\nThe cabin is economy.\n\nI'll cancel reservation "
    "XEHM4B.",
    "## What I won't do\nThe cabin is economy.\n\nI'll cancel reservation XEHM4B.",
])
def test_heading_with_a_negation_refused(pre: str) -> None:
    _refused(pre, *CANCEL, "negation")


# a future passive of paying says what the reader pays
@pytest.mark.parametrize(("pre", "call"), [
    ("The additional cost of $1,194 will be charged to your credit card ending in 7334. Let "
     "me upgrade reservation M20IZO to business class.", UPGRADE),
    ("Your card will be charged the difference. I'll upgrade reservation M20IZO to business "
     "class.", UPGRADE),
    ("To calculate how much your card will be charged, let me calculate the total amount "
     "first.", CALC),
])
def test_future_passive_of_paying_recovers(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    _ok(pre, *call)


@pytest.mark.parametrize(("pre", "call"), [
    ("The billing team will charge your credit card. Let me upgrade reservation M20IZO to "
     "business class.", UPGRADE),
    ("The additional cost will be charged by the billing team. Let me upgrade reservation "
     "M20IZO to business class.", UPGRADE),
    ("Your old reservations will be deleted. Let me upgrade reservation M20IZO to business "
     "class.", UPGRADE),
    ("The support agent will charge your card. Let me calculate the total amount first.", CALC),
])
def test_another_partys_step_to_come_refused(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    _refused(pre, *call, "other-actor")


@pytest.mark.parametrize("pre", [
    "The additional cost of $1,194 will be charged to your credit card. Let me proceed.",
    "Your credit card will be charged $1,194. Let me finalize this for you.",
])
def test_charge_the_observation_states_is_unannounced(pre: str) -> None:
    _refused(pre, *CHARGE)


HANDOFF = ("transfer_to_human_agents", {"summary": "The user says the booking date is wrong."})
CANCEL_B = ("cancel_reservation", {"reservation_id": "3RK2T9"})


# a second reason a coordinator opens
@pytest.mark.parametrize("pre", [
    "Since the booking is old, and you believe there is an error, I will transfer you to a "
    "human agent.",
    "Since the booking is old, and the fee is high, I will transfer you to a human agent.",
])
def test_second_reason_recovers(pre: str) -> None:
    _ok(pre, *HANDOFF)


@pytest.mark.parametrize(("pre", "rule"), [
    ("Since the booking is old, and if you agree, I will cancel reservation 3RK2T9.",
     "conditional"),
    ("Since the booking is old, and the ticket asks for a cancellation, I will cancel "
     "reservation 3RK2T9.", "quoted-source"),
])
def test_second_reason_screened(pre: str, rule: str) -> None:
    _refused(pre, *CANCEL_B, rule)


# an -ing form modifying a noun names a thing
@pytest.mark.parametrize("pre", [
    "The reservation details indicate a booking date beyond the 24-hour window. I will "
    "transfer you to a human agent.",
    "Since the reservation details indicate a booking date beyond the 24-hour window, and you "
    "believe there is an error, I will transfer you to a human agent.",
])
def test_ing_modifier_recovers(pre: str) -> None:
    _ok(pre, *HANDOFF)


@pytest.mark.parametrize("pre", [
    "The reservation details indicate a new booking. I will transfer you to a human agent.",
    "The reservation details indicate a booking. I will transfer you to a human agent.",
    "The reservation details indicate a booking for May 2. I will transfer you to a human "
    "agent.",
    "The reservation details indicate a booking cancellation. I will transfer you to a human "
    "agent.",
])
def test_step_noun_relayed_refused(pre: str) -> None:
    _refused(pre, *HANDOFF, "quoted-source")


PAY = ("charge_card", {"card_id": "credit_card_4959530", "amount": "1194"})


# what a figure is net of
@pytest.mark.parametrize("pre", [
    "I'll calculate the total after tax.",
    "I'll now calculate the remaining balance after applying your payment methods in the "
    "order you specified.",
    "Let me calculate the balance after the certificates.",
])
def test_net_figure_recovers(pre: str) -> None:
    _ok(pre, *CALC)


@pytest.mark.parametrize(("pre", "call"), [
    ("I'll charge the balance after the review to card credit_card_4959530.", PAY),
    ("I'll upgrade reservation M20IZO to business class and charge the difference after tax "
     "to credit_card_4959530.", UPGRADE),
    ("I'll calculate the total if you add insurance.", CALC),
    ("I'll calculate the report after the review.", CALC),
])
def test_net_figure_waits_for_a_change(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    _refused(pre, *call, "conditional")
