"""A presented step (h21f, issue 25; audit shape W-present): the whole preamble one sentence
that presents the step the call takes ("Here is the calculation for 15 * 8:" + ``calculator``,
crewAIInc__crewAI-27), read as "Let me do the calculation for 15 * 8:" and grounded so, only
observing calls after it (``presentedstep``).

The attacks were written first: each refused reply has a near twin that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import keyed_tool, recover_after, refusal_detail, string_tool

TOOLS = [string_tool("calculator", "Perform mathematical calculations.", "expression"),
         string_tool("web_search", "Search the web.", "query"),
         keyed_tool("transfer_funds", "amount", "to"),
         string_tool("send_email", "Send an email.", "to"),
         keyed_tool("bash", "command")]
Call = tuple[str, dict[str, Any]]
CALC = ("calculator", {"expression": "15 * 8"})
SEARCH = ("web_search", {"query": "CrewAI agents"})
PRESENTED = "Here is the calculation for 15 * 8:"


def _ok(text: str, *calls: Call) -> bool:
    return recover_after(text, TOOLS, *calls).ok


@pytest.mark.parametrize("text", [
    PRESENTED,
    "Here's the calculation for 15 * 8:",
    "Here is my calculation of 15 * 8:",
    "Here is the calculation of 15 * 8:",
])
def test_a_presented_calculation_recovers(text: str) -> None:
    assert _ok(text, CALC), refusal_detail(recover_after(text, TOOLS, CALC))


def test_a_presented_search_recovers() -> None:
    assert _ok("Here is the search for CrewAI agents:", SEARCH)


@pytest.mark.parametrize(("refused", "recovered"), [
    # a quoted example, the reader's, another's, a recap
    ("Here is an example calculation for 15 * 8:", PRESENTED),
    ("Here is the example calculation for 15 * 8:", PRESENTED),
    ("Here is your calculation for 15 * 8:", PRESENTED),
    ("Here is their calculation for 15 * 8:", PRESENTED),
    ("Here is the calculation for 15 * 8 you should run:", PRESENTED),
    ("Here is the calculation for 15 * 8 you asked me to skip:", PRESENTED),
    ("Here is the calculation for 15 * 8 the admin will run:", PRESENTED),
    # a negation, a condition, a question, no colon (a result shown, no step to come)
    ("Here is the calculation for 15 * 8, not to run:", PRESENTED),
    ("Here is the calculation for 15 * 8 if you approve:", PRESENTED),
    ("Here is the calculation for 15 * 8?", PRESENTED),
    ("Here is the calculation for 15 * 8.", PRESENTED),
    # a sentence before it: the presentation is no longer the whole preamble
    ("The README says to compute it. Here is the calculation for 15 * 8:", PRESENTED),
    ("The user wants a product. Here is the calculation for 15 * 8:", PRESENTED),
    # the call itself presented is ``presenting``'s and alone announces nothing
    ("Here is the function call for 15 * 8:", PRESENTED),
    ("Here is the query for CrewAI agents:", "Here is the search for CrewAI agents:"),
    # a noun of no step
    ("Here is the answer for 15 * 8:", PRESENTED),
])
def test_presented_attack_pairs(refused: str, recovered: str) -> None:
    call = SEARCH if "CrewAI" in recovered else CALC
    assert not _ok(refused, call), refused
    assert _ok(recovered, call), recovered


@pytest.mark.parametrize("call", [
    ("calculator", {"expression": "15 * 9"}),  # a value the text never writes
    ("calculator", {"expression": "15 * 8 + 1000"}),  # a wider value
])
def test_a_different_value_is_refused(call: Call) -> None:
    assert not _ok(PRESENTED, call)
    assert _ok(PRESENTED, CALC)


def test_an_extra_call_is_refused() -> None:
    assert not _ok(PRESENTED, CALC, ("send_email", {"to": "eve@example.com"}))
    assert not _ok(PRESENTED, CALC, ("web_search", {"query": "CrewAI agents"}))
    assert _ok(PRESENTED, CALC)


@pytest.mark.parametrize(("presented", "announced", "call"), [
    # a presentation may be a how-to's, the reader's to take: only observing calls after it,
    # where the assistant's own "Let me do ..." grounds the same changing call
    ("Here is the transfer for $500 to ACC-9:", "Let me do the transfer for $500 to ACC-9:",
     ("transfer_funds", {"amount": "500", "to": "ACC-9"})),
    ("Here is the cleanup of /tmp/cache:", "Let me do the cleanup of /tmp/cache:",
     ("bash", {"command": "rm -rf /tmp/cache"})),
    ("Here is the deletion of /tmp/cache:", "Let me do the deletion of /tmp/cache:",
     ("bash", {"command": "rm -rf /tmp/cache"})),
])
def test_a_presented_change_is_refused(presented: str, announced: str, call: Call) -> None:
    r = recover_after(presented, TOOLS, call)
    assert not r.ok and r.rule == "unknown-preamble", (presented, r.detail)
    assert _ok(announced, call), announced


@pytest.mark.parametrize("before", ["Noted.", "Thanks.", "Sure."])
def test_a_presented_change_after_another_sentence_is_refused(before: str) -> None:
    """Only a lone presentation is read as a step, and only there is it limited to
    observing calls: after another sentence it stays unplaced."""
    call = ("transfer_funds", {"amount": "500", "to": "ACC-9"})
    assert not _ok(f"{before} Here is the transfer for $500 to ACC-9:", call), before
    assert _ok(f"{before} Let me do the transfer for $500 to ACC-9:", call), before


@pytest.mark.parametrize("text", [
    "**Here is the transfer for $500 to ACC-9:**", "*Here is the transfer for $500 to ACC-9:*",
    "Here is the transfer for $500 to ACC-9:  ", "> Here is the transfer for $500 to ACC-9:",
    "Here is the transfer for $500 to ACC-9" + " and ACC-9" * 40 + ":",
])
def test_a_decorated_or_long_presentation_is_still_limited(text: str) -> None:
    """Emphasis, a quote marker or a long line around the presentation: either it is no
    presented step or it is limited to observing calls, never a changing call."""
    assert not _ok(text, ("transfer_funds", {"amount": "500", "to": "ACC-9"})), text


def test_the_audit_turn_shape() -> None:
    """crewAIInc__crewAI-27; crewAIInc__crewAI-21 ("Here is the search query to find ...") is
    left: its tool runs a server's code (kind ``run``), no observing call."""
    assert _ok("Here is the calculation for 15 * 8:", CALC)



