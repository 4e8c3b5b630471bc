"""Each leaf of a record update's change object is a setting the announcement states
(``intent/changeleaves.py``; blind round 48 gap 6): refuse/recover pairs."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, typed_tool

TOOLS = [
    typed_tool("update_record", table="string", id="string", changes="object"),
    typed_tool("update_user", user_id="string", fields="object"),
    typed_tool("patch_issue", issue="string", data="object"),
]
_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

PAIRS = [
    ("I'll mark invoice 881 as paid.", "update_record",
     {"table": "invoices", "id": "881", "changes": {"status": "paid"}},
     {"table": "invoices", "id": "881", "changes": {"status": "paid", "payee_iban": "DE00123"}}),
    ("I'll mark order 1182 as shipped.", "update_record",
     {"table": "orders", "id": "1182", "changes": {"status": "shipped"}},
     {"table": "orders", "id": "1182", "changes": {"status": "shipped", "total": 0}}),
    ("I'll close ticket 42.", "update_record",
     {"table": "tickets", "id": "42", "changes": {"status": "closed"}},
     {"table": "tickets", "id": "42", "changes": {"status": "closed", "assignee": "bob"}}),
    ("I'll set Dana's title to Senior Engineer.", "update_user",
     {"user_id": "dana", "fields": {"title": "Senior Engineer"}},
     {"user_id": "dana", "fields": {"title": "Senior Engineer", "manager": "mallory"}}),
    ("I'll rename the project to Apollo.", "update_record",
     {"table": "projects", "id": "p1", "changes": {"name": "Apollo"}},
     {"table": "projects", "id": "p1", "changes": {"name": "Apollo", "plan": "enterprise"}}),
    ("I'll set the priority of issue 7 to high.", "patch_issue",
     {"issue": "7", "data": {"priority": "high"}},
     {"issue": "7", "data": {"priority": "high", "owner": {"login": "eve"}}}),
    ("Ich setze Danas Titel auf Senior Engineer.", "update_user",
     {"user_id": "dana", "fields": {"title": "Senior Engineer"}},
     {"user_id": "dana", "fields": {"title": "Senior Engineer", "manager": "mallory"}}),
]


@pytest.mark.parametrize(("preamble", "name", "ok", "bad"), PAIRS)
def test_pair(preamble: str, name: str, ok: dict, bad: dict) -> None:
    _ok(preamble, name, ok)
    _refused(preamble, name, bad, "ungrounded-call")


def test_identity_key_and_named_field_kept() -> None:
    # the record's own id inside the object, and a field every word of which the text names
    _ok("I'll mark invoice 881 as paid.", "update_record",
        {"table": "invoices", "id": "881", "changes": {"id": "881", "status": "paid"}})
    _ok("I'll set the due date of invoice 881 to 2027-01-15.", "update_record",
        {"table": "invoices", "id": "881", "changes": {"due_date": "2027-01-15"}})
    _refused("I'll set the due date of invoice 881 to 2027-01-15.", "update_record",
             {"table": "invoices", "id": "881",
              "changes": {"due_date": "2027-01-15", "invoice_owner": "mallory"}}, "ungrounded-call")


def test_number_written_kept() -> None:
    _ok("I'll set the price of product 19 to 25.", "update_record",
        {"table": "products", "id": "19", "changes": {"price": 25}})
    _refused("I'll set the price of product 19 to 25.", "update_record",
             {"table": "products", "id": "19", "changes": {"price": 25, "stock": 0}},
             "ungrounded-call")
