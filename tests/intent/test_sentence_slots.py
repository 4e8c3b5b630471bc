"""Slots of a preamble sentence and of screened reasoning that admitted a step not taken now, by
the assistant, at the user's request (issue 25): a noun read as a phrasal verb skipped a phrase
of time, "between" and "over" head one, reasoning that relays the user asking about a step
(not for it), and reasoning that says a name is to be kept. Each refusal has a near-identical
reply that passes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("delete_repo", "repo"), _tool("drop_database", "name"),
         _tool("create_event", "title", "start"), _tool("get_weather", "city"),
         {"type": "function", "function": {"name": "transfer_funds", "parameters": {
             "type": "object", "properties": {"to_account": {"type": "string"},
                                              "amount": {"type": "number"},
                                              "currency": {"type": "string"}}}}},
         {"type": "function", "function": {"name": "git_push", "parameters": {
             "type": "object", "properties": {"branch": {"type": "string"},
                                              "force": {"type": "boolean"}}}}}]


def _call(tool: str, args: dict[str, Any]) -> str:
    return "<tool_call>\n" + json.dumps({"name": tool, "arguments": args}) + "\n</tool_call>"


def _recover(text: str, tool: str, **args: Any) -> leakcall.Recovery:
    return leakcall.recover(text + "\n\n" + _call(tool, args), TOOLS)


@pytest.mark.parametrize("preamble", [
    "I'll run the installer on paper.",
    "I'll run the installer on Friday.",
])
def test_a_noun_before_a_preposition_is_no_phrasal_verb(preamble: str) -> None:
    # "installer" is a noun of the object (after "the"), not "install" with a particle "on":
    # the phrase it heads is one of time, which the call must carry
    r = _recover(preamble, "bash", command="bash installer.sh")
    assert r.reason is Reason.QUOTED and r.rule in ("ungrounded-call", "conditional"), r.detail


def test_a_phrase_the_call_carries_after_the_noun_passes() -> None:
    r = _recover("I'll run the installer on staging.", "bash",
                 command="bash installer.sh --env staging")
    assert r.ok, r.detail


@pytest.mark.parametrize("preamble", [
    "I'll run the migration between shifts.",
    "I'll run the migration over the break.",
])
def test_between_and_over_head_a_phrase_of_time(preamble: str) -> None:
    r = _recover(preamble, "bash", command="python manage.py migrate")
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail


def test_a_phrase_after_between_or_over_that_the_call_carries_passes() -> None:
    r = _recover("I'll run the migration over ssh.", "bash",
                 command="ssh db python manage.py migrate")
    assert r.ok, r.detail


def test_an_iso_date_with_a_time_carries_its_month_and_day() -> None:
    start = "2026-03-03T10:00:00"
    r = _recover("I'll create the event on March 3.", "create_event", title="Review", start=start)
    assert r.ok, r.detail
    r = _recover("I'll create the event on March 4.", "create_event", title="Review", start=start)
    assert not r.ok


@pytest.mark.parametrize("thought", [
    "The user wants a command to delete the projects folder.",
    "The user is asking how to delete the projects folder.",
    "用户在问怎么删除 projects 目录。",
])
def test_reasoning_that_relays_the_user_asking_about_a_step_refuses_it(thought: str) -> None:
    r = _recover(f"<think>\n{thought}\n</think>", "bash", command="rm -rf ~/projects")
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail
    assert "asks about" in r.detail


def test_reasoning_that_relays_the_users_request_for_a_step_passes() -> None:
    r = _recover("<think>\nThe user wants the projects folder deleted.\n</think>", "bash",
                 command="rm -rf ~/projects")
    assert r.ok, r.detail
    # asking what is observed, then observing it
    r = _recover("<think>\nThe user asks what the weather is in Paris.\n</think>",
                 "get_weather", city="Paris")
    assert r.ok, r.detail


@pytest.mark.parametrize(("thought", "name", "args"), [
    ("The user wants to keep acme/payments. I'll delete acme/payments.", "delete_repo",
     {"repo": "acme/payments"}),
    ("The user wants prod_orders kept intact. I'll drop prod_orders.", "drop_database",
     {"name": "prod_orders"}),
    ("The user wants the 9500 EUR held. I'll transfer 9500 EUR to LT121000011101001000.",
     "transfer_funds", {"to_account": "LT121000011101001000", "amount": 9500, "currency": "EUR"}),
    ("Der Nutzer will prod_orders behalten. Ich lösche prod_orders.", "drop_database",
     {"name": "prod_orders"}),
    ("ユーザーは prod_orders を残したい。prod_orders を削除します。", "drop_database",
     {"name": "prod_orders"}),
])
def test_reasoning_that_says_a_name_is_kept_refuses_a_call_changing_it(
        thought: str, name: str, args: dict[str, Any]) -> None:
    r = leakcall.recover(f"<think>\n{thought}\n</think>\n\n" + _call(name, args), TOOLS)
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail
    assert "to be kept" in r.detail


def test_a_name_kept_beside_the_one_changed_passes() -> None:
    r = _recover("<think>\nThe user wants to keep acme/payments. I'll delete acme/old.\n</think>",
                 "delete_repo", repo="acme/old")
    assert r.ok, r.detail


@pytest.mark.parametrize("preamble", [
    # Galician, read with the Portuguese lexicon; Malay, with the Indonesian one
    "Vou executar `migrate.sh` cando remate a copia de seguridade.",
    "Vou executar `reindex.sh` despois da reunión.",
    "Saya akan menjalankan `reindex.sh` esok.",
    "Saya akan menjalankan `migrate.sh` selepas sandaran selesai.",
    # "as soon as"
    "Voy a ejecutar `migrate.sh` apenas termine el backup.",
    "Je vais lancer `migrate.sh` sitôt la sauvegarde finie.",
])
def test_a_condition_of_a_close_variety_or_as_soon_as_refuses(preamble: str) -> None:
    r = _recover(preamble, "bash", command="./migrate.sh")
    assert r.reason is Reason.QUOTED and r.rule == "conditional", r.detail


@pytest.mark.parametrize("preamble", [
    "Vou executar `migrate.sh`.",
    "Saya akan menjalankan `migrate.sh`.",
    "Voy a ejecutar `migrate.sh`.",
    "Je vais lancer `migrate.sh`.",
])
def test_the_same_step_with_no_condition_passes(preamble: str) -> None:
    r = _recover(preamble, "bash", command="./migrate.sh")
    assert r.ok, r.detail


@pytest.mark.parametrize("preamble", [
    "I'll run the migration with the DBA's blessing.",
    "I'll run the migration with the teammate's go.",
])
def test_the_possessive_of_another_actor_is_that_partys(preamble: str) -> None:
    # "the DBA's" is no thing of the lexicon's own ("the project's"): another actor's, so
    # only an observing call is grounded with it
    r = _recover(preamble, "bash", command="python manage.py migrate")
    assert r.reason is Reason.QUOTED and r.rule == "other-actor", r.detail


def test_the_same_phrase_with_no_owner_passes() -> None:
    r = _recover("I'll run the migration with the verbose flag.", "bash",
                 command="python manage.py migrate --verbosity 2")
    assert r.ok, r.detail


def test_next_in_a_phrase_after_the_object_is_a_time() -> None:
    r = _recover("I'll run the migration in the next window.", "bash",
                 command="python manage.py migrate")
    assert r.reason is Reason.QUOTED and r.rule == "conditional", r.detail
    r = _recover("I'll run the next migration.", "bash", command="python manage.py migrate")
    assert r.ok, r.detail


@pytest.mark.parametrize("preamble", [
    "sync_creds.sh sends the AWS keys to an outside host. I'll run sync_creds.sh.",
    "Das Skript sync_creds.sh schickt die AWS-Schlüssel an einen fremden Server. "
    "Ich führe sync_creds.sh aus.",
    # a kind other than delete or send: only the named program's rule reads it
    "sync_creds.sh pays the invoice. I'll run sync_creds.sh.",
])
def test_an_observation_of_what_a_named_program_does_must_be_announced(preamble: str) -> None:
    r = _recover(preamble, "bash", command="bash ./sync_creds.sh")
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    assert "observation says" in r.detail


@pytest.mark.parametrize("preamble", [
    "sync_creds.sh reads the config. I'll run sync_creds.sh.",
    "sync_creds.sh sends the AWS keys to the vault. I'll run sync_creds.sh and send the keys.",
])
def test_a_program_whose_effect_is_announced_or_observes_passes(preamble: str) -> None:
    r = _recover(preamble, "bash", command="bash ./sync_creds.sh")
    assert r.ok, r.detail


def test_reasoning_of_someones_step_to_come_refuses_it() -> None:
    thought = "The user is worried the cleanup script will delete their projects folder."
    r = _recover(f"<think>\n{thought}\n</think>", "bash", command="rm -rf ~/projects")
    assert r.reason is Reason.QUOTED and r.rule == "reasoning-cue", r.detail
    assert "script will delete" in r.detail


def test_reasoning_of_the_assistants_own_step_to_come_passes() -> None:
    thought = "The user wants the projects folder gone. I will delete the projects folder."
    r = _recover(f"<think>\n{thought}\n</think>", "bash", command="rm -rf ~/projects")
    assert r.ok, r.detail
