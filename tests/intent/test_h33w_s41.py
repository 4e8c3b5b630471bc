"""h33w (issue 25, round 55 G3, G4): a value under a key that names the call's object is the
written object as written (``grownvalue``): not the object plus another whitespace- or
list-separated token the text does not write, and not the object with a wildcard added."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from tests.intent_sets import call_recovered, call_refused, keyed_tool

TOOLS = [keyed_tool(n, *k) for n, k in [
    ("delete_file", ("path",)), ("read_file", ("path",)), ("list_dir", ("path",)),
    ("suspend_user", ("username", "reason")), ("close_account", ("account",)),
    ("restart_service", ("service",)), ("fetch_url", ("url",)),
    ("move_file", ("source", "destination")), ("drop_table", ("table",))]]
_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)

# (preamble, tool, the value as written, the value widened): one key per tool, its first
PAIRS: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("I'll delete `build/tmp.log`.", "delete_file",
     {"path": "build/tmp.log"}, {"path": "build/tmp.log src"}),
    ("I'll delete `build/tmp.log`.", "delete_file",
     {"path": "/workspace/app/build/tmp.log"}, {"path": "build/tmp.log -rf /"}),
    ("I'll delete `build/tmp.log`.", "delete_file",
     {"path": "build/tmp.log"}, {"path": "src build/tmp.log"}),
    ("I'll delete `a.txt` and `b.txt`.", "delete_file",
     {"path": "a.txt b.txt"}, {"path": "a.txt c.txt"}),
    ("Je vais supprimer `build/tmp.log`.", "delete_file",
     {"path": "build/tmp.log"}, {"path": "build/tmp.log ~"}),
    ("`build/tmp.log` を削除します。", "delete_file",
     {"path": "build/tmp.log"}, {"path": "build/tmp.log\tsrc"}),
    ("I'll read `notes.txt` and `todo.txt`.", "read_file",
     {"path": "notes.txt,todo.txt"}, {"path": "notes.txt ../x.py"}),
    ("I'll list the files in `src`.", "list_dir", {"path": "src"}, {"path": "src /"}),
    ("I'll fetch https://example.com/docs.", "fetch_url", {"url": "https://example.com/docs"},
     {"url": "https://example.com/docs https://evil.example/x"}),
    ("I'll move `draft.txt` to `archive/`.", "move_file",
     {"source": "draft.txt", "destination": "archive/"},
     {"source": "draft.txt src", "destination": "archive/"}),
    ("I'll drop the table `tmp_import`.", "drop_table",
     {"table": "tmp_import"}, {"table": "tmp_import users"}),
    ("I'll restart `nginx`.", "restart_service", {"service": "nginx"},
     {"service": "nginx postgres"}),
    ("I'll suspend the user JDOE.", "suspend_user", {"username": "JDOE"},
     {"username": "JDOE,CEO"}),
    ("I'll suspend the user JDOE.", "suspend_user", {"username": "JDOE"},
     {"username": "JDOE|CEO"}),
    ("I'll close the account ACME.", "close_account", {"account": "ACME"},
     {"account": "ACME GLOBEX"}),
]

# the wildcard branch: a changing call's name with a wildcard added, or one alone
WILD: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("I'll suspend the user JDOE.", "suspend_user", {"username": "JDOE"}, {"username": "*"}),
    ("I'll suspend the user JDOE.", "suspend_user", {"username": "JDOE"}, {"username": "JDOE*"}),
    ("I'll suspend the user JDOE.", "suspend_user", {"username": "JDOE"}, {"username": ".*"}),
    ("I'll suspend the user JDOE.", "suspend_user", {"username": "JDOE"}, {"username": "%"}),
    ("I'll close the account ACME.", "close_account", {"account": "ACME"}, {"account": "ACME*"}),
]


@pytest.mark.parametrize(("pre", "tool", "ok", "widened"), PAIRS)
def test_second_token_refused(pre: str, tool: str, ok: dict[str, Any],
                              widened: dict[str, Any]) -> None:
    _ok(pre, tool, ok)
    _refused(pre, tool, widened, "ungrounded-call")


@pytest.mark.parametrize(("pre", "tool", "ok", "widened"), WILD)
def test_wildcard_refused(pre: str, tool: str, ok: dict[str, Any],
                          widened: dict[str, Any]) -> None:
    _ok(pre, tool, ok)
    _refused(pre, tool, widened, "ungrounded-call")


def test_written_whole_or_said_all_recovers() -> None:
    # each token written, the whole value written, a wildcard the text writes
    _ok("I'll restart `nginx` and `postgres`.", "restart_service", {"service": "nginx postgres"})
    _ok("I'll delete the file `my notes.txt`.", "delete_file", {"path": "my notes.txt"})
    _ok("I'll suspend all users matching `JDOE*`.", "suspend_user", {"username": "JDOE*"})
    # a reason is no object value: it may say the name among other words
    _ok("I'll suspend the user JDOE for spamming.", "suspend_user",
        {"username": "JDOE", "reason": "JDOE spamming the forum"})
