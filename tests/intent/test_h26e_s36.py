"""A call whose tool name names another object than the announcement (issue 25, h26e).

``nameobject``: a changing call whose name opens with the announced verb and names an object of
its own the announcement does not say carries a word of the announced object ("I'll close the
invoice." + ``close_account`` closes an account nobody named). ``phrasal``: a verb with its
particle ("sign in", "set up", "close out") is not the bare verb, so its word in a tool's name
(``sign_contract``, ``set_price``) grounds the call only with the particle carried too."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent import normalize
from leakcall.intent.preamble import Announcement, announce
from tests.intent_sets import bare_tool, recover_after

ID = {"id": "C-7"}


def _recover(preamble: str, name: str, args: dict[str, Any]) -> Any:
    return recover_after(preamble, [bare_tool(name, *args)], (name, args))


@pytest.mark.parametrize(("preamble", "name"), [
    ("I'll close the invoice.", "close_account"),
    ("I'll archive the invoice.", "archive_account"),
    ("I'll lock the door.", "lock_account"),
    ("I'll unlock the screen.", "unlock_account"),
    ("I'll publish the draft.", "publish_salaries"),
    ("I'll export the chart.", "export_customers"),
    ("I'll open the door.", "open_port"),
    ("I'll grant the request.", "grant_admin"),
    ("I'll suspend the job.", "suspend_user"),
    ("I'll revoke the invite.", "revoke_token"),
    ("I'll share the slides.", "share_payroll"),
    ("I'll freeze the layout.", "freeze_card"),
    ("Let me archive the old thread.", "archive_customer"),
])
def test_the_name_s_object_is_not_the_announced_one(preamble: str, name: str) -> None:
    r = _recover(preamble, name, ID)
    assert not r.ok, (preamble, name)
    assert r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll close the account.", "close_account", ID),
    ("I'll close your account C-7.", "close_account", ID),
    ("I'll lock the account.", "lock_account", ID),
    ("I'll export the customers.", "export_customers", ID),
    ("I'll open port 8080.", "open_port", {"port": 8080}),
    ("I'll suspend the user.", "suspend_user", ID),
    # the announced object carried by a value: the name's noun is the record's kind
    ("I'll archive the invoice.", "archive_record", {"type": "invoice", "id": "C-7"}),
    # a pronoun object names nothing to compare
    ("I'll close it.", "close_account", ID),
    ("I'll sign it.", "sign_contract", ID),
    # a name whose noun says where (a file, a package), not which
    ("Let me write the config.", "write_file", {"path": "config.yml", "content": "a: 1"}),
])
def test_the_announced_object_carried_recovers(preamble: str, name: str,
                                               args: dict[str, Any]) -> None:
    r = _recover(preamble, name, args)
    assert r.ok, (preamble, name, r.detail)


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll set up the project.", "set_price", {"id": "C-7", "price": 0}),
    ("I'll set the project up.", "set_price", {"id": "C-7", "price": 0}),
    ("I'll sign in to the portal.", "sign_contract", ID),
    ("I'll sign up for the newsletter.", "sign_contract", ID),
    ("I'll close out the sprint.", "close_account", ID),
    ("I'll wind down the cluster.", "wind_turbine", ID),
    ("I'll sign in.", "sign_contract", ID),
    ("I'll log in now.", "log_event", {"message": "deploy done"}),
    ("I'll turn on the lights.", "turn_page", {"page": 2}),
    ("I'll back up the notes.", "back_order", ID),
    # no object: only the particle tells the verbs apart
    ("Let me turn it off.", "turn_page", {"page": 2}),
    ("I'll hand it over.", "hand_card", ID),
    ("I'll back it up.", "back_order", ID),
    ("I'll clock in now.", "clock_overtime", {"hours": 2}),
])
def test_a_phrasal_verb_is_not_its_bare_verb(preamble: str, name: str,
                                             args: dict[str, Any]) -> None:
    r = _recover(preamble, name, args)
    assert not r.ok, (preamble, name)
    assert r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll sign in to the portal.", "sign_in", {"service": "portal"}),
    ("Let me set up the project.", "create_project", ID),
    ("Let me set up the project.", "setup_project", ID),
    ("I'll back up the database.", "backup_database", ID),
    ("I'll log in.", "login", {"service": "portal"}),
    ("I'll close out the sprint.", "close_out_sprint", ID),
    ("Let me scroll down the page.", "scroll", {"direction": "down"}),
    ("I'll set the project up.", "setup_project", ID),
    ("Let me back it up.", "backup", ID),
    # the bare verb names its tool
    ("Let me turn it.", "turn_page", {"page": 2}),
])
def test_the_particle_carried_recovers(preamble: str, name: str, args: dict[str, Any]) -> None:
    r = _recover(preamble, name, args)
    assert r.ok, (preamble, name, r.detail)


@pytest.mark.parametrize(("preamble", "phrasal"), [
    ("I'll set up the project.", (("set", "up"),)),
    ("I'll set the project up.", (("set", "up"),)),
    ("I'll sign in to the portal.", (("sign", "in"),)),
    ("I'll log in.", (("log", "in"),)),
    ("I'll hand it over.", (("hand", "over"),)),
    # a preposition taking no object, whatever the verb
    ("I'll dial in to the call.", (("dial", "in"),)),
    ("I'll clock in now.", (("clock", "in"),)),
    # a pair of [g-phrasal-prep]: the preposition is the verb's before an object too
    ("I'll turn on the lights.", (("turn", "on"),)),
    ("Let me check in the passenger.", (("check", "in"),)),
    # a preposition with an object of its own is no particle
    ("Let me search in the repo.", ()),
    ("I'll click Sign in.", ()),
    ("I'll write the notes in the file.", ()),
])
def test_the_particle_read(preamble: str, phrasal: tuple[tuple[str, str], ...]) -> None:
    said = announce(normalize(preamble))
    assert isinstance(said, Announcement), said
    assert said.phrasal == phrasal, (preamble, said.phrasal)
