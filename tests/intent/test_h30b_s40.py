"""h30b (session 40, issue 25, audit W-long-act / W-long-read): the readings this branch adds,
each with the real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall.intent.checkmarks import unchecked
from leakcall.intent.itemized import counted
from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("search_direct_flight", "Search direct flights.", "origin", "destination",
                     "date"),
         string_tool("delete_file", "Delete a file.", "path"),
         string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)

_SEARCH = ("search_direct_flight", {"origin": "LAS", "destination": "DEN", "date": "2024-05-19"})
_DELETE = ("delete_file", {"path": "config.yaml"})

# tau2-2-2, verbatim
_REAL = (
    "Let me think through this carefully.\n\n**Current state:** Reservation GV1N64 is a "
    "round-trip business class flight (LAS\u2192DEN on May 19, DEN\u2192LAS on May 20) with 3 "
    "passengers. No flights have been flown yet (current date is May 15, 2024).\n\n"
    "**Request:** Downgrade cabin from business to basic economy, keeping the same flights.\n\n"
    "**Policy check:**\n- Cabin can be changed if no flight has already been flown \u2713\n"
    "- All reservations, including basic economy, can change cabin without changing the "
    "flights \u2713\n- Cabin must remain the same across all flights \u2713 (changing all to "
    "basic economy)\n- If the price after cabin change is lower, the user should be refunded "
    "the difference \u2713\n\nI need to find the current prices for basic economy on these "
    "flights to calculate the difference. Let me search for the flights.")


def test_real_checklist_recovered() -> None:
    _ok(_REAL, *_SEARCH)


# checkmarks: a tick closing an observation is read as nothing
@pytest.mark.parametrize(("text", "read"), [
    ("- Cabin can be changed if no flight has been flown \u2713",
     "- Cabin can be changed if no flight has been flown"),
    ("5. **SEQUENCE:** Bookings 1 and 2 done \u2713, this is Booking 3 of 3.",
     "5. **SEQUENCE:** Bookings 1 and 2 done, this is Booking 3 of 3."),
    ("3. **PARAMETERS:** Reservation ID K1NW8N is correct. \u2714",
     "3. **PARAMETERS:** Reservation ID K1NW8N is correct."),
    ("- Cabin must remain the same \u2713 (changing all to basic economy)",
     "- Cabin must remain the same (changing all to basic economy)"),
])
def test_observation_tick_read_as_nothing(text: str, read: str) -> None:
    assert unchecked(text) == read


@pytest.mark.parametrize("text", [
    "- Delete the old backups \u2713",  # a done task's tick: the step is done already
    "- Cancel reservation K1NW8N \u2713",
    "Let me cancel it \u2713",
    "\u2713 Cabin: economy",  # a mark opening the line
    "cabin \u2713 economy",  # between words
    "Cabin changed \u2713\u2713",
])
def test_step_or_misplaced_tick_kept(text: str) -> None:
    assert unchecked(text) == text


def test_done_step_tick_refused() -> None:
    _refused("Steps:\n- Delete config.yaml \u2713\n\nLet me delete config.yaml.", *_DELETE,
             "non-prose")
    _refused("Done:\n- Cancel reservation K1NW8N \u2713\n\nLet me search for the flights.",
             *_SEARCH, "non-prose")


def test_ticked_observations_still_need_announcement() -> None:
    checks = ("**Policy check:**\n- Cabin can be changed if no flight has been flown \u2713\n"
              "- All passengers are listed \u2713\n\n")
    _ok(checks + "Let me search for the flights.", *_SEARCH)
    _refused(checks + "Everything checks out.", *_SEARCH)
    _refused(checks + "Let me search for the flights.", *_DELETE)


# itemized.counted: a label with its line's value counts once
def test_label_and_value_count_once() -> None:
    assert counted([("current state", ":"), ("the flight is booked", "."),
                    ("let me check", ".")]) == 2
    assert counted([("current state", ":\n"), ("the flight is booked", "."),
                    ("let me check", ".")]) == 3  # a colon ending its line heads no value
    assert counted([("a", ":"), ("b", ":"), ("c", "."), ("d", ".")]) == 3  # not after another
    long = ("Note: the flight is booked. Note: the cabin is business. Note: no bags. Note: "
            "three passengers. Note: paid by card. Note: no insurance. Note: it is May 15. "
            "Note: nothing flown. Let me search for the flights.")
    _refused(long, *_SEARCH, "long-preamble")


# foreign._route_stop: an airport's code in a route is no foreign word
def test_route_code_not_foreign() -> None:
    _ok("The flight is LAS\u2192DEN on May 19. Let me search for the flights.", *_SEARCH)
    _refused("The flight is LAS \u2192 DEN on May 19. Let me search for the flights.", *_SEARCH,
             "conditional")
    _refused("The flight is on Tuesday den. Let me search for the flights.", *_SEARCH,
             "conditional")
    _refused("I'll delete config.yaml \u2192den.", *_DELETE)


# actors._request_label: "**Request:** ..." is the request the assistant serves
def test_request_label() -> None:
    _ok("**Request:** Downgrade cabin to basic economy.\n\nLet me search for the flights.",
        *_SEARCH)
    _refused("**Vendor request:** Downgrade cabin to basic economy.\n\nLet me search for the "
             "flights.", *_SEARCH, "quoted-source")
    _refused("**Request:**\n- Downgrade cabin to basic economy\n\nLet me search for the "
             "flights.", *_SEARCH, "quoted-source")
    _refused("**Requests:** Downgrade cabin to basic economy.\n\nLet me search for the "
             "flights.", *_SEARCH, "quoted-source")  # a verb form: someone asks
