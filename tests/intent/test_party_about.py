"""A party noun ([g-actor]: "the customer") is another actor only as the subject of a step to come;
as the object of an observing verb, inside an inquiry ("see what the customer reported") or as the
subject of a past auxiliary in an observation ("The customer was charged twice.") it names whom the
assistant's own step is about (``actors.about``, ``actors._undergoes``, rule ``other-actor``)."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("get_ticket", "Get a support ticket.", "ticket_id"),
         string_tool("get_contact", "Look up a contact.", "contact_id"),
         string_tool("create_refund", "Refund a payment.", "payment_id", "amount"),
         string_tool("delete_file", "Delete a file.", "path")]
TICKET = ("get_ticket", {"ticket_id": "4410"})
CONTACT = ("get_contact", {"contact_id": "c_88"})
REFUND = ("create_refund", {"payment_id": "pi_3Kq8", "amount": "24.99"})
DELETE = ("delete_file", {"path": "a.txt"})


@pytest.mark.parametrize(("acts", "about", "call"), [
    ("I'll pull up ticket 4410 to see what the customer deleted.",
     "I'll pull up ticket 4410 to see what the customer reported.", TICKET),
    ("I'll look up the customer, then get contact c_88.",
     "I'll read the ticket 512 and look up the customer c_88.", CONTACT),
    ("The customer was told to refund the duplicate payment pi_3Kq8. I'll refund it.",
     "The customer was charged twice. I'll refund the duplicate payment pi_3Kq8 of $24.99.",
     REFUND),
    ("The customer will refund the payment pi_3Kq8. I'll refund it of $24.99.",
     "The customer was charged twice. I'll refund the payment pi_3Kq8 of $24.99.", REFUND),
])
def test_party_acts_or_is_what_the_step_is_about(acts: str, about: str,
                                                  call: tuple[str, dict[str, Any]]) -> None:
    refused = recover_after(acts, TOOLS, call)
    assert refused.reason == Reason.QUOTED
    # "was told to refund" is also a party's instruction relayed (rule quoted-source)
    assert refused.rule in ("other-actor", "quoted-source"), refused.detail
    ok = recover_after(about, TOOLS, call)
    assert ok.reason == Reason.OK, ok.detail


def test_party_possessive_stays_refused() -> None:
    """"the user's notes" is the user's content, which a relay copies: no word of the step."""
    r = recover_after("I'll open the user's notes.", TOOLS, DELETE)
    assert r.reason != Reason.OK, r.detail


@pytest.mark.parametrize("text", [
    "The customer will delete a.txt.",
    "Let the customer delete a.txt.",
    "I'll let the customer delete a.txt.",
    "I'll wait for the customer to approve, then delete a.txt.",
    "The customer asked me to delete a.txt. I'll delete a.txt.",
])
def test_party_taking_a_step_stays_refused(text: str) -> None:
    assert recover_after(text, TOOLS, DELETE).reason != Reason.OK
