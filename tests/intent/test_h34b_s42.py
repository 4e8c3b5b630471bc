"""h34b (session 42, issue 25, audit W-long-read / W-long-act): the readings this branch adds,
each with the real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("get_user_details", "Get the details of a user.", "user_id"),
         string_tool("cancel_reservation", "Cancel the whole reservation.", "reservation_id"),
         string_tool("delete_file", "Delete a file.", "path")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)

# tau2-4-28, verbatim
_GATHER = (
    "Perfect! You've selected:\n- **Flight HAT136**: JFK \u2192 ATL, departing 7:00 PM EST on "
    "May 20th\n- **Flight HAT039**: ATL \u2192 SEA, departing 10:00 PM local on May 20th\n- "
    "**Economy class**\n- **Total: $255**\n\nNow I need to collect some additional "
    "information:\n\n1. **Your passenger information:**\n   - First name\n   - Last name\n   - "
    "Date of birth (YYYY-MM-DD format)\n\n2. **Checked baggage:** Let me first check your "
    "membership level to determine your free baggage allowance, then ask if you need any "
    "checked bags.\n\n3. **Travel insurance:** Would you like to add travel insurance for $30? "
    "It provides full refund if you need to cancel for health or weather reasons.\n\n4. "
    "**Payment method:** I'll need to see what payment methods you have on file.\n\n")
_LOOK = "Let me pull up your user profile first to check your membership level."
_PROFILE = ("get_user_details", {"user_id": "mia_li_3668"})
_CANCEL = ("cancel_reservation", {"reservation_id": "ABC123"})
_SHORT = "Now I need to collect some additional information:\n\n1. Your name\n2. Your date of birth\n\n"


# planlooks.gathers: "I need to collect some information:" lists what the user gives, steps to
# come; only the look after it is grounded
def test_real_gathering_list_then_look_recovered() -> None:
    _ok(_GATHER + _LOOK, *_PROFILE)


def test_gathering_list_then_look_recovered() -> None:
    _ok(_SHORT + _LOOK, *_PROFILE)
    _ok(_SHORT.replace("Now I need to collect some additional", "I'll need to gather a few more")
        .replace("information", "details") + _LOOK, *_PROFILE)


def test_gathering_list_then_change_refused() -> None:
    # the list is left open: only observing calls are grounded after it
    _refused(_SHORT + "Let me cancel reservation ABC123.", *_CANCEL)
    _refused(_GATHER + "Let me cancel reservation ABC123.", *_CANCEL)


def test_gathering_intro_other_shapes_refused() -> None:
    # a second verb, a wish, a step's own object: the colon inside the preamble refuses as before
    for intro in ("Now I need to collect some information and cancel it:",
                  "I'd like to collect some information:",
                  "I need to collect and delete some information:",
                  "I need to collect the files:",
                  "I need to cancel some reservations:"):
        _refused(_SHORT.replace("Now I need to collect some additional information:", intro)
                 + _LOOK, *_PROFILE, rule="unknown-preamble")


# a question among a plan's items asks what the plan gathers: it waits for its answer (looks only)
def test_question_item_in_plan_then_look_recovered() -> None:
    asked = _SHORT + "3. Would you like to add travel insurance for $30?\n\n"
    _ok(asked + _LOOK, *_PROFILE)
    _ok(_SHORT.replace("2. Your date of birth", "2. Would you like insurance? It costs $30.\n"
                       "3. Your date of birth") + _LOOK, *_PROFILE)


def test_question_item_in_plan_then_change_refused() -> None:
    asked = _SHORT + "3. Should I cancel reservation ABC123?\n\n"
    _refused(asked + "Let me cancel reservation ABC123.", *_CANCEL, rule="question")
    _refused(_GATHER + "Let me cancel reservation ABC123.", *_CANCEL)


def test_question_item_ending_the_preamble_refused() -> None:
    # the list's question is the text's last: it asks, no look follows
    _refused(_SHORT + "3. Would you like to add travel insurance for $30?", *_PROFILE)


def test_question_item_outside_a_plan_refused() -> None:
    # an observation's list ("You have:") is no plan: its question item refuses as before
    _refused("You've selected:\n- Flight HAT136\n- Would you like insurance?\n- Economy class\n\n"
             + _LOOK, *_PROFILE)
