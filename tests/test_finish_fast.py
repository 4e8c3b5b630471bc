"""The finishing step's shortcuts give what the steps they stand for give: a value holding no
opener mark has no opener (``has_opener``), on every family's literals and around them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import leakcall
from leakcall.locate import REASONING_TAGS, has_opener
from leakcall.pipeline import _opener_marks

FAMS = leakcall.all_families()
LITERALS = sorted({lit for f in FAMS for lit in (*f.opens, *f.anchored_opens)}
                  | {c for pair in REASONING_TAGS for c in pair})
PIECES = sorted({p for lit in LITERALS for p in (lit, lit[:-1], lit[1:], lit[: len(lit) // 2])}
                | {" ", "\n", "x", "é", "東"})


def _family_sets() -> list[tuple[leakcall.Family, ...]]:
    return [FAMS, *((f,) for f in FAMS)]


@pytest.mark.parametrize("fams", _family_sets(), ids=lambda fs: fs[0].name if len(fs) == 1
                         else "all")
def test_every_literal_holds_a_mark(fams: tuple[leakcall.Family, ...]) -> None:
    marks = _opener_marks(fams)
    assert marks is not None
    for lit in LITERALS:
        for s in (lit, "  " + lit, "a " + lit + " b", "</think>" + lit, "</think>\n" + lit):
            if has_opener(s, fams):
                assert not marks.isdisjoint(s), (fams, s)


@given(st.lists(st.sampled_from(PIECES), max_size=4).map("".join))
def test_no_mark_means_no_opener(s: str) -> None:
    for fams in _family_sets():
        marks = _opener_marks(fams)
        assert marks is not None
        if marks.isdisjoint(s):
            assert not has_opener(s, fams)
