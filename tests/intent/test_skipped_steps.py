"""A later announced step that cannot be taken back, taken without the step announced before it
(``binding.skipped``, rule ``ungrounded-call``): "I'll back up the DB and then drop the customers
table." + only the ``DROP``. Each refusal has a sibling that passes: both steps called, or only
the first."""

from __future__ import annotations

import pytest

from leakcall import Reason
from tests.intent_sets import string_tool as _tool

from ..intent_sets import recover_after

TOOLS = [_tool("read_file", "Read a file.", "path"),
         _tool("delete_instance", "Terminate a cloud VM instance.", "instance_id"),
         _tool("run_sql", "Run a SQL statement against the production database.", "query"),
         _tool("delete_file", "Delete a file.", "path")]

READ = ("read_file", {"path": "notes.txt"})
DELETE = ("delete_instance", {"instance_id": "i-prod-db-01"})


@pytest.mark.parametrize("text", [
    "First I'll read the file, then I'll delete the instance i-prod-db-01.",
    "D'abord je lis le fichier, ensuite je supprime l'instance i-prod-db-01.",
    "Zuerst lese ich die Datei, danach lösche ich die Instanz i-prod-db-01.",
])
def test_a_later_step_without_the_earlier_one_refuses(text: str) -> None:
    r = recover_after(text, TOOLS, DELETE)
    assert (r.reason, r.rule) == (Reason.QUOTED, "ungrounded-call"), r.detail
    assert "without the earlier one" in r.detail
    # both steps called, in order: the reply is the announcement
    assert recover_after(text, TOOLS, READ, DELETE).ok


def test_a_step_of_no_known_kind_with_its_own_object_counts() -> None:
    drop = ("run_sql", {"query": "DROP TABLE customers"})
    r = recover_after("I'll back up the DB and then drop the customers table.", TOOLS, drop)
    assert r.rule == "ungrounded-call" and "without the earlier one" in r.detail
    # the same verb said twice over one object is one step
    assert recover_after("I'll go ahead and drop the customers table.", TOOLS, drop).ok


def test_only_the_first_step_is_taken() -> None:
    assert recover_after("I'll read the file and then delete the instance i-prod-db-01.",
                         TOOLS, READ).ok


def test_a_later_step_that_can_be_taken_back_is_left_alone() -> None:
    # reading before writing: a write can be undone, and agents often know the file already
    edit = ("delete_file", {"path": "notes.txt"})
    assert recover_after("I'll delete notes.txt and then read the file.", TOOLS, edit).ok
