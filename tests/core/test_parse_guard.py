"""The first-token guard of ``parse`` against Lark itself (the guard off: ``_GUARD_TOKENS`` 0).
On every corpus reply and on seeded mutations around the openers, every candidate parses to the
same result with the guard as without it (same tree, every token at the same place; or the same
failure: reason, offset, mention, rule, the detail of every non-mention) and spends the same
token budget."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import lalr
from leakcall import parse as P
from leakcall.budget import TokenBudget
from leakcall.locate import candidates, segments
from leakcall.reasons import Refusal

from ..parse_oracle import FAMS, corpus_texts, mutations, parse_all

# Text that sits next to openers in real markup, so mutations reach the guard's decisions.
PIECES = ("<tool_call>", "</tool_call>", "<function=", "</function>", "<parameter=", "<arg_key>",
          "<arg_value>", "\n", " ", "\t", "{", "}", '"', "[", "]", "<", ">", "=", "name", "x",
          "<｜DSML｜invoke", "<|tool_calls_section_begin|>", "[TOOL_CALLS]", "<|channel|>")


def _parse_all(text: str, guarded: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    if not guarded:
        monkeypatch.setattr(P, "GUARD_TOKENS", 0)  # Lark's guard
        monkeypatch.setattr(lalr, "GUARD_TOKENS", 0)  # the driver's
    out = parse_all(text, mention_detail=False)
    monkeypatch.undo()
    return out


@pytest.mark.heavy
def test_guard_agrees_with_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    hits = 0
    real = P._run

    def counted(*a: Any) -> Any:
        nonlocal hits
        r = real(*a)
        hits += isinstance(r, P.Failure)
        return r

    for text in mutations(corpus_texts(), 3, 15, PIECES, splice_only=True):
        monkeypatch.setattr(P, "_run", counted)
        with_guard = _parse_all(text, True, monkeypatch)
        without = _parse_all(text, False, monkeypatch)
        assert with_guard == without, text[:300]
    assert hits > 1000  # the guard really decided many of them


def test_guard_skips_siblings_on_a_shared_opener() -> None:
    """A Hermes body: GLM and Qwen3-Coder fail right after ``<tool_call>``, decided by the guard
    (a mention), while Hermes itself is left to Lark."""
    text = 'Let me check.\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    by_name = {c.family.name: c for c in candidates(text, FAMS, segments(text))}
    assert {"glm", "hermes", "qwen3_coder"} <= set(by_name)
    for name in ("glm", "qwen3_coder"):
        c = by_name[name]
        fast = P.parse_candidate(text, c, TokenBudget())
        assert isinstance(fast, P.Failure) and fast.mention and fast.reason == "shape"
    h = by_name["hermes"]
    assert not isinstance(P.parse_candidate(text, h, TokenBudget()), P.Failure)


def test_guard_spends_the_tokens_lark_reads() -> None:
    """The opener (and the whitespace Qwen3-Coder allows after it) are tokens Lark reads before
    it fails: the guard spends them too, so the budget refuses at the same token."""
    text = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>'
    c = next(c for c in candidates(text, FAMS, segments(text)) if c.family.name == "qwen3_coder")
    with pytest.raises(Refusal):
        P.parse_candidate(text, c, TokenBudget(1))
    budget = TokenBudget(2)
    r = P.parse_candidate(text, c, budget)
    assert isinstance(r, P.Failure) and r.mention and budget.left == 0
