"""Recorded changes (issue 25, ``intent.recorded``): the head noun of a commit step's object,
that step's only noun, names the change the commit records ("committer la correction", "die
Korrektur", "fixen"), so a commit that writes only its message need not carry it. A commit
that picks files or a branch, an object with another noun, and any other step still carry
every noun. Each recovery has a sibling that stays refused."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after

TOOLS = [_tool("git_commit", "message", "branch", "paths"), _tool("delete_file", "path"),
         _tool("send_email", "to", "subject", "body")]


def _recover(text: str, tool: str, **args: Any) -> leakcall.Recovery:
    return recover_after(text, TOOLS, (tool, args))


@pytest.mark.parametrize("text", [
    "Tous les tests passent. Je vais maintenant committer la correction.",
    "Alle Tests sind grün. Als Nächstes committe ich die Korrektur.",
    "Alla tester går igenom. Nu committar jag fixen.",
])
def test_the_change_a_commit_records_need_not_be_carried(text: str) -> None:
    r = _recover(text, "git_commit", message="Datumsparser korrigiert")
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "args"), [
    # the commit picks a branch: every noun is carried
    ("Als Nächstes committe ich die Korrektur.",
     {"message": "Datumsparser korrigiert", "branch": "main"}),
    # it picks files
    ("Je vais maintenant committer la correction.",
     {"message": "Corrige le parseur", "paths": "src/"}),
    # a noun beside the head still names which change
    ("I'll commit the README fix.", {"message": "Tidy the parser"}),
])
def test_a_commit_that_picks_or_a_named_change_carries_every_noun(text: str,
                                                                   args: dict[str, Any]) -> None:
    r = _recover(text, "git_commit", **args)
    assert r.reason is Reason.QUOTED, r.detail


def test_only_a_commit_records_a_change() -> None:
    # the head of another step's object is carried as before
    r = _recover("Je vais supprimer la correction.", "delete_file", path="notes.txt")
    assert r.reason is Reason.QUOTED, r.detail
