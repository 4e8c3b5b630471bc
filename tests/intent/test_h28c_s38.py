"""h28c (session 38, issue 25, audit W-kind, W-transfer): a tool that is the reply itself;
a hand-off named by its noun.

"I will help you generate a software engineer profile. Please wait a moment." +
``structured_output(name, age)`` (social-growth-studio__req_llm-30) and "I'll generate a
random user for you with realistic details." + ``final_result(name, email, age)`` of a schema
titled "User" (pydantic__pydantic-ai-247): the tool is the answer (``replytool``), and a
record's "email" is its field, no address a step reaches (``toolnouns.record_titled``). "I'll
initiate the transfer now." after a hedged observation that names a human agent is the
hand-off to that party (``handoff._nouned``, tau2-6-0). Each reading has its refused sibling
beside it.
"""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.kinds import call_kinds
from tests.intent_sets import described_tool, expect_recovered, expect_refused, recover_after

PROFILE = {"name": "Alex Johnson", "age": 28}
USER = {"age": 31, "email": "sarah.chen.92@gmail.com", "name": "Sarah Chen"}
GENERATED = "I will help you generate a software engineer profile. Please wait a moment."
RANDOM_USER = "I'll generate a random user for you with realistic details."


def _output(name: str = "structured_output", **extra: dict[str, Any]) -> dict[str, Any]:
    return described_tool(name, {"name": {"type": "string"}, "age": {"type": "integer"},
                                 "occupation": {"type": "string"}, **extra},
                          "Generate structured output matching the provided schema",
                          required=["name", "age"])


def _final(title: str | None = "User", **extra: dict[str, Any]) -> dict[str, Any]:
    tool = described_tool("final_result", {"age": {"type": "integer"}, "email": {"type": "string"},
                                           "name": {"type": "string"}, **extra},
                          "The final response which ends this conversation")
    if title is not None:
        tool["function"]["parameters"]["title"] = title
    return tool


@pytest.mark.parametrize("preamble", [
    GENERATED,  # social-growth-studio__req_llm-30
    "I'll generate a profile for you.",
    "Let me create a sample profile for you.",
])
def test_the_reply_tool_carries_what_is_made(preamble: str) -> None:
    tool = _output()
    expect_recovered(recover_after(preamble, [tool], ("structured_output", PROFILE)), preamble)


@pytest.mark.parametrize("preamble", [
    # a verb of another kind: the answer is not what is made
    "I'll send the software engineer profile.",
    "I'll delete the old profile.",
    "Let me look up a software engineer profile.",
    # the grammar's refusals come first
    "I will generate a software engineer profile if you approve.",
    "The README says to generate a software engineer profile.",
])
def test_the_reply_tool_after_another_step_stays_refused(preamble: str) -> None:
    tool = _output()
    expect_refused(recover_after(preamble, [tool], ("structured_output", PROFILE)), preamble)


@pytest.mark.parametrize(("name", "extra", "args"), [
    # a name saying more than the answer, an acting key
    ("send_result", {}, PROFILE),
    ("structured_output", {"amount": {"type": "number"}}, {**PROFILE, "amount": 500}),
    ("structured_output", {"to_account": {"type": "string"}}, {**PROFILE, "to_account": "AC-9"}),
])
def test_a_tool_that_acts_is_no_reply(name: str, extra: dict[str, Any],
                                      args: dict[str, Any]) -> None:
    tool = _output(name, **extra)
    expect_refused(recover_after(GENERATED, [tool], (name, args)), (name, args))


def test_a_users_email_is_a_field_of_the_reply() -> None:
    """pydantic__pydantic-ai-247: the answer's "email" of a "User" record sends nothing."""
    tool = _final()
    expect_recovered(recover_after(RANDOM_USER, [tool], ("final_result", USER)), RANDOM_USER)
    schema = tool["function"]["parameters"]
    assert call_kinds("final_result", USER, schema, tool["function"]["description"]) == {
        "compute"}


@pytest.mark.parametrize("preamble", [
    "I'll delete the old user.",
    "I'll cancel the subscription.",
    "I'll deploy a random user.",
])
def test_the_answer_after_another_step_stays_refused(preamble: str) -> None:
    """A reply tool that only computes is grounded by a making verb, no other."""
    expect_refused(recover_after(preamble, [_final()], ("final_result", USER)), preamble)


@pytest.mark.parametrize(("title", "extra", "args"), [
    (None, {}, USER),  # no record named: an address may be where it goes
    ("Report", {}, USER),  # not a party's record
    ("User", {"to": {"type": "string"}}, {**USER, "to": "ops@example.com"}),  # a recipient
    ("User", {"webhook": {"type": "string"}}, {**USER, "webhook": "https://x.example/h"}),
])
def test_an_address_beyond_the_records_own_stays_refused(
        title: str | None, extra: dict[str, Any], args: dict[str, Any]) -> None:
    tool = _final(title, **extra)
    expect_refused(recover_after(RANDOM_USER, [tool], ("final_result", args)), (title, args))


# --- a hand-off named by its noun after a hedge (tau2-6-0, audit W-transfer) ---------------

HANDOFF_TOOLS = [
    described_tool("transfer_to_human_agents", {"summary": {"type": "string"}},
                   "Transfer the user to a human agent, with a summary of the user's issue."),
    described_tool("transfer_funds", {"amount": {"type": "number"}, "to": {"type": "string"}},
                   "Transfer money to an account."),
    described_tool("cancel_reservation", {"reservation_id": {"type": "string"}},
                   "Cancel a reservation.")]
HUMAN = ("transfer_to_human_agents", {"summary": "The user has a connectivity issue."})
HEDGED = ("Since the SIM card is active and working properly, it seems like there might be a "
          "more complex problem that requires further investigation. I recommend transferring "
          "you to a human agent who can provide more in-depth assistance.\n\n"
          "I'll initiate the transfer now. Please hold on.")


@pytest.mark.parametrize("preamble", [
    HEDGED,  # tau2-6-0
    "I recommend transferring you to a human agent. I'll initiate the transfer now.",
    "It seems a human agent should handle this. I'll initiate the transfer now.",
])
def test_the_transfer_to_the_named_party(preamble: str) -> None:
    """"the transfer" is the hand-off to the party the text names; a hedge calls for it."""
    expect_recovered(recover_after(preamble, HANDOFF_TOOLS, HUMAN), preamble)


@pytest.mark.parametrize(("preamble", "call"), [
    # the party never named: "the transfer" is no hand-off the text says
    ("I'll initiate the transfer now.", HUMAN),
    ("It seems like there might be a more complex problem. I'll initiate the transfer now.",
     HUMAN),
    # a payment is no hand-off, whatever the noun; a hedge still stands against it
    ("It seems a human agent agreed. I'll initiate the transfer now.",
     ("transfer_funds", {"amount": 500, "to": "ACC-1"})),
    ("It seems a human agent should handle this. I'll initiate the cancellation now.",
     ("cancel_reservation", {"reservation_id": "ABC123"})),
    # the grammar's refusals come first
    ("A human agent could help. I'll initiate the transfer if you agree.", HUMAN),
    ("A human agent might help. I'll not initiate the transfer.", HUMAN),
])
def test_a_transfer_beyond_the_named_hand_off_stays_refused(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    expect_refused(recover_after(preamble, HANDOFF_TOOLS, call), preamble)

