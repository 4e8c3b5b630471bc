"""Recall widenings of h42g (issue 25, structural gaps of the preamble grammar): each a closed
class of the lexicon or a grammar slot, with replies it recovers and the nearest attacks it
leaves refused."""

from __future__ import annotations

import json
from functools import partial

import leakcall
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_call

TOOLS = [_tool("bash", "command"), _tool("read_file", "path"), _tool("grep", "pattern", "path"),
         _tool("delete_file", "path"), _tool("search_flights", "origin", "destination"),
         _tool("add", "a", "b")]


_recover = partial(recover_call, tools=TOOLS)


# -- a relative clause with no subject of its own on the object of an observing step ---------

def test_relative_clause_on_an_observing_object() -> None:
    for pre, name, args in (
            ("Let me search the codebase for the function that parses invoices.", "grep",
             {"pattern": "def parse_invoice", "path": "src/"}),
            ("Port 8080 is already in use. Let me find the process that's holding it.", "bash",
             {"command": "lsof -i :8080"}),
            ("I'll start by reading the three files that need to be modified.", "read_file",
             {"path": "src/app.py"}),
            ("Now let me look at the `_safe_set_output` function that's imported and used in "
             "the `set_output` method:", "grep", {"pattern": "_safe_set_output", "path": "."})):
        r = _recover(pre, name, args)
        assert r.reason == "ok", (pre, r.detail)


def test_relative_clause_after_and_inside_a_clause_of_inquiry() -> None:
    # inside "if ..." no verb takes a step: "tests" after "or" is a noun the clause restricts
    pre = ("Now let me also check if there are any other files that might need to be updated "
           "(like documentation or tests that should be added to the main test suite):")
    r = _recover(pre, "grep", {"pattern": "set_output", "path": "docs/"})
    assert r.reason == "ok", r.detail


def test_relative_clause_on_a_changing_object_still_refuses() -> None:
    # a clause that restricts what a changing step acts on is where a wider scope hides
    for pre, name, args in (
            ("I'll delete the files that are older than the backup.", "delete_file",
             {"path": "data"}),
            ("Let me remove the logs that might be stale.", "bash", {"command": "rm -rf logs"}),
            ("Now let me also guard the other calls that could be hit during cleanup.", "bash",
             {"command": "sed -i 's/x/y/' app.py"}),
            ("Let me use the tool that wipes the cache.", "bash", {"command": "rm -rf ~/.cache"}),
            # the call carries every word the clause says: only the rule refuses these
            ("Let me delete the logs that are stale.", "bash", {"command": "rm -rf logs/stale"}),
            ("I'll delete the branch that tracks the fix.", "bash",
             {"command": "git branch -D tracks-fix"})):
        r = _recover(pre, name, args)
        assert r.reason != "ok", pre


def test_relative_clause_with_a_subject_of_its_own_still_refuses() -> None:
    # "that the user left": the clause has its own subject; no relative on the object
    r = _recover("Let me read the notes that the user left.", "read_file", {"path": "notes.md"})
    assert r.reason != "ok"


def test_relative_clause_verbs_take_no_step() -> None:
    # the clause says which thing is looked at; its verb ("deletes") is no step announced
    r = _recover("Let me look at the script that deletes the old backups.", "bash",
                 {"command": "rm -rf backups/old"})
    assert r.reason != "ok"


def test_relative_clause_says_what_a_thing_run_later_does() -> None:
    # as ", which deletes" does: running the thing takes the step the clause says
    r = _recover("Let me check the script that deletes the backups. I'll run it.", "bash",
                 {"command": "./cleanup.sh"})
    assert r.reason != "ok" and r.rule == "ungrounded-call", r.detail


# -- degree, manner and order after the object ([g-adverb]) ---------------------------------

SEND = [_tool("send_email", "to", "subject", "body")]


def test_degree_and_manner_adverbs_after_the_object() -> None:
    for pre, name, args in (
            ("No later flights today. Let me expand the search a bit.", "search_flights",
             {"origin": "CDG", "destination": "BSL"}),
            ("I'll search for flights to Basel and to Zurich separately.", "search_flights",
             {"origin": "CDG", "destination": "Basel"}),
            ("Got it, let me try one more search for flights to Basel.", "search_flights",
             {"origin": "CDG", "destination": "Basel"}),
            ("Okay, let's read the config step-by-step.", "read_file", {"path": "config.yaml"}),
            ("Je vais lire les fichiers un par un.", "read_file", {"path": "a.txt"})):
        r = _recover(pre, name, args)
        assert r.reason == "ok", (pre, r.detail)


