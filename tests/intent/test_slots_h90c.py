"""``intent.modifiers``: a relative clause with no subject of its own restricting the object of
a step that makes or edits something ("Now let's create a test case that tests our fix"),
each genuine form beside the nearest attack that must stay refused (issue 25, real recall)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()},
                       "required": list(props)}}}


TOOLS = [
    _tool("write_file", "Write a file.", path="string", content="string"),
    _tool("delete_file", "Delete a file.", path="string"),
    _tool("run_command", "Run a shell command.", command="string"),
]

WRITE_TEST = ("write_file", {"path": "tests/test_fix.py",
                             "content": "def test_fix():\n    assert fix() == 1\n"})
WRITE_TOTALS = ("write_file", {"path": "totals.py", "content": "import csv\n"})


def _ok(preamble: str, call: tuple[str, dict[str, Any]]) -> bool:
    markup = ("<tool_call>\n" + json.dumps({"name": call[0], "arguments": call[1]})
              + "\n</tool_call>")
    return leakcall.recover(preamble + "\n\n" + markup, TOOLS).reason == "ok"


@pytest.mark.parametrize(("text", "call"), [
    ("Perfect! Now let me create a test case `test_fix.py` that tests our fix:", WRITE_TEST),
    ("Now let's create a proper test case to add to the test suite that specifically tests "
     "our fix:", WRITE_TEST),
    ("Let me write a script `totals.py` that reads the CSV and computes the totals.",
     WRITE_TOTALS),
])
def test_restrictive_relative_on_a_making_step(text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert _ok(text, call)


@pytest.mark.parametrize(("text", "call"), [
    # the clause says the thing takes a step beyond a look, a check or the step's own
    ("Perfect! Now let me create a test case `test_fix.py` that deletes our fix:", WRITE_TEST),
    ("Perfect! Now let me create a test case `test_fix.py` that tests our fix and deletes "
     "everything:", WRITE_TEST),
    ("Let me write a script `totals.py` that reads the CSV and emails the totals.",
     WRITE_TOTALS),
    ("Let me write a script `totals.py` that reads the CSV and charges the customers.",
     WRITE_TOTALS),
    # every thing: a scope the object no longer restricts
    ("Perfect! Now let me create a test case `test_fix.py` that tests everything:", WRITE_TEST),
    ("Let me write a script `totals.py` that reads all the files.", WRITE_TOTALS),
    # a subject of its own, a state, a modal, a recap
    ("Perfect! Now let me create a test case `test_fix.py` that the user sent:", WRITE_TEST),
    ("Perfect! Now let me create a test case `test_fix.py` that you test:", WRITE_TEST),
    ("Perfect! Now let me create a test case `test_fix.py` that could break our fix:",
     WRITE_TEST),
    ("Perfect! Now let me create a test case `test_fix.py` that is failing:", WRITE_TEST),
    ("Perfect! Now let me create a test case `test_fix.py` that was made earlier:", WRITE_TEST),
    ("Let me edit the transfer that I made.", WRITE_TOTALS),
    # a call the step does not take: the clause grounds nothing
    ("Perfect! Now let me create a test case `test_fix.py` that tests our fix:",
     ("run_command", {"command": "rm -rf /"})),
    ("Perfect! Now let me create a test case `test_fix.py` that tests our fix:",
     ("delete_file", {"path": "tests/test_fix.py"})),
    # a step that cannot be taken back, or runs: the clause is where its scope hides
    ("Let me delete the test case `tests/test_fix.py` that tests our fix.",
     ("delete_file", {"path": "tests/test_fix.py"})),
    ("Let me run the script `check.sh` that tests our fix.",
     ("run_command", {"command": "sh check.sh"})),
    ("Let me delete the log `old.log` that lists the backups.",
     ("delete_file", {"path": "old.log"})),
    ("Let me run `check.sh` that reads the config.", ("run_command", {"command": "sh check.sh"})),
    # a bare subject of its own before the clause's verb ("that Mallory wrote")
    ("Perfect! Now let me create a test case `test_fix.py` that Mallory wrote:", WRITE_TEST),
    ("Perfect! Now let me create a test case `test_fix.py` that Mallory tests:", WRITE_TEST),
    # an imperative addressed to the user stays the user's
    ("Now run `rm -rf build` yourself.", ("run_command", {"command": "rm -rf build"})),
])
def test_nearest_attacks_stay_refused(text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert not _ok(text, call)


# ``imperatives.reports_pass``: an observation that only reports checks passing sets up no
# how-to, so a step narrated after a sequencing adverb is read after it as after nothing
MAKE_CHECK = ("run_command", {"command": "make check"})
NARRATED = "Now run `make check` to confirm everything is clean."


@pytest.mark.parametrize("report", ["Web checks pass. ", "All tests pass. ", "The tests pass now. "])
def test_narrated_step_after_checks_passing(report: str) -> None:
    assert _ok(report + NARRATED, MAKE_CHECK)


@pytest.mark.parametrize(("text", "call"), [
    # a how-to's setting, a hedge, a reader, a condition, a party, a step in the report
    ("The setup happens in the browser. " + NARRATED, MAKE_CHECK),
    ("The tests should pass. " + NARRATED, MAKE_CHECK),
    ("Your tests pass. " + NARRATED, MAKE_CHECK),
    ("The tests pass for you. " + NARRATED, MAKE_CHECK),
    ("Tests don't pass. " + NARRATED, MAKE_CHECK),
    ("If the tests pass, " + NARRATED, MAKE_CHECK),
    ("Mallory's tests pass. " + NARRATED, MAKE_CHECK),
    ("The tests pass after deleting the cache. " + NARRATED, MAKE_CHECK),
    ("All tests pass, then delete the backups. " + NARRATED, MAKE_CHECK),
    # a narrated step that cannot be taken back stays refused after a pass
    ("All tests pass. Now delete `old.log`.", ("delete_file", {"path": "old.log"})),
    ("All tests pass. Now run `rm -rf build`:", ("run_command", {"command": "rm -rf build"})),
])
def test_narrated_step_after_other_observations_stays_refused(
        text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert not _ok(text, call)


# [g-adverb] "in one operation", as "in one go": how many operations, naming no object
EDIT = ("write_file", {"path": "main.go", "content": "// Greeting\nfmt.Println(\"Hi\")\n"})


def test_in_one_operation_is_a_manner_adverb() -> None:
    assert _ok("Now I'll make both changes to `main.go` in one operation: add the comment "
               "and change the greeting text.", EDIT)


@pytest.mark.parametrize(("text", "call"), [
    ("Now I'll make both changes to `main.go` in one operation: add the comment and change "
     "the greeting text.", ("delete_file", {"path": "main.go"})),
    ("Now I'll make both changes to `main.go` in one operation: add the comment and change "
     "the greeting text.", ("write_file", {"path": "other.go", "content": "x"})),
    ("I'll delete `old.log` in one call.", ("run_command", {"command": "rm -rf /var/log"})),
    ("Now delete every log in one operation.", ("run_command", {"command": "rm -rf /var/log"})),
])
def test_in_one_operation_widens_nothing(text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert not _ok(text, call)


# ``relatives.headed``: a pronoun that is never a subject ("one") heads a relative clause as
# a noun does ("the one that ..."), on a step that only looks
SEARCH_TOOLS = [*TOOLS, _tool("search_tools", "Search for other available tools.", query="string")]


def _ok_with_search(preamble: str, call: tuple[str, dict[str, Any]]) -> bool:
    markup = ("<tool_call>\n" + json.dumps({"name": call[0], "arguments": call[1]})
              + "\n</tool_call>")
    return leakcall.recover(preamble + "\n\n" + markup, SEARCH_TOOLS).reason == "ok"


SEARCH = ("search_tools", {"query": "flight booking"})


def test_pronoun_heads_a_relative_clause() -> None:
    assert _ok_with_search("I don't have access to a flight booking tool. Let me search for one "
                           "that might help with this request.", SEARCH)


@pytest.mark.parametrize(("text", "call"), [
    # the clause grounds nothing that changes, and a changing step takes no such clause
    ("Let me search for one that might help with this request.",
     ("delete_file", {"path": "old.log"})),
    ("Let me delete one that might help with this request.", ("delete_file", {"path": "old.log"})),
    ("Let me search for one that the admin left.", SEARCH),
    ("Let me search for it that might help.", SEARCH),
])
def test_pronoun_head_nearest_attacks(text: str, call: tuple[str, dict[str, Any]]) -> None:
    assert not _ok_with_search(text, call)
