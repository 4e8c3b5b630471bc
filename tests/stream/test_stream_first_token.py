"""The first visible token (issue 27): a reply that starts with an anchored opener ("[", "{") is
shown as soon as it can no longer be that family's envelope (``parse.could_open``, asked of the
family's grammar), never while it still can, and the stream still ends exactly as ``recover``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall import StreamRecoverer
from leakcall._partial import Partial
from leakcall.corpus import load_cases
from leakcall.locate import segments
from leakcall.parse import could_open
from leakcall.stream import PROBE_CHARS

from ..conftest import examples
from ..streaming import assert_stream_agrees

ROOT = Path(__file__).resolve().parents[2]
TOOLS: list[dict[str, Any]] = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
ANCHORING = [f for f in leakcall.all_families() if f.anchored_opens]

CLEAN = [
    "[1] First, install the package.\n[2] Then run it.",
    "[docs](https://example.com/docs) explain the options.",
    "{curly} braces are placeholders in the template.",
    '{"answer": 42, "unit": "m"}',
    "[ ] write tests\n[x] ship it",
    "[Note] The server restarts at midnight.",
    "[link text](x) and more text after the link.",
    "[]",
    "{ }",
    "[TODO: fill in]",
    "[{\"a\": 1}, {\"b\": 2}] is a list of objects.",
    "[see(below)] for details",
    "{{ template }} stays as written.",
    "to=functions is not a call here, just prose.",
    "  \n\n[1] after blank lines",
]


def _first_output(text: str, tools: list[Any] = TOOLS) -> int | None:
    """After how many characters, fed one by one, the stream first shows something."""
    s = StreamRecoverer(tools)
    for i, ch in enumerate(text):
        if s.feed(ch):
            return i + 1
    s.close()
    return None


@pytest.mark.parametrize("text", CLEAN)
def test_a_clean_reply_shows_within_16_characters(text: str) -> None:
    first = _first_output(text)
    assert first is not None and first <= 16, first
    for size in (1, 2, 5):
        assert_stream_agrees(text, TOOLS, "ignore", size)


@pytest.mark.parametrize("text", [
    "[get_weather(city='Paris')]", "[get_weather(city='Paris')]\n\n",
    "[ get_weather ( city = 'Paris' ) ]", '{"name": "get_weather", "parameters": {"city": "Paris"}}',
    '{\n  "name": "get_weather",\n  "arguments": {"city": "Paris"}\n}\n',
    "<think>The user wants Paris.</think>\n[get_weather(city='Paris')]",
])
def test_a_leak_is_never_shown_before_its_end(text: str) -> None:
    r = leakcall.recover(text, TOOLS)
    assert r.ok, r
    assert _first_output(text) is None or _first_output(text) <= r.span[0]  # type: ignore[index]
    for size in (1, 3, 7):
        assert_stream_agrees(text, TOOLS, "ignore", size)


def test_the_decision_points_are_the_grammars() -> None:
    """Pythonic: "[" then a name followed by "(" is a call's beginning; bare JSON: "{" then a
    call key. Decided from the grammar files, not from per-family code."""
    py, js = leakcall.get_family("pythonic"), leakcall.get_family("llama3_json")
    assert [could_open(py, t) for t in ("[", "[get", "[get_weather", "[get_weather(", "[get (")] == [
        True] * 5
    assert [could_open(py, t) for t in ("[1", "[docs]", "[docs](", "[ ]", "[get_weather)")] == [
        False] * 5
    assert [could_open(js, t) for t in ("{", '{"', '{"na', '{"name"', '{ "arguments": {')] == [
        True] * 5
    assert [could_open(js, t) for t in ("{c", '{"an', '{"answer"', "{}", '{"tool"')] == [
        False] * 5


def test_past_the_probe_a_beginning_is_held_to_the_end() -> None:
    s = StreamRecoverer(TOOLS, families=["pythonic"])
    head = "[get_weather(city='" + "x" * PROBE_CHARS
    assert "".join(s.feed(ch) for ch in head) == "" and s.holding
    assert s.feed("')] and prose after it") == ""  # no longer asked: held
    end = s.close()
    assert end.text == head + "')] and prose after it" and not end.recovery.ok


def _anchored_leaks() -> list[tuple[leakcall.Family, str]]:
    """Every corpus reply recovered from an envelope that starts at a segment's first
    non-whitespace character with an anchored opener: the text from there."""
    out = []
    for case in load_cases(ROOT / "corpus"):
        r = leakcall.recover(case.text, case.tools, **case.options)
        if not r.ok or r.span is None:
            continue
        fam = leakcall.get_family(r.family)  # type: ignore[arg-type]
        start = r.span[0]
        lead = next((s for s in segments(case.text) if s.start <= start < s.end), None)
        if lead is None or case.text[lead.start : start].strip():
            continue
        if any(case.text.startswith(a, start) for a in fam.anchored_opens):
            out.append((fam, case.text[start:]))
    return out


@pytest.mark.heavy
def test_every_beginning_of_a_recovered_anchored_leak_could_open() -> None:
    leaks = _anchored_leaks()
    assert {f.name for f, _ in leaks} >= {"pythonic", "llama3_json"}
    for fam, text in leaks:
        for k in range(1, min(len(text), 4 * PROBE_CHARS) + 1):
            assert could_open(fam, text[:k]), (fam.name, text[:k])


_CALLISH = st.sampled_from(["[", "]", "{", "}", "(", ")", "get_weather", "city", "=", "'Paris'",
                            '"', '"name"', ":", ",", " ", "\n", "x", "1", "True", "<think>",
                            "</think>", "<|python_end|>", '"arguments"', "to=functions."])


@pytest.mark.heavy
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(head=st.sampled_from(["[", "{", " [", "\n{", "to=functions.", "<think>a</think>\n["]),
       rest=st.lists(_CALLISH, max_size=14), size=st.integers(1, 6))
def test_random_replies_opening_with_an_anchored_opener_agree(
        head: str, rest: list[str], size: int) -> None:
    assert_stream_agrees(head + "".join(rest), TOOLS, "ignore", size)


@pytest.mark.heavy
@settings(max_examples=examples(200), deadline=None)
@given(name=st.from_regex(r"[a-z_][a-z0-9_]{0,12}", fullmatch=True),
       args=st.lists(st.tuples(st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True),
                               st.sampled_from(["'Paris'", "1", "None", "[1, 2]", '{"k": "v"}'])),
                     max_size=3),
       ws=st.sampled_from(["", " ", "\n"]))
def test_every_beginning_of_a_pythonic_call_list_could_open(
        name: str, args: list[tuple[str, str]], ws: str) -> None:
    py = leakcall.get_family("pythonic")
    call = f"[{ws}{name}({', '.join(f'{k}={v}' for k, v in args)}){ws}]"
    for k in range(1, len(call) + 1):
        assert could_open(py, call[:k]), call[:k]


@pytest.mark.heavy
@pytest.mark.parametrize("fam", ANCHORING, ids=lambda f: f.name)
def test_partial_terminals_never_miss_a_real_match(fam: leakcall.Family) -> None:
    """``Partial`` over-approximates each terminal of the anchored families: wherever the
    terminal's own regex matches, its ``within`` allows that span and its ``prefix`` every
    beginning of it."""
    lark = fam.parser()
    texts = [t for _, t in _anchored_leaks()] + CLEAN
    for term in lark.terminals:
        rx = re.compile(term.pattern.to_regexp(), lark.lexer_conf.g_regex_flags)
        part = Partial(term.pattern.to_regexp(), lark.lexer_conf.g_regex_flags)
        for text in texts:
            for i in range(len(text)):
                m = rx.match(text, i)
                if m is None or m.end() == i:
                    continue
                assert part.could_span(text, i, m.end()), (term.name, text, i)
                for k in {i, (i + m.end()) // 2, m.end()}:
                    assert part.could_run_on(text[:k], i), (term.name, text[:k], i)
