"""Undoing names (issue 25, ``intent.undoing``): an announced verb of undoing ([g-reverse]:
"annuler", "j'annule") announces the one changing step of a tool whose name says it by an
English verb of undoing (``cancel_booking``), though the lexicon reads the verb by its first
sense (a write), when the call carries an identifier the announcement writes. A namespaced
name (``stripe__create_refund``) makes what its own words make; a credential the announcement
shows is shown in any case. Each recovery has a sibling that stays refused."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after

TOOLS = [_tool("cancel_order", "order_id"), _tool("cancel_reservation", "reservation_id"),
         _tool("delete_reservation", "reservation_id"),
         _tool("cancel_booking", "booking_id"), _tool("delete_file", "path"),
         _tool("update_order", "order_id", "status"), _tool("send_email", "to", "subject"),
         _tool("stripe__create_refund", "charge"), _tool("stripe__create_payment", "charge")]


def _recover(text: str, tool: str, **args: Any) -> leakcall.Recovery:
    return recover_after(text, TOOLS, (tool, args))


@pytest.mark.parametrize(("text", "tool", "args"), [
    ("Je vais annuler la réservation 8JX2QK.", "cancel_reservation",
     {"reservation_id": "8JX2QK"}),
    ("J'annule maintenant la réservation PAR551.", "cancel_booking", {"booking_id": "PAR551"}),
])
def test_a_verb_of_undoing_announces_a_cancelling_name(text: str, tool: str,
                                                        args: dict[str, Any]) -> None:
    r = _recover(text, tool, **args)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "tool", "args"), [
    # a verb of undoing grounds no name whose step is no undoing
    ("Je vais annuler la réservation 8JX2QK.", "delete_file", {"path": "8JX2QK"}),
    ("J'annule la réservation PAR551.", "delete_file", {"path": "PAR551"}),
    # a name that deletes the record is no cancelling of the booking
    ("Je vais annuler la réservation 8JX2QK.", "delete_reservation",
     {"reservation_id": "8JX2QK"}),
    # a verb that undoes nothing grounds no cancelling name
    ("Je vais modifier la réservation 8JX2QK.", "cancel_reservation",
     {"reservation_id": "8JX2QK"}),
    # the name's step, on another object than the one announced
    ("Je vais annuler la réservation 8JX2QK.", "cancel_reservation",
     {"reservation_id": "9QQ1ZZ"}),
    # no identifier written: the verb's other sense grounds no step on what the call names
    ("J'annule la réservation PAR551.", "cancel_booking", {"booking_id": "BK-77120"}),
    ("J'annule la réservation.", "cancel_booking", {"booking_id": "BK-77120"}),
])
def test_no_undoing_verb_or_no_undoing_name_stays_refused(text: str, tool: str,
                                                          args: dict[str, Any]) -> None:
    r = _recover(text, tool, **args)
    assert r.reason is Reason.QUOTED, r.detail


def test_a_namespaced_name_makes_what_the_announced_verb_says() -> None:
    text = "I'll refund the charge ch_3PrA1c2eZvKYlo2C0m7n right away."
    r = _recover(text, "stripe__create_refund", charge="ch_3PrA1c2eZvKYlo2C0m7n")
    assert r.ok, r.detail
    # the credential-shaped value the announcement does not show
    r = _recover(text, "stripe__create_refund", charge="ch_9ZzQ4c2eZvKYlo2C0m7n")
    assert r.reason is Reason.QUOTED, r.detail
    # a refund makes no payment
    r = _recover(text, "stripe__create_payment", charge="ch_3PrA1c2eZvKYlo2C0m7n")
    assert r.reason is Reason.QUOTED, r.detail
