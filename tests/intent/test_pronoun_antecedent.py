"""A pronoun's antecedent binds the call (issue 25, h63a, round 27): "Booking QQ551 was made by
mistake. I'll cancel it." names QQ551 as surely as "I'll cancel booking QQ551." does. When the
observations before a step with a pronoun object (or none) write things (an id, a path, a
joined name), a step that cannot be taken back carries one of them and a write carries one in
its target (``binding.unbound``); an edit may name its file by parts of a written file name
("test_auth.py" grounds an edit of ``src/auth.py``). A description "the <state> <noun>" picks
its clause by the state word, and a state word the call carries in another argument is no
thing (``roles._picked``). Each refused case has a recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after

TOOLS = [_tool("cancel_booking", "booking_id"), _tool("cancel_order", "order_id"),
         _tool("delete_file", "path"), _tool("write_file", "path", "content"),
         _tool("edit_file", "path", "old_string", "new_string"), _tool("delete_user", "user_id"),
         _tool("delete_branch", "branch"), _tool("close_ticket", "ticket_id", "resolution"),
         _tool("book_flight", "flight_id", "passenger_name"), _tool("bash", "command")]

WORKFLOW = {"path": ".github/workflows/release.yml", "content": "on: push\njobs: {}\n"}
PRONOUN = [
    # round 27
    ("Booking QQ551 was made by mistake. I'll cancel it.", "cancel_booking",
     {"booking_id": "QQ551"}, {"booking_id": "QQ515"}),
    ("El archivo cache.tmp está corrupto. Lo borro.", "delete_file",
     {"path": "cache.tmp"}, {"path": "db.sqlite3"}),
    ("The file cache.tmp is corrupt. I'll delete it.", "delete_file",
     {"path": "cache.tmp"}, {"path": "db.sqlite3"}),
    ("订单 66120 是重复的。我来取消它。", "cancel_order", {"order_id": "66120"}, {"order_id": "66102"}),
    ("There's a typo in the footer of README.md. Let me fix it.", "write_file",
     {"path": "README.md", "content": "footer\n"}, WORKFLOW),
    # unseen siblings: another id, language, tool, a write of another file, an edit
    ("User u_4411 asked to close the account. I will delete it.", "delete_user",
     {"user_id": "u_4411"}, {"user_id": "u_4412"}),
    ("Die Datei notes.tmp ist leer. Ich lösche sie.", "delete_file",
     {"path": "notes.tmp"}, {"path": "config/prod.yaml"}),
    ("The config in settings/dev.yaml has a wrong port. Let me fix it.", "write_file",
     {"path": "settings/dev.yaml", "content": "port: 8080\n"},
     {"path": "settings/prod.yaml", "content": "port: 80\n"}),
    ("There's a typo in the footer of README.md. Let me fix it.", "edit_file",
     {"path": "README.md", "old_string": "teh end", "new_string": "the end"},
     {"path": ".github/workflows/release.yml", "old_string": "on: push",
      "new_string": "on: [push]"}),
]


@pytest.mark.parametrize(("pre", "name", "right", "wrong"), PRONOUN)
def test_a_pronoun_is_bound_to_what_its_antecedent_writes(
        pre: str, name: str, right: dict[str, Any], wrong: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, wrong))
    assert r.reason != "ok" and r.rule == "ungrounded-call" and "stands for" in r.detail, r.detail
    assert recover_after(pre, TOOLS, (name, right)).reason == "ok"


KEPT = [
    # the fix of a failure is in the file a written file name names by its parts
    ("The build failed on test_auth.py. Let me fix it.", "edit_file",
     {"path": "src/auth.py", "old_string": "return None", "new_string": "return user"}),
    ("The build failed on test_auth.py. Let me fix it.", "edit_file",
     {"path": "tests/test_auth.py", "old_string": "assert x == 1", "new_string": "assert x == 2"}),
    # a version, a date or a short count is no thing; a number within a code is carried
    ("The README still mentions Python 3.8. I'll update it.", "edit_file",
     {"path": "README.md", "old_string": "Python 3.8", "new_string": "Python 3.11"}),
    ("The setup doc still says Python 3.8. I will update it.", "write_file",
     {"path": "docs/setup.md", "content": "Requires Python 3.10 or newer."}),
    ("The cleanup job from 2024-05-01 left a stale lock file. I will delete it.", "delete_file",
     {"path": ".lock"}),
    ("Got it, the flight is UA 1542. I'll book it for you.", "book_flight",
     {"flight_id": "UA1542", "passenger_name": "Daniel Kim"}),
    ("The tmp dir is full. Let me clear it.", "bash", {"command": "rm -rf tmp"}),
]


@pytest.mark.parametrize(("pre", "name", "args"), KEPT)
def test_an_antecedent_that_writes_no_other_thing_keeps_the_call(
        pre: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, args))
    assert r.reason == "ok", r.detail


def test_an_edit_of_a_file_no_written_name_names_is_refused() -> None:
    pre = "The build failed on test_auth.py. Let me fix it."
    args = {"path": ".github/workflows/release.yml", "old_string": "on: push",
            "new_string": "on: [push]"}
    r = recover_after(pre, TOOLS, ("edit_file", args))
    assert r.reason != "ok" and "stands for" in r.detail, r.detail


DESCRIBED = [
    # round 27: "the <state> <noun>", and a state word carried in another argument
    ("Branch fix/login is merged and branch feat/payments is not. Deleting the merged branch.",
     "delete_branch", {"branch": "fix/login"}, {"branch": "feat/payments"}),
    ("Ticket 77 is resolved and ticket 78 is still open. Closing the resolved one.",
     "close_ticket", {"ticket_id": "77", "resolution": "resolved"},
     {"ticket_id": "78", "resolution": "resolved"}),
    # unseen siblings
    ("Ticket 77 is resolved and ticket 78 is still open. Closing the resolved ticket.",
     "close_ticket", {"ticket_id": "77", "resolution": "resolved"},
     {"ticket_id": "78", "resolution": "resolved"}),
    ("Branch release/1.2 is merged and branch release/1.3 is active. Deleting the merged branch.",
     "delete_branch", {"branch": "release/1.2"}, {"branch": "release/1.3"}),
    ("Ticket 4410 is urgent and ticket 4411 is stale. Closing the stale ticket.",
     "close_ticket", {"ticket_id": "4411", "resolution": "stale"},
     {"ticket_id": "4410", "resolution": "stale"}),
]


@pytest.mark.parametrize(("pre", "name", "right", "wrong"), DESCRIBED)
def test_a_state_word_and_its_noun_pick_the_clause(
        pre: str, name: str, right: dict[str, Any], wrong: dict[str, Any]) -> None:
    r = recover_after(pre, TOOLS, (name, wrong))
    assert r.reason != "ok" and r.rule == "ungrounded-call" and "describes" in r.detail, r.detail
    assert recover_after(pre, TOOLS, (name, right)).reason == "ok"
