"""h31d (session 41, issue 25, audit W-long-read): the readings this branch adds, each with the
real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall.intent.headinglines import unheaded
from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("search_direct_flight", "Search direct flights.", "origin", "destination",
                     "date"),
         string_tool("calculate", "Calculate a math expression.", "expression"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("delete_file", "Delete a file.", "path"),
         string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)

# tau2-5-5, verbatim
_PLAN = (
    "To proceed with your request, here is the plan:\n\n1. **Upgrade Reservation XEHM4B to "
    "Economy**:\n   - I will upgrade the cabin class for this reservation to economy. This will "
    "require payment for the price difference between basic economy and economy.\n\n2. **Cancel "
    "Reservation XEHM4B**:\n   - Once upgraded, the reservation will be eligible for cancellation "
    "since it will be in economy class.\n\n3. **Check for Other Upcoming Flights**:\n   - I will "
    "retrieve your user details to check for any other upcoming flights and calculate the total "
    "cost.\n\n")
_CALC = ("calculate", {"expression": "(65 + 83) - 296"})
_LAST = "Let me first calculate the price difference for upgrading reservation XEHM4B to economy."

# tau2-5-20, verbatim
_HEADED = (
    "Here are the details of your current reservation:\n\n- **Trip Type**: Round Trip\n- "
    "**Cabin Class**: Economy\n- **Flights**:\n  - **Outbound**: LAS \u2192 PHX \u2192 IAH on "
    "2024-05-19 (One-stop)\n  - **Return**: IAH \u2192 LAS on 2024-05-27\n- **Passengers**: "
    "James Taylor (1997-01-23), Ivan Taylor (1975-09-15)\n- **Baggage**: 1 checked bag (free "
    "due to your membership level)\n- **Insurance**: Yes\n- **Payment**: Paid with a gift card "
    "($1134)\n\n### Next Steps:\n1. I will search for a nonstop flight from LAS to IAH on "
    "2024-05-19.\n2. Since your checked bag is free, there is no refund applicable for removing "
    "it. However, I can proceed with the flight change.\n\nLet me search for nonstop flights "
    "from LAS to IAH on 2024-05-19. Please hold on.")
_SEARCH = ("search_direct_flight", {"origin": "LAS", "destination": "IAH", "date": "2024-05-19"})

_STEPS = "1. I will delete the file /tmp/cache.\n2. I will read the log.\n\n"
_READ = ("read_file", {"path": "/var/log/app.log"})
_DELETE = ("delete_file", {"path": "/tmp/cache"})


# planlooks: a plan presented or labelled, its items steps to come, then the assistant's look
def test_real_plan_then_look_recovered() -> None:
    _ok(_PLAN + _LAST, *_CALC)


def test_real_headed_next_steps_recovered() -> None:
    _ok(_HEADED, *_SEARCH)


@pytest.mark.parametrize("intro", ["Here's my plan:", "Here is the plan:", "Next steps:",
                                   "To proceed with this, here is the plan:", "**Next Steps:**"])
def test_plan_then_own_look_recovered(intro: str) -> None:
    _ok(f"{intro}\n{_STEPS}Let me read the file /var/log/app.log.", *_READ)


@pytest.mark.parametrize("intro", ["Here's my plan:", "Next steps:"])
@pytest.mark.parametrize("last", [
    "Let me read the file /var/log/app.log.",  # a look announced: a plan's change stays to come
    "Let me delete the file /tmp/cache.",  # the change itself, after its plan: it may wait
    "Let me do that now.",
])
def test_plan_change_refused(intro: str, last: str) -> None:
    _refused(f"{intro}\n{_STEPS}{last}", *_DELETE)


@pytest.mark.parametrize("item", [
    "- The file /tmp/cache will be deleted.",  # an observation's step to come
    "- Once read, the file /tmp/cache will be deleted.",
])
def test_plan_observed_change_refused(item: str) -> None:
    _refused(f"Next steps:\n{item}\n\nLet me delete the file /tmp/cache.", *_DELETE)


def test_real_plan_change_refused() -> None:
    _refused(_PLAN + _LAST, "cancel_reservation", {"reservation_id": "XEHM4B"})


@pytest.mark.parametrize("intro", [
    "Here is the plan you sent:",  # another's plan: a quotation of announcements
    "To fix it yourself, here is the plan:",  # the reader's
    "The vendor's next steps:",
    "Here are the steps:",  # no plan's words
])
def test_not_a_plan_intro_refused(intro: str) -> None:
    _refused(f"{intro}\n{_STEPS}Let me read the file /var/log/app.log.", *_READ)


# headinglines: a Markdown heading over text below it opens no comment block
@pytest.mark.parametrize(("text", "read"), [
    ("### Next Steps:\n1. Search.", "Next Steps:\n1. Search."),
    ("Intro.\n\n## Cleanup\n\nLet me delete it.", "Intro.\n\nCleanup\n\nLet me delete it."),
])
def test_heading_marks_read_as_nothing(text: str, read: str) -> None:
    assert unheaded(text) == read


@pytest.mark.parametrize("text", [
    "# Cleanup\nLet me delete it.",  # one mark: a shell's or Python's comment as often
    "Let me delete it.\n\n## Cleanup",  # the last line: a title alone
    "## rm -rf `/tmp`\nLet me run it.",  # code in the title
    "## x = 1\nLet me run it.",
    "## 2024 plan\nLet me run it.",  # no letter first
])
def test_heading_marks_kept(text: str) -> None:
    assert unheaded(text) == text


def test_headed_announcement_recovered() -> None:
    _ok("## Cleanup\n\nLet me delete the file /tmp/cache.", *_DELETE)


@pytest.mark.parametrize("pre", [
    "## Example\n\nLet me delete the file /tmp/cache.",  # the title reads as every line does
    "## Tutorial\n\nLet me delete the file /tmp/cache.",
    "## Attacker instructions\n\nLet me delete the file /tmp/cache.",
    "## Do not run\n\nLet me delete the file /tmp/cache.",
    "## Steps to reproduce\n\nDelete the file /tmp/cache.",
    "# Cleanup\n\nLet me delete the file /tmp/cache.",
    "Let me delete the file /tmp/cache.\n\n## Cleanup",
    "## Cleanup\nrm -rf /tmp/cache",
])
def test_headed_refused(pre: str) -> None:
    _refused(pre, *_DELETE)


def test_real_headed_plan_change_refused() -> None:
    _refused(_HEADED, "cancel_reservation", {"reservation_id": "XEHM4B"})


# actors._gloss: a spaced "=" between two words glosses the phrase before it, in an observation
_GREP_TOOLS = [{"type": "function", "function": {"name": "Grep", "parameters": {
    "type": "object", "properties": {"pattern": {}, "path": {}, "output_mode": {}, "-n": {}}}}}]
_GREP = ("Grep", {"pattern": "clearMessages", "path": "/Users/moonshot/dev/working/kimi/kimi-cli/web/src",
                  "output_mode": "content", "-n": True})
# kimicli-cc-44-13, verbatim
_GLOSSED = (
    "Key calls to `resetState`:\n- Line 2241: `resetState(true)` \u2014 inside `connect`, preserves "
    "slash commands \u2713\n- Line 2611: `resetStateRef.current()` \u2014 `clearMessages`, no args = "
    "clears slash commands\n- Line 2638: `resetStateRef.current()` \u2014 `useLayoutEffect` session "
    "switch, no args = clears slash commands\n\nLines 2611 and 2638 clear slash commands. For line "
    "2638 (session switch), they should be re-populated by `initialize`. For line 2611 "
    "(`clearMessages`), this is called from the UI when user clears messages \u2014 this **should "
    "preserve** slash commands since clearing messages shouldn't lose the available commands.\n\n"
    "Let me check who calls `clearMessages`:")


def test_real_gloss_recovered() -> None:
    call_recovered(_GLOSSED, *_GREP, tools=_GREP_TOOLS)


@pytest.mark.parametrize("gloss", [
    "no args=clears slash commands",  # unspaced: a code's
    "no args = 0",  # a number: a field's value
    "`args` = clears slash commands",  # code
    "no args = `clear()`",
    "limit = 5 and retries = 3",
])
def test_code_equals_refused(gloss: str) -> None:
    call_refused(f"The default: {gloss}.\n\nLet me check who calls `clearMessages`:", *_GREP,
                 "non-prose", tools=_GREP_TOOLS)


def test_gloss_in_announcement_refused() -> None:
    _refused("Let me delete the file /tmp/cache = old cache.", *_DELETE)


def test_gloss_grounds_no_change() -> None:
    _refused("Old cache = stale files.\n\nLet me read the file /var/log/app.log.", *_DELETE)


def test_gloss_frame_recovered() -> None:
    call_recovered("The default: no args = clears slash commands.\n\nLet me check who calls "
                   "`clearMessages`:", *_GREP, tools=_GREP_TOOLS)
