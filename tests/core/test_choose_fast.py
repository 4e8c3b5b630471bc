"""``pipeline._choose``'s shortcuts give what ``_choose_among`` gives: one visible envelope that
parses, alone or beside failures of other families inside it (siblings sharing its opener)."""

from __future__ import annotations

import leakcall
from leakcall import pipeline as P
from leakcall.budget import TokenBudget
from leakcall.locate import Scanned, candidates, segments, tag_free
from leakcall.parse import Failure, Parsed, parse_candidate

from ..parse_oracle import corpus_texts

FAMS = leakcall.all_families()


def _results(text: str) -> list[Parsed | Failure]:
    tagless = tag_free(text)
    cands = candidates(text, FAMS, segments(text, tagless), Scanned(tagless=tagless))
    budget = TokenBudget()
    return [parse_candidate(text, c, budget) for c in cands]


def test_a_hermes_leak_beside_its_siblings_takes_the_shortcut() -> None:
    text = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    results = _results(text)
    assert [type(r).__name__ for r in results] == ["Failure", "Parsed", "Failure"]
    assert P._choose(text, results, "ignore") is results[1]


def test_choose_is_choose_among_on_the_corpus() -> None:
    shortcut = 0
    for text in corpus_texts():
        if not text or not text.strip():
            continue
        results = _results(text)
        for reasoning in ("ignore", "recover"):
            got, want = P._choose(text, results, reasoning), P._choose_among(text, results, reasoning)
            assert got == want, text[:200]
            shortcut += len(results) > 1 and isinstance(got, Parsed)
    assert shortcut > 50  # replies whose envelope is chosen among several candidates
