"""The stream's fast path (no opener, closer or opener prefix in the recent text) never releases
a character an opener or a reasoning closer may start with: every opener of every family, whole
or cut at any point at the end of a delta, is held back, whatever text comes before it."""

from __future__ import annotations

import pytest

import leakcall
from leakcall.families import all_families

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
OPENERS = sorted({lit for fam in all_families() for lit in fam.opens})
LEAD = "Sure. Let me look at the file now, then report back. "
PROSE = ("Let me look. ", "fu", "<", "a]", "[x", "f")


@pytest.mark.parametrize("opener", OPENERS)
def test_opener_prefix_at_delta_end_is_held(opener: str) -> None:
    for prose in PROSE:
        for cut in range(1, len(opener) + 1):
            s = leakcall.StreamRecoverer(TOOLS)
            shown = s.feed(LEAD)  # the reply's start is decided: later deltas may take the fast path
            shown += s.feed(prose + opener[:cut])
            assert len(shown) <= len(LEAD + prose), (prose, opener[:cut], shown)


@pytest.mark.parametrize("opener", OPENERS)
def test_opener_split_across_deltas_is_held(opener: str) -> None:
    for cut in range(1, len(opener)):
        s = leakcall.StreamRecoverer(TOOLS)
        shown = s.feed(LEAD)
        shown += s.feed("Let me look. " + opener[:cut])
        shown += s.feed(opener[cut:] + " and more text")
        assert opener not in shown and len(shown) <= len(LEAD + "Let me look. "), (opener, cut)


def _twins() -> tuple[leakcall.StreamRecoverer, leakcall.StreamRecoverer]:
    a, b = leakcall.StreamRecoverer(TOOLS), leakcall.StreamRecoverer(TOOLS)
    assert a.feed(LEAD) == b.feed(LEAD) == LEAD
    return a, b


@pytest.mark.parametrize("opener", OPENERS)
def test_feed_whole_refuses_an_opener_or_its_prefix(opener: str) -> None:
    """``feed_whole`` (the proxy's pass-through test) takes a delta only when ``feed`` would
    return all of it: never one that holds an opener or ends with a proper prefix of one."""
    for prose in PROSE:
        for cut in range(1, len(opener) + 1):
            s, _ = _twins()
            assert not s.feed_whole(prose + opener[:cut]), (prose, opener[:cut])


def test_feed_whole_agrees_with_feed_on_prose() -> None:
    """Where ``feed_whole`` takes a delta, ``feed`` on a twin returns exactly it, delta after
    delta (first characters of openers included, in places where no opener can start)."""
    text = ("Let me look at the full suite first; a[0] < b, then f(x) | g and [y] and ]z. " * 20)
    for step in (1, 5, 64):
        s, twin = _twins()
        taken = 0
        for i in range(0, len(text), step):
            d = text[i : i + step]
            if s.feed_whole(d):
                taken += 1
                assert twin.feed(d) == d, (step, i, d)
            else:
                assert s.feed(d) == twin.feed(d)
        assert taken, step
