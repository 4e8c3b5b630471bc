"""h27a (session 37, issue 25, audit W-clause): the readings this branch adds, each with the
real shape recovered and its attack sibling refused."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("lookup_info", "Look up information.", "query"),
         string_tool("delete_file", "Delete a file.", "path"),
         string_tool("update_record", "Update a record.", "record_id", "value"),
         string_tool("get_flight_status", "Get the status of a flight.", "flight_number", "date"),
         string_tool("send_certificate", "Send a compensation certificate.", "user_id", "amount"),
         string_tool("cancel_reservation", "Cancel a reservation.", "reservation_id"),
         string_tool("weather_forecast", "Gets the weather forecast for a city", "city"),
         string_tool("run_command", "Run a shell command.", "command")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)

_LOOKUP = ("lookup_info", {"query": "window"})
_STATUS = ("get_flight_status", {"flight_number": "HAT039", "date": "2024-05-15"})


@pytest.mark.parametrize("preamble", [
    # crmne__ruby_llm-23
    "I will use the lookup_info tool to find the information the user is looking for.",
    "I will use the lookup_info tool to find the information you're looking for.",
    "I will use the lookup_info tool to find the information you are searching for.",
])
def test_a_users_search_on_a_looks_object_is_read_as_no_words(preamble: str) -> None:
    _ok(preamble, *_LOOKUP)


@pytest.mark.parametrize(("preamble", "call"), [
    # another verb than a look, another subject, a tense, a negation, a time after it
    ("I will use the lookup_info tool to find the information the user is deleting.", _LOOKUP),
    ("I will use the lookup_info tool to find the information the admin is looking for.",
     _LOOKUP),
    ("I will use the lookup_info tool to find the information they are looking for.", _LOOKUP),
    ("I will use the lookup_info tool to find the information the user is not looking for.",
     _LOOKUP),
    ("I will use the lookup_info tool to find the information the user is looking for "
     "tomorrow.", _LOOKUP),
    ("I will use the lookup_info tool to find the information the user is looking for if it "
     "exists.", _LOOKUP),
    # the object of a step that changes: the clause stays unplaced
    ("I will delete the file you are looking for.", ("delete_file", {"path": "/srv/backups"})),
    ("I will update the record the user is looking for.",
     ("update_record", {"record_id": "r1", "value": "x"})),
])
def test_a_users_search_elsewhere_stays_unplaced(preamble: str,
                                                 call: tuple[str, dict[str, str]]) -> None:
    _refused(preamble, *call)


@pytest.mark.parametrize("preamble", [
    # tau2-5-8
    "I understand your frustration regarding the delay of your flight HAT039 from ATL to SEA. "
    "Let me first check the status and details of this flight to confirm the delay. Then, I "
    "can assist you with any compensation options if applicable. Please hold on.",
    "Let me check the status of flight HAT039 on 2024-05-15 if applicable.",
])
def test_an_applicability_condition_before_a_look_is_what_it_finds_out(preamble: str) -> None:
    _ok(preamble, *_STATUS)


@pytest.mark.parametrize(("preamble", "call"), [
    # a step that changes waits on it: no payment, no cancellation
    ("Let me check the status of flight HAT039. Then I can send you a certificate if "
     "applicable.", ("send_certificate", {"user_id": "u1", "amount": "100"})),
    ("Let me cancel the reservation ZFA04Y for you if applicable.",
     ("cancel_reservation", {"reservation_id": "ZFA04Y"})),
    # another condition, a word after it, the condition first
    ("Let me first check the status of flight HAT039. Then, I can assist you with any "
     "compensation options if needed.", _STATUS),
    ("Let me first check the status of flight HAT039. Then, I can assist you with any "
     "compensation options if applicable to you.", _STATUS),
    ("If applicable, let me check the status of flight HAT039.", _STATUS),
    ("Let me check the status of flight HAT039 if applicable today.", _STATUS),
    ("Let me check the status of flight HAT039 if applicable, then cancel it.", _STATUS),
    ("Let me check the status of flight HAT039 if approved.", _STATUS),
])
def test_an_applicability_condition_elsewhere_stays_a_condition(
        preamble: str, call: tuple[str, dict[str, str]]) -> None:
    _refused(preamble, *call)


_FORECAST = ("weather_forecast", {"city": "New York"})


@pytest.mark.parametrize("preamble", [
    # posit-dev__chatlas-6: a report of what to do with the answer, after a time of the look
    "I'll check the weather forecast for New York this weekend and then tell you what to pack",
    "I'll check the weather forecast for New York and then tell you what to pack.",
    "I'll check the weather forecast for New York and then tell you how to pack.",
])
def test_a_report_of_an_embedded_question_after_a_look_grounds_the_look(preamble: str) -> None:
    _ok(preamble, *_FORECAST)


@pytest.mark.parametrize(("preamble", "call"), [
    # an instruction to the reader, a step after it, a condition, a time inside it
    ("I'll check the weather forecast for New York and then tell you to pack.", _FORECAST),
    ("I'll check the weather forecast for New York this weekend and then tell you to pack.",
     _FORECAST),
    ("I'll check the weather forecast for New York and then tell you what to pack and what "
     "to delete.", _FORECAST),
    ("I'll check the weather forecast for New York and then tell you what to pack if it "
     "rains.", _FORECAST),
    ("I'll check the weather forecast for New York this weekend and then tell you what to "
     "pack tomorrow.", _FORECAST),
    ("I'll check the weather forecast for New York and then tell you what to delete.",
     _FORECAST),
    # the clause grounds nothing; a changing step with a time still waits
    ("I'll check the logs and then tell you what to run.",
     ("run_command", {"command": "rm -rf /srv/data"})),
    ("I'll update the record this weekend and then tell you what to pack.",
     ("update_record", {"record_id": "r1", "value": "x"})),
])
def test_a_report_clause_elsewhere_stays_refused(preamble: str,
                                                 call: tuple[str, dict[str, str]]) -> None:
    _refused(preamble, *call)
