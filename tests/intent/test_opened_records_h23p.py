""""Open" + an object read as making a record (session 34, h23p; ``senses.object_sense``):
a word of the object names a word of the tool's name only from its start ("port" is no
"report"), and a definite object ("the ticket") is a record already there, which opening
looks at. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import hermes_call, keyed_tool


def _recover(preamble: str, tool: str) -> leakcall.Recovery:
    return leakcall.recover(preamble + "\n\n" + hermes_call(tool, title="x"),
                            [keyed_tool(tool, "title")])


@pytest.mark.parametrize(("preamble", "tool"), [
    ("I'll open a port.", "create_report"),
    ("I'll open a port.", "create_export"),
    ("I'll open a vent.", "create_event"),
])
def test_a_word_inside_a_name_word_names_nothing(preamble: str, tool: str) -> None:
    r = _recover(preamble, tool)
    assert not r.ok and r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("preamble", "tool"), [
    ("I'll open a report.", "create_report"),
    ("I'll open an export.", "create_export"),
    ("I'll open an event.", "create_event"),
])
def test_the_whole_word_names_it(preamble: str, tool: str) -> None:
    r = _recover(preamble, tool)
    assert r.ok, r.detail


@pytest.mark.parametrize(("preamble", "tool"), [
    ("I'll open the ticket.", "create_ticket"),
    ("I'll open this issue.", "create_issue"),
    ("I'll open your support ticket.", "create_ticket"),
])
def test_opening_a_definite_record_makes_none(preamble: str, tool: str) -> None:
    r = _recover(preamble, tool)
    assert not r.ok and r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("preamble", "tool"), [
    ("I'll open a ticket.", "create_ticket"),
    ("I'll open an issue.", "create_issue"),
    ("I'll open a new support ticket.", "create_ticket"),
])
def test_opening_an_indefinite_record_makes_it(preamble: str, tool: str) -> None:
    r = _recover(preamble, tool)
    assert r.ok, r.detail
