"""The complexity budget (``leakcall.budget``) and the stream's size limits: each limit refuses
just past it, with its rule, and accepts just below it."""

from __future__ import annotations

import json
import tracemalloc

import pytest

import leakcall
from leakcall import Reason, StreamRecoverer
from leakcall.budget import MAX_CALLS, MAX_DEPTH, MAX_ENVELOPES, MAX_KEYS, MAX_TOKENS

TOOL = {"type": "function", "function": {"name": "w", "parameters": {"type": "object"}}}


def _hermes(args: str) -> str:
    return '<tool_call>{"name": "w", "arguments": ' + args + "}</tool_call>"


def _nested(depth: int) -> str:
    """An argument object whose deepest container is at ``depth`` (the object is depth 1)."""
    return '{"v": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"


def _refused(text: str, rule: str) -> None:
    r = leakcall.recover(text, [TOOL])
    assert (r.reason, r.rule) == (Reason.TOO_COMPLEX, rule), r.detail
    assert r.content == text and not r.calls


def test_depth() -> None:
    assert leakcall.recover(_hermes(_nested(MAX_DEPTH)), [TOOL]).ok
    _refused(_hermes(_nested(MAX_DEPTH + 1)), "budget-depth")


def test_depth_of_objects() -> None:
    deep = '{"a": ' * (MAX_DEPTH - 1) + "{}" + "}" * (MAX_DEPTH - 1)
    assert leakcall.recover(_hermes(deep), [TOOL]).ok
    _refused(_hermes('{"a": ' + deep + "}"), "budget-depth")


def test_keys() -> None:
    def obj(n: int) -> str:
        return json.dumps({"v": {f"k{i}": i for i in range(n)}})

    assert leakcall.recover(_hermes(obj(MAX_KEYS)), [TOOL]).ok
    _refused(_hermes(obj(MAX_KEYS + 1)), "budget-keys")


def test_keys_of_the_argument_object() -> None:
    args = json.dumps({f"k{i}": i for i in range(MAX_KEYS + 1)})
    _refused(_hermes(args), "budget-keys")


@pytest.mark.heavy
@pytest.mark.parametrize("family", ["lfm2", "olmo3"])
def test_keys_of_a_python_dict(family: str) -> None:
    pairs = ", ".join(f'"k{i}": {i}' for i in range(MAX_KEYS + 1))
    open_, close = {"lfm2": ("<|tool_call_start|>[", "]<|tool_call_end|>"),
                    "olmo3": ("<function_calls>", "</function_calls>")}[family]
    text = open_ + "w(v={" + pairs + "})" + close
    r = leakcall.recover(text, [TOOL], families=[family])
    # Four tokens per pair: the token budget fires before the key count is reached.
    assert r.reason is Reason.TOO_COMPLEX and r.rule in ("budget-keys", "budget-tokens"), r.detail


@pytest.mark.heavy
def test_calls() -> None:
    block = _hermes("{}") + "\n"
    r = leakcall.recover(block * MAX_CALLS, [TOOL], families=["hermes"])
    assert r.ok and len(r.calls) == MAX_CALLS
    _refused(block * (MAX_CALLS + 1), "budget-calls")


def test_envelopes() -> None:
    unit = "<tool_call>{}</tool_call>\n<think>\n</think>\n"
    # hermes, glm and qwen3_coder all open with <tool_call>: three candidates per segment.
    per_segment = sum("<tool_call>" in f.opens for f in leakcall.all_families())
    n = MAX_ENVELOPES // per_segment + 1
    _refused(unit * n, "budget-envelopes")
    r = leakcall.recover(unit * (MAX_ENVELOPES // per_segment), [TOOL])
    assert r.reason is not Reason.TOO_COMPLEX, r.detail


@pytest.mark.heavy
def test_tokens() -> None:
    # lfm2 reads a pythonic list item by item: two tokens per "1,".
    n = MAX_TOKENS // 2 + 10
    text = "<|tool_call_start|>[w(v=[" + "1," * n + "1])]<|tool_call_end|>"
    r = leakcall.recover(text, [TOOL], families=["lfm2"])
    assert (r.reason, r.rule) == (Reason.TOO_COMPLEX, "budget-tokens"), r.detail
    small = "<|tool_call_start|>[w(v=[" + "1," * 1000 + "1])]<|tool_call_end|>"
    assert leakcall.recover(small, [TOOL], families=["lfm2"]).ok


@pytest.mark.heavy
def test_the_token_budget_stops_the_parse_as_it_reads() -> None:
    """Issue 26: a reply costs the budget, not its size. A bare pythonic list of 1.3 million
    items (3.9 MB, under MAX_TEXT_CHARS) is refused as soon as the parse has read MAX_TOKENS
    tokens: its peak memory is a few MB (it was 568 MiB when the budget was checked on the
    finished tree)."""
    tools = [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"a": {"type": "array"}}}}}]
    text = "[f(a=[" + "1, " * 1_300_000 + "1])]"
    leakcall.recover("[f(a=[1])]", tools)  # grammars and tables built before measuring
    tracemalloc.start()
    try:
        r = leakcall.recover(text, tools)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (r.reason, r.rule) == (Reason.TOO_COMPLEX, "budget-tokens")
    assert peak < 64 * 2**20, peak


