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
