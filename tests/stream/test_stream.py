"""StreamRecoverer: same answer as ``recover``, markup never shown, minimal holdback, linear cost."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import leakcall
from leakcall import StreamEnd, StreamRecoverer
from leakcall.corpus import Case
from leakcall.locate import REASONING_TAGS
from leakcall.parse import could_open
from leakcall.stream import PROBE_CHARS

from ..conftest import CASES

FAMILIES = leakcall.all_families()


def _families(case: Case) -> tuple[leakcall.Family, ...]:
    names = case.options.get("families")
    return FAMILIES if names is None else tuple(leakcall.get_family(n) for n in names)


def _pieces(text: str, cuts: Sequence[int]) -> list[str]:
    points = sorted({c for c in cuts if 0 < c < len(text)})
    return [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]


def _stream(case: Case, pieces: Sequence[str]) -> tuple[list[str], StreamEnd]:
    s = StreamRecoverer(case.tools, **case.options)
    shown = [s.feed(p) for p in pieces]
    return shown, s.close()


def _check(case: Case, pieces: Sequence[str]) -> str:
    """The invariants for one split of one case; returns what feed showed."""
    text = "".join(pieces)
    shown, end = _stream(case, pieces)
    ref = leakcall.recover(text, case.tools, **case.options)
    assert end.recovery == ref
    assert [c.id for c in end.recovery.calls] == [c.id for c in ref.calls]
    joined = "".join(shown)
    assert joined + end.text == ref.content
    if ref.ok:
        assert ref.span is not None
        assert len(joined) <= ref.span[0], "markup was shown"
        assert text.startswith(joined)
    else:
        assert joined + end.text == text
    return joined


def _occurrences(text: str, lit: str) -> list[int]:
    out, i = [], text.find(lit)
    while i != -1:
        out.append(i)
        i = text.find(lit, i + 1)
    return out


def _expected_shown(prefix: str, fams: Sequence[leakcall.Family]) -> int:
    """Oracle, by brute force: how much of ``prefix`` may be shown (the holdback rule)."""
    cut = len(prefix)
    for lit in {o for f in fams for o in f.opens}:
        i = prefix.find(lit)
        if i != -1:
            cut = min(cut, i)
        for k in range(1, len(lit)):
            if prefix.endswith(lit[:k]):
                cut = min(cut, len(prefix) - k)
    anchored = {a for f in fams for a in f.anchored_opens}
    if anchored:
        starts = {0} | {i + len(c) for _, c in REASONING_TAGS for i in _occurrences(prefix, c)}
        for s in starts:
            lead = s
            while lead < len(prefix) and prefix[lead].isspace():
                lead += 1
            head = prefix[lead:]
            if head and _anchored_held(head, fams):
                cut = min(cut, lead)
    return cut


def _anchored_held(head: str, fams: Sequence[leakcall.Family]) -> bool:
    """Is the text from a segment start held: a proper prefix of an anchored opener, or a
    complete one whose family could still read on (``could_open``, asked of the beginning every
    region recover could read there starts with, up to ``PROBE_CHARS`` characters)?"""
    anchored = {a for f in fams for a in f.anchored_opens}
    if any(a.startswith(head) and len(a) > len(head) for a in anchored):
        return True
    limit = max(PROBE_CHARS, *map(len, anchored))
    head = head[:limit]
    tags = {t for pair in REASONING_TAGS for t in pair}
    for f in fams:
        if not any(head.startswith(a) for a in f.anchored_opens):
            continue
        # a region ends at a segment's end (maybe at any reasoning tag, or one the text ends
        # inside) or after the family's last closer, and is trimmed
        ends = [i for t in tags for i in _occurrences(head, t)]
        ends += [len(head) - k for t in tags for k in range(1, len(t)) if head.endswith(t[:k])]
        if not f.closed_by_end:
            ends += [i + len(c) for c in f.closes for i in _occurrences(head, c)]
        if could_open(f, head[: min(ends, default=len(head))].rstrip()):
            return True
    return False


def _sentinels(fams: Sequence[leakcall.Family]) -> set[str]:
    lits = {x for f in fams for x in (*f.opens, *f.anchored_opens, *f.closes)}
    return lits | {t for pair in REASONING_TAGS for t in pair}


# -- every corpus case -----------------------------------------------------------------------


@pytest.mark.heavy
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_corpus_case(case: Case) -> None:
    """Every case: 1-character deltas (the holdback equals the oracle at sampled prefixes), the
    whole text in one delta, and deltas that end inside every multi-character sentinel."""
    text = case.text
    fams = _families(case)
    s = StreamRecoverer(case.tools, **case.options)
    rng = random.Random(case.id)
    probes = set(rng.sample(range(len(text) + 1), min(12, len(text) + 1))) | {len(text)}
    shown: list[str] = []
    for i, ch in enumerate(text):
        shown.append(s.feed(ch))
        if i + 1 in probes:
            assert s.shown == _expected_shown(text[: i + 1], fams), (i, text[: i + 1])
    end = s.close()
    ref = leakcall.recover(text, case.tools, **case.options)
    assert end.recovery == ref
    assert "".join(shown) + end.text == ref.content
    if ref.ok:
        assert ref.span is not None and s.shown <= ref.span[0]
    assert _check(case, [text]) == "".join(shown)

    occ = [(i, len(lit)) for lit in _sentinels(fams) if len(lit) > 1
           for i in _occurrences(text, lit)]
    if not occ:
        _check(case, _pieces(text, range(0, len(text), 3)))
        return
    for pick in (lambda n: 1, lambda n: n // 2, lambda n: n - 1):
        _check(case, _pieces(text, [i + pick(n) for i, n in occ]))


@pytest.mark.heavy
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_splits(data: st.DataObject) -> None:
    case = data.draw(st.sampled_from(CASES), label="case")
    text = case.text
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=40), label="cuts")
    _check(case, _pieces(text, cuts))


@pytest.mark.exhaustive
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_splits_heavy(data: st.DataObject) -> None:
    case = data.draw(st.sampled_from(CASES), label="case")
    text = case.text
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=len(text)), label="cuts")
    _check(case, _pieces(text, cuts))


# -- behaviour by example --------------------------------------------------------------------

HERMES_TOOLS: list[dict[str, Any]] = [{
    "type": "function",
    "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
}]
HERMES_CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def test_prose_is_released_at_once() -> None:
    s = StreamRecoverer(HERMES_TOOLS)
    assert s.feed("Let me check ") == "Let me check "
    assert s.feed("the weather.") == "the weather."
    end = s.close()
    assert end.text == ""
    assert end.recovery.reason == "no_tags"


def test_partial_opener_is_held_only_while_it_can_complete() -> None:
    s = StreamRecoverer(HERMES_TOOLS, families=["hermes"])
    assert s.feed("a <tool") == "a "
    assert s.feed("_c") == ""
    assert s.feed("x") == "<tool_cx"
    assert s.feed(" <") == " "
    assert not s.holding
    assert s.close().text == "<"


def test_call_after_prose_is_held_and_recovered() -> None:
    s = StreamRecoverer(HERMES_TOOLS)
    pre = "I'll look it up.\n\n"
    shown = "".join(s.feed(ch) for ch in pre + HERMES_CALL)
    assert shown == pre
    assert s.holding
    end = s.close()
    assert end.recovery.ok, end.recovery.detail
    assert end.recovery.calls[0].arguments == {"city": "Paris"}
    assert shown + end.text == end.recovery.content


def test_refusal_releases_everything() -> None:
    s = StreamRecoverer(HERMES_TOOLS)
    text = "Example:\n```\n" + HERMES_CALL + "\n```\n"
    shown = "".join(s.feed(text[i : i + 5]) for i in range(0, len(text), 5))
    end = s.close()
    assert not end.recovery.ok
    assert shown + end.text == text


def test_anchored_opener_at_reply_start_is_held() -> None:
    fams = [f.name for f in FAMILIES if f.anchored_opens]
    if not fams:
        pytest.skip("no family with an anchored opener")
    a = next(f.anchored_opens[0] for f in FAMILIES if f.anchored_opens)
    s = StreamRecoverer(HERMES_TOOLS, families=fams)
    assert s.feed("  \n") == "  \n"  # whitespace before the lead is content either way
    assert s.feed(a) == ""  # held while it can be an envelope (it can: nothing follows yet)
    assert not s.holding and s.shown == 3
    t = StreamRecoverer(HERMES_TOOLS, families=fams)
    assert t.feed("Hi " + a) == "Hi " + a  # not at a segment start: released
    u = StreamRecoverer(HERMES_TOOLS, families=fams)
    assert u.feed("<think>x</think>") == "<think>x</think>"
    assert u.feed("\n" + a) == "\n"  # a segment starts after the reasoning closer
    # a call's beginning that is still one after PROBE_CHARS characters: held to the end
    v = StreamRecoverer(HERMES_TOOLS, families=["pythonic"])
    assert "".join(v.feed(ch) for ch in "[get_weather(city='" + "Paris " * 8) == ""
    assert v.holding


def test_empty_and_misuse() -> None:
    s = StreamRecoverer([])
    assert s.feed("") == ""
    end = s.close()
    assert end.text == "" and end.recovery.reason == "no_text"
    with pytest.raises(RuntimeError):
        s.feed("x")
    with pytest.raises(RuntimeError):
        s.close()
    with pytest.raises(TypeError):
        StreamRecoverer([]).feed(b"x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        StreamRecoverer("nope")
    with pytest.raises(TypeError):
        StreamRecoverer([], families="hermes")
    with pytest.raises(KeyError):
        StreamRecoverer([], families=["no-such-family"])
    with pytest.raises(ValueError):
        StreamRecoverer([], reasoning="keep")  # type: ignore[arg-type]


def test_options_pass_through() -> None:
    text = "<think>\n" + HERMES_CALL + "\n</think>"
    for reasoning in ("ignore", "recover"):
        s = StreamRecoverer(HERMES_TOOLS, reasoning=reasoning, id_salt="turn-7")
        for ch in text:
            s.feed(ch)
        assert s.close().recovery == leakcall.recover(text, HERMES_TOOLS, reasoning=reasoning,
                                                      id_salt="turn-7")


def _feed_seconds(size: int) -> float:
    unit = "All good here, nothing to see; just prose with <tags> and [brackets]. "
    text = (unit * (size // len(unit) + 1))[:size]
    s = StreamRecoverer(HERMES_TOOLS)
    t0 = time.process_time()  # CPU time: other load on the machine does not count
    for ch in text:
        s.feed(ch)
    return time.process_time() - t0


@pytest.mark.heavy
def test_feed_cost_is_linear() -> None:
    """1-character deltas: 10x the text costs about 10x the time (quadratic would be 100x)."""
    small = min(_feed_seconds(20_000) for _ in range(3))
    large = min(_feed_seconds(200_000) for _ in range(2))
    assert large / small < 30, (small, large)
