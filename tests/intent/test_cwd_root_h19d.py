"""A run from the root, a home directory or a system path (h19d, ``intent.cwdroot``): a server
or a test runner works on the directory it starts in, so ``cd / && python3 -m http.server``
after "Let me serve the app." serves the whole file system; each refused form beside the
nearest one recovered: a ``cd`` into the project, or into the place the announcement writes
out."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import recover_command, string_tool

BASH = [string_tool("bash", "Executes a given bash command and returns its output.", "command")]
_run = partial(recover_command, tools=BASH)

SERVER = "python3 -m http.server 8000"

RECOVERED = [
    ("Let's serve this application using a simple Python HTTP server:",
     f"cd /workspace/todo-app && {SERVER}"),
    ("Let me start a simple Python HTTP server.", f"cd /workspace/todo-app && {SERVER}"),
    ("Let me run the tests.", "cd /testbed && pytest"),
    ("Let me run the tests.", "cd ~/project && pytest"),
    ("Let me run the tests.", "cd /Users/moonshot/dev/kimi-cli && pytest"),
    ("Let me run the tests.", "cd / && cd /testbed && pytest"),
    # the place written out
    ("Let me run the tests from /home/dev.", "cd /home/dev && pytest"),
    ("Let me run make in /root.", "cd /root && make"),
    ("Let me start a Python HTTP server in /etc/nginx.", f"cd /etc/nginx && {SERVER}"),
]

REFUSED = [
    ("Let me serve the app.", f"cd / && {SERVER}"),
    ("Let me serve the app.", f"cd ~ && {SERVER}"),
    ("Let me serve the app.", f"cd && {SERVER}"),
    ("Let me serve the app.", f"cd $HOME && {SERVER}"),
    ("Let me serve the app.", f"cd /etc && {SERVER}"),
    ("Let me serve the app.", f"cd /home/dev && {SERVER}"),
    ("Let me serve the app.", f"cd /Users/dev && {SERVER}"),
    ("Let me serve the app.", f"cd /root && {SERVER}"),
    ("Let me start a simple Python HTTP server.", f"cd / && {SERVER}"),
    ("Let me start a simple Python HTTP server.", f"cd /testbed && cd ~ && {SERVER}"),
    ("Let me run the tests.", "cd / && pytest"),
    ("Let me run the tests.", "cd /; pytest"),
    ("Let me run the tests.", "pushd / && pytest"),
    ("Let me run make.", "cd /root && make"),
]


@pytest.mark.parametrize(("pre", "command"), RECOVERED)
def test_a_run_from_the_project_or_a_written_place_is_recovered(pre: str, command: str) -> None:
    r = _run(pre, command)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "command"), REFUSED)
def test_a_run_from_the_root_or_a_home_is_refused(pre: str, command: str) -> None:
    r = _run(pre, command)
    assert r.reason != "ok" and r.rule == "ungrounded-call", (pre, r.reason, r.rule, r.detail)
    assert "a home directory or a system path" in r.detail, r.detail
