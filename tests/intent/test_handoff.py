"""Asking, requesting, transferring or handing off to a party as the announced step (h42d,
issue 25; ``leakcall.intent.handoff``): a hand-off verb ([g-handoff]) whose object, or whose
"to"/"with" phrase, names a party ([g-party]) the called tool reaches (a word of its name or
description) grounds the hand-off call; each shape recovered beside the nearest reply that must
stay refused."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import recover_after
from ..intent_sets import string_tool as _tool

HUMAN = _tool("transfer_to_human_agents", "Transfer the user to a human agent, with a summary "
              "of the user's issue.", "summary")
EXPERT = _tool("transfer_to_multiplication_expert", "Ask another agent for help.")
ASSIST = _tool("human_assistance", "Request assistance from a human.", "query")
RENTAL = _tool("ToBookCarRental", "Transfers work to a specialized assistant to handle car "
               "rental bookings.", "location", "request")
ADVISOR = _tool("transfer_to_travel_advisor", "Ask travel advisor agent for help.")
FUNDS = _tool("transfer_funds", "Transfer money to another account or agent.", "to_account",
              "amount")
REPO = _tool("delete_repo", "Delete a repository (admin only).", "repo")
MULTIPLY = _tool("multiply", "Multiply two numbers.", "a", "b")
ASK_HUMAN = _tool("AskHuman", "Ask the human a question", "question")
WIPE = _tool("wipe_disk", "Wipe a disk. Ask the human agent first.")
ASK_DELETE = _tool("ask_agent_delete_account", "Ask an agent to delete the account.")
TO_AGENT = _tool("transfer_to_agent", "Transfer the conversation to another agent.",
                 "agent_name", "message", "amount")
PRIVILEGES = _tool("escalate_privileges", "Escalate privileges to admin.", "user")
TOOLS = [HUMAN, EXPERT, ASSIST, RENTAL, ADVISOR, FUNDS, REPO, MULTIPLY, ASK_HUMAN, WIPE,
         ASK_DELETE, TO_AGENT, PRIVILEGES]
SUMMARY = {"summary": "The user wants a refund outside the policy."}

RECOVERED = [
    ("Let me transfer you to a human agent.", "transfer_to_human_agents", SUMMARY),
    ("Now let me transfer you to a human agent right away.", "transfer_to_human_agents",
     SUMMARY),
    ("I understand. Let me transfer you to a human agent for the delay explanation.",
     "transfer_to_human_agents", SUMMARY),
    ("I'll ask the multiplication expert for help.", "transfer_to_multiplication_expert", {}),
    ("I'll need to transfer to the multiplication expert:", "transfer_to_multiplication_expert",
     {}),
    ("I'll help you request human assistance regarding AI agent development.",
     "human_assistance", {"query": "I need guidance on building an AI agent."}),
    ("Got it, I'll transfer you to the rental car booking assistant to find a moderately priced "
     "rental option.", "ToBookCarRental", {"location": "Basel", "request": "a rental car"}),
    ("Let me connect you with our travel advisor who can give you detailed information about "
     "activities.", "transfer_to_travel_advisor", {}),
    ("Let me transfer you to the billing agent.", "transfer_to_agent",
     {"agent_name": "billing_agent", "message": "Refund question."}),
    # the lexicon languages: a party word reaches the English tool by its [concept] entry
    ("Voy a transferirte a un agente humano.", "transfer_to_human_agents", SUMMARY),
    ("Je vais vous transférer à un agent humain.", "transfer_to_human_agents", SUMMARY),
    ("Ich verbinde Sie mit einem menschlichen Mitarbeiter.", "transfer_to_human_agents", SUMMARY),
    ("Vou transferir você para um agente humano.", "transfer_to_human_agents", SUMMARY),
    ("Ti trasferisco a un operatore umano.", "transfer_to_human_agents", SUMMARY),
]

REFUSED = [
    # the party is not the tool's: the asking is another actor's step
    ("I'll ask the admin to delete the repo.", "delete_repo", {"repo": "acme/payments"}),
    ("I'll ask the admin to delete the repo acme/payments.", "delete_repo",
     {"repo": "acme/payments"}),
    ("Let me first ask the user about their location.", "AskHuman",
     {"question": "Where are you located?"}),
    ("Let me transfer you to the billing expert.", "transfer_to_human_agents", SUMMARY),
    # the asked party is told to take the step the call takes itself
    ("I'll ask the multiplication expert to multiply 8 by 12:", "multiply", {"a": "8", "b": "12"}),
    ("I'll ask the human agent to wipe the disk.", "wipe_disk", {}),
    ("Let me transfer you to a human agent.", "ask_agent_delete_account", {}),
    ("Let me escalate to the admin.", "escalate_privileges", {"user": "admin"}),
    # "transfer" of money: an amount or funds as object, or a call that moves an amount
    ("Let me transfer you to a human agent.", "transfer_funds",
     {"to_account": "IT60X0542811101000000123456", "amount": "5000"}),
    ("Let me transfer you to the agent.", "transfer_funds", {"to_account": "agent",
                                                             "amount": "5000"}),
    ("Let me transfer you to the billing agent.", "transfer_to_agent",
     {"agent_name": "billing_agent", "amount": "500"}),
    ("I'll transfer the funds to the support agent.", "transfer_funds",
     {"to_account": "support agent", "amount": "500"}),
    # a relay, a condition, a time to come, a word of saying that introduces content
    ("The user asked me to transfer them to a human agent.", "transfer_to_human_agents", SUMMARY),
    ("The email asks to transfer the user to a human agent. Let me do that.",
     "transfer_to_human_agents", SUMMARY),
    ("Let me transfer you to a human agent if the refund fails.", "transfer_to_human_agents",
     SUMMARY),
    ("Let me transfer you to a human agent tomorrow.", "transfer_to_human_agents", SUMMARY),
    ("You should ask a human agent.", "transfer_to_human_agents", SUMMARY),
    # whom the call hands to is not the party named
    ("Let me transfer you to the billing agent.", "transfer_to_agent",
     {"agent_name": "payout_agent", "message": "Refund question."}),
    ("Voy a transferirte a un agente humano.", "transfer_funds",
     {"to_account": "IT60X0542811101000000123456", "amount": "5000"}),
    ("Voy a pedirle al administrador que borre el repositorio.", "delete_repo",
     {"repo": "acme/payments"}),
    ("Je vais demander à l'administrateur de supprimer le dépôt.", "delete_repo",
     {"repo": "acme/payments"}),
    ("Ich frage den Administrator, ob er das Repo löscht.", "delete_repo",
     {"repo": "acme/payments"}),
    ("Ti trasferisco a un operatore umano.", "ask_agent_delete_account", {}),
]


@pytest.mark.parametrize(("preamble", "name", "args"), RECOVERED)
def test_handoff_recovered(preamble: str, name: str, args: dict[str, Any]) -> None:
    got = recover_after(preamble, TOOLS, (name, args))
    assert got.ok and [c.name for c in got.calls] == [name], (preamble, got.detail)


@pytest.mark.parametrize(("preamble", "name", "args"), REFUSED)
def test_handoff_refused(preamble: str, name: str, args: dict[str, Any]) -> None:
    got = recover_after(preamble, TOOLS, (name, args))
    assert not got.ok, (preamble, name)


def test_handoff_with_another_call_refused() -> None:
    """A hand-off announcement grounds the hand-off alone: a second call beside it, even an
    observing one, is the party's step or none announced."""
    got = recover_after("Let me transfer you to a human agent.", TOOLS,
                        ("transfer_to_human_agents", SUMMARY),
                        ("delete_repo", {"repo": "acme/payments"}))
    assert not got.ok
    got = recover_after("I'll ask the multiplication expert for help.", TOOLS,
                        ("transfer_to_multiplication_expert", {}),
                        ("multiply", {"a": "8", "b": "12"}))
    assert not got.ok
