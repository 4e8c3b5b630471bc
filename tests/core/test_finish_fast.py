"""The finishing step's shortcuts give what the steps they stand for give: a value holding no
opener mark has no opener (``has_opener``), on every family's literals and around them; the
usual call object ``{"name", "arguments"}`` reads as the general reader reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import leakcall
from leakcall.budget import MAX_KEYS, TokenBudget, check_arguments
from leakcall.calls import RawCall, _call_object
from leakcall.corpus import load_cases
from leakcall.locate import REASONING_TAGS, candidates, has_opener, segments
from leakcall.parse import Parsed, parse_candidate
from leakcall.pipeline import ReasoningMode, _choose, _choose_among
from leakcall.reasons import Refusal
from leakcall.valuemarkup import _find, _opener_marks

FAMS = leakcall.all_families()
CORPUS = Path(__file__).resolve().parents[2] / "corpus"
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


def _outcome(obj: object) -> object:
    try:
        return _call_object(obj, 7)
    except Refusal as e:
        return (e.reason, e.detail, e.rule)


_NAMES = st.one_of(st.text(max_size=3), st.integers(), st.none())
_ARGS = st.one_of(st.dictionaries(st.text(max_size=2), st.integers(), max_size=2), st.none(),
                  st.sampled_from(['{"a": 1}', "[]", "{", '{"a": 1, "a": 2}']), st.integers())


@given(name=_NAMES, arguments=_ARGS)
def test_usual_call_object_reads_as_the_general_one(name: object, arguments: object) -> None:
    # {"name", "arguments"} takes the short way; with an "id" beside them, the general one
    usual = _outcome({"name": name, "arguments": arguments})
    general = _outcome({"id": "x", "name": name, "arguments": arguments})
    assert usual == general


@pytest.mark.parametrize("obj", [
    {"name": "f", "arguments": {}, "bogus": 1}, {"name": "f", "arguments": {}, "type": "tool"},
    {"name": "f", "tool_name": "f"}, {"arguments": {}, "parameters": {}},
    {"name": "f", "parameters": {}, "arguments": {}},
])
def test_other_call_objects_still_refused(obj: dict[str, object]) -> None:
    assert not isinstance(_outcome(obj), RawCall)


_HAY = st.text(st.sampled_from("ab<\n"), max_size=200)


@given(text=_HAY, s=_HAY, start=st.integers(0, 220), end=st.integers(0, 220))
def test_value_lookup_finds_the_first_occurrence(text: str, s: str, start: int, end: int) -> None:
    assert _find(text, s, start, end) == text.find(s, start, end)


@pytest.mark.parametrize("n", [63, 64, 65, 200])
def test_value_lookup_past_a_false_prefix(n: int) -> None:
    s = "a" * (n - 1) + "b"
    for text in ("a" * n + s, "a" * (2 * n), "x" + s + s, s[:-1] + "c" + s, s):
        for start, end in ((0, len(text)), (1, len(text)), (0, len(text) - 1)):
            assert _find(text, s, start, end) == text.find(s, start, end)



class _Walked(dict):  # type: ignore[type-arg]
    """A dict the flat shortcut does not take (it asks for exactly dict): the walk reads it."""


_FLAT = st.dictionaries(st.text(max_size=2), st.none() | st.integers() | st.text(max_size=2),
                        max_size=6)
_NESTED = st.recursive(_FLAT, lambda inner: st.dictionaries(
    st.text(max_size=2), inner | st.lists(inner, max_size=2), max_size=3), max_leaves=10)


def _budget_outcome(args: object) -> object:
    try:
        check_arguments("f", 0, args)
    except Refusal as e:
        return (e.reason, e.detail, e.rule)
    return None


@pytest.mark.heavy
@given(_NESTED)
def test_flat_arguments_budget_as_walked(args: dict[str, object]) -> None:
    assert _budget_outcome(args) == _budget_outcome(_Walked(args))


@pytest.mark.parametrize("n", [MAX_KEYS, MAX_KEYS + 1])
def test_flat_arguments_at_the_key_limit(n: int) -> None:
    flat: dict[str, object] = {f"k{i}": i for i in range(n)}
    assert _budget_outcome(flat) == _budget_outcome(_Walked(flat))
    assert (_budget_outcome(flat) is None) == (n <= MAX_KEYS)



def _replies() -> list[str]:
    texts = [c.text for c in load_cases(CORPUS)]
    # the same markup inside and after a reasoning block, and beside prose
    texts += ["<think>\n" + t + "\n</think>\nDone." for t in texts[:200]]
    texts += ["<think>\nok\n</think>\n" + t for t in texts[:200]]
    return texts


@pytest.mark.heavy
@pytest.mark.parametrize("reasoning", ["ignore", "recover"])
def test_choice_shortcut_is_the_general_choice(reasoning: ReasoningMode) -> None:
    seen = 0
    for text in _replies():
        segs = segments(text)
        try:
            results = [parse_candidate(text, c, TokenBudget())
                       for c in candidates(text, FAMS, segs)]
        except Refusal:
            continue
        got, want = _choose(text, results, reasoning), _choose_among(text, results, reasoning)
        assert got is want or got == want, text[:200]
        seen += len(results) == 1 and isinstance(results[0], Parsed)
    assert seen > 100  # the shortcut was taken, and agreed
