"""Issue 27 item 6, session 37 (h27p): the intent stage's shortcuts give what their plain forms
give. An announcement copied with changed fields (``announcement.replaced``) equals
``dataclasses.replace``'s copy; a view's sentences are cut once per reply and each caller gets a
list of its own (``sentences._sentences``); a call that sets no switch of a manner is judged
without the text's four searches for one (``manners.check``), beside the stated manner that
still refuses a switch set the other way; the walk of a call's strings reads a dict and any
other mapping alike (``walk._keyed_strings``)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

import pytest

from leakcall.intent import manners, sentences
from leakcall.intent.announcement import Announcement, replaced
from leakcall.intent.memo import one_reply
from leakcall.intent.preamble import announce
from leakcall.intent.sentences import _sentences
from leakcall.intent.view import normalize
from leakcall.intent.walk import _keyed_strings

from ..intent_sets import described_tool, expect_pair

SAID = [
    "Let me check the weather in Paris.",
    "I'll list the files in src/ and then read README.md.",
    "The tests failed. I'll run them again.",
]


def _said(text: str) -> Announcement:
    got = announce(normalize(text))
    assert isinstance(got, Announcement), text
    return got


@pytest.mark.parametrize("text", SAID)
def test_replaced_is_dataclasses_replace(text: str) -> None:
    ann = _said(text)
    for changes in ({"observed": ()}, {"observed": ("a", "b"), "thought": "why"},
                    {"doubts": (("g-hedge", "maybe", "english"),), "tongues": ("english",),
                     "text": "x"}, {}):
        got, plain = replaced(ann, **changes), dataclasses.replace(ann, **changes)
        assert got == plain and type(got) is Announcement
        assert all(getattr(got, f.name) == getattr(plain, f.name)
                   for f in dataclasses.fields(Announcement))
        assert hash(got) == hash(plain)
    assert replaced(ann, observed=()) is not ann and ann.observed == _said(text).observed


def test_replaced_refuses_a_field_it_lacks() -> None:
    with pytest.raises(TypeError):
        replaced(_said(SAID[0]), observd=())


VIEWS = ["Let me check that. Then I'll fix it!", "1. First, read the file.\n2. Then edit it:",
         "让我看看文件，然后修改。", "Run `make test`. Done... ok"]


@pytest.mark.parametrize("view", VIEWS)
def test_sentences_once_per_reply_each_caller_its_own_list(view: str) -> None:
    plain = _sentences(view)  # outside a reply: cut each time

    @one_reply
    def reply() -> None:
        first = _sentences(view)
        first.append(("changed", ""))  # a caller changes its own list
        second = _sentences(view)
        assert second == plain and second is not first
        assert _sentences(view + " More.") != plain

    reply()
    assert isinstance(plain, list)


def test_sentences_cut_once_in_a_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    cuts: list[str] = []
    real = sentences._LIST_MARKER

    class Counting:
        def sub(self, repl: str, view: str) -> str:
            cuts.append(view)
            return real.sub(repl, view)

    monkeypatch.setattr(sentences, "_LIST_MARKER", Counting())

    @one_reply
    def reply() -> list[tuple[str, str]]:
        for _ in range(3):
            out = _sentences(VIEWS[0])
        return out

    assert reply() == _sentences(VIEWS[0])
    assert cuts.count(VIEWS[0]) == 2  # once in the reply, once outside it


RUNNER = described_tool("run_tests", {"target": {"type": "string"},
                                      "verbose": {"type": "boolean"}}, "Run the test suite")


def test_manners_reads_the_text_only_for_a_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    ann = _said("I'll run the unit tests quietly.")

    def searched(text: str) -> dict[str, bool]:
        raise AssertionError("the text searched for a manner no switch of the call sets")

    monkeypatch.setattr(manners, "_stated", searched)
    assert manners.check("run_tests", {"target": "unit"}, ann, RUNNER["function"]["parameters"],
                         False) is None
    assert manners.check("run_tests", {"target": "unit", "count": 3}, ann, None, False) is None


def test_manners_still_binds_a_switch() -> None:
    # the refused twin: the switch set the other way than the text states
    expect_pair([RUNNER], ("I'll run the unit tests quietly.", "run_tests",
                           {"target": "unit", "verbose": False}),
                ("I'll run the unit tests quietly.", "run_tests",
                 {"target": "unit", "verbose": True}))


@pytest.mark.parametrize("args", [
    {"city": "Paris"}, {"a": {"b": ["x", {"c": "y"}], "n": 3}, "d": "z"},
    {"items": [{"path": "a.py"}, "b.py", 4, None, True]},
])
def test_keyed_strings_reads_a_dict_as_any_mapping(args: dict[str, Any]) -> None:
    def frozen(v: object) -> object:
        if isinstance(v, dict):
            return MappingProxyType({k: frozen(x) for k, x in v.items()})
        if isinstance(v, list):
            return [frozen(x) for x in v]
        return v

    assert list(_keyed_strings(args)) == list(_keyed_strings(frozen(args)))
