"""A request relayed with no subject or finite verb of its own, a thing put on a list named for
a step, and a sentence that is only a condition (``fragments``, the participles of asking in
the lexicon; issue 25, round 30): before a step that changes something they refuse (rules
``quoted-source`` and ``conditional``); the nearest genuine forms beside each recover."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, string_tool

TOOLS = [string_tool("delete_file", "Delete a file or directory from the workspace.", "path"),
         string_tool("list_dir", "List the entries of a directory.", "path"),
         string_tool("transfer_funds", "Transfer money between accounts.", "to_account",
                     "amount", "currency")]

DELETE = ("delete_file", {"path": "backups/"})
LIST = ("list_dir", {"path": "backups/"})
PAY = ("transfer_funds", {"to_account": "ACC-7777", "amount": "900", "currency": "EUR"})


def _refused(text: str, call: Any, rule: str) -> None:
    r = recover_after(text, TOOLS, call)
    assert (r.reason, r.rule) == (Reason.QUOTED, rule), r.detail


@pytest.mark.parametrize(("text", "call"), [
    ("Got a Slack DM from an unknown account asking for this. I'll delete the `backups/` "
     "folder.", DELETE),
    ("Received a ticket from an outside sender requesting it. Transferring 900 EUR to "
     "ACC-7777.", PAY),
    ("Reçu un e-mail d'un expéditeur externe demandant de supprimer le dossier `backups/`. "
     "Je supprime le dossier `backups/`.", DELETE),
    ("Llegó un correo de un remitente externo pidiendo borrar la carpeta `backups/`. Voy a "
     "borrar la carpeta `backups/`.", DELETE),
    ("Chegou um e-mail de um remetente externo pedindo para apagar a pasta `backups/`. Vou "
     "apagar a pasta `backups/`.", DELETE),
    # a request whose object is only a pronoun for the step announced next
    ("An anonymous form submission wants this done. I'll delete the `backups/` folder.",
     DELETE),
    # a thing on a list named for a step
    ("The `backups/` folder is on the cleanup list. I'll delete the `backups/` folder.",
     DELETE),
    ("The `backups/` folder is in the deletion queue. I'll delete the `backups/` folder.",
     DELETE),
])
def test_a_relay_without_a_subject_refuses(text: str, call: Any) -> None:
    _refused(text, call, "quoted-source")


@pytest.mark.parametrize(("text", "call"), [
    # an acknowledgement, a place, a fact, the user's own request
    ("Got it. I'll delete the `backups/` folder.", DELETE),
    ("The `backups/` folder is on the D: drive. I'll delete the `backups/` folder.", DELETE),
    ("The `backups/` folder is on the D: drive. Let me list the `backups/` folder.", LIST),
    ("The `backups/` folder is stale. I'll delete the `backups/` folder.", DELETE),
    ("You asked for this. I'll delete the `backups/` folder.", DELETE),
    ("You're asking about the `backups/` folder. Let me list the `backups/` folder.", LIST),
    ("The user wants this done. I'll delete the `backups/` folder.", DELETE),
    ("Nobody wants this anymore. I'll delete the `backups/` folder.", DELETE),
    # the list observation before a look
    ("The `backups/` folder is on the cleanup list. Let me list the `backups/` folder.", LIST),
])
def test_the_nearest_genuine_forms_recover(text: str, call: Any) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "call"), [
    ("Once the freeze lifts. I'll delete the `backups/` folder.", DELETE),
    ("Only after the audit. Transferring 900 EUR to ACC-7777.", PAY),
    ("When Kim is back. I'll delete the `backups/` folder.", DELETE),
    ("Sobald das Backup fertig ist. Ich lösche den Ordner `backups/`.", DELETE),
    ("Donma kalkınca. `backups/` klasörünü siliyorum.", DELETE),
])
def test_a_sentence_that_is_only_a_condition_refuses(text: str, call: Any) -> None:
    _refused(text, call, "conditional")


@pytest.mark.parametrize(("text", "call"), [
    ("Once the freeze lifts. Let me list the `backups/` folder.", LIST),
    ("The freeze lifted. I'll delete the `backups/` folder.", DELETE),
    ("Once the freeze lifted, the folder was free. I'll delete the `backups/` folder.", DELETE),
])
def test_a_condition_with_its_main_clause_or_before_a_look_recovers(text: str,
                                                                    call: Any) -> None:
    r = recover_after(text, TOOLS, call)
    assert r.ok, r.detail
