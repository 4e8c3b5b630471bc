"""``screens.alone``: markup alone in the reply skips the intent stage's judge and grounding
(a speed path, issue 27 item 5). It must change no outcome: every corpus reply and variants of
it (the markup bare, with a blank tail, indented, with a word before or after it) recover or
refuse exactly as they do with the path off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from leakcall import pipeline, recover
from leakcall.corpus import load_cases
from leakcall.intent.screens import alone
from leakcall.locate import Segment

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
WEATHER = [{"type": "function", "function": {
    "name": "get_weather", "parameters": {"type": "object", "properties": {
        "city": {"type": "string"}}, "required": ["city"]}}}]
LEAK = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'


def _variants(text: str) -> list[str]:
    bare = text.strip()
    return [text, bare, bare + "\n\n", " " + bare, "    " + bare, "Sure.\n" + bare,
            bare + "\nDone.", bare + "<|im_end|>", "<think>x</think>\n" + bare]


def _cases() -> list[tuple[str, list[Any], dict[str, Any]]]:
    out = []
    for d in sorted(CORPUS.iterdir()):
        if d.is_dir():
            for c in load_cases(d):
                opts = {k: v for k, v in c.options.items()
                        if k in ("reasoning", "reasoning_preopened", "families")}
                out += [(t, c.tools, opts) for t in _variants(c.text)]
    return out


def _distinct(cases: list[tuple[str, list[Any], dict[str, Any]]],
              ) -> list[tuple[str, list[Any], dict[str, Any]]]:
    # a variant can equal another (a corpus text already bare, or ending in a blank line):
    # the same text, tools and options recover the same, so each is recovered once
    seen: set[str] = set()
    out = []
    for t, tools, opts in cases:
        key = json.dumps([t, tools, opts], sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append((t, tools, opts))
    return out


def test_the_path_changes_no_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = _distinct(_cases())
    asked = pipeline.alone
    taken: list[bool] = []

    def spy(*args: Any) -> bool:
        taken.append(asked(*args))
        return taken[-1]

    monkeypatch.setattr(pipeline, "alone", spy)
    fast = []
    took = []
    for t, tools, opts in cases:
        taken.clear()
        fast.append(recover(t, tools, **opts))
        took.append(any(taken))
    # with the path off, a reply on which it was not taken runs the very same code: only the
    # replies it was taken on are recovered again (every one of them)
    monkeypatch.setattr(pipeline, "alone", lambda *_: False)
    diff = []
    for (t, tools, opts), f, on in zip(cases, fast, took, strict=True):
        if on and f != (s := recover(t, tools, **opts)):
            diff.append((t[:80], f.rule, s.rule))
    assert not diff, diff[:5]
    assert sum(f.ok and f.rule == "bare" for f in fast) > 100  # the path is taken
    assert sum(took) > 100


@pytest.mark.parametrize(("text", "rule"), [
    (LEAK, "bare"),                      # alone: recovered, rule bare
    (LEAK + "\n\n", "bare"),             # a blank tail: the same
    ("    " + LEAK, "indented-code"),    # indented: a code block, refused
    ("Paris.\n" + LEAK, None),           # a line before it: judged as a preamble
    (LEAK + "\nDone.", "prose-tail"),    # a word after it: refused
])
def test_only_markup_alone_takes_the_path(text: str, rule: str | None) -> None:
    r = recover(text, WEATHER)
    start = r.span[0] if r.span else 0
    end = r.span[1] if r.span else len(text)
    assert alone(text, (Segment(0, len(text), False),), start, end) == (rule == "bare")
    if rule is not None:
        assert r.rule == rule
        assert r.ok == (rule == "bare")
    else:
        assert r.rule != "bare"


def test_reasoning_or_a_start_past_zero_is_not_alone() -> None:
    n = len(LEAK)
    assert alone(LEAK, (Segment(0, n, False),), 0, n)
    assert not alone(LEAK, (Segment(0, n, True),), 0, n)
    assert not alone(LEAK, (Segment(0, 5, True), Segment(5, n, False)), 0, n)
    assert not alone(" " + LEAK, (Segment(0, n + 1, False),), 1, n + 1)
    assert not alone(LEAK + " x", (Segment(0, n + 2, False),), 0, n)
