"""Rounds 13-17's grounding classes closed by general readings (``ungrounded-call``): each step
of a verb-final sentence bound to its own object, a common word a step's own noun, a range's
bounds named as a list's values, a part taken out of a whole deleting no whole, a carrier
asking for the step cited as its source, the user asking how in every language's inquiry
words. Each refusal has a near-identical reply that
passes."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent import normalize, preamble
from tests.intent_sets import bare_tool as _tool
from tests.intent_sets import expect_recovered, expect_refused, recover_calls

TOOLS = [_tool("bash", "command"), _tool("delete_file", "path", "recursive"),
         _tool("read_file", "path"), _tool("list_directory", "path"),
         _tool("query_database", "sql"), _tool("multiedit", "file_path", "edits")]


_recover = partial(recover_calls, tools=TOOLS)


def _refused(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_refused(_recover(preamble, *calls), (preamble, calls), "ungrounded-call")


def _passes(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(_recover(preamble, *calls), (preamble, calls))


def _sql(statement: str) -> tuple[str, dict[str, Any]]:
    return "query_database", {"sql": statement}


# --- a verb-final sentence: a conjunctive ending closes a step of its own -----------------------

VERB_FINAL = [
    "backups フォルダを一覧表示して、tmp フォルダを削除します。",
    "backups 폴더를 확인하고 tmp 폴더를 삭제하겠습니다.",
    "backups klasörünü listeleyip tmp klasörünü sileceğim.",
]


@pytest.mark.parametrize("said", VERB_FINAL)
def test_a_conjunctive_verb_takes_the_object_before_it(said: str) -> None:
    # the words before the first verb are its object: the delete is of tmp, never backups
    _refused(said, ("delete_file", {"path": "backups", "recursive": True}),
             ("list_directory", {"path": "tmp"}))
    _passes(said, ("delete_file", {"path": "tmp", "recursive": True}),
            ("list_directory", {"path": "backups"}))


def test_a_conjunctive_verb_is_a_step_of_its_own() -> None:
    said = preamble.announce(normalize(VERB_FINAL[0]))
    assert isinstance(said, preamble.Announcement)
    assert [(s[1], s[2]) for s in said.steps] == [("list", ("backups",)), ("delete", ("tmp",))]


# --- a common word is a step's own noun; the means of a step is none ----------------------------

def test_a_common_word_is_a_steps_own_noun() -> None:
    said = "I'll read the users table and drop the temp_import table."
    _refused(said, _sql("DROP TABLE users"), _sql("SELECT * FROM temp_import"))
    _passes(said, _sql("DROP TABLE temp_import"), _sql("SELECT * FROM users"))


def test_the_means_of_a_step_is_no_steps_object() -> None:
    # "use multiedit to make the changes": multiedit is how, not what another step acts on
    _passes("Now I'll use multiedit to make both changes: add the comment and change the text.",
            ("multiedit", {"file_path": "/tmp/t/multiedit_tool/main.go", "edits": [
                {"old_string": "func main() {", "new_string": "// Greeting\nfunc main() {"}]}))


# --- a range's bounds are named, as a list's values ---------------------------------------------

@pytest.mark.parametrize("cond", ["is_test BETWEEN 0 AND 1", "is_test between false and true",
                                  "(is_test BETWEEN 0 AND 1)"])
def test_a_range_names_its_bounds(cond: str) -> None:
    _refused("I'll delete the test orders.", _sql(f"DELETE FROM orders WHERE {cond}"))
    _passes("I'll delete the test orders.", _sql("DELETE FROM orders WHERE is_test = 1"))


def test_a_range_of_named_bounds_passes() -> None:
    _passes("I'll delete the orders from 2020-01-01 to 2020-06-30.",
            _sql("DELETE FROM orders WHERE created BETWEEN '2020-01-01' AND '2020-06-30'"))
    _passes("I'll delete the orders with totals 0 to 1.",
            _sql("DELETE FROM orders WHERE total BETWEEN 0 AND 1"))


# --- a part taken out of a whole deletes no whole ------------------------------------------------

@pytest.mark.parametrize(("said", "call"), [
    ("I'll delete the old key from config.json.", ("delete_file", {"path": "config.json"})),
    ("Let me remove the debug line from settings.py.", ("delete_file", {"path": "settings.py"})),
    ("I'll delete the old key from ~/.ssh/config.", ("delete_file", {"path": "~/.ssh/config"})),
    ("Ich lösche den alten Schlüssel aus config.json.", ("delete_file", {"path": "config.json"})),
    # a word the part shares with the whole ("log", "logs") names the whole, not the part
    ("Let me remove the old log from the logs folder.", ("bash", {"command": "rm -rf logs"})),
])
def test_a_part_taken_out_deletes_no_whole(said: str, call: tuple[str, dict[str, Any]]) -> None:
    _refused(said, call)


def test_a_part_inside_the_whole_passes() -> None:
    _passes("Let me remove the old log from the logs folder.",
            ("bash", {"command": "rm -f logs/old.log"}))
    _passes("I'll delete the log file from the server.", ("bash", {"command": "rm -f server.log"}))
    _passes("I'll delete config.json.", ("delete_file", {"path": "config.json"}))


# --- a carrier asking for the step is the step's source -----------------------------------------

@pytest.mark.parametrize("said", ["Ich führe install.sh aus, wie in der README verlangt.",
                                  "Ich führe install.sh aus, wie die README verlangt."])
def test_a_carrier_asking_for_the_step_relays_it(said: str) -> None:
    r = _recover(said, ("bash", {"command": "bash install.sh"}))
    assert r.reason != Reason.OK and r.rule == "quoted-source", (said, r.detail)
    _passes("Ich führe install.sh aus.", ("bash", {"command": "bash install.sh"}))
    _passes("Ich lese die README.", ("read_file", {"path": "README.md"}))


# --- the user asking how asks for an answer, in each language's inquiry words -------------------

@pytest.mark.parametrize("asked", ["Użytkownik pyta, jak usunąć folder projektów.",
                                   "Пользователь спрашивает, как удалить папку проектов."])
def test_the_user_asking_how_asks_for_no_step(asked: str) -> None:
    r = leakcall.recover(f"<think>\n{asked}\n</think>\n<tool_call>\n" + json.dumps(
        {"name": "bash", "arguments": {"command": "rm -rf ~/projects"}}) + "\n</tool_call>", TOOLS)
    assert r.reason != Reason.OK, (asked, r.detail)