def test_too_complex_is_documented() -> None:
    assert Reason.TOO_COMPLEX.value == "too_complex"
    assert Reason.TOO_COMPLEX in leakcall.reasons.DEFAULT_RULE


# -- StreamRecoverer limits -------------------------------------------------------------------

CALL = _hermes("{}")


def test_stream_hold_limit_releases_everything() -> None:
    s = StreamRecoverer([TOOL], max_hold=30)
    assert s.feed("Sure. ") == "Sure. "
    assert s.feed(CALL[:20]) == ""  # 20 held: within the limit
    assert s.holding
    out = s.feed(CALL[20:])  # 40 held: past it, everything is released
    assert out == CALL and not s.holding and s.shown == len("Sure. " + CALL)
    assert s.feed(" more <tool_call>") == " more <tool_call>"  # nothing is held any more
    end = s.close()
    assert end.text == "" and end.recovery.content == ""
    assert (end.recovery.reason, end.recovery.rule) == (Reason.TOO_LARGE, "hold-limit")
    assert "max_hold 30" in end.recovery.detail


def test_stream_within_hold_limit_is_unchanged() -> None:
    s = StreamRecoverer([TOOL], max_hold=len(CALL))
    shown = s.feed("I will call `w`. ") + s.feed(CALL)
    end = s.close()
    assert end.recovery == leakcall.recover("I will call `w`. " + CALL, [TOOL])
    assert end.recovery.ok and shown + end.text == end.recovery.content


def test_stream_past_max_text_chars_keeps_nothing() -> None:
    s = StreamRecoverer([TOOL])
    n = leakcall.MAX_TEXT_CHARS
    assert s.feed("a" * n) == "a" * n  # prose: released at once, but kept for close()
    assert s.feed("b") == "b"
    end = s.close()
    assert end.text == "" and end.recovery.content == ""
    assert (end.recovery.reason, end.recovery.rule) == (Reason.TOO_LARGE, "too-large")
    assert end.recovery.detail == f"the reply has {n + 1} characters (limit {n})"


def test_stream_held_past_max_text_chars_is_released() -> None:
    s = StreamRecoverer([TOOL])
    first = "<tool_call>" + "x" * (leakcall.MAX_TEXT_CHARS - 20)
    assert s.feed(first) == ""
    assert s.feed("y" * 40) == first + "y" * 40
    end = s.close()
    assert (end.text, end.recovery.reason, end.recovery.rule) == ("", Reason.TOO_LARGE, "too-large")


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True])
def test_stream_max_hold_misuse(bad: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        StreamRecoverer([TOOL], max_hold=bad)  # type: ignore[arg-type]


def test_stream_past_max_text_chars_while_holding_keeps_nothing() -> None:
    """The size limit is checked on the slow path too: a reply held from an opener on passes
    MAX_TEXT_CHARS before it holds more than max_hold."""
    s = StreamRecoverer([TOOL])
    n = leakcall.MAX_TEXT_CHARS
    assert s.feed("Sure. ") == "Sure. "
    assert s.feed(CALL[:12]) == "" and s.holding
    rest = "a" * (n - 6 - 12)
    assert s.feed(rest) == ""  # n characters received, n - 6 held: within both limits
    out = s.feed("bbb")  # n + 3 received, n - 3 held: only the size limit is passed
    assert out == CALL[:12] + rest + "bbb" and not s.holding
    end = s.close()
    assert end.text == "" and end.recovery.content == ""
    assert (end.recovery.reason, end.recovery.rule) == (Reason.TOO_LARGE, "too-large")
