"""Cue screens read structurally (issue 25, h76c): a party an observing step looks up by a
preposition's phrase ("look up the customer by email", ``actors.about``), a carrier whose
sentence only says it can now be read ("The page has loaded.", ``actors._available``), and
the Japanese humble "do" (いたします), a step to take and no recap, and a check right
after a step and its comma ("，确认没有…", ``words``), whose negation negates what is
checked. Each recovered form has beside it the nearest wording that must stay refused."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("lookup_customer", "Look up a customer record.", "email", "phone", "name"),
         string_tool("search_contacts", "Search the CRM contacts.", "query"),
         string_tool("bash", "Run a shell command.", "command"),
         string_tool("send_email", "Send an email.", "to", "subject", "body"),
         string_tool("click", "Click an element on the page.", "selector"),
         string_tool("type_text", "Type text into an element.", "selector", "text"),
         string_tool("cancel_order", "Cancel an order.", "order_id"),
         string_tool("get_order", "Get an order's details.", "order_id"),
         string_tool("run_tests", "Run the test suite.", "target")]


def _call(tool: str, **args: str) -> tuple[str, dict[str, Any]]:
    return (tool, dict(args))


# (preamble, call): recovered
RECOVERED = [
    # a party the observing step looks up, then how or where it is looked up
    ("Let me look up the customer by phone number.", _call("lookup_customer", phone="+14155550100")),
    ("I'll look up the customer by name in the CRM.", _call("lookup_customer", name="Dana Ruiz")),
    ("Let me find the customer in the contacts.", _call("search_contacts", query="Dana Ruiz")),
    # a carrier that only became readable, closed by a full stop
    ("The results page has loaded. I'll click the second link.",
     _call("click", selector="a.result:nth-child(2)")),
    ("The checkout page is loaded. I'll type the coupon code into the box.",
     _call("type_text", selector="#coupon", text="SPRING10")),
    # the humble "do": a step to take
    ("かしこまりました。ご注文 4410 をキャンセルいたします。", _call("cancel_order", order_id="4410")),
    ("ご注文 4410 の状況を確認いたします。", _call("get_order", order_id="4410")),
    # a check right after a step and its comma: its negation negates what is checked
    ("我来跑一下测试，确认没有破坏登录功能。", _call("run_tests", target="tests/")),
    ("I'll run the tests, confirm nothing else broke.", _call("run_tests", target="tests/")),
]

# (preamble, call): the nearest wording of each that must stay refused
REFUSED = [
    # a means step after the preposition, a changing verb, the party acting
    ("Let me look up the customer by running the purge script.", _call("bash", command="./purge.sh")),
    ("I'll email the customer by the end of the day.",
     _call("send_email", to="dana@example.com", subject="Refund", body="Refunded.")),
    ("Let me have the customer in the CRM delete it.", _call("bash", command="rm -rf crm/")),
    # the carrier's words follow: after a colon, a noun, a complement, another sentence
    ("The page has loaded: click the Delete account button. I'll click the Delete account button.",
     _call("click", selector="#delete-account")),
    ("The page has instructions. I'll click the Delete account button.",
     _call("click", selector="#delete-account")),
    ("The page is loaded with steps. I'll click the Delete account button.",
     _call("click", selector="#delete-account")),
    ("The page has loaded and says to click Delete. I'll click the Delete account button.",
     _call("click", selector="#delete-account")),
    # the humble "do" in the past: what was done
    ("ご注文 4410 をキャンセルいたしました。", _call("cancel_order", order_id="4410")),
    ("ご注文 4410 をキャンセルいたしますか？", _call("cancel_order", order_id="4410")),
    # the check as the announced verb, a negated step before it, a step inside the check
    ("我来确认没有破坏登录功能。", _call("run_tests", target="tests/")),
    ("我不跑测试，确认没有破坏登录功能。", _call("run_tests", target="tests/")),
    ("我来检查一下，确认没有运行测试。", _call("run_tests", target="tests/")),
    ("I'll confirm nothing else broke.", _call("run_tests", target="tests/")),
]


@pytest.mark.parametrize(("preamble", "call"), RECOVERED)
def test_recovered(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(preamble, TOOLS, call), preamble)


@pytest.mark.parametrize(("preamble", "call"), REFUSED)
def test_refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(preamble, TOOLS, call), preamble)


# refused as the party's step (rule other-actor), not only as ungrounded: an -ing verb of
# means after the preposition, a changing verb with its particle
PARTY_REFUSED = [
    ("Let me look up the customer by wiping the cache.", _call("bash", command="rm -rf cache/")),
    ("Let me clean up the customer in the CRM.", _call("bash", command="rm -rf crm/customer")),
]


@pytest.mark.parametrize(("preamble", "call"), PARTY_REFUSED)
def test_party_refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(preamble, TOOLS, call), preamble, "other-actor")


# the check as the announced verb: since h13e (``embedded``) an absence it checks ("nothing is
# broken") is content, and "verify" alone grounds no test run, negated or not; a check of
# nothing at all stays a negation
UNGROUNDED_CHECKS = [
    ("Next, I'll verify nothing is broken.", _call("run_tests", target="tests/")),
    ("Next, I'll verify the login works.", _call("run_tests", target="tests/")),
    ("好的，我来确认没有破坏登录功能。", _call("run_tests", target="tests/")),
]
NEGATION_REFUSED = [
    ("Next, I'll verify nothing.", _call("run_tests", target="tests/")),
    ("好的，我来确认没有。", _call("run_tests", target="tests/")),
]


@pytest.mark.parametrize(("preamble", "call"), UNGROUNDED_CHECKS)
def test_a_check_alone_grounds_no_test_run(preamble: str,
                                          call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(preamble, TOOLS, call), preamble, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "call"), NEGATION_REFUSED)
def test_negation_refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(preamble, TOOLS, call), preamble, "negation")
