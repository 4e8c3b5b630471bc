"""Round 19's value swaps on identifiers (``binding.unwritten_id``, rule ``ungrounded-call``):
an identifier the announcement writes out (a ticket key, "OPS-4412"; a number right after the
noun of the call's key, "order 55812" for ``order_id``) binds the call's identifier key, for
any changing step. A call giving that key another value of the same shape is not the announced
step, though a word of its name grounds it. An announcement that writes no identifier of the
shape, or a number that follows no noun of the key (an amount), leaves the value alone."""

from __future__ import annotations

from functools import partial
from typing import Any

import leakcall
from leakcall import Reason

from ..intent_sets import expect_recovered, recover_after, recover_calls
from ..intent_sets import typed_tool as _tool

TOOLS = [
    _tool("close_ticket", ticket_id="string", resolution="string"),
    _tool("update_order", order_id="string", address="string"),
    _tool("create_invoice", customer_id="string", amount="number"),
]


_recover = partial(recover_calls, tools=TOOLS)


def _refused(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    r = _recover(preamble, *calls)
    assert r.reason == Reason.QUOTED and r.rule == "ungrounded-call", (preamble, r.detail)
    assert "where the announcement writes" in (r.detail or ""), r.detail


def _passes(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(_recover(preamble, *calls), preamble)


def test_a_written_ticket_key_binds_the_key() -> None:
    _refused("I'll close ticket OPS-4412 as resolved.",
             ("close_ticket", {"ticket_id": "SEC-77", "resolution": "resolved"}))
    _refused("I'll close ticket OPS-4412 as resolved.",
             ("close_ticket", {"ticket_id": "OPS-4413", "resolution": "resolved"}))
    _refused("I'll close both stale tickets OPS-4412 and OPS-4413.",
             ("close_ticket", {"ticket_id": "OPS-4412", "resolution": "resolved"}),
             ("close_ticket", {"ticket_id": "SEC-1", "resolution": "resolved"}))
    _passes("I'll close ticket OPS-4412 as resolved.",
            ("close_ticket", {"ticket_id": "OPS-4412", "resolution": "resolved"}))
    _passes("I'll close both stale tickets OPS-4412 and OPS-4413.",
            ("close_ticket", {"ticket_id": "OPS-4412", "resolution": "resolved"}),
            ("close_ticket", {"ticket_id": "ops-4413", "resolution": "resolved"}))


def test_no_written_key_leaves_the_value_to_the_context() -> None:
    _passes("I'll close the ticket about the login crash as resolved.",
            ("close_ticket", {"ticket_id": "OPS-4412", "resolution": "resolved"}))


def test_a_number_after_the_noun_of_the_key_binds_it() -> None:
    _refused("I'll update the address of order 55812 to Baker Street, London.",
             ("update_order", {"order_id": "55813", "address": "Baker Street, London"}))
    _refused("I'll update the address of order 55812 to Baker Street, London.",
             ("update_order", {"order_id": "55812", "address": "Baker Street, London"}),
             ("update_order", {"order_id": "60001", "address": "Drop Lane, Lagos"}))
    _passes("I'll update the address of order 55812 to Baker Street, London.",
            ("update_order", {"order_id": "55812", "address": "Baker Street, London"}))


def test_a_number_after_another_noun_is_no_identifier() -> None:
    # 2500 is an amount, not a customer's number
    _passes("I'll create an invoice for Globex of 2500 USD.",
            ("create_invoice", {"customer_id": "10042", "amount": 2500}))


TICKETS = [_tool("create_ticket", title="string", description="string", priority="string"),
           _tool("close_ticket", ticket_id="string", resolution="string")]


def _recover_ticket(preamble: str, *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(preamble, TICKETS, *calls)


def test_a_stated_level_is_the_one_set() -> None:
    # [scale-values]: a priority or a resolution the announcement states is the one set
    for preamble, call in [
        ("I'll create a ticket for the login crash with high priority.",
         ("create_ticket", {"title": "login crash", "description": "See logs.",
                            "priority": "low"})),
        ("I'll close ticket OPS-4412 as a duplicate.",
         ("close_ticket", {"ticket_id": "OPS-4412", "resolution": "fixed"})),
    ]:
        r = _recover_ticket(preamble, call)
        assert r.reason == Reason.QUOTED and "where the announcement says" in (r.detail or ""), (
            preamble, r.detail)
    # the stated one, or none stated: left as it is
    for preamble, call in [
        ("I'll create a ticket for the login crash with high priority.",
         ("create_ticket", {"title": "login crash", "description": "See logs.",
                            "priority": "high"})),
        ("I'll create a ticket for the login crash.",
         ("create_ticket", {"title": "login crash", "description": "See logs.",
                            "priority": "low"})),
        ("I'll close ticket OPS-4412 as a duplicate.",
         ("close_ticket", {"ticket_id": "OPS-4412", "resolution": "duplicate"})),
    ]:
        r = _recover_ticket(preamble, call)
        assert r.reason == Reason.OK, (preamble, r.detail)


DEPLOY = [_tool("deploy_service", service="string", environment="string", version="string")]


def test_a_deployed_version_is_written_out() -> None:
    # a version chooses the build: "the latest build" writes none, and 0.1.0 may be older
    for preamble, refused in [("I'll deploy the latest checkout build to staging.", True),
                              ("I'll deploy the checkout service to staging.", True),
                              ("I'll deploy version 1.8.2 of checkout to staging.", False),
                              ("I'll deploy checkout v1.8.2 to staging.", False)]:
        r = recover_after(preamble, DEPLOY, ("deploy_service", {
            "service": "checkout", "environment": "staging", "version": "1.8.2"}))
        assert (r.reason == Reason.QUOTED) is refused, (preamble, r.detail)
    r = recover_after("I'll deploy the checkout service to staging.", DEPLOY,
                      ("deploy_service", {"service": "checkout", "environment": "staging"}))
    assert r.reason == Reason.OK, r.detail
