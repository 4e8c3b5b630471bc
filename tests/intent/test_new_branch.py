"""A new branch (h46k, issue 25; ``intent.branching``): ``git checkout -b NAME`` and ``git
switch -c NAME`` only create a branch at HEAD, so a verb of kind create announces them; any
other form of those subcommands, or a command beside them of kind commit, is still a commit."""

from __future__ import annotations

from typing import Any

from ..intent_sets import recover_after

TOOLS: list[dict[str, Any]] = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}]

RECOVERED = [
    ("I'll create a new branch for the fix.", "git checkout -b fix/login-redirect"),
    ("I'll create a new branch for this fix.", "git switch -c fix/pagination"),
    ("Now let me create a branch for the paginator.", "git checkout -b fix/paginator"),
    ("已切换到 main 分支。现在创建新分支：", "git checkout -b fix/web-websocket-reconnect-storm"),
]

REFUSED = [
    # a start point checks another tree out; a pathspec overwrites files
    ("I'll create a new branch for the fix.", "git checkout -b fix/login origin/main"),
    ("I'll create a new branch for the fix.", "git checkout -b fix/login -- src/app.py"),
    # the uppercase forms reset an existing branch
    ("I'll create a new branch for the fix.", "git checkout -B fix/login"),
    ("I'll create a new branch for the fix.", "git switch -C fix/login"),
    # switching to a branch that exists is no new branch
    ("I'll create a new branch for the fix.", "git checkout fix/login"),
    # a commit or a push beside the new branch is still one
    ("I'll create a new branch for the fix.",
     "git checkout -b fix/login && git commit -am fix && git push origin fix/login"),
    ("I'll create a new branch for the fix.", "git switch -c fix/login; rm -rf src"),
    # a new branch is a step of kind create: no other verb announces it
    ("Let me check the branches for the fix.", "git checkout -b fix/login"),
    ("I'll delete the old branch fix/login.", "git checkout -b fix/login"),
    # a wrapper says more than a new branch
    ("I'll create a new branch for the fix.", "sudo git checkout -b fix/login"),
]


def test_a_new_branch_is_created_by_a_verb_of_creating() -> None:
    for pre, command in RECOVERED:
        r = recover_after(pre, TOOLS, ("bash", {"command": command}))
        assert r.reason == "ok", (pre, command, r.detail)


def test_other_forms_of_checkout_and_switch_stay_commits() -> None:
    for pre, command in REFUSED:
        r = recover_after(pre, TOOLS, ("bash", {"command": command}))
        assert r.reason != "ok", (pre, command)
