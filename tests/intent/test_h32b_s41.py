"""h32b (session 41, issue 25, audit W-plan): a record's field under a look's list and a
policy's eligibility, each with the real shape recovered and its attack sibling refused."""

from __future__ import annotations

import pytest

from tests.intent_sets import recover_after, string_tool

_TOOLS = [string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id")]
_CANCELS = [("cancel_reservation", {"reservation_id": "FDZ0T5"}),
            ("cancel_reservation", {"reservation_id": "SE9KEL"})]

# tau2-5-34, verbatim but for the field label ("{label}") and the closing observation ("{seen}")
_CONFIRM = (
    "Since the reason for cancellation is a change of plans, I need to verify if these "
    "reservations meet the cancellation policy requirements. Let me confirm:\n\n"
    "1. **FDZ0T5**:\n   - {label}: 2024-05-13\n   - Cancellation is within 24 hours of "
    "booking: **Yes** (eligible for cancellation).\n\n"
    "2. **SE9KEL**:\n   - {label}: 2024-05-13\n   - Cancellation is within 24 hours of "
    "booking: **Yes** (eligible for cancellation).\n\n"
    "{seen}I will proceed with canceling them now.")
_ELIGIBLE = "Both reservations are eligible for cancellation. "


def _reason(preamble: str) -> tuple[str, str]:
    r = recover_after(preamble, _TOOLS, *_CANCELS)
    return str(r.reason.value), r.rule


@pytest.mark.parametrize("label", ["Booking Date", "Booking Reference", "Booking Status"])
def test_record_field_label_recovered(label: str) -> None:
    assert _reason(_CONFIRM.format(label=label, seen=_ELIGIBLE))[0] == "ok"
    assert _reason(_CONFIRM.format(label=label, seen=""))[0] == "ok"


@pytest.mark.parametrize("label", [
    "Booking flights",  # a step's object, no field
    "Cancelling the date",  # an article: a step
    "Booking date changes",  # a longer label
])
def test_step_label_in_a_looks_list_refused(label: str) -> None:
    assert _reason(_CONFIRM.format(label=label, seen=""))[0] != "ok"


@pytest.mark.parametrize("seen", [
    "The reservations are flagged for cancellation. ",  # someone decided it
    "Both reservations are earmarked for cancellation. ",
])
def test_marked_for_a_step_refused(seen: str) -> None:
    assert _reason(_CONFIRM.format(label="Flight Date", seen=seen))[1] == "quoted-source"


def test_eligible_for_a_step_recovered() -> None:
    assert _reason(_CONFIRM.format(label="Flight Date", seen=_ELIGIBLE))[0] == "ok"
