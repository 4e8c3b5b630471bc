"""After a clean text (``Holdback._clean``) the stream's fast test looks at the new characters
only, by one ``in`` per rare character and one ``endswith``: a stream using that shortcut
releases exactly what a stream that scans the whole window every time releases, delta by delta,
through ``feed``, ``feed_whole`` and ``feed_whole_many``."""

from __future__ import annotations

import random

import pytest

import leakcall
from leakcall.families import all_families
from leakcall.stream import _tables

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
OPENERS = sorted({lit for fam in all_families() for lit in fam.opens})
CLOSERS = ["</think>", "</thinking>", "<|end|>"]
WORDS = ["Let", "me", "look", "a[0]", "<", "b,", "f(x)", "|", "[y]", "]z.", "fu", "f", "<t",
         "{", "ok", "\n", "`", "  ", "functools", "x" * 70, "plain prose, then more of it. " * 3,
         "to=functions", "‖", "｜", "<｜", "]<"]


def _text(rng: random.Random) -> str:
    parts = [rng.choice(WORDS) for _ in range(rng.randint(1, 60))]
    if rng.random() < 0.4:
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(OPENERS)[: rng.randint(1, 12)])
    if rng.random() < 0.2:
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(OPENERS + CLOSERS))
    return " ".join(parts)


def _pieces(rng: random.Random, text: str) -> list[str]:
    out, i = [], 0
    while i < len(text):
        k = rng.choice((1, 3, 9, 43, 44, 64, 65, 200))
        out.append(text[i : i + k])
        i += k
    return out


def _scanning() -> leakcall.StreamRecoverer:
    """A stream that never takes the shortcut: every fast test scans its whole window."""
    s = leakcall.StreamRecoverer(TOOLS)
    s._wide = 1 << 62  # no delta is long enough for the fastest path
    return s


def _forget(s: leakcall.StreamRecoverer) -> None:
    s._clean = False  # the next window is scanned from its start


@pytest.mark.parametrize("seed", range(8))
def test_feed_releases_what_a_whole_window_scan_releases(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        text = _text(rng)
        fast, slow = leakcall.StreamRecoverer(TOOLS), _scanning()
        for d in _pieces(rng, text):
            _forget(slow)
            assert fast.feed(d) == slow.feed(d), (text, d)
        a, b = fast.close(), slow.close()
        assert a == b and a.recovery == leakcall.recover(text, TOOLS)


@pytest.mark.parametrize("seed", range(8))
def test_feed_whole_and_many_take_what_a_whole_window_scan_takes(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(150):
        text = _text(rng)
        pieces = _pieces(rng, text)
        fast, slow = leakcall.StreamRecoverer(TOOLS), _scanning()
        i = 0
        while i < len(pieces):
            if rng.random() < 0.5:
                _forget(slow)
                took = fast.feed_whole(pieces[i])
                assert took == slow.feed_whole(pieces[i]), (text, pieces[i])
                k = 1 if took else 0
            else:
                run = pieces[i : i + rng.randint(1, 5)]
                _forget(slow)
                k = fast.feed_whole_many(run)
                assert k == slow.feed_whole_many(run), (text, run)
            i += k
            if i < len(pieces) and (k == 0 or rng.random() < 0.3):
                _forget(slow)
                assert fast.feed(pieces[i]) == slow.feed(pieces[i]), (text, pieces[i])
                i += 1
            assert (fast.shown, fast.holding) == (slow.shown, slow.holding)
        assert fast.close() == slow.close()


def test_the_tail_prefixes_are_what_the_tail_pattern_finds() -> None:
    t = _tables(tuple(all_families()))
    assert t.tail_re is not None and t.tail_short
    rng = random.Random(7)
    alphabet = "functolsx <[]|"
    for _ in range(20_000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(t.tail_len, 30)))
        found = t.tail_re.search(s, len(s) - t.tail_len) is not None
        assert found == s.endswith(t.tail_short), s


def test_every_match_of_the_fast_test_starts_with_one_of_its_first_characters() -> None:
    t = _tables(tuple(all_families()))
    rng = random.Random(9)
    pool = "".join(sorted({c for lit in OPENERS + CLOSERS for c in lit})) + " ab\n"
    for _ in range(20_000):
        s = "".join(rng.choice(pool) for _ in range(rng.randint(1, 40)))
        for m in t.special_re.finditer(s):
            assert s[m.start()] in t.special_first, (s, m)
