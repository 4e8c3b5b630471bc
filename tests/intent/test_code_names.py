"""A name written as code in the announcement's object is that name, after an observation too
(round 34's controls): "the `staging` namespace" names ``staging`` whole, "deploy version 2.4.1
of `billing`" names the service. Code only an observation quotes names no target, and a value
that only starts with the written name stays refused."""

from __future__ import annotations

from ..intent_sets import expect_pair, string_tool

TOOLS = [
    string_tool("scale_deployment", "Scale a Kubernetes deployment.", "name", "replicas",
                "namespace"),
    string_tool("git_push", "Push a branch to a remote.", "remote", "branch"),
    string_tool("restart_service", "Restart a system service.", "name"),
]


def test_code_name_before_its_kind_noun_is_whole() -> None:
    expect_pair(
        TOOLS,
        ("I'll scale the `api` deployment to 5 replicas in the `staging` namespace.",
         "scale_deployment", {"name": "api", "replicas": "5", "namespace": "staging"}),
        ("I'll scale the `api` deployment to 5 replicas in the `staging` namespace.",
         "scale_deployment", {"name": "api", "replicas": "5", "namespace": "staging-prod"}))
    expect_pair(
        TOOLS,
        ("I'll push the `main` branch to origin.",
         "git_push", {"remote": "origin", "branch": "main"}),
        ("I'll push the `main` branch to origin.",
         "git_push", {"remote": "origin", "branch": "main-release"}))


def test_code_name_after_an_observation_is_the_object() -> None:
    expect_pair(
        TOOLS,
        ("The config test passed. Let me restart the `nginx` service to apply it.",
         "restart_service", {"name": "nginx"}),
        ("The config test passed for `nginx`. Let me restart the service to apply it.",
         "restart_service", {"name": "postgresql"}))
