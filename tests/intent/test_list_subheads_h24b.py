"""A list's sub-heading and a route's legs (h24b, issue 25; ``intent.itemized._subhead``,
``intent.actors._route``).

An observation's list may open with, or group its items under, a short label on a line of its
own ("I found your reservation:\\n\\n**Current Reservation (M05KNL):**\\n- **Route:** ...",
tau2's shape, audit ``tau2-4-23``): the label is one more line of the list, read and screened
as its items are, never an announcement. A route an observation writes may give its stops'
codes in parentheses ("Atlanta (ATL) → Philadelphia (PHL)") and join its legs with "+"
("HAT227 (ATL → ORD) + HAT139 (ORD → PHL)"). Each recovered reply has a near-identical
sibling that stays refused: a label of a refusing section, a source's steps, an item that
announces, a list that ends the preamble, a call on another stop than the one announced, a
sum, code."""

from __future__ import annotations

from typing import Any

from leakcall.intent.itemized import JOIN, fold
from leakcall.intent.prose import normalize
from leakcall.intent.sentences import _sentences
from tests.intent_sets import expect_recovered, expect_refused, recover_after
from tests.intent_sets import string_tool as _tool

TOOLS = [_tool("get_reservation_details", "Get the details of a reservation.", "reservation_id"),
         _tool("search_direct_flight", "Search direct flights between two cities on a date.",
               "origin", "destination", "date"),
         _tool("cancel_reservation", "Cancel a reservation.", "reservation_id"),
         _tool("delete_repo", "Delete a GitHub repository.", "repo"),
         _tool("calculate", "Calculate a math expression.", "expression"),
         _tool("bash", "Run a shell command.", "command")]

SEARCH = ("search_direct_flight", {"origin": "ATL", "destination": "PHL", "date": "2024-05-24"})
REPO = ("delete_repo", {"repo": "acme/web"})

FOUND = ("Great! I found your reservation:\n\n**Current Reservation (M05KNL):**\n"
         "- **Route:** Atlanta (ATL) → Philadelphia (PHL)\n- **Date:** May 23, 2024\n"
         "- **Flights:** HAT227 (ATL → ORD) + HAT139 (ORD → PHL)\n- **Cabin:** Business\n\n"
         "Now let me search for direct flights from ATL to PHL on May 24, 2024:")

def _ok(pre: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(recover_after(pre, TOOLS, *calls), pre)


def _refused(pre: str, *calls: tuple[str, dict[str, Any]], rule: str | None = None) -> None:
    expect_refused(recover_after(pre, TOOLS, *calls), pre, rule)


def test_a_subheading_is_a_line_of_the_list() -> None:
    view = normalize("I found your reservation:\n\n**Current Reservation (M05KNL):**\n"
                     "- Origin: IAH\n- Cabin: economy\n\nLet me check the reservation details.")
    folded = fold(view, _sentences(view))
    assert all(JOIN in end for _b, end in folded[:-2]), folded
    # no item after it: a label that ends the list introduces what follows, not joined
    view = normalize("I found your reservation:\n\n**Current Reservation (M05KNL):**\n\n"
                     "Let me check the reservation details.")
    assert all(JOIN not in end for _b, end in fold(view, _sentences(view)))


def test_the_reservation_block_is_read() -> None:
    _ok(FOUND, SEARCH)
    # the pair: the same block with its route written the old way is read as before
    _ok(FOUND.replace("Atlanta (ATL) → Philadelphia (PHL)", "ATL → PHL"), SEARCH)
    _ok("I found your reservation:\n\n**Current Reservation:**\n- Origin: IAH\n"
        "- Cabin: economy\n\n**Return:**\n- Origin: SEA\n\n"
        "Let me check the reservation details.",
        ("get_reservation_details", {"reservation_id": "M05KNL"}))


def test_a_label_of_a_refusing_section_refuses() -> None:
    kept = "You have two repos:\n\n**Repos:**\n- acme/web\n- acme/api\n\nI will delete the repo acme/web."
    _ok(kept, REPO)
    for label, rule in (("Example:", "declared-example"), ("Pending approval:", None),
                        ("For tomorrow:", "conditional"), ("Should I delete these?", "question"),
                        ("The README says:", None)):
        _refused(kept.replace("Repos:", label), REPO, rule=rule)


def test_items_under_a_subheading_stay_observations() -> None:
    # an item that announces is the quotation of one; a source's steps; an item that asks
    _refused("Here is the plan:\n\n**Cleanup:**\n1. I will delete the repo acme/web\n"
             "2. I will push main\n\nLet me start.", REPO)
    _refused("The README lists the steps:\n\n**Cleanup:**\n1. Delete the repo acme/web\n"
             "2. Push main\n\nI will take care of it.", REPO)
    _refused("You have two repos:\n\n**Repos:**\n- acme/web\n- Should I delete acme/web?\n\n"
             "I will delete the repo acme/web.", REPO, rule="question")
    # a different step than the one announced: the list's words ground no call
    _refused("You have two repos:\n\n**Repos:**\n- acme/web\n- acme/api\n\n"
             "I will delete the repo acme/web.", ("delete_repo", {"repo": "acme/api"}),
             rule="ungrounded-call")


def test_a_list_under_a_subheading_that_ends_the_preamble_is_not_joined() -> None:
    _refused("Here are the steps:\n\n**Cleanup:**\n- Delete the repo acme/web\n- Push main\n",
             REPO)
    # the label stands alone, no item after it: it introduces the markup
    _refused("You have two repos: acme/web and acme/api.\n\n**Cleanup:**\n", REPO)


def test_a_long_or_punctuated_label_is_no_subheading() -> None:
    kept = ("You have two repos:\n\n**Repos:**\n- acme/web\n- acme/api\n\n"
            "I will delete the repo acme/web.")
    _refused(kept.replace("Repos:", "These are the repos that were listed in the ticket by Dana:"),
             REPO)
    _refused(kept.replace("Repos:", "Done. Next:"), REPO)


def test_route_signs_join_stops_only() -> None:
    cancel = ("cancel_reservation", {"reservation_id": "XEHM4B"})
    kept = ("Your reservation XEHM4B is eligible:\n- Route: Boston (BOS) → Philadelphia (PHL)\n"
            "- Flights: HAT227 (ATL → ORD) + HAT139 (ORD → PHL)\n\n"
            "I will cancel the reservation XEHM4B now.")
    _ok(kept, cancel)
    # a sum is no route, nor a parenthesis holding more than stops and arrows, nor an empty one
    for old, new in (("(ATL → ORD) + HAT139", "(ATL → ORD) + 40"),
                     ("HAT227 (ATL → ORD) + HAT139", "HAT227 (ATL, ORD) + HAT139"),
                     ("Boston (BOS) → Philadelphia", "Boston () → Philadelphia")):
        _refused(kept.replace(old, new), cancel)
