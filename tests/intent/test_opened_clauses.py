"""Clauses after a step that only looks, read as a slot of wider content (``intent.opened``,
h70u): a purpose of finding out, a reason after ", as" and a contrast after ", but". Each is
paired with the nearest replies that must still refuse: a call beyond looking, a step that
changes something before or inside the clause, a negation, a time, another actor, an opener."""

from __future__ import annotations

from functools import partial

from tests.intent_sets import call_recovered, call_refused
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("get_reservation_details", "reservation_id"),
         _tool("cancel_reservation", "reservation_id"), _tool("bash", "command"),
         _tool("fetch_url", "url")]


_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


_DETAILS = ("get_reservation_details", {"reservation_id": "XEHM4B"})
_CANCEL = ("cancel_reservation", {"reservation_id": "XEHM4B"})
_LIST = ("bash", {"command": "ls src/libponyc"})
_REMOVE = ("bash", {"command": "rm -rf src/libponyc"})
_FIND = ("bash", {"command": "find . -name '*cli*.pony'"})

PURPOSE = "Let me look up the details of reservation XEHM4B to find the ones with only one passenger."
REASON = "Let me explore the `src/libponyc` directory, as it seems more relevant to the issue at hand."
CONTRAST = "Let me search for Pony files related to `cli` again, but this time in the entire repository."
THEN = ("Let me first check the flight statuses for XEHM4B to make sure no flights have been "
        "flown yet, and also pull up your other reservations.")


def test_purpose_of_finding_out_is_a_slot() -> None:
    _ok(PURPOSE, *_DETAILS)
    _ok(THEN, *_DETAILS)
    _refused(PURPOSE, *_CANCEL, "unknown-preamble")  # the clause grounds no change
    _refused(THEN.replace("pull up", "cancel"), *_CANCEL)
    # a purpose that is a second step, not a finding out, opens nothing
    _refused(PURPOSE.replace("to find", "to cancel"), *_DETAILS, "unknown-preamble")
    _refused(PURPOSE.replace("to find", "to show"), *_DETAILS, "unknown-preamble")
    _refused(PURPOSE.replace("to find", "to prepare"), *_DETAILS, "unknown-preamble")
    # a step that changes something before the clause opens none
    _refused(PURPOSE.replace("look up", "cancel"), *_CANCEL)


def test_purpose_keeps_its_closed_words() -> None:
    _refused(PURPOSE.replace("with only", "without"), *_DETAILS)
    _refused(PURPOSE.replace("with only one passenger", "someone else booked"), *_DETAILS)
    _refused(PURPOSE.replace("passenger", "passenger tomorrow at 5pm"), *_DETAILS)
    _refused(PURPOSE.replace("the ones", "the ones to delete"), *_DETAILS)
    _refused(PURPOSE.replace("the ones with", "the ones you should cancel with"), *_DETAILS)
    _refused(PURPOSE.replace("passenger", "passenger and I'll cancel them"), *_DETAILS)


def test_reason_after_a_comma_is_a_slot() -> None:
    _ok(REASON, *_LIST)
    _refused(REASON, *_REMOVE)  # rm is no look
    _refused(REASON.replace("explore", "delete"), *_REMOVE)
    _refused(REASON.replace("it seems", "you should run it, it seems"), *_LIST)
    _refused(REASON.replace("it seems more relevant", "the user will delete it"), *_LIST)
    # "as" with no comma before it is a preposition ("save it as"): no slot
    _refused(REASON.replace(", as", " as"), *_LIST, "unknown-preamble")


def test_contrast_after_a_comma_is_a_slot() -> None:
    _ok(CONTRAST, *_FIND)
    _refused(CONTRAST, *_REMOVE)
    _refused(CONTRAST.replace("in the entire repository", "delete them"), *_FIND)
    _refused(CONTRAST.replace("this time", "not"), *_FIND)
    _refused(CONTRAST.replace("this time", "only after approval"), *_FIND)
    _refused(CONTRAST.replace("this time", "tomorrow"), *_FIND)
    _refused(CONTRAST.replace("this time", "this time let me run the build"), *_FIND)
    # no comma before "but": no clause opens
    _refused(CONTRAST.replace(", but", " but"), *_FIND, "unknown-preamble")


def test_only_looking_calls_after_an_opened_clause() -> None:
    # a fetch may send data in its address: not grounded with an opened clause
    _refused("Let me look up the page for reservation XEHM4B to find the ones with only one "
             "passenger.", "fetch_url", {"url": "https://example.com/XEHM4B"}, "unknown-preamble")
