"""Roles (issue 25, h43r): a value written as a source or a destination stays in its role,
and a pronoun after an observation naming two things refers to its subject
(``leakcall.intent.roles``). Cases are unseen siblings of round 20's: other tools, other
values, other languages; each refused case has a recovered twin in the right direction."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after
from tests.intent_sets import refusal_detail as _rule

TOOLS = [_tool("bash", "command"), _tool("move_file", "source", "destination"),
         _tool("transfer_funds", "from_account", "to_account", "amount", "currency"),
         _tool("edit_file", "path", "old_string", "new_string"),
         _tool("close_ticket", "ticket_id"), _tool("delete_file", "path"),
         _tool("archive_project", "project"), _tool("cancel_order", "order_id")]


# -- rule 1: a value after a source preposition, one after a destination preposition ----------

SWAPS = [
    ("I'll transfer 75 GBP from GB-1182 to GB-9004.", "transfer_funds",
     {"from_account": "GB-1182", "to_account": "GB-9004", "amount": "75", "currency": "GBP"},
     {"from_account": "GB-9004", "to_account": "GB-1182", "amount": "75", "currency": "GBP"}),
    ("Voy a transferir 75 GBP de GB-1182 a GB-9004.", "transfer_funds",
     {"from_account": "GB-1182", "to_account": "GB-9004", "amount": "75", "currency": "GBP"},
     {"from_account": "GB-9004", "to_account": "GB-1182", "amount": "75", "currency": "GBP"}),
    ("Let me move reports/q3.pdf to archive/q3.pdf.", "move_file",
     {"source": "reports/q3.pdf", "destination": "archive/q3.pdf"},
     {"source": "archive/q3.pdf", "destination": "reports/q3.pdf"}),
    ("I'll copy settings.local.json to settings.json.", "bash",
     {"command": "cp settings.local.json settings.json"},
     {"command": "cp settings.json settings.local.json"}),
    ("I'll restore app.db from app.db.orig.", "bash",
     {"command": "cp app.db.orig app.db"}, {"command": "cp app.db app.db.orig"}),
    ("I'll change the retry count from 10 to 3.", "edit_file",
     {"path": "conf.py", "old_string": "RETRIES = 10", "new_string": "RETRIES = 3"},
     {"path": "conf.py", "old_string": "RETRIES = 3", "new_string": "RETRIES = 10"}),
    ("I'll set strict from false to true in the linter config.", "edit_file",
     {"path": "lint.toml", "old_string": "strict = false", "new_string": "strict = true"},
     {"path": "lint.toml", "old_string": "strict = true", "new_string": "strict = false"}),
]


@pytest.mark.parametrize(("pre", "name", "right", "wrong"), SWAPS)
def test_a_written_role_binds_its_key(pre: str, name: str, right: dict[str, Any],
                                      wrong: dict[str, Any]) -> None:
    assert _rule(recover_after(pre, TOOLS, (name, right))) is None
    why = _rule(recover_after(pre, TOOLS, (name, wrong)))
    assert why is not None and "as its" in why, why


def test_a_purpose_to_is_no_destination() -> None:
    # "to move" opens a purpose clause; the place is "into archive/"
    pre = "I'll use the shell to move notes.md into archive/."
    assert _rule(recover_after(pre, TOOLS, ("bash", {"command": "mv notes.md archive/"}))) is None
    # "to read X from Y": the verb after "to" is no place, so "from" pairs with no goal
    pre = "I'll update the loader in app/settings.py to read HOST from the environment."
    edit = {"path": "app/settings.py", "old_string": "host = 'localhost'",
            "new_string": "host = os.environ.get('HOST', 'localhost')"}
    why = _rule(recover_after(pre, TOOLS, ("edit_file", edit)))
    assert why is None or "as its" not in why, why


def test_an_edit_is_bound_by_from_and_to_alone() -> None:
    # the object of "add the import to app.py" is no value the edit replaces
    pre = "I'll add the missing import to app.py."
    edit = {"path": "app.py", "old_string": "import os", "new_string": "import os\nimport re"}
    why = _rule(recover_after(pre, TOOLS, ("edit_file", edit)))
    assert why is None or "as its" not in why, why


def test_a_preposition_inside_quotes_is_no_role() -> None:
    pre = 'I\'ll update the greeting to say "Greetings from Lisbon".'
    edit = {"path": "main.go", "old_string": 'fmt.Println("Hi, all")',
            "new_string": 'fmt.Println("Greetings from Lisbon")'}
    why = _rule(recover_after(pre, TOOLS, ("edit_file", edit)))
    assert why is None or "as its" not in why, why


# -- rule 2: a pronoun after an observation naming two things --------------------------------

PRONOUNS = [
    ("Ticket OPS-311 is a duplicate of OPS-310. Let me close it.", "close_ticket",
     {"ticket_id": "OPS-311"}, {"ticket_id": "OPS-310"}),
    ("notes.old.md is a stale copy of notes.md. Let me delete it.", "delete_file",
     {"path": "notes.old.md"}, {"path": "notes.md"}),
    ("订单 70412 是订单 70411 的重复。我来取消它。", "cancel_order",
     {"order_id": "70412"}, {"order_id": "70411"}),
    ("Die Rechnung 8812 ist ein Duplikat von Rechnung 8811. Ich storniere sie.", "cancel_order",
     {"order_id": "8812"}, {"order_id": "8811"}),
]


@pytest.mark.parametrize(("pre", "name", "right", "wrong"), PRONOUNS)
def test_a_pronoun_refers_to_the_subject(pre: str, name: str, right: dict[str, Any],
                                         wrong: dict[str, Any]) -> None:
    why = _rule(recover_after(pre, TOOLS, (name, wrong)))
    assert why is not None and "pronoun" in why, why
    right_why = _rule(recover_after(pre, TOOLS, (name, right)))
    assert right_why is None or "pronoun" not in right_why, right_why


def test_a_pronoun_with_two_readings_refuses() -> None:
    # no copula: "superseded" says nothing of which one "it" is
    pre = "Order 61207 superseded order 61206. Let me cancel it."
    for order in ("61207", "61206"):
        why = _rule(recover_after(pre, TOOLS, ("cancel_order", {"order_id": order})))
        assert why is not None and "refers" in why, why


def test_a_pronoun_after_no_subject_or_after_a_step_is_left_alone() -> None:
    tools = [*TOOLS, _tool("cancel_reservation", "reservation_id"), _tool("run_tests", "path")]
    # a count is no thing acted on; the sentence opens with no written subject
    r = recover_after("There are 12 slow tests in the api suite. Let me run them again.", tools,
                      ("run_tests", {"path": "tests/api"}))
    assert r.reason == "ok" or "pronoun" not in (r.detail or ""), r.detail
    # an announcement before the pronoun is the step "that" is, not an observation
    r = recover_after("I'll now cancel both bookings (KQ7TRE and PL2MZA). Let me handle that.",
                      tools, ("cancel_reservation", {"reservation_id": "KQ7TRE"}),
                      ("cancel_reservation", {"reservation_id": "PL2MZA"}))
    assert r.reason == "ok" or "pronoun" not in (r.detail or ""), r.detail


def test_a_subject_not_written_first_binds_no_pronoun() -> None:
    # "we" opens the sentence: no written subject, one written thing, nothing to refuse
    pre = "We have found the `load_rows` helper in the `store` module. Let's fix it."
    edit = {"path": "store.py", "old_string": "rows = []", "new_string": "rows: list = []"}
    r = recover_after(pre, TOOLS, ("edit_file", edit))
    assert r.reason == "ok" or "pronoun" not in (r.detail or ""), r.detail
