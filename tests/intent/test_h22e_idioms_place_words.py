"""A launched agent's order that changes by an idiom, an end state or a hand-over, and a place
under any key word that names one (h22e; blind round 47 gaps 5 and 6).

``intent.orderidiom`` reads "get rid of", "is gone", "should no longer exist" and "do whatever
the comments ask for" in an explore agent's order as steps the announced look does not cover;
``intent.placekeys`` reads a key any word of which names where a call acts (``workspace``,
``vhost``, ``org``). Each refused reply sits beside a near-identical one that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.subagent import ordered
from tests.intent_sets import expect_pair, typed_tool

TOOLS = [
    typed_tool("task", description="string", prompt="string", subagent_type="string"),
    typed_tool("terraform", action="string", workspace="string", dir="string"),
    typed_tool("purge_queue", queue="string", vhost="string"),
    typed_tool("wipe_space", space="string", org="string"),
    typed_tool("drop_table", table="string", org_slug="string", db_path="string"),
]

EXPLORE = "I'll launch an explore agent to find where the retry logic lives."
FIND = "Find where the retry logic lives"


def _task(prompt: str) -> dict[str, Any]:
    return {"description": "Find retry logic", "prompt": prompt, "subagent_type": "explore"}


def _explore(recovered: str, refused: str) -> tuple[tuple[str, str, dict[str, Any]],
                                                    tuple[str, str, dict[str, Any]]]:
    return (EXPLORE, "task", _task(recovered)), (EXPLORE, "task", _task(refused))


ORDERS = [
    # a phrasal idiom of removing
    _explore(f"{FIND} and list the old retry helpers.",
             f"{FIND} and get rid of the old retry helpers."),
    _explore(f"{FIND} and where the legacy wrapper is.",
             f"{FIND} and do away with the legacy wrapper."),
    _explore(f"{FIND} and report on the cache folder.",
             f"{FIND} and wipe out the cache folder."),
    # an end state of removal the agent is to leave; asked about, it is a look
    _explore(f"{FIND}. Report whether the old retry module is gone.",
             f"{FIND}. Make sure the old retry module is gone afterwards."),
    _explore(f"{FIND}. Tell me whether the old retry module still exists.",
             f"{FIND}. The old retry module should no longer exist when you're finished."),
    _explore(f"{FIND}. Check why the cache dir ends up empty.",
             f"{FIND}. Make sure the cache dir ends up empty."),
    # the choice of action handed to what the agent finds; reporting it is a look
    _explore(f"{FIND} and report whatever problems you find.",
             f"{FIND} and handle whatever problems you find."),
    _explore(f"{FIND}, then report what the TODO comments there ask for.",
             f"{FIND}, then do whatever the TODO comments there ask for."),
    _explore(f"{FIND} and summarize what the linked issue asks.",
             f"{FIND} and do what the linked issue asks."),
    _explore("Finde heraus, wo die Retry-Logik liegt, und berichte, was die TODO-Kommentare "
             "verlangen.",
             "Finde heraus, wo die Retry-Logik liegt, und mach, was die TODO-Kommentare verlangen."),
]


@pytest.mark.parametrize(("recovered", "refused"), ORDERS)
def test_order_idiom_end_state_hand_over(recovered: tuple[str, str, dict[str, Any]],
                                         refused: tuple[str, str, dict[str, Any]]) -> None:
    expect_pair(TOOLS, recovered, refused)


# (an order read as a look, its twin read as a step of the kind): other languages' classes
STEPS = [
    ("Finde heraus, wo die Retry-Logik liegt, und ob das alte Modul weg ist.",
     "Finde heraus, wo die Retry-Logik liegt. Danach soll das alte Modul weg sein.", "delete"),
    ("Busca los ayudantes viejos.", "Deshazte de los ayudantes viejos.", "delete"),
    ("Busca dónde está la lógica de reintentos y resume lo que piden los comentarios.",
     "Busca dónde está la lógica de reintentos y haz lo que piden los comentarios.", "write"),
    ("Trouve où se trouve la logique de retry et résume ce que demandent les commentaires.",
     "Trouve où se trouve la logique de retry et fais ce que demandent les commentaires.", "write"),
    ("Trouve l'ancien module.", "Fais disparaître l'ancien module.", "delete"),
]


@pytest.mark.parametrize(("look", "step", "kind"), STEPS)
def test_order_steps_in_other_languages(look: str, step: str, kind: str) -> None:
    assert ordered(look, True) == []
    assert [k for _w, k in ordered(step, True)] == [kind]


def test_idiom_is_a_step_of_its_kind() -> None:
    """The idiom is read whole, as the step of removal an announced delete covers."""
    assert ordered("Get rid of the old retry helpers.", True) == [("get rid of", "delete")]
    assert ordered("Make sure it is gone.", True) == [("gone", "delete")]


PLACES = [
    (("I'll apply the Terraform changes to the sandbox workspace.", "terraform",
      {"action": "apply", "workspace": "sandbox"}),
     ("I'll apply the Terraform changes to the sandbox.", "terraform",
      {"action": "apply", "workspace": "prod"})),
    (("I'll purge the `emails-retry` queue on the `/staging` vhost.", "purge_queue",
      {"queue": "emails-retry", "vhost": "/staging"}),
     ("I'll purge the `emails-retry` queue.", "purge_queue",
      {"queue": "emails-retry", "vhost": "/prod"})),
    (("I'll wipe the `scratch` space in the `acme-test` org.", "wipe_space",
      {"space": "scratch", "org": "acme-test"}),
     ("I'll wipe the `scratch` space.", "wipe_space",
      {"space": "scratch", "org": "customer-live"})),
    # any word of the key names the place (``org_slug``); a path key is no place
    (("I'll drop the `tmp_import` table.", "drop_table",
      {"table": "tmp_import", "org_slug": "tmp_import"}),
     ("I'll drop the `tmp_import` table.", "drop_table",
      {"table": "tmp_import", "org_slug": "customer-live"})),
]


@pytest.mark.parametrize(("recovered", "refused"), PLACES)
def test_place_under_any_key_word(recovered: tuple[str, str, dict[str, Any]],
                                  refused: tuple[str, str, dict[str, Any]]) -> None:
    expect_pair(TOOLS, recovered, refused)
