"""Contract tests over every discovered family (never a hand-kept list)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall import Reason
from leakcall.families import Family, load_family

from ..conftest import CASES, CORPUS, examples

FAMILIES = leakcall.all_families()
QUOTATION = {"fenced", "quoted"}


def _id(f: Family) -> str:
    return f.name


def _cases(fam: Family) -> list:  # type: ignore[type-arg]
    return [c for c in CASES if c.family == fam.name]


@pytest.mark.parametrize("fam", FAMILIES, ids=_id)
def test_grammar_compiles_lalr(fam: Family) -> None:
    parser = fam.parser()
    assert parser.options.parser == "lalr"


@pytest.mark.parametrize("fam", FAMILIES, ids=_id)
def test_header_is_complete(fam: Family) -> None:
    again = load_family(fam.path)
    assert again.name == fam.path.stem
    if fam.spelling is not None:  # a tolerated spelling of the family in that file
        assert fam.name.startswith(f"{again.name}_") and fam.spelling[0][0] in "".join(again.opens)
    assert fam.title and fam.models and fam.source
    assert fam.opens or fam.anchored_opens
    assert fam.closes or fam.closed_by_end


@pytest.mark.parametrize("fam", FAMILIES, ids=_id)
def test_corpus_covers_recover_truncated_and_quotation(fam: Family) -> None:
    cases = _cases(fam)
    reasons = {c.expect["reason"] for c in cases}
    assert (CORPUS / fam.name).is_dir(), f"corpus/{fam.name}/ is missing"
    assert "ok" in reasons, f"{fam.name}: no recoverable case"
    assert "truncated" in reasons, f"{fam.name}: no truncated case"
    assert reasons & QUOTATION, f"{fam.name}: no fenced/quoted case"


def test_every_corpus_dir_is_a_family() -> None:
    names = {f.name for f in FAMILIES}
    dirs = {p.name for p in CORPUS.iterdir() if p.is_dir() and not p.name.startswith("_")}
    assert dirs <= names, f"corpus dirs without a grammar: {sorted(dirs - names)}"


def _bare_ok(fam: Family) -> list:  # type: ignore[type-arg]
    out = []
    for c in _cases(fam):
        r = leakcall.recover(c.text, c.tools, **c.options)
        if r.ok and not r.content.strip():
            out.append((c, r))
    return out


@pytest.mark.heavy
@pytest.mark.parametrize("fam", FAMILIES, ids=_id)
def test_every_strict_prefix_of_a_bare_case_is_refused(fam: Family, exhaustive: bool) -> None:
    """A cut reply is never recovered, with one exception the formats force: where a reply may
    end after a complete envelope (between two consecutive ``<tool_call>`` blocks, or, for formats
    ended by EOS, right after a call), a cut exactly there is indistinguishable from a shorter
    reply. Such a prefix may be recovered, but only as the leading calls of the full reply,
    byte-identical; fewer of them unless the format is closed by the end of the reply.
    Every cut of the first case and of every case under ``--exhaustive``; by default the
    other cases are cut at every other character, odd and even alternating."""
    bare = _bare_ok(fam)
    assert bare, f"{fam.name}: no bare recoverable case (reply == envelope)"
    for k, (case, full) in enumerate(bare):
        step = 1 if exhaustive or k == 0 else 2
        for i in range(k % step, len(case.text), step):
            r = leakcall.recover(case.text[:i], case.tools, **case.options)
            if not r.ok:
                continue
            assert r.family is not None
            where = f"{case.id}: prefix [:{i}] recovered {r.calls} as {r.family}"
            assert r.calls == full.calls[: len(r.calls)], where
            if not leakcall.get_family(r.family).closed_by_end:
                assert len(r.calls) < len(full.calls), where


@pytest.mark.heavy
@pytest.mark.parametrize("fam", FAMILIES, ids=_id)
@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_text_around_sentinels_never_raises(fam: Family, data: st.DataObject) -> None:
    pieces = [*fam.opens, *fam.closes, *fam.anchored_opens,
              "<", ">", "|", "｜", '"', "{", "}", "[", "]", "\n", "`"]
    parts = data.draw(st.lists(st.one_of(st.sampled_from(pieces), st.text(max_size=8)),
                               max_size=30))
    text = "".join(parts)
    tools = [c.tools for c in _cases(fam)][:1] or [[]]
    r = leakcall.recover(text, tools[0])
    assert isinstance(r.reason, Reason)
    assert r.ok or r.content == text


@pytest.mark.heavy
@pytest.mark.parametrize("case", [c for c in CASES if c.family], ids=lambda c: c.id)
def test_random_cuts_and_mutations_of_corpus_never_raise(case) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(case.id)
    text = case.text
    for _ in range(examples(40)):
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        mutated = text[:i] + rng.choice(["", "<", "\x00", "\ud800", "}", "\n", text[i:j]]) + text[j:]
        r = leakcall.recover(mutated, case.tools, **case.options)
        assert isinstance(r.reason, Reason)
        if not r.ok:
            assert r.content == mutated


# Families whose decoding needs Python beyond the generic step (calls.py), and why. Empty: every
# shipped family is one .lark file read by rule name. A family that ever needs a module of its own
# is listed here with the reason, and the test below keeps the list honest.
FAMILIES_WITH_PYTHON: dict[str, str] = {}


def test_families_need_no_python_of_their_own() -> None:
    src = Path(leakcall.__file__).parent
    modules = {p.stem for p in src.rglob("*.py")}
    names = {f.name for f in FAMILIES}
    assert modules & names == set(FAMILIES_WITH_PYTHON), (
        "a family module exists: list it in FAMILIES_WITH_PYTHON with the reason")
