"""Families that share an opener never both parse one text (issue 13: a variant must not make a
reply ambiguous between families). Generated envelopes in the tag vocabulary that
``anthropic_xml`` and ``dsml_plain`` share (``<function_calls>``, ``<tool_calls>``, ``<invoke>``,
``<parameter>`` with or without DSML's ``string`` attribute) parse in at most one of them, and so
do Gemma 4 calls whose strings are written with ``<|"|>``, ASCII quotes or both (``gemma4``,
``gemma4_ascii``: a call with no string at all is ``gemma4``'s alone)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall.locate import candidates, segments
from leakcall.parse import Parsed, parse_candidate

from ..conftest import examples

FAMILIES = tuple(f for f in leakcall.all_families()
                 if f.name in ("anthropic_xml", "dsml_plain", "olmo3", "hunyuan", "hunyuan_hy3"))

PARAM = st.builds(
    lambda key, attr, value: f'<parameter name="{key}"{attr}>{value}</parameter>',
    st.sampled_from(["command", "path", "n"]),
    st.sampled_from(["", ' string="true"', ' string="false"']),
    st.sampled_from(["ls", "1", "", "a b"]))
INVOKE = st.builds(
    lambda name, params, sep: f'<invoke name="{name}">{sep}' + sep.join(params) + f"{sep}</invoke>",
    st.sampled_from(["bash", "read"]), st.lists(PARAM, max_size=3), st.sampled_from(["", "\n"]))
REPLY = st.builds(
    lambda wrap, invokes, sep: (f"<{wrap}>{sep}" + sep.join(invokes) + f"{sep}</{wrap}>"
                                if wrap else sep.join(invokes)),
    st.sampled_from(["function_calls", "tool_calls", ""]), st.lists(INVOKE, min_size=1, max_size=3),
    st.sampled_from(["", "\n"]))


def _parsed_by(text: str) -> set[str]:
    out = set()
    for cand in candidates(text, FAMILIES, segments(text)):
        if isinstance(parse_candidate(text, cand), Parsed):
            out.add(cand.family.name)
    return out


@pytest.mark.heavy
@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(text=REPLY)
@example(text='<function_calls><invoke name="bash"></invoke></function_calls>')
@example(text='<function_calls><invoke name="bash"><parameter name="n" string="true">1</parameter>'
              "</invoke></function_calls>")
def test_at_most_one_family_parses_the_shared_vocabulary(text: str) -> None:
    got = _parsed_by(text)
    assert len(got) <= 1, (text, got)
    r = leakcall.recover(text, [])
    assert r.reason is not leakcall.Reason.AMBIGUOUS, (text, r.detail)


def test_the_attribute_decides_the_family() -> None:
    plain = ('<function_calls><invoke name="bash"><parameter name="command" string="true">ls'
             "</parameter></invoke></function_calls>")
    assert _parsed_by(plain) == {"dsml_plain"}
    assert _parsed_by(plain.replace(' string="true"', "")) == {"anthropic_xml"}


GEMMA = tuple(f for f in leakcall.all_families() if f.name in ("gemma4", "gemma4_ascii"))
G_STRING = st.sampled_from(['<|"|>ls<|"|>', '"ls"', '<|"|><|"|>', '""'])
G_SCALAR = st.one_of(G_STRING, st.sampled_from(["1", "-2.5", "true", "null"]))
G_VALUE = st.recursive(G_SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=3).map(lambda xs: "[" + ",".join(xs) + "]"),
    st.lists(st.tuples(st.sampled_from(["a", "b c"]), inner), max_size=3).map(
        lambda kv: "{" + ",".join(f"{k}:{v}" for k, v in kv) + "}")), max_leaves=6)
G_CALL = st.builds(lambda name, params: f"<|tool_call>call:{name}{{" + ",".join(
    f"{k}:{v}" for k, v in params) + "}<tool_call|>",
    st.sampled_from(["bash", "n"]), st.lists(st.tuples(st.sampled_from(["command", "x"]), G_VALUE),
                                             max_size=3))
G_REPLY = st.lists(G_CALL, min_size=1, max_size=3).map("".join)


def _gemma_parsed_by(text: str) -> set[str]:
    return {c.family.name for c in candidates(text, GEMMA, segments(text))
            if isinstance(parse_candidate(text, c), Parsed)}


@pytest.mark.heavy
@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(text=G_REPLY)
@example(text="<|tool_call>call:n{x:1}<tool_call|>")
@example(text='<|tool_call>call:n{x:[1,"ls"]}<tool_call|>')
def test_gemma_string_spellings_parse_in_at_most_one_family(text: str) -> None:
    got = _gemma_parsed_by(text)
    assert len(got) <= 1, (text, got)
    native, ascii_ = '<|"|>' in text, '"' in text.replace('<|"|>', "")
    if got:  # the family is the spelling of its strings; no strings at all is gemma4's
        assert got == ({"gemma4_ascii"} if ascii_ and not native else {"gemma4"}), (text, got)
    if native and ascii_:
        assert not got, text
