"""``Holdback._whole_run`` (``feed_whole_many``'s joint test of a run of deltas) tests where
each delta ends with two string tests in place of the two patterns ``feed_whole`` runs there:
its last character is one of ``special_first`` (``special_re`` matches that character alone),
or the text up to there ends with one of ``tail_short`` (``tail_re`` finds one in the last
``tail_len`` characters). Both premises are checked on every end, and a run takes exactly the
deltas that ``feed_whole`` takes one by one."""

from __future__ import annotations

import random
from typing import Any

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


def _counted(obj: Any, name: str) -> list[int]:
    """Wrap ``obj.name`` to count its calls (how many deltas each was offered)."""
    calls: list[int] = []
    inner = getattr(obj, name)

    def counting(*args: Any) -> Any:
        calls.append(len(args[0]))
        return inner(*args)

    setattr(obj, name, counting)
    return calls


# A run stopped at a delta (``_whole_run``'s joint test failed there) is not run again from it:
# ``feed_whole`` decides that delta (a run from it would stop there again), and the loop of
# ``feed_whole_many`` ends only where ``feed_whole`` refused (the lane steps rely on it).


def _whole_runs(deltas: list[str]) -> tuple[int, list[int]]:
    rec = leakcall.StreamRecoverer(TOOLS)
    assert rec.feed("Well, ") == "Well, "  # the text began: the fast tests apply
    runs = _counted(rec, "_whole_run")
    return rec.feed_whole_many(deltas), runs


def test_a_run_stopped_at_a_held_delta_is_not_run_again_from_it() -> None:
    fed, runs = _whole_runs(["the ", "test", "s pa", "ss o", "f", " the", " day"])
    assert fed == 4  # "f" may start ``functools[``: held, not fed
    assert runs == [7], runs  # not [7, 3]: no run from the "f"


def test_a_run_with_no_held_delta_is_one_run() -> None:
    fed, runs = _whole_runs(["the ", "test", "s pa", "ss o", "n", " the", " day"])
    assert fed == 7
    assert runs == [7], runs


def test_a_run_stopped_at_a_delta_feed_whole_takes_goes_on_after_it() -> None:
    # "]<" stops the joint test (it may be the start of a call's markup) but " a]<b" is no
    # opener's start as a whole: ``feed_whole`` takes it, and the deltas after it are offered
    # to runs again (while "]<" is in the recent text those take none: ``feed_whole`` decides)
    deltas = ["the ", "list", " a]<b", " is ", " the", " day"]
    fed, runs = _whole_runs(deltas)
    slow = leakcall.StreamRecoverer(TOOLS)
    slow.feed("Well, ")
    one = 0
    for d in deltas:
        if not slow.feed_whole(d):
            break
        one += 1
    assert fed == one == 6
    assert runs == [6, 3, 2, 1], runs  # not [6, 4, 3, 2, 1]: no run from " a]<b"
