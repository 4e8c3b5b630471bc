"""The intent stage's cost on a preamble leak, continued (h21p, issue 27 item 6): what a
reply's readers ask for again and again is read once per reply, with every answer kept.
``memo.per_reply`` against the function it wraps (keyed by value and identity, never across
replies, a caller's list copied before it can change); ``tables.tongues_of`` against its plain
reading (a new list each time, read again when the tables are); the per-reply readers
(``kinds._command_values``, ``subagent.own_launches``, ``handoff._parties``,
``looked._pairs``, ``phrases._scripts``, ``lookchanges._key_steps``) against their plain
forms; and refuse/recover pairs of the readers touched."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import (
    handoff,
    lookchanges,
    looked,
    memo,
    phrases,
    tables,
)
from leakcall.intent.announcement import Announcement
from leakcall.intent.kinds import _command_values, _run_values
from leakcall.intent.preamble import announce
from leakcall.intent.subagent import own_launches
from leakcall.intent.view import normalize
from tests.intent_sets import expect_pair, recover_after, string_tool

# --- memo.per_reply: once per reply, by value and identity, never across replies


def test_a_reader_runs_once_per_reply_and_never_across_replies() -> None:
    seen: list[Any] = []

    @memo.per_reply
    def reader(text: str, calls: Any, schema: Any) -> int:
        seen.append(text)
        return len(seen)

    args = {"path": "a"}
    schema = {"type": "object"}

    @memo.one_reply
    def reply() -> list[int]:
        calls = [("f", args)]
        out = [reader("ab", calls, schema), reader("a" + "b", [("f", args)], schema)]
        calls.append(("g", {}))  # the caller's list changes: another reading
        out.append(reader("ab", calls, schema))
        out.append(reader("ab", [("f", dict(args))], schema))  # equal new arguments: again
        out.append(reader("ab", [("f", args)], dict(schema)))  # equal new schema: again
        out.append(reader("ac", [("f", args)], schema))  # another text: again
        return out

    assert reply() == [1, 1, 2, 3, 4, 5]
    assert reply() == [6, 6, 7, 8, 9, 10]  # a new reply reads again
    assert reader("ab", [("f", args)], schema) == 11  # outside a reply: no memo
    assert reader("ab", [("f", args)], schema) == 12


def test_a_kept_list_holds_its_items() -> None:
    """An entry keeps a caller's list as it was, so an item the caller drops stays alive and
    its identity is not reused by a new object inside the reply."""
    seen: list[int] = []

    @memo.per_reply
    def reader(items: list[Any]) -> int:
        seen.append(len(items))
        return len(seen)

    @memo.one_reply
    def reply() -> list[int]:
        out = []
        for _ in range(50):
            items = [{"n": 1}]
            out.append(reader(items))
            items.clear()  # the dict is dropped by the caller
        return out

    assert reply() == list(range(1, 51))  # each new dict is a new identity: read each time


# --- tables.tongues_of: the plain reading, a new list each time

def _plain(names: Any) -> list[str]:
    wanted = set(names)
    return [t.name for t in tables.tongues() if t.name in wanted]


@pytest.mark.parametrize("names", [(), ("en",), ("de", "en"), ["zh", "en", "xx"], {"fr"},
                                   ("xx",), ("en", "en")])
def test_tongues_of_is_the_plain_reading(names: Any) -> None:
    for _ in range(2):
        got = tables.tongues_of(names)
        assert [t.name for t in got] == _plain(names)
        got.append(got[0] if got else tables.english())  # a caller's list is its own
    assert [t.name for t in tables.tongues_of(names)] == _plain(names)


def test_tongues_of_reads_again_when_the_tables_are_read_again(monkeypatch: Any) -> None:
    every = tables.tongues()
    assert [t.name for t in tables.tongues_of(("en",))] == ["en"]
    fewer = tuple(t for t in every if t.name != "en")
    monkeypatch.setattr(tables, "tongues", lambda: fewer)
    assert tables.tongues_of(("en",)) == []
    monkeypatch.setattr(tables, "tongues", lambda: every)
    assert [t.name for t in tables.tongues_of(("en",))] == ["en"]


# --- the per-reply readers against their plain forms

_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("bash", {"command": "ls -la src/ && git status", "description": "List"}),
    ("run", {"cmd": ["pytest", "-q"], "cwd": "/tmp"}),
    ("get_weather", {"city": "東京 a<b | c[0] >= d; " * 20, "unit": "c"}),
    ("spawn_agent", {"task": "review the diff", "agent_type": "reviewer"}),
    ("f", {}),
]


def test_command_values_are_the_plain_reading_and_a_new_list_each_time() -> None:
    @memo.one_reply
    def reply() -> None:
        for _name, args in _CALLS:
            first = _command_values(args)
            assert first == _run_values.__wrapped__(args)
            first.append("changed")
            assert _command_values(args) == _run_values.__wrapped__(args)

    reply()


def test_the_per_reply_readers_answer_as_their_plain_forms() -> None:
    texts = ["Let me transfer you to the billing agent and check both orders.",
             "Ich prüfe beide Bestellungen.", "I'll ask the reviewer agent to look at it.",
             "东京的天气"]

    @memo.one_reply
    def reply() -> None:
        for text in texts:
            ann = announce(normalize(text))
            if not isinstance(ann, Announcement):
                continue
            for fn, args in [(looked._pairs, (ann.text, ann.tongues)),
                             (handoff._parties, (ann,)),
                             (phrases._scripts, (text,))]:
                assert fn(*args) == fn.__wrapped__(*args) == fn(*args), fn
            assert list(own_launches(ann, _CALLS, None, None)) == list(
                own_launches(ann, _CALLS, None, None))
        props = {"delete": {"type": "boolean", "description": "Delete the file."}}
        for key in ("delete", "force_update", "name"):
            assert lookchanges._key_steps(key, props) == lookchanges._key_steps.__wrapped__(
                key, props)

    reply()


# --- refuse/recover pairs of the readers touched

_RUN = string_tool("run_command", "Run a shell command.", "command")
_HANDOFF = string_tool("transfer_to_agent", "Transfer the user to another agent.", "agent_name")


def test_a_command_outside_the_announced_scope_is_still_refused() -> None:
    expect_pair([_RUN], ("Let me check the pods in the `staging` namespace.", "run_command",
                         {"command": "kubectl get pods -n staging"}),
                ("Let me check the pods in the `staging` namespace.", "run_command",
                 {"command": "kubectl get pods -n production"}))


def test_an_announced_hand_off_is_kept_and_another_party_refused() -> None:
    kept = recover_after("Let me transfer you to the billing agent.", [_HANDOFF],
                         ("transfer_to_agent", {"agent_name": "billing agent"}))
    refused = recover_after("Let me transfer you to the billing agent.", [_HANDOFF],
                            ("transfer_to_agent", {"agent_name": "admin agent"}))
    assert kept.ok, kept.detail
    assert not refused.ok


def test_a_long_leak_recovers_the_same_twice() -> None:
    """The shape of the benchmark's Hermes leak, read twice in one process: the second reply
    reads nothing the first one kept."""
    weather = string_tool("get_weather", "Get the weather for a city.", "city", "unit")
    city = "東京 " + "a<b | c[0] >= d; " * 110
    first = recover_after("Let me check the weather.", [weather],
                          ("get_weather", {"city": city, "unit": "c"})).to_dict()
    assert first["rule"] == "action-preamble", first
    assert recover_after("Let me check the weather.", [weather],
                         ("get_weather", {"city": city, "unit": "c"})).to_dict() == first
