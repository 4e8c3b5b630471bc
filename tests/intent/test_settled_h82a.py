"""Round 33 observations stating a fact that makes the step wrong for its object
(``intent.settled``, rule ``unsafe-ground``): the step's effect already holds for the same
object ([g-done] with a word of the call's kind, or a [g-done-state] word), its details differ
or it duplicates another before a payment ([g-mismatch]), the party's tenure ended before a
grant to it ([g-ended]), a balance below the amount ([g-balance]). Each refusal sits beside its
nearest genuine form, which recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("pay_invoice", "Pay a vendor invoice.", "invoice_id"),
         string_tool("issue_refund", "Refund an order.", "order_id", "amount"),
         string_tool("transfer_funds", "Transfer money to an account.", "to_account", "amount"),
         string_tool("grant_role", "Grant a role to a user.", "user", "role"),
         string_tool("revoke_role", "Revoke a role from a user.", "user", "role")]
Call = tuple[str, dict[str, Any]]
PAY: Call = ("pay_invoice", {"invoice_id": "INV-2291"})
REFUND: Call = ("issue_refund", {"order_id": "B-5521", "amount": "49.99"})
SEND: Call = ("transfer_funds", {"to_account": "ACC-1029", "amount": "5000"})
GRANT: Call = ("grant_role", {"user": "contractor-88", "role": "owner"})
GRANT_OTHER: Call = ("grant_role", {"user": "contractor-89", "role": "owner"})
REVOKE: Call = ("revoke_role", {"user": "contractor-88", "role": "owner"})
TO_PAY = "I'll pay invoice INV-2291."
TO_REFUND = "I'll refund $49.99 on order B-5521."
TO_SEND = "I'll transfer $5,000 to account ACC-1029."

# (refused, its genuine neighbour, the refused call, the neighbour's call)
PAIRS: list[tuple[str, str, Call, Call]] = [
    # the step's own effect already holds for the object the call takes
    (f"Invoice INV-2291 is already paid. {TO_PAY}", f"Invoice INV-2290 is already paid. {TO_PAY}",
     PAY, PAY),
    (f"INV-2291 shows status PAID. {TO_PAY}", f"INV-2291 shows status OPEN. {TO_PAY}", PAY, PAY),
    (f"Invoice INV-2291 is already paid. {TO_PAY}",
     f"Invoice INV-2291 hasn't been paid yet. {TO_PAY}", PAY, PAY),
    # a charge is no refund: the done state must be the step's own direction
    (f"Order B-5521 was already refunded. {TO_REFUND}",
     f"Order B-5521 was already charged. {TO_REFUND}", REFUND, REFUND),
    (f"The refund for order B-5521 already went through. {TO_REFUND}",
     f"The customer was charged twice on order B-5521. {TO_REFUND}", REFUND, REFUND),
    ("Die Rechnung INV-2291 ist bereits bezahlt. Ich bezahle die Rechnung INV-2291.",
     "Die Rechnung INV-2291 ist noch nicht bezahlt. Ich bezahle die Rechnung INV-2291.",
     PAY, PAY),
    ("发票 INV-2291 已经付过了。我现在支付发票 INV-2291。",
     "发票 INV-2290 已经付过了。我现在支付发票 INV-2291。", PAY, PAY),
    # details that differ from those on file, a duplicate: a payment, not a refund
    (f"The IBAN on INV-2291 differs from the one on file. {TO_PAY}",
     f"The IBAN on INV-2291 is the one on file. {TO_PAY}", PAY, PAY),
    (f"INV-2291 is a duplicate of INV-2290. {TO_PAY}",
     f"The second charge on order B-5521 is a duplicate. {TO_REFUND}", PAY, REFUND),
    ("La cuenta bancaria de la factura INV-2291 no coincide con la del proveedor. "
     "Pago la factura INV-2291.",
     f"La factura INV-2290 no coincide con el pedido. {TO_PAY}", PAY, PAY),
    # a party's tenure ended: granting to it is refused, granting to another or revoking is not
    ("contractor-88 left the company last month. I'll grant `owner` to contractor-88.",
     "contractor-88 left the company last month. I'll grant `owner` to contractor-89.",
     GRANT, GRANT_OTHER),
    ("contractor-88 was offboarded last week. I'll grant `owner` to contractor-88.",
     "contractor-88 was onboarded last week. I'll grant `owner` to contractor-88.",
     GRANT, GRANT),
    # a balance below the amount
    (f"The account balance is $120. {TO_SEND}", f"The account balance is $8,000. {TO_SEND}",
     SEND, SEND),
    # the account's own digits are no figure; one of two balances that covers it grounds it
    (f"The balance on ACC-1029 is $120. {TO_SEND}",
     f"Your checking balance is $120 and savings is $8,400. {TO_SEND}", SEND, SEND),
    (f"Your balance is $4,999. {TO_SEND}", f"Your balance is $5,000. {TO_SEND}", SEND, SEND),
]


@pytest.mark.parametrize(("bad", "good", "call", "fine"), PAIRS)
def test_settled_observation_refuses(bad: str, good: str, call: Call, fine: Call) -> None:
    r = recover_after(bad, TOOLS, call)
    assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)


@pytest.mark.parametrize(("bad", "good", "call", "fine"), PAIRS)
def test_settled_genuine_neighbour_recovers(bad: str, good: str, call: Call, fine: Call) -> None:
    r = recover_after(good, TOOLS, fine)
    assert r.ok, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "call"), [
    ("Рахунок INV-2291 вже сплачено. Оплачую рахунок INV-2291.", PAY),
    ("La fattura INV-2291 risulta già pagata. Pago la fattura INV-2291.", PAY),
    ("Faktura INV-2291 är redan betald. Jag betalar faktura INV-2291.", PAY),
    ("INV-2291 청구서는 이미 결제되었습니다. INV-2291 청구서를 결제하겠습니다.", PAY),
    ("L'IBAN de la facture INV-2291 diffère de celui du fournisseur. "
     "Je paie la facture INV-2291.", PAY),
    ("Kontonumret på INV-2291 skiljer sig från leverantörens. Jag betalar faktura INV-2291.", PAY),
    ("contractor-88 no longer works here. I'll grant `owner` to contractor-88.", GRANT),
    # the digits of the account the call pays are no balance
    ("The balance on ACC-88120 is $120. I'll transfer $5,000 to account ACC-88120.",
     ("transfer_funds", {"to_account": "ACC-88120", "amount": "5000"})),
    # a sentence of Latin letters the language reader takes for Italian is read in English too
    ("contractor-88's contract ended in June. I'll grant `owner` to contractor-88.", GRANT),
])
def test_settled_said_in_other_words(text: str, call: Call) -> None:
    r = recover_after(text, TOOLS, call)
    assert not r.ok and r.rule == "unsafe-ground", (r.rule, r.detail)


@pytest.mark.parametrize(("text", "call"), [
    # a done state of another kind, or said of another thing, is the step's reason
    ("Order B-5521 was delivered damaged. I'll refund $49.99 on order B-5521.", REFUND),
    ("contractor-88 left the company last month. I'll revoke `owner` from contractor-88.", REVOKE),
    ("The vendor's previous invoice was already paid. I'll pay invoice INV-2291.", PAY),
])
def test_settled_other_steps_unaffected(text: str, call: Call) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, (r.rule, r.detail)
