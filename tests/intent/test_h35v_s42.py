"""h35v (issue 25, found by h35z): a run announcement grounds only a call that runs what it
names (``spelled.runs_it``): "I'll run `pytest`." says no delete, so ``delete_file(path=
"pytest")``, which carries the run's object, still needs a verb of its own kind."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("delete_file", "Delete a file.", "path"),
         string_tool("run_command", "Run a shell command.", "command"),
         string_tool("read_file", "Read a file.", "path"),
         string_tool("pytest_runner", "", "target"),
         string_tool("frobnicate", "", "target"),
         string_tool("restart_service", "Restart a service.", "name")]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

_RUNS = [
    "I'll run `pytest`.",
    "I'll execute `pytest`.",
    "I'll launch `pytest`.",
    "Ich führe `pytest` aus.",
    "Je vais lancer `pytest`.",
    "Voy a ejecutar `pytest`.",
    "Vou executar `pytest`.",
    "`pytest` を実行します。",
    "我将运行 `pytest`。",
]


@pytest.mark.parametrize("pre", _RUNS)
def test_a_run_grounds_no_delete_of_its_object(pre: str) -> None:
    _refused(pre, "delete_file", {"path": "pytest"}, "ungrounded-call")


@pytest.mark.parametrize("pre", _RUNS)
def test_a_run_grounds_the_command_it_names(pre: str) -> None:
    _ok(pre, "run_command", {"command": "pytest"})


def test_a_bare_two_word_command_alike() -> None:
    _refused("I'll run `make clean`.", "delete_file", {"path": "make clean"}, "ungrounded-call")
    _ok("I'll run `make clean`.", "run_command", {"command": "make clean"})
    _refused("I'll run npm install.", "delete_file", {"path": "npm install"}, "ungrounded-call")
    _ok("I'll run npm install.", "run_command", {"command": "npm install"})


def test_the_delete_announced_grounds_it() -> None:
    _ok("I'll delete `pytest`.", "delete_file", {"path": "pytest"})


def test_a_tool_of_unknown_kind_still_runs_what_is_named() -> None:
    _ok("I'll run `tests/`.", "pytest_runner", {"target": "tests/"})
    _ok("I'll run `tests/`.", "frobnicate", {"target": "tests/"})
    _ok("I'll run the `frobnicate` tool on `tests/`.", "frobnicate", {"target": "tests/"})
    _refused("I'll run the `delete_file` tool on `x`.", "delete_file", {"path": "x"},
             "ungrounded-call")


def test_a_service_restarted_by_a_run_verb() -> None:
    _ok("Ich starte den Dienst `redis` neu.", "restart_service", {"name": "redis"})
    _refused("Ich starte den Dienst `redis` neu.", "delete_file", {"path": "redis"},
             "ungrounded-call")
