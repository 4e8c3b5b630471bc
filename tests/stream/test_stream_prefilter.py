"""The stream's fast path (no opener, closer or opener prefix in the recent text) never releases
a character an opener or a reasoning closer may start with: every opener of every family, whole
or cut at any point at the end of a delta, is held back, whatever text comes before it."""

from __future__ import annotations

import random

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


def test_feed_whole_many_takes_what_feed_whole_takes_one_by_one() -> None:
    """``feed_whole_many`` (a read's deltas in one step) feeds exactly the leading deltas that
    ``feed_whole`` would take one after the other, and leaves the recoverer as they would:
    deltas ending in an opener's first characters ("f", "<", "[") and holding them inside."""
    rng = random.Random(27)
    words = ["Let", "me", "look", "a[0]", "<", "b,", "f(x)", "|", "[y]", "]z.", "fu", "f", "<t",
             "{", "ok", "\n", "`", "  "]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(5, 60)))
        cuts = sorted(rng.sample(range(1, len(text)), min(len(text) - 1, rng.randint(1, 30))))
        deltas = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        many, one = _twins()
        k = many.feed_whole_many(deltas)
        taken = 0
        while taken < len(deltas) and one.feed_whole(deltas[taken]):
            taken += 1
        assert k == taken, (deltas, k, taken)
        rest = "".join(deltas[k:])
        assert many.feed(rest) == one.feed(rest)  # the same state after
        assert many.close() == one.close()


@pytest.mark.parametrize("opener", OPENERS)
def test_feed_whole_many_never_takes_an_opener(opener: str) -> None:
    """An opener, whole or cut across two deltas, inside a run of prose deltas: the run stops
    before the delta that holds (its start of) it."""
    for cut in range(1, len(opener)):
        s, _ = _twins()
        deltas = ["Let me ", "look. ", "Then " + opener[:cut], opener[cut:] + " more", " text"]
        k = s.feed_whole_many(deltas)
        assert k <= 2, (opener, cut, k)
