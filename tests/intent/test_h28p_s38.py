"""Issue 27 item 6, session 38 (h28p): a long argument value is casefolded once per reply.

Callgrind put the Unicode casefold (``unicode_casefold``, ``_PyUnicode_ToFoldedFull``,
``_PyUnicode_ToLowerFull``) at about an eighth of the 2 KB Hermes leak's instructions after its
preamble: nine readers each casefolded the same non-ASCII value (``memo.folded`` already served
one). They now all ask ``memo.folded``, which is ``str.casefold`` (kept per reply for a text
over 200 characters), so every decision is the one it was. These tests count the casefolds of
long strings in one reply, and hold each reader's answer beside its plain form."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pytest

import leakcall
from leakcall.intent import lookchanges, manners, phrasal
from leakcall.intent.announcement import Announcement
from leakcall.intent.memo import folded, one_reply
from leakcall.intent.preamble import announce
from leakcall.intent.view import normalize

WEATHER = [{"type": "function", "function": {
    "name": "get_weather", "parameters": {"type": "object", "properties": {
        "city": {"type": "string"}, "unit": {"type": "string", "enum": ["c", "f"]}},
        "required": ["city"]}}}]
LONG = "東京 " + " a<b | c[0] >= d;" * 120  # the benchmark's Hermes value: non-ASCII, 2 KB


def _reply(value: str, preamble: str = "Let me check the weather.") -> str:
    return (f'{preamble}\n<tool_call>\n{{"name": "get_weather", "arguments": '
            f'{{"city": "{value}"}}}}\n</tool_call>')


@contextmanager
def _long_folds() -> Iterator[Counter[str]]:
    """The strings over 200 characters casefolded (``str.casefold`` called), by value."""
    seen: Counter[str] = Counter()

    def prof(frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_call" and getattr(arg, "__name__", "") == "casefold":
            s = getattr(arg, "__self__", None)
            if isinstance(s, str) and len(s) > 200:
                seen[s] += 1

    old = sys.getprofile()
    sys.setprofile(prof)
    try:
        yield seen
    finally:
        sys.setprofile(old)


def test_the_long_value_is_recovered_after_its_preamble() -> None:
    r = leakcall.recover(_reply(LONG), WEATHER)
    assert r.ok and r.calls[0].arguments == {"city": LONG}


def test_a_long_value_is_casefolded_once_per_reply() -> None:
    text = _reply(LONG)
    leakcall.recover(text, WEATHER)  # tables built, caches warm
    with _long_folds() as seen:
        r = leakcall.recover(text, WEATHER)
    assert r.ok
    # the reply's grounding reads the value through ``memo.folded``: one fold for all readers
    # (a text holding the value, the values joined, is folded through it too)
    assert sum(seen.values()) == 1, [(s[:30], n) for s, n in seen.most_common(3)]


@pytest.mark.parametrize("value", [LONG, "ΣΑΣ ß " * 60, "İstanbul ǅ " * 40])
def test_folded_is_casefold(value: str) -> None:
    @one_reply
    def reply() -> None:
        assert folded(value) == value.casefold() == folded(value)
        assert folded(value.strip()) == value.strip().casefold()

    reply()
    assert folded(value) == value.casefold()


@pytest.mark.parametrize("value", [" TRUE ", "yes", "Off", " no", LONG, "true " * 60, True, 3])
def test_switch_readers_read_as_before(value: Any) -> None:
    @one_reply
    def reply() -> None:
        plain_on = value is True or (isinstance(value, str) and value.strip().casefold()
                                     in lookchanges._ON)
        assert lookchanges._on(value) is plain_on
        plain = value if isinstance(value, bool) else (
            value.strip().casefold() in manners._TRUE) if isinstance(value, str) and \
            value.strip().casefold() in manners._TRUE | manners._FALSE else None
        got = manners._switch(value)
        assert got == plain and (got is None) == (plain is None)

    reply()


@pytest.mark.parametrize("values", [["RUN THE TESTS", LONG], ["ΣΑΣ " * 60, "ß"], []])
def test_headed_reads_each_value_folded_alone(values: list[str]) -> None:
    # casefold maps each character by itself: folding the values apart is folding them joined
    assert " ".join(map(folded, values)) == " ".join(values).casefold()

    @one_reply
    def reply() -> None:
        ann = announce(normalize("I'll run the tests."))
        assert isinstance(ann, Announcement)
        assert phrasal._headed(ann, values) == phrasal._headed(ann, [v.casefold() for v in values])

    reply()