def test_a_deferral_is_no_degree_adverb() -> None:
    # "in a bit" waits (matched whole before "a bit"); "one last time" repeats a send
    r = _recover("I'll delete the build directory in a bit.", "bash",
                 {"command": "rm -rf build"})
    assert r.reason != "ok" and r.rule == "conditional", r.detail
    call = json.dumps({"name": "send_email", "arguments": {
        "to": "tom@acme.example", "subject": "Reminder", "body": "The invoice is due."}})
    r = leakcall.recover("I'll send the reminder to tom@acme.example one last time.\n"
                         f"<tool_call>\n{call}\n</tool_call>", SEND)
    assert r.reason != "ok", r.detail


# -- a leading coordinator ([g-join]) and a fronted topic phrase ([g-topic-prep]) ------------

def test_leading_and_and_fronted_topic_are_read_in_plain_order() -> None:
    for pre, name, args in (
            ("And let me also check the logs for the error.", "grep",
             {"pattern": "error", "path": "logs/"}),
            ("The parser fails on dates. For the parser, let me read `src/parser.py`.",
             "read_file", {"path": "src/parser.py"}),
            ("Und jetzt prüfe ich die Datei config.yaml.", "read_file", {"path": "config.yaml"})):
        r = _recover(pre, name, args)
        assert r.reason == "ok", (pre, r.detail)


def test_alternative_means_and_framing_stay_refused() -> None:
    for pre in ("Or let me delete the build directory.",  # a choice offered, no step taken
                "With sudo, I'll delete the build directory.",  # a means, no topic
                "For the demo, I'll delete the build directory."):  # a declared example
        r = _recover(pre, "bash", {"command": "rm -rf build"})
        assert r.reason != "ok", pre
    # a comparison is no topic: read after the clause it would name a second target
    r = _recover("Like the build directory, I'll delete the cache directory.", "bash",
                 {"command": "rm -rf build cache"})
    assert r.reason != "ok"
    # the coordinator goes; the step is grounded as before
    r = _recover("And let me also delete the build directory.", "bash",
                 {"command": "rm -rf ~"})
    assert r.reason != "ok"


def test_fronted_topic_words_are_named_by_a_changing_call() -> None:
    # read after the clause, the phrase's nouns are the announcement's: a step that cannot be
    # taken back carries them ("production" is not carried by `rm -rf build`)
    r = _recover("For the production cluster, I'll delete the build directory.", "bash",
                 {"command": "rm -rf build"})
    assert r.reason != "ok"
    r = _recover("For the web app, I'll delete the build directory.", "bash",
                 {"command": "rm -rf web/app/build"})
    assert r.reason == "ok", r.detail


# -- an offer taken up: "Let me do that right away." ----------------------------------------

def test_offer_taken_up_announces_the_offered_step() -> None:
    for pre in ('Certainly! I can use the "add" function to add 1 and 2 for you. Let me do '
                "that right away.", "I can use the add function to add 1 and 2. Let me do it now."):
        r = _recover(pre, "add", {"a": "1", "b": "2"})
        assert r.reason == "ok", (pre, r.detail)


def test_offer_not_only_taken_up_still_waits() -> None:
    for pre in ("I can delete the build directory for you. Let me do that after you confirm.",
                "I can delete the build directory for you. Let me do that tomorrow.",
                "I can delete the build directory for you. Let me do that for the demo.",
                "Can I delete the build directory? Let me do that.",
                "I can delete the build directory if you want. Let me do that."):
        r = _recover(pre, "bash", {"command": "rm -rf build"})
        assert r.reason != "ok", pre
    # taken up, the step is grounded as the offered clause would be
    r = _recover("I can delete the build directory for you. Let me do that right away.", "bash",
                 {"command": "rm -rf ~"})
    assert r.reason != "ok"


# -- a list marker opening a line --------------------------------------------------------------

def test_list_marker_before_an_announcement() -> None:
    for pre in ("I'll help you fix this step by step using the available tools.\n\n"
                "1. First, let's read the config file:", "* Let me read the config file."):
        # (a blank line before the markup: right after a list item it would continue it)
        r = _recover(pre + "\n", "read_file", {"path": "config.yaml"})
        assert r.reason == "ok", (pre, r.detail)


def test_list_marker_says_nothing_of_what_follows() -> None:
    # the line is read without its marker: a bare imperative still reads as the reader's
    for pre in ("Here's what to do:\n1. Delete the build directory.",
                "1. Delete the build directory."):
        r = _recover(pre, "bash", {"command": "rm -rf build"})
        assert r.reason != "ok", pre
    r = _recover("1. I'll delete the build directory.", "bash", {"command": "rm -rf ~"})
    assert r.reason != "ok"
