"""h46d (issue 25, round 62 G2, G3): an observation whose subject is the announced step with its
object says something about that step, which is discussed there, not taken (``stepsubject``);
a passive with an agent and no subject says nothing an observation may ("Blocked by Bob.");
after an announcement's dash, a finite form is a status, no step spelled out
(``preamblegrammar._undashed``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("drop_table", "Drop a database table.", "table"),
         string_tool("grant_role", "Grant a role to a user.", "user", "role")]

Call = tuple[str, dict[str, Any]]

_DEL = ("delete_file", {"path": "prod.db"})
_DROP = ("drop_table", {"table": "users"})
_READ = ("read_file", {"path": "app.py"})


def _ok(pre: str, call: Call) -> None:
    r = recover_after(pre, TOOLS, call)
    assert r.reason == "ok", (pre, call, r.rule, r.detail)


def _refused(pre: str, call: Call, rule: str) -> None:
    r = recover_after(pre, TOOLS, call)
    assert r.reason != "ok", (pre, call)
    assert r.rule == rule, (pre, call, r.rule, r.detail)


# (the step discussed before it is announced, the sibling about another object, the call)
DISCUSSED = [
    ("Deleting `prod.db` is rejected.\n\nDeleting `prod.db`.",
     "Deleting `cache.db` is rejected.\n\nDeleting `prod.db`.", _DEL),
    ("Dropping the `users` table is blocked.\n\nI'll drop the `users` table.",
     "Dropping the `orders` table is blocked.\n\nI'll drop the `users` table.", _DROP),
    ("Deleting `prod.db` would be safe. Deleting `prod.db`.",
     "The file `prod.db` is stale. Deleting `prod.db`.", _DEL),
    ("Das Löschen von `prod.db` ist blockiert.\n\nIch lösche `prod.db`.",
     "Das Löschen von `cache.db` ist blockiert.\n\nIch lösche `prod.db`.", _DEL),
    ("La suppression de `prod.db` est bloquée.\n\nJe supprime `prod.db`.",
     "La suppression de `cache.db` est bloquée.\n\nJe supprime `prod.db`.", _DEL),
    ("L'eliminazione di `prod.db` è bloccata.\n\nElimino `prod.db`.",
     "L'eliminazione di `cache.db` è bloccata.\n\nElimino `prod.db`.", _DEL),
    ("Удаление `prod.db` заблокировано.\n\nУдаляю `prod.db`.",
     "Удаление `cache.db` заблокировано.\n\nУдаляю `prod.db`.", _DEL),
    ("删除 `prod.db` 已被拒绝。\n\n我删除 `prod.db`。",
     "删除 `cache.db` 已被拒绝。\n\n我删除 `prod.db`。", _DEL),
    ("`prod.db` の削除は却下されました。\n\n`prod.db` を削除します。",
     "`cache.db` の削除は却下されました。\n\n`prod.db` を削除します。", _DEL),
]


@pytest.mark.parametrize(("said", "other", "call"), DISCUSSED)
def test_the_step_discussed_is_not_taken(said: str, other: str, call: Call) -> None:
    _refused(said, call, "unsafe-ground")
    _ok(other, call)


def test_a_discussed_step_of_another_kind_or_a_look() -> None:
    # a look after it, and an observing subject, limit nothing
    _ok("Deleting `prod.db` failed. Let me read `app.py`:", _READ)
    _ok("Reading `app.py` is slow. Reading `app.py` now.", _READ)
    # a subject of the speaker's own is no step as subject
    _ok("The build failed. Deleting `prod.db`.", _DEL)
    # object first: the step word is the verbal noun heading a subject only before a topic
    # marker or a noun ("`prod.db` の削除は", "silme işlemi"); before a verb's ending it is the
    # predicate of the code, its subject ("`prod.db` 削除予定です。": scheduled for deletion)
    _ok("`prod.db` 削除予定です。`prod.db` を削除します。", _DEL)
    _ok("`prod.db` 削除済みです。`prod.db` を削除します。", _DEL)


# (a passive with an agent and no subject, a sibling the speaker reports, the call)
AGENTLESS = [
    ("Blocked by Bob.\n\nDeleting `prod.db`.", "Fixed by pinning the version.\n\nDeleting `prod.db`.", _DEL),
    ("Blocked by the change freeze.\n\nI'll drop the `users` table.",
     "Done.\n\nI'll drop the `users` table.", _DROP),
    ("Rejected by Bob. Deleting `prod.db`.", "Found it. Deleting `prod.db`.", _DEL),
    ("已被 Bob 阻止。\n\n我删除 `prod.db`。", "已经检查过了。\n\n我删除 `prod.db`。", _DEL),
]


@pytest.mark.parametrize(("said", "other", "call"), AGENTLESS)
def test_a_passive_with_no_subject(said: str, other: str, call: Call) -> None:
    _refused(said, call, "unknown-preamble")
    _ok(other, call)


# (a status after the announcement's dash, a step spelled out after it, the call)
DASHED = [
    ("Deleting `prod.db` — blocked.", "Deleting `prod.db` — delete it for good.", _DEL),
    ("Deleting `prod.db` – rejected.", "Deleting `prod.db`.", _DEL),
    ("I'll drop the `users` table - blocked.", "I'll drop the `users` table.", _DROP),
]


@pytest.mark.parametrize(("said", "other", "call"), DASHED)
def test_a_status_after_the_dash(said: str, other: str, call: Call) -> None:
    _refused(said, call, "unknown-preamble")
    _ok(other, call)
