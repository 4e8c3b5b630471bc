"""Recall widenings of h51u (issue 25, genuine controls refused before grounding): each by a
grammatical context, with replies it recovers and the nearest attacks it leaves refused."""

from __future__ import annotations

from functools import partial

from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_call

TOOLS = [_tool("bash", "command"), _tool("read_file", "path"), _tool("grep", "pattern", "path"),
         _tool("delete_file", "path"), _tool("run_tests", "path")]


_recover = partial(recover_call, tools=TOOLS)


# -- a word of a changing kind inside the noun phrase an article opens is no step ------------

def test_relative_clause_on_a_noun_phrase_with_a_changing_kind_word() -> None:
    for pre, name, args in (
            ("Now I'll read the test file that fails.", "read_file", {"path": "tests/test_api.py"}),
            ("Let me search for any tests that use remainder as an estimator.", "grep",
             {"pattern": "remainder", "path": "tests/"}),
            ("Let me look at the deploy script that ships the build.", "read_file",
             {"path": "deploy.sh"})):
        r = _recover(pre, name, args)
        assert r.reason == "ok", (pre, r.rule, r.detail)


def test_changing_word_in_the_noun_phrase_grounds_no_changing_call() -> None:
    # the noun read as a noun grounds nothing: only the observing verb's kind is announced
    for pre, name, args in (
            ("Now I'll read the test file that fails.", "run_tests", {"path": "tests/"}),
            ("Let me read the delete script that wipes the cache.", "delete_file",
             {"path": "cache"}),
            ("Let me look at the deploy script that ships the build.", "bash",
             {"command": "./deploy.sh"})):
        r = _recover(pre, name, args)
        assert r.reason != "ok" and r.rule == "ungrounded-call", (pre, r.rule, r.detail)


def test_changing_verb_outside_an_article_s_phrase_still_refuses_the_relative() -> None:
    # "then delete", "and delete": a verb's slot, not a noun phrase; the relative pronoun refuses
    for pre in ("Let me read the logs then delete the files that match.",
                "Let me check the job and delete the files that are stale."):
        r = _recover(pre, "delete_file", {"path": "cache"})
        assert r.reason != "ok" and r.rule == "unknown-preamble", (pre, r.rule, r.detail)


# -- a number with a hyphened unit before a noun measures the noun ("the 5-day forecast") ------

def test_number_with_hyphened_unit_before_a_noun_is_one_number() -> None:
    for pre, name, args in (
            ("Checking the 5-day forecast for Seattle.", "bash",
             {"command": "curl wttr.in/Seattle"}),
            ("Let me read the 3-node cluster config.", "read_file", {"path": "cluster.yaml"})):
        r = _recover(pre, name, args)
        assert r.reason == "ok", (pre, r.rule, r.detail)


def test_number_with_hyphened_unit_still_defers_or_refuses() -> None:
    # after a preposition of time it is a time as the number alone is; after a dash with no
    # noun it opens no clause of its own
    for pre, rule in (("I'll delete the logs in 5-minutes.", "conditional"),
                      ("I'll delete the logs after 5-day retention.", "conditional"),
                      ("Let me delete the logs - 5-day old ones.", "unknown-preamble")):
        r = _recover(pre, "delete_file", {"path": "logs"})
        assert r.reason != "ok" and r.rule == rule, (pre, r.rule, r.detail)
