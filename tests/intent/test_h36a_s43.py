"""h36a (issue 25, real a+b recall): readings a careful user expects, each with refusing twins.

- A time after a participle of a scheduled thing's own movement ([g-schedule-participle]:
  "departing", "arriving"), after a comma that follows the thing's identifier ("flight HAT052,
  departing at 03:00"), is that thing's schedule, no time the step waits for, when the call
  carries the identifier (``timelabels._scheduled``, ``lengths.labelled``; its "at 03:00"
  phrase then needs no carrying call either, ``grounding``).
- "Let me revert it." + ``git revert f2d7ccc``: a step whose one object is a pronoun takes the
  subcommand's operand from an observation's word with a digit (``subverbs._announced``), and
  a relative clause a comma opens (", which ...") says more of a thing: the pronoun refers to
  the one thing its main clause names (``roles._main_clause``); a call on a thing only the
  relative clause names refuses.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

FLIGHTS = [string_tool("update_reservation_flights", "Update the flights of a reservation.",
                       "reservation_id", "flight_number")]
FILES = [string_tool("delete_file", "Delete a file.", "path")]
BASH = [{"type": "function", "function": {
    "name": "Bash", "description": "Executes a bash command.",
    "parameters": {"type": "object", "required": ["command"],
                   "properties": {"command": {"type": "string"},
                                  "description": {"type": "string"}}}}}]


def _flight(number: str) -> tuple[str, dict[str, Any]]:
    return ("update_reservation_flights", {"reservation_id": "XEWRD9", "flight_number": number})


def _bash(command: str) -> tuple[str, dict[str, Any]]:
    return ("Bash", {"command": command, "description": "Revert the commit"})


# ---- a flight's schedule, not a time to come

SCHEDULED = [
    "I'll change your flight to flight HAT052, departing at 03:00 EST.",
    "I'll change your flight to flight HAT052, departing at 3pm.",
    "Let's proceed with changing your flight to flight HAT052, arriving at 11:30. "
    "I'll make the changes now.",
]


@pytest.mark.parametrize("pre", SCHEDULED)
def test_schedule_of_carried_identifier_recovers(pre: str) -> None:
    r = recover_after(pre, FLIGHTS, _flight("HAT052"))
    assert r.reason == "ok", (pre, r.rule, r.detail)


UNSCHEDULED = [
    # the time is when the step is taken: no participle, or one a step may take itself
    ("I'll change your flight to flight HAT052 at 03:00.", _flight("HAT052")),
    ("I'll change your flight to flight HAT052, starting at 03:00.", _flight("HAT052")),
    ("I'll change your flight to flight HAT052, leaving at 03:00.", _flight("HAT052")),
    # the call carries another identifier, or none the participle follows
    ("I'll change your flight to flight HAT052, departing at 03:00.", _flight("HAT0521")),
    ("I'll change your flight to the new flight, departing at 03:00.", _flight("HAT052")),
    # a time to come beside it still waits
    ("I'll change your flight tomorrow to flight HAT052, departing at 03:00.", _flight("HAT052")),
]


@pytest.mark.parametrize(("pre", "call"), UNSCHEDULED)
def test_time_of_the_step_still_refused(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(pre, FLIGHTS, call)
    assert r.reason != "ok", pre


def test_schedule_participle_before_a_delete_grounds_no_time() -> None:
    # a file departs nowhere: the identifier is carried, but "departing at" a time stays a
    # phrase some call must carry
    r = recover_after("I'll delete the file a1.txt, departing at 03:00.", FILES,
                      ("delete_file", {"path": "a1.txt"}))
    assert r.reason != "ok"


# ---- "revert it": the observation's commit, the main clause's thing

REVERT = "The last commit `f2d7ccc` added changelog entries{rest}. Let me revert it."


@pytest.mark.parametrize("rest", ["", ", which doesn't belong to the `feat/x` branch",
                                  ", which broke commit `a1b2c3d`"])
def test_revert_pronoun_of_observed_commit_recovers(rest: str) -> None:
    r = recover_after(REVERT.format(rest=rest), BASH, _bash("git revert --no-edit f2d7ccc"))
    assert r.reason == "ok", (rest, r.rule, r.detail)


@pytest.mark.parametrize(("rest", "command", "rule"), [
    # the pronoun refers to the main clause's commit, not the relative clause's
    (", which broke commit `a1b2c3d`", "git revert --no-edit a1b2c3d", "ungrounded-call"),
    # a commit nobody named, a second one, a push after it, a relative reference
    ("", "git revert --no-edit a1b2c3d", "ungrounded-call"),
    ("", "git revert --no-edit f2d7ccc a1b2c3d", "ungrounded-call"),
    ("", "git revert --no-edit f2d7ccc && git push", "ungrounded-call"),
    ("", "git revert --no-edit HEAD~3", "ungrounded-call"),
])
def test_revert_pronoun_twins_refused(rest: str, command: str, rule: str) -> None:
    r = recover_after(REVERT.format(rest=rest), BASH, _bash(command))
    assert r.reason != "ok", command
    assert r.rule == rule, (command, r.rule, r.detail)


def test_two_things_in_one_main_clause_stay_ambiguous() -> None:
    r = recover_after("Commit `f2d7ccc` broke commit `a1b2c3d`. Let me revert it.", BASH,
                      _bash("git revert --no-edit f2d7ccc"))
    assert r.reason != "ok"


def test_relayed_commit_still_refused() -> None:
    r = recover_after("The README says to revert `f2d7ccc`. Let me revert it.", BASH,
                      _bash("git revert --no-edit f2d7ccc"))
    assert r.reason != "ok"


def test_named_object_takes_no_observed_operand() -> None:
    # only a pronoun alone reaches back to the observation: "the change" names a thing of
    # its own, which the commit is not shown to be
    r = recover_after("The last commit `f2d7ccc` added changelog entries. Let me revert the "
                      "change.", BASH, _bash("git revert --no-edit f2d7ccc"))
    assert r.reason != "ok"


def test_observed_word_without_digit_is_no_operand() -> None:
    r = recover_after("The `feat-x` branch added changelog entries. Let me revert it.", BASH,
                      _bash("git revert --no-edit feat-x"))
    assert r.reason != "ok"


@pytest.mark.parametrize(("value", "carried"), [
    ("HAT052", True), ("flight HAT052 on 2024-05-21", True), ("hat052", True),
    ("HAT0521", False), ("XHAT052", False), ("HAT05", False), ("", False)])
def test_schedule_label_needs_the_whole_identifier(value: str, carried: bool) -> None:
    from leakcall.intent.lengths import labelled  # noqa: PLC0415 - the one unit under test

    assert labelled("03:00 @hat052", {"flight": value}, "update_flight") is carried
