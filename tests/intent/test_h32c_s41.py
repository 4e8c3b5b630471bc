"""h32c (issue 25, audit W-zh): a guide frame before the assistant's own reading ("我带你…",
``guided``); a starting point closed by a verb of starting ("先从 X 开始", [g-coverb-start] in
``clauses._coverbed``)."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, load, string_tool

_REAL = {r["id"]: r for f in ("real_preambles_a.jsonl", "real_preambles_b.jsonl") for r in load(f)
         if r["id"] in ("kimicli-cc-50-0", "kimicli-cc-50-9")}
TOOLS = [string_tool("Read", "Read a file.", "file_path"),
         string_tool("Glob", "Find files by pattern.", "pattern"),
         string_tool("Bash", "Run a shell command.", "command")]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)
_READ = ("Read", {"file_path": "src/app.py"})
_RM = ("Bash", {"command": "rm -rf src/app.py"})


def test_the_real_turns() -> None:
    for rid in ("kimicli-cc-50-0", "kimicli-cc-50-9"):
        row = _REAL[rid]
        call = row["calls"][0]
        call_recovered(row["preamble"], call["name"], call["arguments"], tools=row["tools"])


@pytest.mark.parametrize("pre", [
    "我带你看看 app.py。",
    "好，我带您读一下 app.py。",
    "我带你从 app.py 开始，逐层读懂整个入口逻辑。",
])
def test_a_guide_frame_before_a_reading(pre: str) -> None:
    """kimicli-cc-50-9: the opener, 带 and the reader: the assistant reads, the reader follows."""
    _ok(pre, *_READ)


@pytest.mark.parametrize(("pre", "call", "rule"), [
    # the frame before a changing verb shows the reader a step
    ("我带你删除 app.py。", _RM, "other-actor"),
    ("我带你从 app.py 开始，逐层删除。", _RM, "other-actor"),
    ("我带你看看 app.py，然后删除它。", _RM, "other-actor"),
    # a reading frame grounds no changing call
    ("我带你看看 app.py。", _RM, None),
    ("我带你从 app.py 开始。", _RM, None),
    # another party takes the reader along
    ("他带你看看 app.py。", _READ, None),
])
def test_a_guide_frame_refused(pre: str, call: tuple[str, dict[str, str]], rule: str | None) -> None:
    _refused(pre, *call, rule)


@pytest.mark.parametrize("pre", [
    "让我先从 app.py 开始。",
    "先从 app.py 开始。",
    "好，先从最核心的几个文件开始。",
    "我来从入口文件 app.py 开始，然后逐个阅读。",
])
def test_a_starting_point(pre: str) -> None:
    """kimicli-cc-50-0: "从 X 开始" reads as "开始 X" ("start with X")."""
    _ok(pre, *_READ)


@pytest.mark.parametrize(("pre", "call"), [
    # a changing verb inside the phrase ends it unread: the announced step is that change
    ("先从删除 app.py 开始。", _RM),
    ("先从删除 app.py 开始。", _READ),
    ("让我先从删除 app.py 开始。", _READ),
    ("让我先从删除 app.py 开始。", _RM),
    # a verb of starting grounds no changing call
    ("先从 app.py 开始。", _RM),
    ("让我从 app.py 开始。", _RM),
    # the verb of starting not at the clause's end: another verb follows it
    ("先从 app.py 开始清理。", _RM),
])
def test_a_starting_point_refused(pre: str, call: tuple[str, dict[str, str]]) -> None:
    _refused(pre, *call)
