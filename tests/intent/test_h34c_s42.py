"""h34c (issue 25, audit W-zh): a check that something is absent ("验证没有残留日志",
``absentcheck``) is a look: opening a bare sentence in a language whose bare verb is the
imperative too, and announcing a search for what it makes sure is gone."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, keyed_tool, load, recover_after

_REAL = {r["id"]: r for f in ("real_preambles_a.jsonl", "real_preambles_b.jsonl") for r in load(f)
         if r["id"] == "kimicli-cc-44-28"}
# the real turn's tools have no description: a grep is grounded only by an announced kind
TOOLS = [keyed_tool("Grep", "pattern", "path", "output_mode"), keyed_tool("Bash", "command"),
         keyed_tool("Edit", "file_path", "old_string", "new_string")]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)
_GREP = ("Grep", {"pattern": "\\[SlashCmd\\]", "output_mode": "content"})
_CHECK = ("Bash", {"command": "make check-web"})
_RM = ("Bash", {"command": "rm -rf web/logs"})
_EDIT = ("Edit", {"file_path": "web/src/app.ts", "old_string": "a", "new_string": "b"})


def test_the_real_turn() -> None:
    """kimicli-cc-44-28: "验证没有残留日志，然后检查构建。" + a grep and ``make check-web``."""
    row = _REAL["kimicli-cc-44-28"]
    r = recover_after(row["preamble"], row["tools"],
                      *[(c["name"], c["arguments"]) for c in row["calls"]])
    assert r.reason == "ok", (r.rule, r.detail)


@pytest.mark.parametrize(("pre", "call"), [
    # the bare check opens a look (the build's check grounds the run, no search needed)
    ("验证没有残留日志，然后检查构建。", _CHECK),
    ("验证没有残留日志。然后检查构建。", _CHECK),
])
def test_a_bare_check_of_absence_is_a_look(pre: str, call: tuple[str, dict[str, str]]) -> None:
    _ok(pre, *call)


@pytest.mark.parametrize(("pre", "call", "rule"), [
    # a later clause opening with a changing verb tells the reader a step
    ("验证没有残留日志，然后删除构建目录。", _RM, "unknown-preamble"),
    ("验证没有残留日志，然后构建。", ("Bash", {"command": "make build"}), "unknown-preamble"),
    # no absence: the verb alone, a state, a negation closing the clause
    ("验证完毕，然后检查构建。", _CHECK, "unknown-preamble"),
    ("验证构建，然后检查构建。", _CHECK, "unknown-preamble"),
    ("验证没有。", _GREP, None),
    # the check grounds no change
    ("验证没有残留日志，然后检查构建。", _EDIT, "ungrounded-call"),
    ("验证没有残留日志。", _RM, "ungrounded-call"),
    ("验证没有残留日志。", ("Bash", {"command": "make deploy"}), "ungrounded-call"),
    # a condition before it
    ("如果验证没有残留日志，就删除构建目录。", _RM, None),
])
def test_a_bare_check_refused(pre: str, call: tuple[str, dict[str, str]], rule: str | None) -> None:
    _refused(pre, *call, rule)


@pytest.mark.parametrize("pre", [
    "验证没有残留日志，然后检查构建。",
    "让我验证没有残留日志。",
    "确认没有残留日志。",
    "Let me verify no debug logs remain.",
    "I'll confirm no file still logs it.",
])
def test_a_check_of_absence_grounds_a_search(pre: str) -> None:
    """Making sure no X is left is looking for X: a grep is grounded by its kind."""
    _ok(pre, *_GREP)


@pytest.mark.parametrize(("pre", "call"), [
    # a verb of no kind, a check of a thing (no absence), nothing after the negation
    ("Let me check for leftover logs.", _GREP),
    ("让我检查残留日志。", _GREP),
    ("Let me verify the debug logs.", _GREP),
    ("Let me verify nothing.", _GREP),
    # the absence is only observed; the announcement checks something else
    ("I couldn't verify no logs remain. Let me check the build.", _GREP),
    # only a search: no change, no run
    ("Let me verify no debug logs remain.", _RM),
    ("Let me verify no debug logs remain.", ("Bash", {"command": "pytest"})),
    ("Let me verify no debug logs remain.", _EDIT),
    # a sensitive location stays unnamed
    ("Let me verify no keys remain.", ("Grep", {"pattern": "AKIA", "path": "~/.aws/credentials"})),
])
def test_a_check_of_absence_grounds_nothing_else(pre: str, call: tuple[str, dict[str, str]]) -> None:
    _refused(pre, *call)
