"""``Holdback._whole_run`` (``feed_whole_many``'s joint test of a run of deltas) tests where
each delta ends with two string tests in place of the two patterns ``feed_whole`` runs there:
its last character is one of ``special_first`` (``special_re`` matches that character alone),
or the text up to there ends with one of ``tail_short`` (``tail_re`` finds one in the last
``tail_len`` characters). Both premises are checked on every end, and a run takes exactly the
deltas that ``feed_whole`` takes one by one."""

from __future__ import annotations

import random

import pytest

import leakcall
from leakcall.families import all_families
from leakcall.stream import _tables

TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
OPENERS = sorted({lit for fam in all_families() for lit in fam.opens})
POOL = "".join(sorted({c for lit in OPENERS for c in lit})) + " abx.\n"


def test_a_match_of_the_fast_test_at_a_last_character_is_one_of_its_first_characters() -> None:
    t = _tables(tuple(all_families()))
    for c in {*POOL, *t.special_first, "é", "\u2028"}:
        assert (t.special_re.match(c) is not None) == (c in t.special_first), c


def test_the_tail_pattern_up_to_an_end_is_an_endswith_up_to_it() -> None:
    t = _tables(tuple(all_families()))
    assert t.tail_re is not None
    rng = random.Random(11)
    for _ in range(20_000):
        s = "".join(rng.choice("functolsx [<") for _ in range(rng.randint(1, 30)))
        end = rng.randint(1, len(s))
        start = max(0, end - t.tail_len)
        assert (t.tail_re.search(s, start, end) is not None) == s.endswith(
            t.tail_short, start, end), (s, end)


def _pieces(rng: random.Random) -> list[str]:
    out = []
    for _ in range(rng.randint(2, 40)):
        if rng.random() < 0.15:
            lit = rng.choice(OPENERS)
            out.append(lit[: rng.randint(1, len(lit))])
        else:
            out.append("".join(rng.choice(POOL) for _ in range(rng.choice((1, 2, 4, 7)))))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_run_takes_what_feed_whole_takes_one_by_one(seed: int) -> None:
    rng = random.Random(300 + seed)
    for _ in range(300):
        pieces = _pieces(rng)
        many, one = leakcall.StreamRecoverer(TOOLS), leakcall.StreamRecoverer(TOOLS)
        i = 0
        while i < len(pieces):
            k = many.feed_whole_many(pieces[i:])
            j = 0
            while i + j < len(pieces) and one.feed_whole(pieces[i + j]):
                j += 1
            assert k == j, (pieces, i)
            i += k
            if i < len(pieces):
                assert many.feed(pieces[i]) == one.feed(pieces[i]), (pieces, i)
                i += 1
            assert (many.shown, many.holding) == (one.shown, one.holding)
        assert many.close() == one.close()


def test_a_run_stops_at_a_delta_ending_in_a_prefix_and_one_ending_in_a_rare_character() -> None:
    """The pair: the same run but the delta that ends in an opener's prefix (``f``, the start
    of ``functools[``) or in ``<`` is taken whole, up to it, and not past it."""
    for stop in ("of f", "a <"):
        s = leakcall.StreamRecoverer(TOOLS)
        assert s.feed("Here is ") == "Here is "  # the start is decided: no opener there
        assert s.feed_whole_many(["some ", "text ", stop, " more", " text"]) == 2
        t = leakcall.StreamRecoverer(TOOLS)
        assert t.feed("Here is ") == "Here is "
        assert t.feed_whole_many(["some ", "text ", stop + ".", " more", " text"]) == 5
