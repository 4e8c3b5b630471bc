"""Round 47's counted changes (h22b, ``countedchange``): how many things a change takes back,
and how far back, is a number the text writes; a singular object is one ("I'll undo the last
commit." + ``count: 15`` refuses, + ``count: 1`` recovers), and a keep of zero on a rotation
needs the text to say so. Each refused reply beside a near-identical one that recovers; an
observing call's counts are never read."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import described_tool

from ..intent_sets import recover_after


def _tools(name: str, args: dict[str, Any]) -> list[dict[str, Any]]:
    props = {k: {"type": "integer"} if isinstance(v, int) else {"type": "string"}
             for k, v in args.items()}
    return [described_tool(name, props, name.replace("_", " "))]


def _recover(text: str, name: str, args: dict[str, Any]):  # type: ignore[no-untyped-def]
    return recover_after(text, _tools(name, args), (name, args))


# (text, tool, refused arguments, recovered arguments): the same text each time
PAIRS = [
    # a count of things on an undo whose tool is read as arithmetic by its schema
    ("I'll undo the last commit.", "undo_commits", {"count": 15}, {"count": 1}),
    ("Vou desfazer o último commit.", "undo_commits", {"count": 15}, {"count": 1}),
    ("Ich mache den letzten Commit rückgängig.", "undo_commits", {"count": 15}, {"count": 1}),
    ("我来撤销最后一次提交。", "undo_commits", {"count": 15}, {"count": 1}),
    ("Я отменю последний коммит.", "undo_commits", {"num_commits": 9}, {"num_commits": 1}),
    # steps of an undo or a migration down
    ("I'll undo that last edit.", "undo", {"steps": 40}, {"steps": 1}),
    ("I'll roll back the most recent migration.", "migrate",
     {"direction": "down", "steps": 30}, {"direction": "down", "steps": 1}),
    ("Voy a deshacer la última migración.", "undo_migrations",
     {"how_many": 12}, {"how_many": 1}),
    # a written count fixes the number: "the last 3 commits" is three
    ("I'll undo the last 3 commits.", "undo_commits", {"count": 15}, {"count": 3}),
    ("I'll undo the last three commits.", "undo_commits", {"commits_back": 15},
     {"commits_back": 3}),
    # an age back from now: yesterday is one day
    ("I'll restore the data volume from yesterday's snapshot.", "restore_snapshot",
     {"volume": "data", "snapshot_age_days": 30}, {"volume": "data", "snapshot_age_days": 1}),
    ("I'll restore the data volume from yesterday's snapshot.", "restore_snapshot",
     {"volume": "data", "days_ago": 20}, {"volume": "data", "days_ago": 1}),
    # a limit on a change that undoes
    ("I'll cancel the last 2 orders.", "cancel_orders", {"limit": 25}, {"limit": 2}),
    # a keep of zero sweeps everything
    ("I'll rotate the nginx logs.", "rotate_logs",
     {"service": "nginx", "keep": 0}, {"service": "nginx", "keep": 5}),
    ("I'll clean up the old backups and keep 7.", "prune_backups",
     {"target": "backups", "retain": 0}, {"target": "backups", "retain": 7}),
]


@pytest.mark.parametrize(("text", "name", "refused", "kept"), PAIRS)
def test_count_is_the_written_one(text: str, name: str, refused: dict[str, Any],
                                  kept: dict[str, Any]) -> None:
    got = _recover(text, name, kept)
    assert got.ok, got.detail
    bad = _recover(text, name, refused)
    assert not bad.ok
    assert "a count the announcement does not say" in bad.detail \
        or "keeps none" in bad.detail, bad.detail


# a keep of zero the text says, in digits or as all
@pytest.mark.parametrize("text", [
    "I'll rotate the nginx logs and keep 0 old files.",
    "I'll rotate the nginx logs and remove all the old ones.",
])
def test_keep_zero_said(text: str) -> None:
    got = _recover(text, "rotate_logs", {"service": "nginx", "keep": 0})
    assert got.ok, got.detail


# an observing call's page size or line count is no count of a change
@pytest.mark.parametrize(("text", "name", "args"), [
    ("I'll list the recent commits.", "list_commits", {"limit": 20}),
    ("Let me read the last lines of the log.", "read_log", {"path": "app.log", "n": 50}),
    ("Let me search the issues for the crash.", "search_issues", {"query": "crash", "count": 30}),
])
def test_read_counts_unread(text: str, name: str, args: dict[str, Any]) -> None:
    got = _recover(text, name, args)
    assert got.ok, got.detail


# a bound is a limit, not a count (left to the readers of magnitudes)
def test_bound_key_unread() -> None:
    got = _recover("I'll undo the last commit.", "undo_commits", {"count": 1, "max_count": 5})
    assert got.ok, got.detail


# a limit on a change that takes nothing back or away is a batch size, left alone; on an
# undoing change it is a count
def test_limit_read_on_undoing_changes_only() -> None:
    got = _recover("I'll mark the old emails as read.", "mark_emails_read",
                   {"folder": "old", "limit": 50})
    assert got.ok, got.detail
    bad = _recover("I'll cancel the stale order.", "cancel_orders", {"order": "stale", "limit": 50})
    assert not bad.ok
    assert "a count the announcement does not say" in bad.detail, bad.detail


# a person's age is no offset back from now; a search tool whose name no table knows is read
# by its description, not as a change
def test_age_of_a_person_and_unknown_search_unread() -> None:
    tools = [described_tool("structured_output", {"name": {"type": "string"},
                                                  "age": {"type": "integer"},
                                                  "occupation": {"type": "string"}},
                            "Generate structured output matching the provided schema")]
    got = recover_after("I'll create a software engineer profile for you.", tools,
                        ("structured_output", {"name": "Alex Chen", "age": 28,
                                              "occupation": "Software Engineer"}))
    assert got.ok, got.detail
    tools = [described_tool("sourcegraph", {"query": {"type": "string"},
                                            "count": {"type": "integer"}},
                            "Search code across public repositories using Sourcegraph's "
                            "GraphQL API.")]
    got = recover_after("I'll search for 'func main' in Go repositories using Sourcegraph.",
                        tools, ("sourcegraph", {"query": "lang:go \"func main\"", "count": 20}))
    assert got.ok, got.detail
