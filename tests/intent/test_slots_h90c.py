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
