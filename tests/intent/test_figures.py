"""One reading of numbers written in digits (``intent.figures``), asked by every reader of
amounts, limits and requested figures: "1.000" is a thousand everywhere, "1.000,50" and
"1,000.50" are the same amount, and a payment whose amount is text no reading fits ("5 000",
"$5k") is refused rather than left unchecked."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import figures
from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("transfer_funds", "Transfer money to a payee.", "payee", "amount",
                     "currency", "memo")]


def _pay(payee: str, amount: str) -> tuple[str, dict[str, Any]]:
    return ("transfer_funds", {"payee": payee, "amount": amount})


@pytest.mark.parametrize(("run", "value"), [
    ("1,000", 1000.0), ("1.000", 1000.0), ("1,000.50", 1000.5), ("1.000,50", 1000.5),
    ("10,5", 10.5), ("0.5", 0.5), ("1,000,000", 1e6), ("1.2.3", None), ("1,000,50", None),
])
def test_value_reads_both_groupings(run: str, value: float | None) -> None:
    assert figures.value(run) == value


@pytest.mark.parametrize(("text", "value"), [
    ("5000 USD", 5000.0), ("USD 5000", 5000.0), ("5000€", 5000.0), ("$ 50", 50.0),
    ("50,00 €", 50.0), ("5 000", None), ("$5k", None), ("five", None), ("-50", None),
])
def test_amount_is_one_figure_with_its_currency(text: str, value: float | None) -> None:
    assert figures.amount(text) == value


def test_a_version_run_still_carries_its_parts() -> None:
    assert {1.2, 0.0, 2024.0} <= set(figures.numbers("v1.2.0 archive-2024"))


# the announced number carried by another argument ("Dana 50") no longer lets an amount
# leakcall could not read pass unchecked
@pytest.mark.parametrize("amount", ["5000 USD", "USD 5000", "5.000,00", "5000€", "5 000",
                                    "$5k", "five thousand"])
def test_an_unread_or_other_amount_refuses(amount: str) -> None:
    r = recover_after("I'll transfer $50 to Dana.", TOOLS, _pay("Dana 50", amount))
    expect_refused(r, amount, "ungrounded-call")


@pytest.mark.parametrize("amount", ["50", "50 USD", "$50.00", "USD 50"])
def test_the_announced_amount_in_any_form_recovers(amount: str) -> None:
    expect_recovered(recover_after("I'll transfer $50 to Dana.", TOOLS, _pay("Dana", amount)),
                     amount)


@pytest.mark.parametrize(("preamble", "amount"), [
    ("Ich überweise 1.000 € an Dana.", "1.000,00"),
    ("Ich überweise 50 € an Dana.", "50,00 €"),
    ("Ich überweise 2.500,50 € an Dana.", "2500.50"),
])
def test_grouped_amounts_recover(preamble: str, amount: str) -> None:
    expect_recovered(recover_after(preamble, TOOLS, _pay("Dana", amount)), preamble)


@pytest.mark.parametrize(("preamble", "amount"), [
    ("Ich überweise 1.000 € an Dana.", "10.000,00"),
    ("Ich überweise 2.500,50 € an Dana.", "25005.0"),
])
def test_grouped_amounts_of_another_size_refuse(preamble: str, amount: str) -> None:
    expect_refused(recover_after(preamble, TOOLS, _pay("Dana", amount)), preamble,
                   "ungrounded-call")


# a limit written with a decimal part ("$1,000.50") was no number to the limit reader
def test_a_limit_with_cents_is_read() -> None:
    r = recover_after("Your daily limit is $1,000.50. I'll transfer $5,000 to Dana.", TOOLS,
                      _pay("Dana", "5000"))
    expect_refused(r, "limit", "unsafe-ground")
    expect_recovered(recover_after("Your daily limit is $9,000.50. I'll transfer $5,000 to "
                                   "Dana.", TOOLS, _pay("Dana", "5000")), "limit above")
