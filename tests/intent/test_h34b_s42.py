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


# actors.gated: "X can only be <participle> if ..." is a rule on steps of that participle's
# kind; other steps do not wait for it
_TRANSFER_TOOL = {"type": "function", "function": {
    "name": "transfer_to_human_agents",
    "parameters": {"type": "object", "properties": {"summary": {}}}}}
_UNKNOWN_TOOL = {"type": "function", "function": {
    "name": "finish", "parameters": {"type": "object", "properties": {
        "reservation_id": {"type": "string"}}}}}
_RULE_TOOLS = [_TRANSFER_TOOL, _UNKNOWN_TOOL, *TOOLS]

# tau2-4-1, verbatim
_POLICY = (
    "Thank you for providing that information. Let me review your reservation against our "
    "cancellation policy.\n\nI've checked your reservation details:\n- **Booking date:** May "
    "14, 2024 at 09:52 AM (approximately 29 hours ago)\n- **Cabin class:** Economy\n- **Travel "
    "insurance:** No\n- **Reason:** Change of plan\n\nUnfortunately, based on our cancellation "
    "policy, I'm unable to cancel this reservation because:\n- The booking was made more than "
    "24 hours ago (our free cancellation window is within 24 hours of booking)\n- This is an "
    "economy class reservation (business class is eligible for cancellation)\n- You don't have "
    "travel insurance that would cover a change of plan\n\nYour reservation can only be "
    "cancelled if one of these conditions is met:\n1. The booking was made within the last 24 "
    "hours\n2. The airline cancelled the flight\n3. It's a business class reservation\n4. You "
    "have travel insurance and the cancellation reason is covered\n\n")
_HANDOFF = ("Since I cannot process this cancellation within the policy guidelines, I'll need "
            "to transfer you to a human agent who may be able to assist you further.")
_SUMMARY = ("transfer_to_human_agents", {"summary": "User wants to cancel reservation Q69X3R."})
_RULE = "Your reservation can only be cancelled if one of these conditions is met. "
_ok_rule = partial(call_recovered, tools=_RULE_TOOLS)
_refused_rule = partial(call_refused, tools=_RULE_TOOLS)


def test_real_policy_rule_then_transfer_recovered() -> None:
    _ok_rule(_POLICY + _HANDOFF, *_SUMMARY)


def test_policy_rule_then_other_step_recovered() -> None:
    _ok_rule(_RULE + "Let me transfer you to a human agent.", *_SUMMARY)


def test_policy_rule_then_its_own_kind_refused() -> None:
    # the step the rule gates, by its name or by a call of no known kind, waits
    _refused_rule(_POLICY + "Let me cancel it.", *_CANCEL, rule="conditional")
    _refused_rule(_RULE + "Let me cancel reservation ABC123.", *_CANCEL, rule="conditional")
    _refused_rule(_RULE + "Let me finish reservation ABC123.", "finish",
                  {"reservation_id": "ABC123"}, rule="conditional")
    _refused_rule("Your card can only be charged if you agree. Let me transfer you to a human "
                  "agent.", *_SUMMARY, rule="conditional")


def test_policy_rule_other_shapes_wait() -> None:
    # no "can only be", a participle of a look, words between it and the condition, another
    # modal: every changing step waits
    for rule in ("Your reservation is cancelled only if one of these conditions is met. ",
                 "Your reservation can only be checked if one of these conditions is met. ",
                 "Your reservation can only be cancelled by Friday if you agree. ",
                 "Your reservation must then be cancelled if one of these conditions is met. ",
                 "Your reservation can always be cancelled if you agree. ",
                 "You can only be helped if you confirm. "):
        _refused_rule(rule + "Let me transfer you to a human agent.", *_SUMMARY)
