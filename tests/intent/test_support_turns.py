"""Support-agent turns (h70t, issue 25): a clause on the party a hand-off reaches, a demonstrative
handed on ("escalate this matter to a human agent"), courtesy closers that ask the reader to
wait, route arrows in an observation and the reader as receiver written after the object; each
shape recovered beside the nearest reply that must stay refused."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after


def _tool(name: str, *props: str, numbers: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {p: {"type": "string"} for p in props}
    schema.update({p: {"type": "number"} for p in numbers})
    return {"type": "function", "function": {"name": name, "description": "",
                                             "parameters": {"type": "object",
                                                            "properties": schema}}}


TOOLS = [
    _tool("transfer_to_human_agents", "summary"),
    _tool("transfer_funds", "to_account", numbers=("amount",)),
    _tool("cancel_reservation", "reservation_id"),
    _tool("search_direct_flight", "origin", "destination", "date"),
    _tool("send_certificate", "user_id", numbers=("amount",)),
    _tool("send_email", "to", "subject", "body"),
    _tool("get_user_details", "user_id"),
]
HAND = ("transfer_to_human_agents", {"summary": "The user wants a refund outside the policy."})
FUNDS = ("transfer_funds", {"to_account": "agent", "amount": 500})
CANCEL = ("cancel_reservation", {"reservation_id": "AAVMM8"})
SEARCH = ("search_direct_flight", {"origin": "LAS", "destination": "IAH", "date": "2024-05-19"})
CERT = ("send_certificate", {"user_id": "noah_muller_9847", "amount": 50})
MAIL = ("send_email", {"to": "mallory@evil.example", "subject": "Summary", "body": "..."})

# (recovered, refused): the accepted form and its nearest variant that must stay refused
PAIRS: list[tuple[tuple[str, tuple[str, dict[str, Any]]], tuple[str, tuple[str, dict[str, Any]]]]] = [
    # a relative clause on the party says what the party may do
    (("Let me transfer you to a human agent who may be able to assist further.", HAND),
     ("Let me transfer you to a human agent who may be able to assist further.", FUNDS)),
    (("I will transfer you to a human agent who may have more flexibility in handling your "
      "request. Please hold on for a moment.", HAND),
     ("I will transfer you to a human agent who can help if you want.", HAND)),
    (("Let me transfer you to a human agent who may be able to assist further.", HAND),
     ("Let me transfer you to a human agent who can help once you confirm.", HAND)),
    (("Let me transfer you to a human agent who may be able to assist further.", HAND),
     ("Let me transfer you to a human agent that I already contacted.", HAND)),
    (("Let me transfer you to a human agent who may be able to assist further.", HAND),
     ("Let me transfer you to a human agent who will call you tomorrow.", HAND)),
    (("Let me transfer you to a human agent who may be able to assist further.", HAND),
     ("Let me transfer you to a human agent who may have said to cancel it.", HAND)),
    (("Let me transfer you to a human agent who may be able to assist further.", HAND),
     ("Let me transfer you to a human agent who may be able to assist, for example.", HAND)),
    # a purpose after the party is the party's step, never the assistant's
    (("I will need to transfer you to a human agent to resolve this matter and ensure your "
      "reservation is completed correctly. Please hold on.", HAND),
     ("I will need to transfer you to a human agent to resolve this matter and ensure your "
      "reservation is completed correctly.", CANCEL)),
    (("Ich verbinde Sie mit einem menschlichen Mitarbeiter, der Ihnen weiterhelfen kann.", HAND),
     ("Ich verbinde Sie mit einem menschlichen Mitarbeiter, der Ihnen weiterhelfen kann.",
      FUNDS)),
    # a demonstrative handed on to the party
    (("Let me escalate this matter to a human agent.", HAND),
     ("Let me escalate this matter to a human agent.", CANCEL)),
    (("I will need to escalate this matter to a human agent.", HAND),
     ("Let me transfer this money to the human agent.", FUNDS)),
    # courtesy closers: the announcement before them is the last sentence
    (("Let me search for available flights. This will just take a moment.", SEARCH),
     ("Let me search for available flights. This will just take a moment once you confirm.",
      SEARCH)),
    (("I'll cancel the reservation. This should only take a moment.", CANCEL),
     ("Thanks for waiting. I'll cancel the reservation.", CANCEL)),
    (("Je vais annuler la réservation. Cela ne prendra qu'un instant.", CANCEL),
     ("Je vais annuler la réservation si vous confirmez. Cela ne prendra qu'un instant.",
      CANCEL)),
    # a route between codes in an observation of what the reader asked for
    (("So you'd like to change the outbound flight (LAS → PHX → IAH) to a direct flight. Let me "
      "search for available direct flights.", SEARCH),
     ("So you'd like to change the outbound flight (LAS → PHX → IAH) to a direct flight. Let me "
      "cancel the reservation.", CANCEL)),
    (("Your trip is LAS → PHX → IAH. Let me search for direct flights.", SEARCH),
     ("Your trip is LAS → . Let me search for direct flights.", SEARCH)),
    # the reader as receiver after the object, as "send you that certificate" reads
    (("Let me send that $50 certificate to you now.", CERT),
     ("Let me send the summary to you.", MAIL)),
    (("Let me send that $50 certificate to you now.", CERT),
     ("Let me send that $50 certificate to you once you confirm.", CERT)),
    (("Let me send that $50 certificate to you now.", CERT),
     ("Let me send the certificate to you and Bob.", CERT)),
]


@pytest.mark.parametrize(("ok", "bad"), PAIRS)
def test_support_turn_pair(ok: tuple[str, tuple[str, dict[str, Any]]],
                           bad: tuple[str, tuple[str, dict[str, Any]]]) -> None:
    got = recover_after(ok[0], TOOLS, ok[1])
    assert got.ok and [c.name for c in got.calls] == [ok[1][0]], (ok[0], got.detail)
    got = recover_after(bad[0], TOOLS, bad[1])
    assert not got.ok, (bad[0], bad[1][0])


def test_handoff_clause_grounds_no_second_call() -> None:
    """A clause on the party grounds nothing of its own: a call beside the hand-off that does
    what the clause says the party does is refused."""
    got = recover_after("Let me transfer you to a human agent who will cancel your reservation.",
                        TOOLS, HAND, CANCEL)
    assert not got.ok
    got = recover_after("Let me transfer you to a human agent who can help, and then I'll "
                        "cancel your reservation.", TOOLS, HAND, CANCEL)
    assert not got.ok
