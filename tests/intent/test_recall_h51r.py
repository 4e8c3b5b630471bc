"""Real agent turns refused by a reading no safety rule asks for (h51r): each widening is read by
its class and keeps refusing the unsafe shapes next to it. Each refusal has a sibling that
passes."""

from __future__ import annotations

from functools import partial

import pytest

from leakcall import Reason
from tests.intent_sets import recover_calls
from tests.intent_sets import string_tool as _tool

TOOLS = [_tool("edit", "Edit a file: replace old text with new text.", "file_path", "old_string",
               "new_string"),
         _tool("bash", "Run a shell command.", "command")]
EDIT = ("edit", {"file_path": "main.go", "old_string": 'fmt.Println("Hello, World!")',
                 "new_string": '// Greeting\nfmt.Println("Hello, World!")'})
RUN = ("bash", {"command": "python migrate.py"})


_recover = partial(recover_calls, tools=TOOLS)


# a dotted name that joins into no word ("fmt.Println") is an identifier, not a disguise: the
# preposition of place before it is read as before a code span
@pytest.mark.parametrize("text", [
    "Now I'll use multiedit to make both changes - adding the comment above fmt.Println and "
    "changing the text:",
    "Let me add the comment above fmt.Println.",
    "Let me add the comment above `fmt.Println`.",
])
def test_dotted_name_is_no_disguise(text: str) -> None:
    r = _recover(text, EDIT)
    assert r.reason is Reason.OK, (r.rule, r.detail)


# a dotted or hyphenated word that joins into a word the lexicon reads is still a disguise
@pytest.mark.parametrize(("text", "rule"), [
    ("Let me add the comment a.b.o.v.e.", "recap"),
    ("I'll run the migration t.o.m.o.r.r.o.w.", "conditional"),
    ("I'll run the migration i.f it passes.", "conditional"),
    ("I'll run the e.x.a.m.p.l.e migration.", "declared-example"),
    ("Let me run the migration n-o-t.", "negation"),
    ("I'll run the migration to-mor-row.", "conditional"),
    # a bare word after "above" is still the command said before
    ("Let me run the command above.", "recap"),
])
def test_dotted_word_is_still_a_disguise(text: str, rule: str) -> None:
    r = _recover(text, RUN if "migration" in text or "command" in text else EDIT)
    assert r.reason is not Reason.OK and r.rule == rule, (r.rule, r.detail)


DOT = ("edit", {"file_path": "calc.py", "old_string": "def division(a, b)",
                "new_string": "def division(a, b):"})


# a demonstrative object takes a means whose participle says the step again, as it would take
# "and edit the file": the verb after "by" is of a known kind
def test_demonstrative_takes_a_means_that_is_a_step() -> None:
    r = _recover("Let's fix this by editing the file.", DOT)
    assert r.reason is Reason.OK, (r.rule, r.detail)


@pytest.mark.parametrize(("text", "rule"), [
    # a means that is no step, or a party: what "this" points at may be the markup
    ("Let me run that by hand.", "unknown-preamble"),
    ("Let me run this by the team.", "unknown-preamble"),
    ("Let's fix this by the book.", "unknown-preamble"),
    # the step said again is still read by its own rules
    ("Let's fix this by not editing the file.", "negation"),
    ("Let's fix this by editing the file tomorrow.", "conditional"),
    ("Let me run this by someone editing the file.", "other-actor"),
])
def test_demonstrative_refuses_a_means_that_is_no_step(text: str, rule: str) -> None:
    r = _recover(text, DOT)
    assert r.reason is not Reason.OK and r.rule == rule, (r.rule, r.detail)
