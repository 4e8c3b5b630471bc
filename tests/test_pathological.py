"""Pathological inputs return a Recovery, within a gross bound (precise costs: benchmarks/)."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import leakcall
from leakcall import Reason

BOUND_S = 10
B = "｜DSML｜"
TOOL = {"type": "function", "function": {"name": "w", "parameters": {
    "type": "object", "properties": {"v": {}}}}}


@contextmanager
def _bound() -> Iterator[None]:
    def _fail(*_: Any) -> None:
        raise TimeoutError(f"took longer than {BOUND_S} s")

    old = signal.signal(signal.SIGALRM, _fail)
    signal.setitimer(signal.ITIMER_REAL, BOUND_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _dsml(value: str, string: str = "true", n: int = 1) -> str:
    inv = (f'<{B}invoke name="w">\n<{B}parameter name="v" string="{string}">{value}'
           f"</{B}parameter>\n</{B}invoke>\n")
    return f"<{B}function_calls>\n" + inv * n + f"</{B}function_calls>"


def _hermes(args: str) -> str:
    return '<tool_call>{"name": "w", "arguments": ' + args + "}</tool_call>"


CASES = {
    "1MB-dsml-value": (_dsml("x<y " * 250_000), Reason.OK),
    "1MB-hermes-value": (_hermes(json.dumps({"v": "é\\\"<" * 250_000})), Reason.OK),
    "100k-dsml-openers": (f"<{B}function_calls>" * 100_000, Reason.TRUNCATED),
    "100k-hermes-openers-closed": ("<tool_call>" * 100_000 + "</tool_call>", Reason.NO_TAGS),
    "100k-mixed-sentinels": ("<tool_call>[TOOL_CALLS]<|tool_call_begin|>" * 30_000, None),
    "deep-json": (_dsml("[" * 100_000 + "]" * 100_000, "false"), Reason.BAD_ARGUMENTS),
    "deep-json-hermes": (_hermes('{"v": ' + "[" * 50_000 + "]" * 50_000 + "}"),
                         Reason.BAD_ARGUMENTS),
    "5000-invocations": (_dsml("ls", n=5_000), Reason.OK),
    "lone-surrogates": (_dsml("\ud800\udfff\udc00"), Reason.BAD_ARGUMENTS),
    "paired-surrogates-as-json-escape": (_hermes('{"v": "\\ud83d\\ude00"}'), Reason.OK),
    "lone-surrogate-json-escape": (_hermes('{"v": "\\ud800"}'), Reason.BAD_ARGUMENTS),
    "nul-and-controls": (_dsml("\x00\x01\x1b[31m"), Reason.OK),
    "1MB-prose-no-tags": ("a < b | c [d] " * 80_000, Reason.NO_TAGS),
    # intent: long text around markup is refused by length, reasoning is read in a window
    "1MB-prose-then-markup": ("I'll not run it, e.g. " * 45_000 + "\n" + _dsml("ls"), Reason.PROSE),
    "1MB-reasoning-then-markup": ("<think>\n" + "I will run it soon. " * 50_000 + "\n</think>\n"
                                  + _dsml("ls"), Reason.OK),
    "1MB-reasoning-negation-then-markup": ("<think>\n" + "I will run it soon. " * 50_000
                                           + "I must not run it.\n</think>\n" + _dsml("ls"),
                                           Reason.QUOTED),
    "1MB-cjk-reasoning-then-markup": ("<think>\n" + "我不知道，所以需要调用工具。" * 70_000
                                      + "\n</think>\n" + _dsml("ls"), Reason.OK),
    "100k-reasoning-tags-in-prose": ("a </think> b <think> c\n" * 45_000 + _dsml("ls"), None),
    "markup-then-1MB-tail": (_dsml("ls") + "\nok " * 300_000, Reason.PROSE),
}


def _intent_seconds(text: str) -> float:
    import time  # noqa: PLC0415 - only this growth check times anything

    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        leakcall.recover(text, [TOOL])
        best = min(best, time.perf_counter() - t)
    return best


@pytest.mark.parametrize("unit", ["Let me check it, it's fine. ", "<think>\nI won't run it.\n",
                                  "这是一个例子，不要运行。"])
def test_intent_cost_grows_linearly(unit: str) -> None:
    """Ten times the text before the markup costs at most ~40 times as much (linear: 10; the
    slack absorbs a loaded machine)."""
    def reply(n: int) -> str:
        body = unit * n
        if body.startswith("<think>"):
            body = "<think>\n" + body.replace("<think>\n", "") + "</think>\n"
        return body + _dsml("ls")
    small, large = _intent_seconds(reply(5_000)), _intent_seconds(reply(50_000))
    assert large < 40 * small + 0.05, (small, large)


@pytest.mark.parametrize("name", sorted(CASES))
def test_pathological_input_returns_a_recovery(name: str) -> None:
    text, expected = CASES[name]
    with _bound():
        r = leakcall.recover(text, [TOOL])
    assert isinstance(r.reason, Reason)
    if expected is not None:
        assert r.reason is expected, r.detail
    if r.ok:
        assert r.calls
    else:
        assert r.content == text


def test_lone_surrogates_are_refused_not_passed_on() -> None:
    r = leakcall.recover(_dsml("a\ud800b"), [TOOL])
    assert r.reason is Reason.BAD_ARGUMENTS and "surrogate" in r.detail
    ok = leakcall.recover(_hermes('{"v": "\\ud83d\\ude00"}'), [TOOL])
    assert ok.ok and ok.calls[0].arguments == {"v": "😀"}
