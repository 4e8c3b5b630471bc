"""``siblings``: a candidate ``failing_tokens`` calls failing is one the parse fails on with the
guard's mention, after exactly that many tokens; and ``parse_all`` changes no outcome of the
pipeline (the reply's ``Recovery`` is the one the parse of every candidate gives)."""

from __future__ import annotations

import pytest

import leakcall
from leakcall import pipeline as P
from leakcall import siblings as S
from leakcall.budget import TokenBudget
from leakcall.locate import Scanned, candidates, segments, tag_free
from leakcall.parse import Failure, Parsed, parse_candidate
from leakcall.reasons import Refusal

from ..parse_oracle import corpus_texts, mutations
from .test_parse_guard import PIECES

FAMS = leakcall.all_families()
HERMES = '<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>'


def _cands(text: str) -> list[P.Candidate]:
    tagless = tag_free(text)
    return candidates(text, FAMS, segments(text, tagless), Scanned(tagless=tagless))


def test_a_hermes_body_fails_its_siblings_and_is_parsed_alone() -> None:
    cands = _cands(HERMES)
    got = {c.family.name: S.failing_tokens(HERMES, c) for c in cands}
    assert got == {"glm": 1, "hermes": 0, "qwen3_coder": 2}  # qwen reads the line break first
    budget = TokenBudget()
    out = S.parse_all(HERMES, cands, budget)
    assert len(out) == 1 and isinstance(out[0], Parsed) and out[0].candidate.family.name == "hermes"
    full = TokenBudget()
    [parse_candidate(HERMES, c, full) for c in cands]
    assert budget.left == full.left  # the siblings' tokens are spent all the same


def test_a_sibling_that_parses_is_parsed() -> None:
    text = "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n</tool_call>"
    cands = _cands(text)
    assert {c.family.name: S.failing_tokens(text, c) for c in cands}["glm"] == 0
    out = S.parse_all(text, cands, TokenBudget())
    assert [(type(r).__name__, r.candidate.family.name) for r in out] == [("Parsed", "glm")]
    full = [parse_candidate(text, c) for c in cands]
    assert P._choose(text, full, "ignore") is full[0]


def test_failures_are_read_when_the_choice_needs_them() -> None:
    # two Hermes envelopes: the siblings' failures go to _choose_among, parsed in full
    text = HERMES + "\ntext\n" + HERMES
    cands = _cands(text)
    out = S.parse_all(text, cands, TokenBudget())
    assert [(type(r).__name__, r.candidate.family.name) for r in out] == [
        (type(parse_candidate(text, c)).__name__, c.family.name) for c in cands]


def test_the_budget_refuses_where_the_parse_of_every_candidate_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cands = _cands(HERMES)
    for left in range(12):
        def run(fn: object, left: int = left) -> object:
            b = TokenBudget()
            b.left = left
            try:
                out = fn(b)  # type: ignore[operator]
            except Refusal as e:
                return ("refused", e.detail, b.left)
            return ("ok", b.left, len(out))
        full = run(lambda b: [parse_candidate(HERMES, c, b) for c in cands])
        ours = run(lambda b: S.parse_all(HERMES, cands, b))
        assert full[:2] == ours[:2], left


def _mutated() -> list[str]:
    return list(mutations(corpus_texts(), 2, 27, PIECES, splice_only=True))


def test_failing_tokens_is_certain() -> None:
    seen = 0
    for text in _mutated():
        if not text.strip():
            continue
        for c in _cands(text):
            n = S.failing_tokens(text, c)
            if not n:
                continue
            seen += 1
            budget = TokenBudget()
            r = parse_candidate(text, c, budget)
            assert isinstance(r, Failure) and r.mention, (c.family.name, text[:120])
            assert TokenBudget().left - budget.left == n, (c.family.name, text[:120])
    assert seen > 300


def test_recovery_is_the_same_with_every_candidate_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    tools = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}}
             for n in ("f", "get_weather", "search", "read_file", "run")]
    texts = [t for t in _mutated() if t.strip()][::3]
    ours = [leakcall.recover(t, tools).to_dict() for t in texts]

    def every(text: str, cands: list[P.Candidate], budget: TokenBudget) -> list[Parsed | Failure]:
        return [parse_candidate(text, c, budget) for c in cands]

    monkeypatch.setattr(P, "parse_all", every)
    assert [leakcall.recover(t, tools).to_dict() for t in texts] == ours
