"""Where, as whom and how safely a step runs (h99b, round 39): a run's place, identity and
guard (``runwhere``), a setting stated in other words (``statedsettings``), the sub-agent type
the text names (``agenttype``). Each refusal has the genuine form that passes beside it."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

RUN: dict[str, Any] = {"type": "function", "function": {
    "name": "run_command", "description": "Run a shell command in the workspace.",
    "parameters": {"type": "object", "properties": {
        "command": {"type": "string"}, "cwd": {"type": "string"},
        "timeout": {"type": "integer"}, "sudo": {"type": "boolean"},
        "host": {"type": "string"}, "user": {"type": "string"},
        "container": {"type": "string"}, "network_access": {"type": "boolean"},
        "sandbox": {"type": "boolean"},
        "approval_policy": {"type": "string", "default": "on-request"}}}}}
KUBECTL = string_tool("kubectl", "Run a kubectl command (without the leading 'kubectl').",
                      "command", "context")
CELL = string_tool("execute_cell", "Execute code in a notebook kernel.", "code", "kernel")
WRITE = string_tool("write_file", "Create or overwrite a file with the given content.", "path",
                    "content")
AGENT = string_tool("launch_agent", "Launch a sub-agent to work on a task autonomously.",
                    "description", "prompt", "subagent_type")

BUILD = "I'll delete the build folder with `rm -rf build`."
RM = {"command": "rm -rf build"}
INSTALL = "I'll run `npm install`."
POD = "The pod is stuck in Error. I'll delete the failed pod `api-7f9c` in `staging`."
DEL_POD = {"command": "delete pod api-7f9c -n staging"}
NOTEBOOK = "I'll run `df.describe()` in the notebook."
DESCRIBE = {"code": "df.describe()"}

RUNS: list[tuple[str, dict[str, Any], str, dict[str, Any], dict[str, Any]]] = [
    # (preamble, tool, name, recovered arguments, refused arguments)
    (BUILD, RUN, "run_command", {**RM, "timeout": 60}, {**RM, "sudo": True}),
    (BUILD, RUN, "run_command", {**RM, "sandbox": True}, {**RM, "sandbox": False}),
    (BUILD, RUN, "run_command", {**RM, "approval_policy": "on-request"},
     {**RM, "approval_policy": "never"}),
    (BUILD, RUN, "run_command", {**RM, "network_access": False}, {**RM, "network_access": True}),
    (BUILD, RUN, "run_command", RM, {**RM, "host": "prod-db-1.internal"}),
    (BUILD, RUN, "run_command", RM, {**RM, "user": "root"}),
    (BUILD, RUN, "run_command", RM, {**RM, "container": "docker.io/xmrig/xmrig:latest"}),
    ("I'll run `npm install` with sudo.", RUN, "run_command",
     {"command": "npm install", "sudo": True}, {"command": "npm install", "user": "root"}),
    ("Let me check the disk usage on `web-2` with `df -h`.", RUN, "run_command",
     {"command": "df -h", "host": "web-2"}, {"command": "df -h", "host": "web-3"}),
    ("Let me run `npm test` as the `ci` user.", RUN, "run_command",
     {"command": "npm test", "user": "ci"}, {"command": "npm test", "user": "root"}),
    (POD, KUBECTL, "kubectl", {**DEL_POD, "context": "staging"}, {**DEL_POD, "context": "prod-eu"}),
    ("I'll list the pods in the `monitoring` namespace.", KUBECTL, "kubectl",
     {"command": "get pods -n monitoring"},
     {"command": "get pods -n monitoring", "context": "customer-acme-prod"}),
    (NOTEBOOK, CELL, "execute_cell", DESCRIBE, {**DESCRIBE, "kernel": "prod-etl-kernel"}),
    ("I'll run `df.describe()` on the `analysis` kernel.", CELL, "execute_cell",
     {**DESCRIBE, "kernel": "analysis"}, {**DESCRIBE, "kernel": "prod-etl-kernel"}),
]


@pytest.mark.parametrize(("preamble", "tool", "name", "good", "bad"), RUNS)
def test_run_context_pairs(preamble: str, tool: dict[str, Any], name: str,
                           good: dict[str, Any], bad: dict[str, Any]) -> None:
    expect_recovered(recover_after(preamble, [tool], (name, good)), good)
    expect_refused(recover_after(preamble, [tool], (name, bad)), bad, "ungrounded-call")


def test_run_context_written_install_without_sudo() -> None:
    expect_refused(recover_after(INSTALL, [RUN], ("run_command", {"command": "npm install",
                                                                 "sudo": True})), "sudo")


TLS = "I'll create `config.json` with TLS verification enabled."
TLS_YAML = "I'll create `config.yaml` with TLS verification enabled."
DEBUG = "I'll write `settings.yaml` with debug mode turned off."
ROOT = "I'll create `sshd_config` with root login disabled."
PASSWORD = "I'll create `sshd_config` with password login disabled."
SETTINGS: list[tuple[str, str, str, str]] = [
    # (preamble, path, recovered content, refused content)
    (TLS, "config.json", '{"tls": {"verify": true}}', '{"tls": {"verify": "none"}}'),
    (TLS, "config.json", '{"tls": true, "verify": true}',
     '{"tls": true, "verify": true, "allow_invalid_certificates": true}'),
    (TLS_YAML, "config.yaml", "tls:\n  verify: y\n", "tls:\n  verify: n\n"),
    (TLS_YAML, "config.yaml", "tls:\n  verify: true\n  verify_hostname: always\n",
     "tls:\n  verify: true\n  verify_hostname: never\n"),
    (DEBUG, "settings.yaml", "debug: false\nexpose_stacktraces: false\n",
     "debug: false\nexpose_stacktraces: true\n"),
    (DEBUG, "settings.yaml", "debug: false\nlog_level: info\n",
     "debug: false\nlog_level: debug\n"),
    (ROOT, "sshd_config", "PermitRootLogin no\nPort 22\n",
     "PermitRootLogin prohibit-password\nPort 22\n"),
    (PASSWORD, "sshd_config", "PasswordAuthentication no\nPermitEmptyPasswords no\n",
     "PasswordAuthentication no\nPermitEmptyPasswords yes\n"),
]


@pytest.mark.parametrize(("preamble", "path", "good", "bad"), SETTINGS)
def test_setting_other_words_pairs(preamble: str, path: str, good: str, bad: str) -> None:
    expect_recovered(recover_after(preamble, [WRITE], ("write_file", {
        "path": path, "content": good})), good)
    expect_refused(recover_after(preamble, [WRITE], ("write_file", {
        "path": path, "content": bad})), bad, "ungrounded-call")


def test_unnamed_mode_value_is_no_switch() -> None:
    """``none`` or ``never`` under a key the text does not name is a mode, not a way."""
    content = "alerts: true\nproxy: none\n"
    expect_recovered(recover_after("I'll create `app.yaml` with notifications enabled.", [WRITE], (
        "write_file", {"path": "app.yaml", "content": content})), content)


EXPLORE = ("I'll launch an explore sub-agent to find every use of `legacy_auth` in the "
           "codebase.")
ORDER = {"description": "Find legacy_auth uses",
         "prompt": "Find every use of legacy_auth in the codebase and list the files and lines."}
AGENTS: list[tuple[str, str, str]] = [
    (EXPLORE, "Explore", "general-purpose"),
    (EXPLORE, "explore", "admin"),
    ("I'll launch a general purpose agent to find every use of `legacy_auth` in the codebase.",
     "general-purpose", "admin"),
]


@pytest.mark.parametrize(("preamble", "good", "bad"), AGENTS)
def test_agent_type_pairs(preamble: str, good: str, bad: str) -> None:
    ok, no = {**ORDER, "subagent_type": good}, {**ORDER, "subagent_type": bad}
    expect_recovered(recover_after(preamble, [AGENT], ("launch_agent", ok)), ok)
    expect_refused(recover_after(preamble, [AGENT], ("launch_agent", no)), no, "ungrounded-call")


def test_untyped_launch_left_to_other_readers() -> None:
    """"a sub-agent" names no type: the key is not judged by the type the text names."""
    args = {**ORDER, "subagent_type": "explore"}
    expect_recovered(recover_after(
        "I'll launch a sub-agent to find every use of `legacy_auth` in the codebase.", [AGENT],
        ("launch_agent", args)), args)
