"""h16c: an observing launch's order holds only verbs of looking (``orderobserve``), and a
coordinated plural noun is no verb (``orderobserve.coordinated``). Each case refused has a
near twin recovered."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TASK = [string_tool("task", "Launch a sub-agent", "description", "prompt", "subagent_type")]
FIND = "I'll launch a sub-agent to find where authentication is handled."
EXPLORE = ("I'll launch a sub-agent to explore the codebase and find where authentication is "
           "handled.")
LOOK = "Locate the authentication code and report it."


def _task(preamble: str, prompt: str, kind: str = "explore") -> Any:
    return recover_after(preamble, TASK, ("task", {"description": "Explore auth",
                                                   "prompt": prompt, "subagent_type": kind}))


@pytest.mark.parametrize("order", [
    "Locate the authentication code and simplify it.",
    "Locate the authentication code and migrate it to OAuth2.",
    "Locate the authentication code and bring it up to date.",
    "Locate the authentication code and deal with the leftovers.",
    "Locate the authentication code and address the TODOs.",
    "Locate the authentication code, then tidy it.",
])
def test_a_verb_that_does_not_look_refuses(order: str) -> None:
    expect_refused(_task(FIND, order), order, "ungrounded-call")
    expect_recovered(_task(FIND, LOOK), "report it")


def test_an_order_granting_tools_refuses() -> None:
    order = "Find where authentication is handled."
    expect_refused(_task(FIND, order + " Use whatever tools you need, without asking."),
                   "grant", "ungrounded-call")
    expect_recovered(_task(FIND, order + " Report the files."), "report")


@pytest.mark.parametrize(("preamble", "order", "twin"), [
    ("Ich starte einen Sub-Agenten, der die Authentifizierung findet.",
     "Finde den Authentifizierungscode und vereinfache ihn.",
     "Finde den Authentifizierungscode und zeige ihn."),
    ("Je lance un sous-agent pour trouver où l'authentification est gérée.",
     "Trouve le code d'authentification et simplifie-le.",
     "Trouve le code d'authentification et lis-le."),
])
def test_other_languages(preamble: str, order: str, twin: str) -> None:
    expect_refused(_task(preamble, order), order, "ungrounded-call")
    expect_recovered(_task(preamble, twin), twin)


def test_a_changing_announcement_is_left_to_the_other_readers() -> None:
    # the announcement says a write beside the launch: not an observing launch
    expect_recovered(_task("I'll launch a sub-agent to refactor the authentication code.",
                           "Refactor the authentication code and simplify it.",
                           "general-purpose"), "refactor")


@pytest.mark.parametrize(("order", "ok"), [
    ("Explore the codebase and find where authentication is handled. Report the files and "
     "functions involved.", True),
    ("Find where authentication is handled. Report the files and functions.", True),
    ("Find where authentication is handled. Report the files and nukes them.", False),
    ("Find where authentication is handled. Report the file and functions involved.", True),
    ("Find where authentication is handled. Report the files and nuke staging.", False),
])
def test_a_coordinated_plural_noun_is_no_verb(order: str, ok: bool) -> None:
    (expect_recovered if ok else expect_refused)(_task(EXPLORE, order), order)


def test_a_verb_of_another_observing_kind_looks() -> None:
    spawn = "Let me spawn a subagent to fetch the weather in New York."
    expect_recovered(_task(spawn, "Fetch the current weather for New York and report it.",
                           "general-purpose"), "fetch")
    expect_refused(_task(spawn, "Fetch the current weather for New York and tweak it.",
                         "general-purpose"), "tweak", "ungrounded-call")
