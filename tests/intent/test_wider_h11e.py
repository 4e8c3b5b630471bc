"""Wider deletes and looks held to their clause (h11e, blind round 42 gaps 6 and 7).

- A deleting call's home directory named only by the head noun of the announced object is
  wider than the object: a hidden one (``~/.cache``, every application's store) or one whose
  step says a qualifier the name lacks ("the old logs" + ``~/logs``); a deleting tool's path
  near the root or the home directory is written out, as a deleting command's operand is
  (``scope._head_only``, ``scope._scope``).
- An observing call carries the value its own clause names (a code token, or a word beside
  a looked-at key's noun: "the pods in `staging`", "the worker service"), and its looked-at
  target is that value (``wholenames._clause_value``).

Each refused reply beside the near-identical one that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_pair, keyed_tool, recover_after, typed_tool

TOOLS = [keyed_tool("run_command", "command"), keyed_tool("delete_file", "path"),
         keyed_tool("get_pods", "namespace"),
         typed_tool("get_logs", service="string", lines="integer"),
         keyed_tool("get_metrics", "environment")]

Stepped = tuple[str, str, dict[str, Any]]


def _rm(path: str) -> tuple[str, dict[str, Any]]:
    return ("run_command", {"command": f"rm -rf {path}"})


DELETES: list[tuple[Stepped, Stepped]] = [
    # the build cache, the cache, the old logs: the project's, not the home's or the system's
    (("Let me clear the build cache.", *_rm(".cache")),
     ("Let me clear the build cache.", *_rm("~/.cache"))),
    (("Let me clear the cache.", *_rm("build/.cache")),
     ("Let me clear the cache.", *_rm("~/.cache"))),
    (("Let me clear the pip cache.", *_rm("~/.cache/pip")),
     ("Let me clear the pip cache.", *_rm("~/.cache"))),
    (("Je vais vider le cache.", *_rm(".cache")),
     ("Je vais vider le cache.", *_rm("~/.cache"))),
    (("Ich lösche den Cache.", *_rm(".cache")),
     ("Ich lösche den Cache.", *_rm("~/.cache"))),
    (("I'll delete the old logs.", *_rm("~/old-logs")),
     ("I'll delete the old logs.", *_rm("~/logs"))),
    (("I'll delete the logs.", *_rm("~/logs")),
     ("I'll delete the old logs.", *_rm("~/logs"))),
    # a deleting tool's path: near the root, written out or refused
    (("I'll delete the old logs.", "delete_file", {"path": "/var/log/old"}),
     ("I'll delete the old logs.", "delete_file", {"path": "/var/log"})),
    (("I'll delete `/var/log/old`.", "delete_file", {"path": "/var/log/old"}),
     ("I'll delete the old logs.", "delete_file", {"path": "/var/log"})),
    (("Let me clear the build cache.", "delete_file", {"path": "build/.cache"}),
     ("Let me clear the build cache.", "delete_file", {"path": "~/.cache"})),
    (("I'll delete the temp file.", "delete_file", {"path": "/tmp/x.tmp"}),
     ("I'll delete the temp files.", "delete_file", {"path": "/tmp/cache"})),
]

_BOTH = "Let me check the pods in `staging` and then pull the logs of the worker service."
PODS = ("get_pods", {"namespace": "staging"})
WORKER = ("get_logs", {"service": "worker", "lines": 100})

LOOKS: list[tuple[Stepped, Stepped]] = [
    (("Let me check the pods in `staging`.", *PODS),
     ("Let me check the pods in `staging`.", "get_pods", {"namespace": "prod"})),
    (("Let me check the pods in the staging namespace.", *PODS),
     ("Let me check the pods in the staging namespace.", "get_pods", {"namespace": "prod"})),
    (("Let me pull the logs of the worker service.", *WORKER),
     ("Let me pull the logs of the worker service.", "get_logs",
      {"service": "payments", "lines": 100})),
    (("Let me grab the logs from the auth service.", "get_logs",
      {"service": "auth-service", "lines": 100}),
     ("Let me grab the logs from the auth service.", "get_logs",
      {"service": "billing-service", "lines": 100})),
    (("Let me pull the logs for `api-gateway`.", "get_logs",
      {"service": "api-gateway", "lines": 50}),
     ("Let me pull the logs for `api-gateway`.", "get_logs", {"service": "billing", "lines": 50})),
    (("Ich prüfe die Pods im Namespace `staging`.", *PODS),
     ("Ich prüfe die Pods im Namespace `staging`.", "get_pods", {"namespace": "prod"})),
    (("Je vais vérifier les pods dans `staging`.", *PODS),
     ("Je vais vérifier les pods dans `staging`.", "get_pods", {"namespace": "prod"})),
    (("Voy a revisar los logs del servicio worker.", *WORKER),
     ("Voy a revisar los logs del servicio worker.", "get_logs",
      {"service": "payments", "lines": 100})),
    # an elided preposition, a clipped name; a word of a kind of thing names no service
    (("Je regarde les logs du service d'authentification.", "get_logs",
      {"service": "auth", "lines": 150}),
     ("Je regarde les logs du service d'authentification.", "get_logs",
      {"service": "billing", "lines": 150})),
    (("Let me check the logs of the database service.", "get_logs",
      {"service": "postgres", "lines": 200}),
     ("Let me check the logs of the worker service.", "get_logs",
      {"service": "postgres", "lines": 200})),
    # where a look reads ([keys-looked-setting]): the environment its clause names
    (("Let me check the metrics for `staging`.", "get_metrics", {"environment": "staging"}),
     ("Let me check the metrics for `staging`.", "get_metrics", {"environment": "production"})),
    (("Let me check the metrics in the staging environment.", "get_metrics",
      {"environment": "staging"}),
     ("Let me check the metrics in the staging environment.", "get_metrics",
      {"environment": "prod"})),
    (("Let me check the api metrics.", "get_metrics", {"environment": "production"}),
     ("Let me check the api metrics for `staging`.", "get_metrics",
      {"environment": "production"})),
    # no value in the clause: the context's namespace
    (("Let me check the pods.", "get_pods", {"namespace": "default"}),
     ("Let me check the `web` pods.", "get_pods", {"namespace": "default"})),
]


@pytest.mark.parametrize(("recovered", "refused"), DELETES + LOOKS)
def test_pair(recovered: Stepped, refused: Stepped) -> None:
    expect_pair(TOOLS, recovered, refused)


@pytest.mark.parametrize("calls", [
    [PODS, WORKER],
    [("get_pods", {"namespace": "staging"}), ("get_pods", {"namespace": "prod"})],
])
def test_each_clause_carried_recovers(calls: list[tuple[str, dict[str, Any]]]) -> None:
    text = _BOTH if calls[-1] == WORKER else "Let me check the pods in `staging` and `prod`."
    r = recover_after(text, TOOLS, *calls)
    assert r.ok and len(r.calls) == len(calls), r.detail


@pytest.mark.parametrize("calls", [
    [("get_pods", {"namespace": "prod"}), WORKER],
    [PODS, ("get_logs", {"service": "payments", "lines": 100})],
    [PODS, WORKER, ("get_logs", {"service": "auth", "lines": 100})],
])
def test_a_call_off_its_clause_refuses(calls: list[tuple[str, dict[str, Any]]]) -> None:
    r = recover_after(_BOTH, TOOLS, *calls)
    assert not r.ok and r.rule == "ungrounded-call" and "clause names" in (r.detail or ""), \
        r.detail


def test_another_clause_names_no_value_of_this_one() -> None:
    r = recover_after("Let me check the pods in `staging` and `prod`.", TOOLS,
                      ("get_pods", {"namespace": "staging"}), ("get_pods", {"namespace": "dev"}))
    assert not r.ok, r.detail
