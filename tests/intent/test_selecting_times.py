"""Times and conditions that select what a step acts on, not when it is taken (h42t, issue 25,
rule ``conditional``): a preposition of time a participle or a relative clause takes after its
noun ("flights departing after 11:00", ``selecting.selecting_time``), and "when" as the
question a check answers ("check when the game is scheduled", [g-inquiry]). Each with the
replies it recovers and the nearest deferrals it leaves refused."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall import Reason
from leakcall.intent import tables, words
from leakcall.intent.view import normalize

from ..intent_sets import recover_after, typed_tool

_tool = partial(typed_tool, required=())


TOOLS = [_tool("search_flights", origin="string", destination="string", date="string"),
         _tool("delete_branch", branch="string"),
         _tool("schedule_cleanup", branch="string", time="string")]
SEARCH = ("search_flights", {"origin": "DTW", "destination": "JFK", "date": "2024-05-20"})
DELETE = ("delete_branch", {"branch": "release"})


@pytest.mark.parametrize("preamble", [
    "I'll search for flights from DTW to JFK departing after 11:00 AM.",
    "I'll search for flights from DTW to JFK departing after 11:00.",
    "I'll search for flights from DTW to JFK arriving before 7:00.",
    "I'll search for flights from DTW to JFK which depart after 11:00.",
    "Let me search for flights from DTW to JFK on May 20th to see if there are any flights "
    "departing after 11:00 AM EST.",
])
def test_a_time_a_participle_takes_selects_the_things_searched(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, SEARCH)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize("preamble", [
    # the time after the selecting preposition is still a time: a changing call must carry it
    "I'll delete the branches expiring after 11:00.",
    "I'll delete the branch starting after 11:00.",
    "I'll delete the branches that expire after 11:00.",
    # no participle or relative clause: the preposition puts the step after the time
    "I'll delete the branch after 11:00.",
    "I'll delete the branch, starting after 11:00.",
    "I'll delete the branch release after 11:00.",
    "Deleting the branch after 11:00.",
    "I'll delete the branch after the release on Monday.",
    "I'll delete the branches expiring after the release.",
    "I'll delete the branch when the build finishes.",
])
def test_a_deferral_of_a_changing_step_stays_refused(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, DELETE)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)


def _kind_of(sentence: str, word: str) -> str:
    t = next(x for x in tables.tongues() if x.name == "en")
    return next(x.kind for x in words.tokenize(normalize(sentence), t) if x.text == word)


@pytest.mark.parametrize(("sentence", "kind"), [
    ("i'll search for flights departing after 11:00", "OPEN"),
    ("i'll search for flights that depart after 11:00", "OPEN"),
    # no noun right before the participle or the relative pronoun: the step's own time
    ("i'll delete the branch, starting after 11:00", "!conditional"),
    ("i'll delete it, which ends after 11:00", "!conditional"),
    ("i'll delete it starting after 11:00", "!conditional"),
    # an -ing word the lexicon lists in a class of its own is that class's, no participle
    ("i'll delete the branch pending after 11:00", "!conditional"),
    ("i'll delete the files anything after 11:00", "!conditional"),
    # no time after it: "after the release" waits for an event
    ("i'll search for flights departing after the storm", "!conditional"),
])
def test_the_selecting_preposition_token(sentence: str, kind: str) -> None:
    assert _kind_of(sentence, "after") == kind, sentence


@pytest.mark.parametrize("preamble", [
    "Let me first check when the flight is scheduled.",
    "Let me check when the flight departs.",
    "Let me see when the flight leaves.",
])
def test_when_after_a_check_is_the_question_it_answers(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, SEARCH)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize("preamble", [
    # the question swallows what follows: no step is announced after it
    "I'll check when the build finishes and delete the branch.",
    "I'll verify when the release is out, then delete the branch.",
    # the reader's knowing, not the assistant's check: a time to wait for
    "I'll delete the branch and let you know when it is done.",
    "I'll let you know when the build finishes and delete the branch.",
    "I'll delete the branch once I check when the release is out.",
])
def test_when_around_a_changing_step_stays_refused(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, DELETE)
    assert r.reason != Reason.OK, (preamble, r.detail)


def test_the_readers_knowing_takes_no_question() -> None:
    r = recover_after("I'll search for flights and let you know when they land.", TOOLS, SEARCH)
    assert r.reason != Reason.OK and r.rule == "conditional", (r.rule, r.detail)
