"""Stock sample values (rule ``sample-arguments``, h52f): closed, documented classes of
stand-ins that reach no one: the fictional telephone numbers 555-0100 to 555-0199, the card
numbers issuers publish for tests, an address at the domain that is the slot's own name
("team@company.com"). On a call that changes something they refuse; the same value written
by the reply before the markup is the user's, a lookup with one changes nothing, and a real
value in the same place recovers."""

from __future__ import annotations

from functools import partial
from typing import Any

from leakcall import Reason

from ..intent_sets import keyed_tool, recover_after

_tool = partial(keyed_tool, required=())


TOOLS = [_tool("send_email", "to", "subject", "body"), _tool("add_contact", "name", "phone"),
         _tool("charge_card", "card_number", "amount"), _tool("lookup_contact", "phone")]

EMAIL = "I'll email the summary to the team."
SMS = "I'll add Dana Li to the address book."
CHARGE = "I'll charge the card 20 USD."


def _email(to: str) -> tuple[str, dict[str, Any]]:
    return ("send_email", {"to": to, "subject": "Summary", "body": "Summary attached."})


def test_stock_values_refuse_a_changing_call() -> None:
    for pre, call in ((EMAIL, _email("team@company.com")),
                      (EMAIL, _email("john.doe@domain.com")),
                      (SMS, ("add_contact", {"name": "Dana Li", "phone": "+1 (415) 555-0142"})),
                      (SMS, ("add_contact", {"name": "Dana Li", "phone": "555-0199"})),
                      (CHARGE, ("charge_card", {"card_number": "4111 1111 1111 1111",
                                                "amount": "20"})),
                      (CHARGE, ("charge_card", {"card_number": "5555-5555-5555-4444",
                                                "amount": "20"}))):
        r = recover_after(pre, TOOLS, call)
        assert r.reason != Reason.OK and r.rule == "sample-arguments", (call, r.detail)
        assert "kept for samples" in (r.detail or ""), r.detail


def test_real_values_and_written_ones_recover() -> None:
    for pre, call in (("I'll email the summary to the team at acme-labs.com.",
                       _email("team@acme-labs.com")),
                      ("I'll email the summary to team@company-mail.com.",
                       _email("team@company-mail.com")),
                      (SMS, ("add_contact", {"name": "Dana Li", "phone": "+1 (415) 555-2368"})),
                      (SMS, ("add_contact", {"name": "Dana Li", "phone": "+1 415 867 0142"})),
                      ("I'll charge card 4111 1111 1111 1112 20 USD.",
                       ("charge_card", {"card_number": "4111 1111 1111 1112",
                                                "amount": "20"})),
                      ("I'll email the summary to team@company.com.",
                       _email("team@company.com")),
                      ("I'll add Dana Li (555-0142) to the address book.",
                       ("add_contact", {"name": "Dana Li", "phone": "555-0142"}))):
        r = recover_after(pre, TOOLS, call)
        assert r.reason == Reason.OK, (call, r.detail)


def test_a_lookup_of_a_stock_value_changes_nothing() -> None:
    r = recover_after("Let me look up the contact for 555-0142.", TOOLS,
                      ("lookup_contact", {"phone": "555-0142"}))
    assert r.reason == Reason.OK, r.detail
    r = recover_after("Let me look up that contact.", TOOLS,
                      ("lookup_contact", {"phone": "415-555-0142"}))
    assert r.reason == Reason.OK, r.detail
