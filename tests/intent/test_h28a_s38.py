"""h28a (session 38, issue 25, audit W-clause): the readings this branch adds, each with the
real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("get_flight_status", "Get the status of a flight.", "flight_number", "date"),
         string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id"),
         string_tool("get_order_status", "Get the status of an order.", "order_id"),
         string_tool("multiedit", "Make several edits to one file.", "file_path", "old_string",
                     "new_string"),
         string_tool("delete_branch", "Delete a git branch.", "branch"),
         string_tool("read_logs", "Read the service logs.", "service")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)

_STATUS = ("get_flight_status", {"flight_number": "HAT006", "date": "2024-05-11"})
_CANCEL = ("cancel_reservation", {"reservation_id": "4OG6T3"})

# tau2-4-22, shortened
_ASKED = ("Your most recent reservation is SDZQKO, created on May 13, 2024.\n\n"
          "However, I'm wondering if you might be referring to your other reservation 4OG6T3 "
          "(BOS to LAS), which had flights that already departed on May 11, 2024?\n\n")


@pytest.mark.parametrize("preamble", [
    _ASKED + "Let me check the status of those flights to see if there were any delays:",
    "Why is the build failing? Let me read the logs of the api service.",
])
def test_a_question_before_a_look_waits_for_nothing_the_look_needs(preamble: str) -> None:
    call = _STATUS if preamble.startswith("Your") else ("read_logs", {"service": "api"})
    _ok(preamble, *call)


@pytest.mark.parametrize(("preamble", "call"), [
    # a changing step after the question waits for its answer
    (_ASKED + "Let me cancel that reservation for you:", _CANCEL),
    ("Shall I cancel reservation 4OG6T3? Let me cancel it now.", _CANCEL),
    ("Are you referring to reservation 4OG6T3? Let me cancel that reservation for you:",
     _CANCEL),
    # the question closes the preamble, or is the announcement itself
    ("Let me check the status of those flights. Is that the reservation you mean?", _STATUS),
    ("Shall I check the status of flight HAT006?", _STATUS),
    # a question after the announcement of a changing step
    ("Let me cancel reservation 4OG6T3. Is that alright? I'll check flight HAT006 too.",
     _CANCEL),
])
def test_a_question_that_asks_before_a_change_or_closes_the_text_refuses(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    _refused(preamble, *call)


def test_a_number_is_tied_to_no_noun_of_the_next_sentence() -> None:
    # "2024? Let me check": Czech "let" (a flight) is no noun of the year before it
    _ok("The flights departed on May 11, 2024. Let me check the status of flight HAT006:",
        *_STATUS)
    # a number right after its noun is tied as before: another order is looked up
    _refused("Let me check the status of order 77810.", "get_order_status",
             {"order_id": "12345"})
    _refused("Let me check the status of order 77810. Let me also see.", "get_order_status",
             {"order_id": "12345"})


_EDIT = ("multiedit", {"file_path": "main.go", "old_string": "fmt.Println(\"Hello, World!\")",
                       "new_string": "// Greeting\nfmt.Println(\"Hello, Crush!\")"})


@pytest.mark.parametrize("preamble", [
    # charmbracelet__crush-115
    "Now I can use multiedit to make both changes - adding the comment above the fmt.Println "
    "line and changing the greeting text:",
    "Now, I can use multiedit to make both changes:",
    "Next I can use multiedit to make both changes:",
])
def test_a_sequenced_offer_that_hands_its_step_to_the_markup_takes_it(preamble: str) -> None:
    _ok(preamble, *_EDIT)


@pytest.mark.parametrize(("preamble", "call"), [
    # no sequencing adverb, no colon, a sentence after the colon: an offer waiting for a yes
    ("I can use multiedit to make both changes:", _EDIT),
    ("Now I can use multiedit to make both changes.", _EDIT),
    ("Now I can delete the branch for you.", ("delete_branch", {"branch": "old"})),
    ("I can delete the branch old for you:", ("delete_branch", {"branch": "old"})),
    ("Now I can delete the branch old: just say the word.", ("delete_branch", {"branch": "old"})),
    ("Now I can delete the branch old if you want:", ("delete_branch", {"branch": "old"})),
    # something else before the adverb
    ("Great, now I can delete the branch old:", ("delete_branch", {"branch": "old"})),
])
def test_an_offer_that_waits_for_a_yes_still_refuses(preamble: str,
                                                     call: tuple[str, dict[str, str]]) -> None:
    _refused(preamble, *call)


@pytest.mark.parametrize("preamble", [
    # r20-atk-037: a question opened last is the text's question
    "¿Borro el repositorio acme/payments",
    "¿Qué rama? Let me delete the branch old. ¿Seguro",
    # another script's question mark stays the text's question
    "هل أحذف الفرع؟ Let me delete the branch old.",
])
def test_a_question_left_open_still_asks(preamble: str) -> None:
    _refused(preamble, "delete_branch", {"branch": "old"})


_LOGS = ("read_logs", {"service": "api"})
_DELETE = ("delete_branch", {"branch": "old"})


@pytest.mark.parametrize("preamble", [
    # kimicli-swe-4-10, its words
    "Now let me check the logs of the api service. Based on the bug description, this seems "
    "to be the missing case:",
    "Let me check the logs of the api service. This looks like the relevant part:",
])
def test_a_closing_observation_hands_over_what_a_look_finds(preamble: str) -> None:
    _ok(preamble, *_LOGS)


@pytest.mark.parametrize(("preamble", "call"), [
    # a changing call after it: only looks are grounded
    ("Let me check the logs of the api service. The fix is this command:", _DELETE),
    ("Let me check the branch old. This seems to be the missing case:", _DELETE),
    # after a changing step, alone, or with a refusing word of its own
    ("Let me delete the branch old. This seems to be the missing case:", _DELETE),
    ("The branch seems to be the missing case:", _LOGS),
    ("Let me check the logs of the api service. This is an example:", _LOGS),
    ("Let me check the logs of the api service. The branch will be deleted tomorrow:", _LOGS),
])
def test_a_closing_observation_before_a_change_or_alone_refuses(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    _refused(preamble, *call)


def test_a_closing_observation_grounds_no_call_of_unknown_kind() -> None:
    tools = [*TOOLS, string_tool("frobnicate", "Frobnicate the widget.", "widget")]
    call_recovered("Let me use frobnicate on the widget.", "frobnicate", {"widget": "w1"},
                   tools=tools)
    call_refused("Let me use frobnicate on the widget. This seems to be the stale one:",
                 "frobnicate", {"widget": "w1"}, tools=tools)


_SHOW = ("run_command", {"command": "git show e0a98a0 --name-only"})
_SKIP_TOOLS = [*TOOLS, string_tool("run_command", "Run a shell command.", "command"),
               string_tool("run_tests", "Run the test suite.", "target")]


@pytest.mark.parametrize("preamble", [
    # kimicli-cc-179-8
    "The toolbar fix was already merged to main as a PR (`e0a98a0`), which likely included "
    "the docs. Let me check and then skip this commit since it's already there.",
    "Let me check commit e0a98a0, then skip it.",
    "Let me check commit e0a98a0 and then skip this commit since it is already there.",
])
def test_a_later_skip_leaves_the_look_taken_now(preamble: str) -> None:
    call_recovered(preamble, *_SHOW, tools=_SKIP_TOOLS)


@pytest.mark.parametrize(("preamble", "call"), [
    # the skipped thing grounds nothing, and only looks are grounded after it
    ("Let me check and then skip the tests.", ("run_tests", {"target": "all"})),
    ("Let me check the branch old and then skip it.", _DELETE),
    ("Let me delete the branch old and then skip the backup.", _DELETE),
    # a skip first, after "and" alone, or any other negation
    ("Let me skip the tests and then check commit e0a98a0.", _SHOW),
    ("Let me check commit e0a98a0 and skip the rest.", _SHOW),
    ("Let me not check commit e0a98a0 and then skip it.", _SHOW),
])
def test_a_skip_that_is_no_later_step_or_before_a_change_refuses(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    call_refused(preamble, *call, tools=_SKIP_TOOLS)


@pytest.mark.parametrize("preamble", [
    "Why is the build failing? Let me read the logs of the api service.",
    "Let me check the logs of the api service. This looks like the relevant part:",
    "Let me check commit e0a98a0 and then skip it.",
])
def test_what_is_left_open_refuses_where_no_grounding_reads(preamble: str) -> None:
    # markup inside a reasoning block is read with no grounding: nothing limits its calls
    from leakcall.intent.prose import preamble_verdict  # noqa: PLC0415 - the gate itself
    assert preamble_verdict(preamble)[1] == "action-preamble"
    assert preamble_verdict(preamble, grounded=False)[1] == "question"


@pytest.mark.parametrize("preamble", [
    # a source's text handed over, not a finding
    "Let me check the page; it contains:",
    "Let me check the logs of the api service. The page says:",
    # a list's item that asks
    "You have two services:\n- api?\n- web\n\nLet me check the logs of the api service.",
])
def test_a_source_handed_over_or_an_asking_item_refuses(preamble: str) -> None:
    _refused(preamble, *_LOGS)


def test_a_change_after_a_question_refuses_as_a_question() -> None:
    _refused("Shall I cancel reservation 4OG6T3? Let me cancel it now.", *_CANCEL, "question")
    _refused("Let me check the branch old. This seems to be the missing case:", *_DELETE)


def test_a_question_heading_a_list_still_asks() -> None:
    _refused("You have two services:\n\n**Should I check these?**\n- api\n- web\n\n"
             "Let me check the logs of the api service.", *_LOGS, "question")


def test_an_item_that_asks_stays_a_question_for_the_grammar() -> None:
    # the grammar is read with no question gate first too (reasoning, sub-readers)
    from leakcall.intent.preamble import Refused, announce  # noqa: PLC0415
    from leakcall.intent.view import normalize  # noqa: PLC0415
    said = announce(normalize("You have two services:\n- api?\n- web\n\n"
                              "Let me check the logs of the api service."))
    assert isinstance(said, Refused) and said.rule == "question", said