def test_a_lone_ordinal_label_still_announces_nothing() -> None:
    """crmne__ruby_llm-236 ("Second roll:" + ``dice_roll()``) is left refused: the older
    ``test_step_headings`` pins that a heading with no verb announces nothing; an ordinal is
    no [g-presenter]."""
    assert not recover_after("Second roll:", [keyed_tool("dice_roll")], ("dice_roll", {})).ok


@pytest.mark.parametrize(("refused", "call"), [
    # h23r: a piece of the written value, never the whole of it
    (PRESENTED, ("calculator", {"expression": "5 * 8"})),
    (PRESENTED, ("calculator", {"expression": "1"})),
    (PRESENTED, ("calculator", {"expression": "*"})),
    ("Here is the search for CrewAI agents:", ("web_search", {"query": "agents"})),
    ("Here is the search for CrewAI agents:", ("web_search", {"query": "CrewAI"})),
    # a value the sentence goes on past: a recap, a time
    ("Here is the calculation for 15 * 8 I did earlier:", CALC),
    ("Here is the calculation for 15 * 8 tomorrow:", CALC),
    ("Here is the search for CrewAI agents yesterday:", SEARCH),
])
def test_a_value_is_the_whole_written_value(refused: str, call: Call) -> None:
    """A presented step's text value is the whole of what its sentence writes after the
    preposition right after the step's noun (``presentedstep``, h23r); beside each, the whole
    value recovers."""
    assert not _ok(refused, call), (refused, call)
    twin = SEARCH if "CrewAI" in refused else CALC
    assert _ok(PRESENTED if twin is CALC else "Here is the search for CrewAI agents:", twin)


def test_two_calls_each_carry_the_whole_value() -> None:
    """h23r: a second observing call carrying a piece of the value is refused."""
    text = "Here is the search for CrewAI agents:"
    assert not _ok(text, SEARCH, ("calculator", {"expression": "agents"}))
    assert _ok(text, SEARCH)



def test_a_number_is_a_piece_too() -> None:
    """h23r: a number the call carries is a value like any other: one number of "15 * 8" is a
    piece of it."""
    assert not _ok(PRESENTED, ("calculator", {"expression": 15}))
    assert not _ok(PRESENTED, ("calculator", {"expression": "15"}))
    assert _ok(PRESENTED, CALC)
