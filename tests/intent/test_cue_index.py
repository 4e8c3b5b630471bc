"""The lexicon's cue matchers (a prefilter and entries grouped by first character) find exactly
what the plain longest-first alternation of the same entries finds."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest

from leakcall.intent import CUE_ORDER, _alternation, _Cue, lexicon, normalize

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
CATEGORIES = [c for c, _, _ in CUE_ORDER] + sorted(lexicon().clause_cues)


@functools.cache
def _texts() -> list[str]:
    lex = lexicon()
    # every entry inside a sentence, next to word characters and glued to punctuation
    out = [f"{a}{e.replace('*', 'xx')}{b}" for es in lex.entries.values() for e in es
           for a, b in (("i ", " now."), ("x", "y"), ("(", ")"))]
    for path in sorted(CORPUS.rglob("*.txt"))[::3]:
        out.append(normalize(path.read_text(encoding="utf-8")[:2000]))
    return out


def _same(a: re.Match[str] | None, b: re.Match[str] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.span() == b.span() and a.group(0) == b.group(0)


@pytest.mark.heavy
@pytest.mark.parametrize("cat", CATEGORIES)
def test_cue_finds_what_the_alternation_finds(cat: str, exhaustive: bool) -> None:
    """Every text under ``--exhaustive``; by default one in three, a different third for each
    category, so the categories together still read every text."""
    entries = lexicon().entries[cat]
    cue, plain = _Cue(entries), _alternation(entries)
    assert cue.pattern == plain.pattern
    rnd = random.Random(cat)
    texts = _texts()
    for t in texts if exhaustive else texts[CATEGORIES.index(cat) % 3 :: 3]:
        assert _same(cue.search(t), plain.search(t)), t[:80]
        assert _same(cue.match(t), plain.match(t)), t[:80]
        assert [m.span() for m in cue.finditer(t)] == [m.span() for m in plain.finditer(t)]
        a = rnd.randrange(len(t) + 1)
        b = rnd.randrange(a, len(t) + 1)
        assert _same(cue.search(t, a, b), plain.search(t, a, b)), (t[:80], a, b)


def test_cue_with_a_leading_wildcard_entry() -> None:
    entries = ["*nicht", "nicht ausführen", "don't run", "ne*pas"]
    cue, plain = _Cue(entries), _alternation(entries)
    for t in ("bitte nicht ausführen", "garnicht", "don't run it", "ne le lance pas", "nepas",
              "run it"):
        assert _same(cue.search(t), plain.search(t)), t
