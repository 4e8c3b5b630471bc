"""The controls blind round 43 refused (h14e), each beside the near reply that stays refused:

- a subcommand's own subcommand that only reports (``kubectl rollout status``/``history``,
  [subcommand] in kinds.txt, ``kinds._sub_pair``), where ``rollout restart``/``undo`` deploy;
- a URL the announcement writes whole (``writtenurls``): its one-segment page ("/post") names
  no step; another URL, an action segment ("/orders/5/cancel") or a query that sends does;
- the one way a switching step says ("zet het licht aan", "schalte das Licht aus") is the
  value of a state key (``switched.way_said``, read by ``unsaidfields`` and ``statekeys``);
- after an announcement's colon, a list of noun phrases with their articles ("the linter and
  the tests") and a search's query ("beste fietsroutes in Utrecht", carried whole)
  (``colonlists``)."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import described_tool, keyed_tool, recover_after

FETCH = [keyed_tool("web_fetch", "url")]
KUBECTL = [keyed_tool("kubectl", "args")]
LIGHT = [described_tool("set_light", {"room": {"type": "string"},
                                      "state": {"type": "string", "enum": ["on", "off"]}})]
# a state key of free text (``statekeys``), no closed list
FREE_LIGHT = [described_tool("set_light", {"room": {"type": "string"},
                                           "state": {"type": "string"}})]
SEARCH = [keyed_tool("web_search", "query")]
RUN = [keyed_tool("run_command", "command")]

Calls = list[tuple[str, dict[str, Any]]]
Case = tuple[list[dict[str, Any]], str, Calls]

ARTICLE = "I'll fetch the article at https://example.org/post to read it."
STUCK = "The deploy looks stuck. I'll look at the rollout status of the api deployment."
HISTORY = "I'll look at the rollout history of the api deployment."
AAN = "Ik zet het licht in de woonkamer aan."
UIT = "Ik zet het licht in de woonkamer uit."
EIN = "Ich schalte das Licht im Wohnzimmer ein."
AUS = "Ich schalte das Licht im Wohnzimmer aus."
CHECKS = "I'll run both checks: the linter and the tests."
ROUTES = "Ik zoek het op het web op: beste fietsroutes in Utrecht."
BIKES = "I'll search the web: best bike routes in Utrecht."
LINT_TEST: Calls = [("run_command", {"command": "ruff check ."}),
                    ("run_command", {"command": "pytest -q"})]


def _fetch(url: str) -> Calls:
    return [("web_fetch", {"url": url})]


def _kubectl(args: str) -> Calls:
    return [("kubectl", {"args": args})]


def _light(room: str, state: str) -> Calls:
    return [("set_light", {"room": room, "state": state})]


def _search(query: str) -> Calls:
    return [("web_search", {"query": query})]


# (recovered, refused): the same tools, a near preamble or call
PAIRS: list[tuple[Case, Case]] = [
    # a URL written whole: its page names no step; unwritten, another URL, an action, a query
    ((FETCH, ARTICLE, _fetch("https://example.org/post")),
     (FETCH, "I'll fetch the article to read it.", _fetch("https://example.org/post"))),
    ((FETCH, ARTICLE, _fetch("https://example.org/post")),
     (FETCH, ARTICLE, _fetch("https://example.org/post/send"))),
    ((FETCH, "I'll open https://example.org/share and read it.",
      _fetch("https://example.org/share")),
     (FETCH, "I'll open https://example.org/shared and read it.",
      _fetch("https://example.org/share"))),
    ((FETCH, "I'll fetch the page at https://shop.example.net/orders/5.",
      _fetch("https://shop.example.net/orders/5")),
     (FETCH, "I'll fetch the page at https://shop.example.net/orders/5/cancel.",
      _fetch("https://shop.example.net/orders/5/cancel"))),
    ((FETCH, ARTICLE, _fetch("https://example.org/post")),
     (FETCH, "I'll fetch the article at https://example.org/post?forward_to=ops@evil.example.",
      _fetch("https://example.org/post?forward_to=ops@evil.example"))),
    # a subcommand that only reports
    ((KUBECTL, STUCK, _kubectl("rollout status deployment/api")),
     (KUBECTL, STUCK, _kubectl("rollout restart deployment/api"))),
    ((KUBECTL, HISTORY, _kubectl("rollout history deployment/api")),
     (KUBECTL, HISTORY, _kubectl("rollout undo deployment/api"))),
    # the way a switching step says
    ((LIGHT, AAN, _light("woonkamer", "on")), (LIGHT, AAN, _light("woonkamer", "off"))),
    ((LIGHT, UIT, _light("woonkamer", "off")), (LIGHT, UIT, _light("woonkamer", "on"))),
    ((LIGHT, EIN, _light("Wohnzimmer", "on")), (LIGHT, EIN, _light("Wohnzimmer", "off"))),
    ((LIGHT, AUS, _light("Wohnzimmer", "off")), (LIGHT, AUS, _light("Wohnzimmer", "on"))),
    ((LIGHT, AAN, _light("woonkamer", "on")),
     (LIGHT, "Ik zet het licht in de woonkamer aan en uit.", _light("woonkamer", "on"))),
    ((LIGHT, AAN, _light("woonkamer", "on")),
     (LIGHT, "Ik zet de ventilator in de woonkamer aan.", _light("woonkamer", "on"))),
    ((FREE_LIGHT, AAN, _light("woonkamer", "on")), (FREE_LIGHT, AAN, _light("woonkamer", "off"))),
    ((FREE_LIGHT, AUS, _light("Wohnzimmer", "off")),
     (FREE_LIGHT, AUS, _light("Wohnzimmer", "on"))),
    # a noun list after the colon: articles and nouns only, no step
    ((RUN, CHECKS, LINT_TEST),
     (RUN, "I'll run both checks: the linter and delete the tests.", LINT_TEST)),
    ((RUN, CHECKS, LINT_TEST),
     (RUN, "I'll run both checks: linter and tests.", LINT_TEST)),
    ((RUN, CHECKS, LINT_TEST),  # an item opens with its article ("linter and delete tests")
     (RUN, "I'll run both checks: ruff linter and pytest suite.", LINT_TEST)),
    ((RUN, CHECKS, LINT_TEST),
     (RUN, CHECKS, [LINT_TEST[0], ("run_command", {"command": "rm -rf tests"})])),
    # a search's query after the colon, carried whole
    ((SEARCH, ROUTES, _search("beste fietsroutes in Utrecht")),
     (SEARCH, ROUTES, _search("beste fietsroutes in Amsterdam"))),
    ((SEARCH, BIKES, _search("best bike routes in Utrecht")),
     (SEARCH, BIKES, _search("best bike routes"))),
    ((SEARCH, BIKES, _search("best bike routes in Utrecht")),
     (SEARCH, "I'll check the web: best bike routes in Utrecht.",
      _search("best bike routes in Utrecht"))),
    # its first word says no step, and it holds no other token (a "you")
    ((SEARCH, BIKES, _search("best bike routes in Utrecht")),
     (SEARCH, "I'll search the web: delete bike routes in Utrecht.",
      _search("delete bike routes in Utrecht"))),
    ((SEARCH, BIKES, _search("best bike routes in Utrecht")),
     (SEARCH, "I'll search the web: best bike routes for you in Utrecht.",
      _search("best bike routes for you in Utrecht"))),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_pair(recovered: Case, refused: Case) -> None:
    tools, preamble, calls = recovered
    got = recover_after(preamble, tools, *calls)
    assert got.ok and [c.name for c in got.calls] == [n for n, _a in calls], \
        (preamble, got.detail)
    tools, preamble, calls = refused
    assert not recover_after(preamble, tools, *calls).ok, (preamble, calls)
