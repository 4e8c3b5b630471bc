"""A repeat count the announcement states (h19d, ``intent.repeatcount``): "roll the dice 3
times" + the first roll is recovered; each recovered form beside the nearest reply that stays
refused: a count before a noun, more calls than the count, a call carrying a number of its own,
two different calls, a payment's amount, a deferral, a negation, another actor."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall.intent.preamble import announce
from leakcall.intent.repeatcount import counts
from leakcall.intent.view import normalize
from tests.intent_sets import bare_tool as _tool
from tests.intent_sets import recover_calls

TOOLS = [_tool("dice_roll", "sides"), _tool("flip_coin"), _tool("ping_host", "host", "count"),
         _tool("send_email", "to", "body"), _tool("delete_file", "path"),
         _tool("charge_card", "amount"), _tool("run_tests", "suite")]

ROLL = ("dice_roll", {})
ROLL_20 = ("dice_roll", {"sides": 20})
ROLL_SIX = ("dice_roll", {"sides": "six"})
FLIP = ("flip_coin", {})
PING = ("ping_host", {"host": "example.com"})
PING_30 = ("ping_host", {"host": "example.com", "count": 30})
MAIL = ("send_email", {"to": "bob@example.com", "body": "Reminder: standup at ten"})
CHARGE = ("charge_card", {"amount": 500})
TESTS = ("run_tests", {"suite": "unit"})

_recover = partial(recover_calls, tools=TOOLS)

# (preamble, calls) recovered, each beside its nearest refused form below
RECOVERED: list[tuple[str, tuple[tuple[str, dict[str, Any]], ...]]] = [
    ("I'll roll the dice 3 times as requested.", (ROLL,)),
    ("I'll roll the dice 3 times for you.", (ROLL,)),
    ("I'll roll the dice 3 times.", (ROLL, ROLL, ROLL)),
    ("I'll ping example.com 5 times.", (PING,)),
    ("I'll run the unit tests 3 times.", (TESTS,)),
]

# (preamble, calls, rule): the nearest forms that stay refused
REFUSED: list[tuple[str, tuple[tuple[str, dict[str, Any]], ...], str]] = [
    # a count before a noun is a value of the step, not how many times it is taken
    ("I'll roll the 3 dice.", (ROLL,), "ungrounded-call"),
    ("I'll run the 3 unit tests.", (TESTS,), "ungrounded-call"),
    # more calls than the count says, or two where it says three
    ("I'll roll the dice 3 times.", (ROLL, ROLL, ROLL, ROLL), "ungrounded-call"),
    ("I'll roll the dice 2 times.", (ROLL, ROLL, ROLL), "ungrounded-call"),
    ("I'll roll the dice 3 times.", (ROLL, ROLL), "ungrounded-call"),
    # a call carrying a number of its own is held to the numbers stated
    ("I'll ping example.com 3 times.", (PING_30,), "ungrounded-call"),
    ("I'll roll the dice 3 times.", (ROLL_20,), "ungrounded-call"),
    # a payment's amount the announcement does not state
    ("I'll charge the card 3 times.", (CHARGE,), "ungrounded-call"),
    # two different steps under one count
    ("I'll roll the dice 3 times.", (ROLL, PING), "ungrounded-call"),
    ("I'll roll the dice 3 times.", (ROLL, ROLL_SIX), "ungrounded-call"),
    ("I'll roll the dice 3 times and flip the coin.", (ROLL, FLIP), "ungrounded-call"),
    ("I'll roll the dice 3 times, then email bob@example.com.", (ROLL, MAIL), "ungrounded-call"),
    # a target the announcement does not name, whatever the count
    ("I'll delete temp.txt 3 times.", (("delete_file", {"path": "secret.txt"}),), "ungrounded-call"),
    # a send repeated with the same arguments is never recovered
    ("I'll email bob@example.com the reminder 2 times.", (MAIL, MAIL), "ungrounded-call"),
    # the same count under a deferral, a negation, a condition, another actor, a quoted example
    ("Later I'll roll the dice 3 times.", (ROLL,), "conditional"),
    ("If you want, I'll roll the dice 3 times.", (ROLL,), "conditional"),
    ("I won't roll the dice 3 times.", (ROLL,), "unknown-preamble"),
    ("You should roll the dice 3 times.", (ROLL,), "unknown-preamble"),
    ("For example, I would roll the dice 3 times.", (ROLL,), "declared-example"),
]


@pytest.mark.parametrize(("pre", "calls"), RECOVERED)
def test_a_repeat_count_is_carried_by_the_repeated_step(
        pre: str, calls: tuple[tuple[str, dict[str, Any]], ...]) -> None:
    r = _recover(pre, *calls)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "calls", "rule"), REFUSED)
def test_a_repeat_count_grounds_nothing_more(
        pre: str, calls: tuple[tuple[str, dict[str, Any]], ...], rule: str) -> None:
    r = _recover(pre, *calls)
    assert r.reason != "ok" and r.rule == rule, (pre, r.reason, r.rule, r.detail)


@pytest.mark.parametrize(("text", "expected"), [
    ("I'll roll the dice 3 times.", {3.0}),
    ("Voy a tirar los dados 3 veces.", {3.0}),
    ("Je vais lancer les dés 4 fois.", {4.0}),
    ("Я брошу кубик 3 раза.", {3.0}),
    ("Lancerò i dadi 2 volte.", {2.0}),
    ("Vou rolar os dados 3 vezes.", {3.0}),
    ("Ik gooi de dobbelsteen 3 keer.", {3.0}),
    # a count before a noun, a count in words, a figure that is no whole count
    ("I'll roll the 3 dice.", set()),
    ("I'll delete the 3 files.", set()),
    ("I'll roll the dice three times.", set()),
    ("I'll roll the dice 2.5 times.", set()),
])
def test_counts_reads_a_number_before_a_word_of_repeating(text: str, expected: set[float]) -> None:
    ann = announce(normalize(text))
    assert counts(ann) == expected, (text, getattr(ann, "objects", ann))  # type: ignore[arg-type]
