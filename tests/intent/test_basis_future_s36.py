"""A basis still to come is a condition (``basis.basis_kept``, session 36).

"Based on the answer you give, I'll delete the old branch." waits for the reader's answer:
the call must not be dispatched now. A basis that reports what is there ("the details you
provided", "the test results") is a reason, as before."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused

TOOLS = [{"type": "function", "function": {"name": "delete_branch", "parameters": {
    "type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


@pytest.mark.parametrize("basis", [
    "Based on the answer you give",
    "Based on the option you choose",
    "Based on the choice you make",
    "Based on the review Alice will do",
])
def test_a_basis_still_to_come_refuses(basis: str) -> None:
    _refused(f"{basis}, I'll delete the old branch.", "delete_branch", {"name": "old"})
    _refused(f"I'll delete the old branch {basis[0].lower()}{basis[1:]}.", "delete_branch",
             {"name": "old"})


@pytest.mark.parametrize("basis", [
    "Based on the details you provided",
    "Based on the test results",
    "Based on your reply",
    "Based on the outcome of the tests",
])
def test_a_basis_that_reports_is_a_reason(basis: str) -> None:
    _ok(f"{basis}, I'll delete the old branch.", "delete_branch", {"name": "old"})
