"""Every corpus case gives its expected reason and calls (the human-written intent)."""

from __future__ import annotations

import pytest

import leakcall
from leakcall.corpus import Case

from ..conftest import CASES


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case_expectation(case: Case) -> None:
    r = leakcall.recover(case.text, case.tools, **case.options)
    assert str(r.reason) == case.expect["reason"], r.detail
    if "calls" in case.expect:
        got = [{"name": c.name, "arguments": c.arguments} for c in r.calls]
        assert got == case.expect["calls"]
    if r.ok:
        assert r.calls
        assert r.span is not None
        s, e = r.span
        # The envelope is cut out; only its visible text (content nodes, e.g. a Harmony
        # preamble message) stays, in place.
        assert r.content.startswith(case.text[:s]) and r.content.endswith(case.text[e:])
        kept = r.content[s : len(r.content) - (len(case.text) - e)]
        assert kept in case.text[s:e]
    else:
        assert r.calls == ()
        assert r.content == case.text
    if case.family and case.expect["reason"] not in ("no_text", "no_tags"):
        assert r.family == case.family


def test_every_real_case_names_its_source() -> None:
    for case in CASES:
        if case.kind == "real":
            assert case.source, case.id
