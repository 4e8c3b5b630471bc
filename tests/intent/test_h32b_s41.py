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


# --- planlooks.stepwise + sharedword: "I'll assist you step by step:" and its plan's items ---

_DETAILS_TOOLS = [string_tool("get_reservation_details", "Get a reservation's details.",
                              "reservation_id"),
                  string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id")]

# tau2-5-0, verbatim but for the intro ("{intro}") and the second heading's item ("{item}")
_STEPWISE = (
    "Thank you for providing the details! {intro}\n\n"
    "### For the cancellations:\n"
    "1. I’ll first verify the details of the reservations (IFOYYZ and NQNU5R) to ensure they "
    "meet the cancellation policy.\n"
    "2. If eligible, I’ll proceed with the cancellation.\n\n"
    "### For the modification:\n"
    "1. {item}\n"
    "2. I’ll search for nonstop flights matching your origin, destination, and date.\n\n"
    "Let me start by retrieving the details of your reservations.")
_ITEM = ("I’ll check the details of reservation M20IZO to confirm the current flights and "
         "ensure the modification aligns with the policy.")
_INTRO = "I’ll assist you step by step:"


def _details(preamble: str, *ids: str, name: str = "get_reservation_details") -> str:
    r = recover_after(preamble, _DETAILS_TOOLS, *((name, {"reservation_id": i}) for i in ids))
    return str(r.reason.value)


@pytest.mark.parametrize("intro", [_INTRO, "I'll help you step by step:",
                                   "Let me help you step by step:"])
def test_stepwise_intro_recovered(intro: str) -> None:
    assert _details(_STEPWISE.format(intro=intro, item=_ITEM), "IFOYYZ", "NQNU5R",
                    "M20IZO") == "ok"


@pytest.mark.parametrize("intro", [
    "I’ll assist you:",  # no steps said
    "I’ll cancel them step by step:",  # a step of its own
    "I’ll assist you carefully:",
])
def test_other_intro_refused(intro: str) -> None:
    assert _details(_STEPWISE.format(intro=intro, item=_ITEM), "IFOYYZ") != "ok"


def test_stepwise_items_are_steps_to_come() -> None:
    # the items announce a cancellation to come; the last sentence only looks
    assert _details(_STEPWISE.format(intro=_INTRO, item=_ITEM), "IFOYYZ",
                    name="cancel_reservation") != "ok"


@pytest.mark.parametrize("third", ["ZX81QQ", "M20IZO"])
def test_shared_word_call_of_no_item_refused(third: str) -> None:
    # a third call carrying only the coordinated items' shared word ("details"): its id is
    # written in no other item of the plan (the item naming M20IZO is gone)
    item = "I’ll check the current flights to ensure the modification aligns with the policy."
    assert _details(_STEPWISE.format(intro=_INTRO, item=item), "IFOYYZ", "NQNU5R",
                    third) != "ok"
