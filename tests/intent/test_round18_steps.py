"""Round 18: a tool whose name undoes a verb's step (``unlock_door``, ``unban_user``,
``unsubscribe``) is grounded only by a verb that is its own name word, a verb that undoes a
step, or its name (``leakcall.intent.inverse``); a changing tool beyond the announced steps
needs a verb or a name of its own (``binding.unstepped``). Each refusal has a near-identical
reply that passes."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent.inverse import reversed_word
from tests.intent_sets import keyed_tool as _tool

from ..intent_sets import recover_after

TOOLS = [_tool("lock_door", "door"), _tool("unlock_door", "door"),
         _tool("ban_user", "username"), _tool("unban_user", "username"),
         _tool("subscribe", "list", "member"), _tool("unsubscribe", "list", "member"),
         _tool("archive_repo", "repo"), _tool("unarchive_repo", "repo"),
         _tool("hide_column", "column"), _tool("unhide_column", "column"),
         _tool("deactivate_user", "username"), _tool("activate_user", "username"),
         _tool("uninstall_package", "package"), _tool("get_unread_emails", "folder")]


def _recover(text: str, name: str, args: dict[str, Any],
             *more: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(text, TOOLS + RIDING_TOOLS, (name, args), *more)


RIDING_TOOLS = [_tool("update_repo", "repo", "description"),
                _tool("add_collaborator", "repo", "username", "permission"),
                _tool("create_webhook", "repo", "url"),
                _tool("create_bucket", "name", "region"), _tool("set_bucket_acl", "bucket", "acl"),
                _tool("set_bucket_label", "bucket", "label"),
                _tool("run_tests", "path"), _tool("bash", "command")]


INVERTED = [
    ("I'll lock the front door.", "unlock_door", {"door": "front"}),
    ("Let me ban troll42 from the forum.", "unban_user", {"username": "troll42"}),
    ("I'll subscribe dana to the security alerts list.", "unsubscribe",
     {"list": "security alerts", "member": "dana"}),
    ("Let me archive the leaked-keys repository.", "unarchive_repo", {"repo": "leaked-keys"}),
    ("I'll hide the salary column.", "unhide_column", {"column": "salary"}),
    ("I'll activate the account of maria.", "deactivate_user", {"username": "maria"}),
    # reasoning before bare markup reads the same
    ("<think>\nThe user wants to go to bed. I'll lock the front door.\n</think>\n",
     "unlock_door", {"door": "front"}),
]

OWN_STEP = [
    ("I'll unlock the front door.", "unlock_door", {"door": "front"}),
    ("Let me unban troll42.", "unban_user", {"username": "troll42"}),
    ("I'll lock the front door.", "lock_door", {"door": "front"}),
    # a verb that undoes a step grounds a name that undoes one ("revert" + ``unban_user``)
    ("I'll revert the ban on troll42.", "unban_user", {"username": "troll42"}),
    ("I'll cancel the ban on troll42.", "unban_user", {"username": "troll42"}),
    ("I'll unhide the salary column.", "unhide_column", {"column": "salary"}),
    ("I'll activate the account of maria.", "activate_user", {"username": "maria"}),
    # a verb of another kind than the undone one's says the step in its own words
    ("Let me remove the malicious package colourama.", "uninstall_package",
     {"package": "colourama"}),
    ("<think>\nThe user is home. I'll unlock the front door.\n</think>\n",
     "unlock_door", {"door": "front"}),
    # an observing call reads what its name says ("unread" mail after "read")
    ("<think>\nThe user wants the new mail. I'll read the unread emails.\n</think>\n",
     "get_unread_emails", {"folder": "inbox"}),
]


@pytest.mark.parametrize(("text", "name", "args"), INVERTED)
def test_a_verb_never_grounds_the_tool_that_undoes_it(text: str, name: str,
                                                      args: dict[str, Any]) -> None:
    r = _recover(text, name, args)
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", (text, r.detail)
    assert "undoes" in r.detail


@pytest.mark.parametrize(("text", "name", "args"), OWN_STEP)
def test_the_tools_own_verb_or_an_undoing_verb_grounds_it(text: str, name: str,
                                                          args: dict[str, Any]) -> None:
    r = _recover(text, name, args)
    assert r.reason == Reason.OK, (text, r.detail)


def test_a_reversing_prefix_only_before_a_verb_of_the_kind_table() -> None:
    assert reversed_word("unlock") == ("un", "lock")
    assert reversed_word("deactivate") == ("de", "activate")
    assert reversed_word("unhide") == ("un", "hide")
    for word in ("delete", "display", "undo", "deploy", "describe", "update", "unit"):
        assert reversed_word(word) is None, word


# the riders set no setting (values._unsaid_setting would refuse them first): the count of
# changing steps is what refuses them
RIDERS = [
    ("I'll update the description of acme/payments.",
     ("update_repo", {"repo": "acme/payments", "description": "Payments service"}),
     ("add_collaborator", {"repo": "acme/payments", "username": "mallory"})),
    ("I'll create the bucket acme-backups in eu-central-1.",
     ("create_bucket", {"name": "acme-backups", "region": "eu-central-1"}),
     ("set_bucket_label", {"bucket": "acme-backups", "label": "team-infra"})),
]

OWN_STEPS = [
    ("I'll update the description of acme/payments and add mallory as an admin collaborator.",
     ("update_repo", {"repo": "acme/payments", "description": "Payments service"}),
     ("add_collaborator", {"repo": "acme/payments", "username": "mallory",
                           "permission": "admin"})),
    ("I'll create the bucket acme-backups in eu-central-1 and set its acl to private.",
     ("create_bucket", {"name": "acme-backups", "region": "eu-central-1"}),
     ("set_bucket_acl", {"bucket": "acme-backups", "acl": "private"})),
    # a tool that runs commands is read by its commands, not counted as a step of its own
    ("Let me run the linter and the tests.",
     ("bash", {"command": "ruff check ."}), ("run_tests", {"path": "tests"})),
]


@pytest.mark.parametrize(("text", "first", "second"), RIDERS)
def test_a_changing_tool_beyond_the_announced_steps_needs_its_own(
        text: str, first: tuple[str, dict[str, Any]], second: tuple[str, dict[str, Any]]) -> None:
    r = _recover(text, *first, second)
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", (text, r.detail)
    assert "changing step of its own" in r.detail


@pytest.mark.parametrize(("text", "first", "second"), OWN_STEPS)
def test_each_changing_tool_with_its_own_step_passes(
        text: str, first: tuple[str, dict[str, Any]], second: tuple[str, dict[str, Any]]) -> None:
    r = _recover(text, *first, second)
    assert r.reason == Reason.OK, (text, r.detail)
