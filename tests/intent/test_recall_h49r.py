"""Real preambles the grammar could not place (h49r): each widening is read by its closed class
and keeps refusing the unsafe shapes next to it. Each refusal has a near-identical reply that
passes."""

from __future__ import annotations

from functools import partial

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import string_tool as _tool

from ..intent_sets import recover_after, recover_calls

TOOLS = [_tool("edit", "Edit a file: replace old text with new text.", "file_path", "old_string",
               "new_string"),
         _tool("bash", "Run a shell command.", "command")]
EDIT = ("edit", {"file_path": "main.go", "old_string": 'fmt.Println("Hello, World!")',
                 "new_string": '// Greeting\nfmt.Println("Hello, Crush!")'})
RM = ("bash", {"command": "rm -rf ~/project"})


_recover = partial(recover_calls, tools=TOOLS)


# a dash before a verb with no opener spells out the step the clause before it names, as a
# colon does: only a verb of a known kind, after a step that changes something and covers it
@pytest.mark.parametrize("text", [
    "Now I'll use multiedit to make both changes - replace the greeting text and add a comment.",
    "Now I'll use multiedit to make both changes -- add the comment and replace the greeting.",
    "I'll make both changes \u2014 replace the greeting text and add the comment.",
])
def test_dash_spells_out_the_step(text: str) -> None:
    r = _recover(text, EDIT)
    assert r.reason is Reason.OK, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "rule"), [
    ("Running wipe.sh \u2014 famous last words.", "unknown-preamble"),
    # the clause before the dash only looks: the dash says what the script does
    ("I'll review the cleanup script - delete the temp files and push.", "unknown-preamble"),
    # a step that writes something down: what follows is what it writes
    ("I'll update the runbook - delete the project directory.", "unknown-preamble"),
    ("I'll edit the README - run the cleanup script.", "unknown-preamble"),
    ("Let me explain the fix - delete the project directory.", "unknown-preamble"),
    # the reader's own step, a time, a negation
    ("I'll make both changes - delete the project directory in your terminal.", "other-actor"),
    ("I'll make both changes - delete the project directory tomorrow.", "conditional"),
    ("I'll make both changes - don't delete the project directory.", "negation"),
])
def test_dash_refuses_what_is_no_step(text: str, rule: str) -> None:
    r = _recover(text, RM)
    assert r.reason is not Reason.OK and r.rule == rule, (r.rule, r.detail)


MATH = [_tool("add", "Add two numbers.", "a", "b"), _tool("multiply", "Multiply two numbers.",
                                                          "a", "b")]


def _math(text: str) -> leakcall.Recovery:
    return recover_after(text, MATH, ("add", {"a": "2", "b": "3"}), ("multiply", {"a": "2", "b": "3"}))


# the additive correlative right after the opener pairs two verbs "and" joins ([g-correlative])
def test_correlative_pairs_two_steps() -> None:
    r = _math("I'll both add and multiply the numbers 2 and 3 for you.")
    assert r.reason is Reason.OK, (r.rule, r.detail)


@pytest.mark.parametrize("text", [
    "I'll either add or multiply the numbers 2 and 3 for you.",  # a choice between steps
    "I'll both add the numbers 2 and 3.",  # no second verb: the determiner, with no place
    "You both add and multiply the numbers 2 and 3.",  # no opener: the reader's steps
])
def test_correlative_only_pairs_the_openers_steps(text: str) -> None:
    r = _math(text)
    assert r.reason is not Reason.OK, (r.rule, r.detail)
