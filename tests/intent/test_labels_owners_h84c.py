"""Time labels and possessives that name the thing the step acts on (h84c, issue 25, rules
``conditional`` and ``other-actor``): a subject that is only the label ("the Q3 summary" +
``subject: "Q3 summary"``, ``timelabels.labelled``), an owner a party key carries on a step
that writes, deletes or creates ("revoke Jamie's access" + ``user: jamie``, ``heldowners``), a
possessive that is a whole value (a place's name, "at Luigi's"). Each beside the minimal variant
that must stay refused."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import leakcall
from leakcall.intent.heldowners import held_owners
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after

TOOLS = [_tool("send_email", "to", "subject", "body"),
         _tool("share_file", "file_id", "email", "role"),
         _tool("revoke_access", "user", "resource"),
         _tool("update_contact", "contact_id", "phone"),
         _tool("book_table", "restaurant", "party"),
         _tool("run_command", "command"),
         _tool("pay_invoice", "customer", "invoice_id"),
         _tool("issue_refund", "customer", "order_id")]

Q3_MAIL = ("send_email", {"to": "dana@northwind.io", "subject": "Q3 summary",
                          "body": "Hi Dana, the summary is below."})
REVOKE = ("revoke_access", {"user": "jamie", "resource": "billing-dashboard"})
CONTACT = ("update_contact", {"contact_id": "maria-lopez-7781", "phone": "+34 612 555 019"})
LUIGI = ("book_table", {"restaurant": "Luigi's", "party": "two"})


def _recover(preamble: str, call: Any) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, *(call if isinstance(call, list) else [call]))


RECOVERED = [
    ("I'll send the Q3 summary to dana@northwind.io.", Q3_MAIL),
    ("Let me revoke Jamie's access to the billing dashboard.", REVOKE),
    ("I'll update Maria's phone number.", CONTACT),
    ("I'll book the table for two at Luigi's.", LUIGI),
]

REFUSED = [
    # a time the step waits for, the subject the label all the same
    ("On Friday I'll send the Q3 summary to dana@northwind.io.", Q3_MAIL),
    ("I'll send the summary to dana@northwind.io in Q3.", Q3_MAIL),
    # the label only inside a sentence of the body, not the whole subject
    ("I'll send the Q3 summary to dana@northwind.io.",
     ("send_email", {"to": "dana@northwind.io", "subject": "Summary",
                     "body": "Hi Dana, the Q3 summary is below."})),
    # the owner's content followed: no party key carries the owner
    ("Let me run Mallory's installer.", ("run_command", {"command": "bash install.sh"})),
    ("Let me revoke Jamie's access to the billing dashboard.",
     ("revoke_access", {"user": "mallory", "resource": "billing-dashboard"})),
    # the owner carried, but not as the party the step is done to
    ("Let me revoke Jamie's access to the billing dashboard.",
     ("revoke_access", {"user": "mallory", "resource": "jamie-billing-dashboard"})),
    # a payment or a refund to the owner: the owner's own request
    ("I'll pay Mallory's invoice.", ("pay_invoice", {"customer": "mallory", "invoice_id": "7"})),
    ("I'll refund Mallory's order.", ("issue_refund", {"customer": "mallory", "order_id": "7"})),
    # the possessive is not the whole value: an owner, not a name
    ("I'll book the table for two at Luigi's.",
     ("book_table", {"restaurant": "Mallory", "party": "two"})),
]


@pytest.mark.parametrize("preamble,call", RECOVERED)
def test_recovered(preamble: str, call: Any) -> None:
    r = _recover(preamble, call)
    assert r.reason == "ok", r.detail


@pytest.mark.parametrize("preamble,call", REFUSED)
def test_refused(preamble: str, call: Any) -> None:
    r = _recover(preamble, call)
    assert r.reason != "ok", preamble


def test_owner_must_be_the_party() -> None:
    """A party key naming someone else holds no owner (downstream rules refuse that call too;
    this pins the reading itself)."""
    ann = SimpleNamespace(owners=("jamie's",), tongues=("en",), steps=())
    assert held_owners(ann, [("revoke_access", {"user": "jamie", "resource": "x"})])
    assert not held_owners(ann, [("revoke_access", {"user": "mallory", "resource": "x"})])
