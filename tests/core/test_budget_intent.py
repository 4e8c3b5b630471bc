"""The intent stage's budget (``budget.check_intent``): huge argument text after a preamble is
refused as ``too_complex`` at once; the same text bare, and a realistic file write, are not."""

from __future__ import annotations

import json
import resource
from collections.abc import Callable

import pytest

import leakcall
from leakcall import Reason
from leakcall.budget import MAX_INTENT_CHARS, MAX_INTENT_RUN

B = "｜DSML｜"
TOOL = {"type": "function", "function": {"name": "write_file", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}}
PREAMBLE = "I'll write the file.\n\n"


def _dsml(v: str) -> str:
    return (f'<{B}function_calls>\n<{B}invoke name="write_file">\n<{B}parameter name="path" '
            f'string="true">notes.txt</{B}parameter>\n<{B}parameter name="content" '
            f'string="true">{v}</{B}parameter>\n</{B}invoke>\n</{B}function_calls>')


def _hermes(v: str) -> str:
    return "<tool_call>\n" + json.dumps(
        {"name": "write_file", "arguments": {"path": "notes.txt", "content": v}}) + "\n</tool_call>"


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


@pytest.mark.parametrize("wrap", [_dsml, _hermes])
@pytest.mark.parametrize("size", [50_000, 200_000])
def test_huge_blank_argument_after_a_preamble_is_refused_fast(wrap: Callable[[str], str], size: int) -> None:
    start = _cpu()
    r = leakcall.recover(PREAMBLE + wrap(" " * size), [TOOL])
    assert _cpu() - start < 5
    assert (r.reason, r.rule) == (Reason.TOO_COMPLEX, "budget-intent-chars"), r.detail


@pytest.mark.parametrize("wrap", [_dsml, _hermes])
def test_the_same_text_bare_is_not_budgeted(wrap: Callable[[str], str]) -> None:
    r = leakcall.recover(wrap(" " * 200_000), [TOOL])
    assert r.rule not in ("budget-intent-chars", "budget-intent-run"), r.detail


@pytest.mark.parametrize("wrap", [_dsml, _hermes])
def test_run_pair(wrap: Callable[[str], str]) -> None:
    ok = leakcall.recover(PREAMBLE + wrap("a" + "\n" * MAX_INTENT_RUN + "b"), [TOOL])
    assert ok.ok, ok.detail
    r = leakcall.recover(PREAMBLE + wrap("a" + "\n" * (MAX_INTENT_RUN + 1) + "b"), [TOOL])
    assert (r.reason, r.rule) == (Reason.TOO_COMPLEX, "budget-intent-run"), r.detail


def test_chars_pair() -> None:
    room = MAX_INTENT_CHARS - len("pathcontentnotes.txt")
    assert leakcall.recover(PREAMBLE + _dsml("ab " * (room // 3)), [TOOL]).ok
    r = leakcall.recover(PREAMBLE + _dsml("ab " * (room // 3 + 1)), [TOOL])
    assert r.rule == "budget-intent-chars", r.detail


def test_realistic_30k_file_write_recovers() -> None:
    line = "    total = compute_value(items[index], options) + 1  # adjust the running total\n"
    body = (line * (30_000 // len(line) + 1))[:30_000]
    start = _cpu()
    r = leakcall.recover(PREAMBLE + _hermes(body), [TOOL])
    assert r.ok and r.calls[0].arguments["content"] == body, r.detail
    assert _cpu() - start < 10
