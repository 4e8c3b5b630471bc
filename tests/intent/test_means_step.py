"""A preposition of means before an -ing verb announces that verb's step too
(``leakcall.intent.means``, rule ``ungrounded-call``; [g-means], [g-article]): "Let me fix it
by running the migration" runs the migration, as "fix it and run the migration" does, and
"fix this by editing the config" parses as "fix it by ..." does. It binds only to the
announced step's verb, a pronoun object or a noun an article determines: a passive's agent
("the rows affected by deleting the users") or a quantifier standing for its noun ("those
affected by ...") takes no step; an adverb after the preposition keeps the -ing word its verb
("by first checking")."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason
from tests.intent_sets import string_tool as _tool

from ..intent_sets import recover_after

TOOLS = [_tool("bash", "Run a shell command.", "command"),
         _tool("read_file", "Read a file.", "path")]
MIGRATE = ("bash", {"command": "python manage.py migrate"})
CLEANUP = ("bash", {"command": "./cleanup.sh"})
CONFIG = ("read_file", {"path": "config.yaml"})


@pytest.mark.parametrize(("text", "call"), [
    ("Let me fix it by running the migration.", MIGRATE),
    ("I'll fix the error by running the migration.", MIGRATE),
    ("Let me check by running the cleanup script.", CLEANUP),
    ("Let me fix this by running the migration.", MIGRATE),
    ("Let me solve this by first checking the config.", CONFIG),
    ("I'll start by first checking the config.", CONFIG),
])
def test_the_means_step_grounds_its_call(text: str, call: tuple[str, Any]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "call"), [
    # the step itself, with no means said: the run is not announced
    ("Let me fix it.", MIGRATE),
    # a passive's agent: what caused a state, no step taken
    ("Let me check the rows affected by running the migration.", MIGRATE),
    ("Let me check the damage caused by running the cleanup script.", CLEANUP),
    # a quantifier standing for its noun before a participle
    ("Let me check those affected by running the cleanup script.", CLEANUP),
    ("Let me review some broken by running the cleanup script.", CLEANUP),
    # a phrase of two words: the second may be the participle ("the docs written by")
    ("Let me read the docs written by running the cleanup script.", CLEANUP),
])
def test_a_by_that_is_no_means_of_the_step_refuses(text: str, call: tuple[str, Any]) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", (r.reason, r.rule, r.detail)


@pytest.mark.parametrize("text", [
    "Let me fix it by not running the migration.",      # a step left out
    "Let me fix it by never running the migration.",
])
def test_a_means_left_out_refuses(text: str) -> None:
    r = recover_after(text, TOOLS, MIGRATE)
    assert not r.ok, r.detail


def test_a_demonstrative_takes_by_only_before_a_step() -> None:
    # "run this by the team": a demonstrative standing alone may point at the markup, and "by"
    # before a noun is no means of a step
    r = recover_after("Let me run this by the team.", TOOLS, MIGRATE)
    assert (r.reason, r.rule) == (Reason.PROSE, "unknown-preamble"), r.detail
    r = recover_after("Let me fix this by running the migration.", TOOLS, MIGRATE)
    assert r.ok, r.detail
