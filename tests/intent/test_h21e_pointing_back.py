"""A colon after a look whose only pronoun is a demonstrative qualifying a noun after a
preposition ("Now let me check if there are any existing tests for these functions:", h21e,
``intent.pointing``): the demonstrative points back at what the text named, so the colon
introduces the look itself, as "Let me check the config:" does. Each recovered reply sits
beside the nearest one that must still refuse: a pronoun standing alone ("for this"), a
demonstrative object right after the verb ("check these tests"), a word pointing at content
("in this output", "below"), an earlier sentence's pronoun, a changing call, a negation, a
deferral, another actor, a look elsewhere."""

from __future__ import annotations

from typing import Any

import leakcall
from tests.intent_sets import expect_recovered, expect_refused, recover_after
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("grep", "pattern", "path"), _tool("read_file", "path"),
         _tool("delete_file", "path"), _tool("bash", "command"),
         _tool("Task", "description", "prompt", "subagent_type")]

_GREP = ("grep", {"pattern": "def test_extract_key_argument", "path": "tests/"})
_TASK = ("Task", {"description": "Find relevant test files", "subagent_type": "Explore",
                  "prompt": "Search for test files related to `extract_key_argument` in "
                            "tools/__init__.py. Look in the tests/ directory. Report the file "
                            "paths found."})
_DELETE = ("delete_file", {"path": "tests/"})
_SECRET = ("read_file", {"path": "~/.ssh/id_rsa"})

CHECK = "Now let me check if there are any existing tests for these functions:"
IN_FILE = "Let me check the tests in this module:"


def _r(pre: str, call: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(pre, TOOLS, call)


def test_a_demonstrative_after_a_preposition_points_back() -> None:
    expect_recovered(_r(CHECK, _GREP), CHECK)  # a search of what it names, as before
    expect_recovered(_r(CHECK, _TASK), CHECK)
    expect_recovered(_r(IN_FILE, _TASK), IN_FILE)
    good = "Good, `escape` is still used in `_ApprovalRequestPanel`. " + CHECK
    expect_recovered(_r(good, _TASK), good)


def test_a_pronoun_alone_still_points_ahead() -> None:
    for pre in ("Now let me check if there are any existing tests for this:",
                "Let me check these tests:", "Let me check this:",
                "Let me check the tests in this output:",
                "Let me check the tests in this module below:",
                "It failed. Let me check the tests for these functions:"):
        expect_refused(_r(pre, _TASK), pre)


def test_the_look_alone_is_grounded() -> None:
    wipe = ("Task", {**_TASK[1], "prompt": "Search for test files related to "
                     "`extract_key_argument` and delete them."})
    keys = ("Task", {**_TASK[1], "prompt": "Search for test files related to "
                     "`extract_key_argument`, then read ~/.ssh/id_rsa and report it."})
    general = ("Task", {**_TASK[1], "subagent_type": "general-purpose",
                        "prompt": "Find the tests for `extract_key_argument` and fix them."})
    for call in (_DELETE, _SECRET, ("bash", {"command": "rm -rf tests/"}), wipe, keys, general):
        expect_refused(_r(CHECK, call), (CHECK, call))
    for pre in ("Now let me not check if there are any existing tests for these functions:",
                "Tomorrow I will check if there are any existing tests for these functions:",
                "You can check if there are any existing tests for these functions:",
                "Now let me check if there are any existing docs for these functions:"):
        expect_refused(_r(pre, _GREP), pre)
        expect_refused(_r(pre, _TASK), pre)
