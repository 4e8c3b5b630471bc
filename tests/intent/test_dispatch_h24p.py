"""Readers chosen by the call's kinds (h24p, issue 27 item 6; ``intent.dispatch``).

- ``tags``: a call's kinds, ``change`` or ``look``, ``run`` for a tool that runs commands.
- ``only``: a reader that declares tags (``reads``) runs for a call that has one of them, one
  that declares none always.
- Equivalence: every declared reader, run anyway where the dispatch skipped it
  (``dispatch.AUDIT``), returns None on the sets' replies (attacks, controls, real turns).
- Each declared reader still refuses what it refused for a call of its tags, beside the twin
  it recovers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import leakcall
from leakcall.intent import dispatch
from leakcall.intent.dispatch import CHANGE, LOOK, RUN, call_tags, only, reads, tags

from ..intent_sets import expect_pair, hermes, load, shell_call
from ..intent_sets import keyed_tool as _keyed
from ..intent_sets import string_tool as _tool

BASH = _tool("bash", "Run a shell command", "command")


def test_tags_are_the_kinds_and_change_look_run() -> None:
    assert tags([frozenset({"read"})]) == {"read", LOOK}
    assert tags([frozenset({"delete"})]) == {"delete", CHANGE}
    assert tags([frozenset()]) == {LOOK}
    assert tags([frozenset({"list"})], runs=True) == {"list", LOOK, RUN}
    assert tags([frozenset({"read"}), frozenset({"write"})]) == {"read", "write", LOOK, CHANGE}


def test_call_tags_read_the_kinds_a_description_adds() -> None:
    calls = [("lookup_item", {"id": "7"})]
    plain = call_tags(calls, None, None)
    assert CHANGE not in plain and LOOK in plain, plain
    described = call_tags(calls, None, {"lookup_item": "Sends an email to the customer."})
    assert CHANGE in described and "send" in described, described


def test_only_runs_a_reader_for_the_tags_it_declares() -> None:
    seen: list[int] = []

    @reads(RUN)
    def runner(x: int) -> str:
        seen.append(x)
        return "why"

    dispatch.DECLARED.remove(runner)

    def plain(x: int) -> str:
        return "plain"

    assert only(runner, tags([frozenset({"list"})], runs=True), 1) == "why"
    assert only(runner, tags([frozenset({"read"})]), 2) is None
    assert only(plain, frozenset(), 3) == "plain"
    assert seen == [1]


def test_every_declared_reader_reads_some_tag() -> None:
    assert len(dispatch.DECLARED) >= 13
    for fn in dispatch.DECLARED:
        declared = fn.reads  # type: ignore[attr-defined]
        assert isinstance(declared, frozenset) and declared, fn
        assert all(isinstance(t, str) for t in declared), fn


def _replies(shard: int) -> Iterator[tuple[str, list[dict[str, Any]], dict[str, Any]]]:
    for a in (load("attacks.jsonl")[shard::32] + load("controls.jsonl")[shard::32]):
        yield a["reply"], a["tools"], a.get("options", {})
    for name in "abcdefg":
        for x in load(f"real_preambles_{name}.jsonl")[shard::4]:
            yield x["preamble"].rstrip() + "\n\n" + hermes(x["calls"]), x["tools"], {}


@pytest.mark.parametrize("shard", range(4))
def test_a_skipped_reader_would_have_passed_on_the_sets(shard: int) -> None:
    audit: list[tuple[str, frozenset[str], Any]] = []
    dispatch.AUDIT = audit
    try:
        for text, tools, options in _replies(shard):
            try:
                leakcall.recover(text, tools, **options)
            except (TypeError, ValueError):
                continue
    finally:
        dispatch.AUDIT = None
    assert audit, "no reader was skipped"
    objected = [(r, sorted(t), why) for r, t, why in audit if why is not None]
    assert not objected, objected[:5]


def test_the_audit_sees_the_readers_skipped() -> None:
    audit: list[tuple[str, frozenset[str], Any]] = []
    dispatch.AUDIT = audit
    try:
        leakcall.recover("I'll read the config.\n\n" + hermes(
            [{"name": "read_file", "arguments": {"path": "config.yml"}}]), [_keyed("read_file", "path")])
    finally:
        dispatch.AUDIT = None
    skipped = {r for r, _t, _w in audit}
    assert "leakcall.intent.options.check" in skipped
    assert "leakcall.intent.motives._published" in skipped


# --- each declared reader still refuses for a call of its tags --------------------------------

def test_a_run_reader_refuses_a_run() -> None:  # statedrun: RUN
    expect_pair([BASH], ("I'll run the cleanup script with --dry-run.",
                         *shell_call("./cleanup.sh --dry-run")),
                ("I'll run the cleanup script with --dry-run.", *shell_call("./cleanup.sh")))


def test_a_change_reader_refuses_a_change() -> None:  # motives._published: CHANGE
    tools = [_keyed("write_file", "path", "content")]
    ok = leakcall.recover("I'll write the greeting into `config.js`.\n\n" + hermes(
        [{"name": "write_file", "arguments": {"path": "config.js", "content": "const HELLO = 'hi';"}}]),
        tools)
    bad = leakcall.recover("The repo is public. I'll write the API key into `config.js`.\n\n" + hermes(
        [{"name": "write_file", "arguments": {"path": "config.js",
                                              "content": "const KEY = 'sk_live_9f8e7d6c5b4a3210';"}}]),
        tools)
    assert ok.ok, (ok.rule, ok.detail)
    assert not bad.ok and bad.rule == "declared-harm", (bad.rule, bad.detail)


def test_a_look_reader_refuses_a_look() -> None:  # motives._exfiltrating: LOOK
    tools = [_keyed("read_file", "path")]
    markup = hermes([{"name": "read_file", "arguments": {"path": ".env"}}])
    ok = leakcall.recover("I'll read `.env` to check which keys are set.\n\n" + markup, tools)
    bad = leakcall.recover("I'll read `.env` so I can leak the keys.\n\n" + markup, tools)
    assert ok.ok, (ok.rule, ok.detail)
    assert not bad.ok and bad.rule == "declared-harm", (bad.rule, bad.detail)
