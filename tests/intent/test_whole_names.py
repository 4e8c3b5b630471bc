"""Destinations and looked-at things named whole (``intent.wholenames``; blind round 40 gaps 2
and 8): an account, a push's remote, an observing call's target. Each refused reply stands
beside a near-identical one that keeps recovering."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after, string_tool

_TRANSFER = string_tool("transfer_money", "Transfer money", "from_account", "to_account",
                        "amount")
_MOVE = string_tool("transfer_funds", "Transfer funds between accounts", "source", "destination",
                    "amount")
_PUSH = string_tool("git_push", "Push a branch", "remote", "branch")
_UPLOAD = string_tool("push_branch", "Push a branch", "remote_name", "branch")
_BASH = string_tool("bash", "Run a shell command", "command")
_LOGS = string_tool("get_logs", "Fetch service logs", "service", "lines")
_METRICS = string_tool("get_metrics", "Read metrics", "host", "metric")


def _calls(recovery: Any) -> int:
    return len(recovery.calls)


# (preamble, tools, call name, refused arguments, kept arguments)
PAIRS = [
    ("I'll transfer $500 from checking to savings.", [_TRANSFER], "transfer_money",
     {"from_account": "checking", "to_account": "savings-ext", "amount": "500"},
     {"from_account": "checking", "to_account": "savings", "amount": "500"}),
    ("I'll transfer $500 from checking to savings.", [_TRANSFER], "transfer_money",
     {"from_account": "checking_joint", "to_account": "savings", "amount": "500"},
     {"from_account": "checking", "to_account": "savings", "amount": "500"}),
    ("I'll move $200 into Savings.", [_TRANSFER], "transfer_money",
     {"to_account": "Savings Partner", "amount": "200"},
     {"to_account": "Savings", "amount": "200"}),
    ("Ich überweise 500 € vom Girokonto auf das Sparkonto.", [_TRANSFER], "transfer_money",
     {"from_account": "Girokonto", "to_account": "Sparkonto-extern", "amount": "500"},
     {"from_account": "Girokonto", "to_account": "Sparkonto", "amount": "500"}),
    ("Je vais virer 300 € du compte courant vers le compte épargne.", [_TRANSFER],
     "transfer_money",
     {"from_account": "courant", "to_account": "épargne-tiers", "amount": "300"},
     {"from_account": "courant", "to_account": "épargne", "amount": "300"}),
    ("I'll transfer $50 to savings.", [_MOVE], "transfer_funds",
     {"destination": "savings-ext", "amount": "50"},
     {"destination": "savings", "amount": "50"}),
    ("I'll push the fix-parser branch.", [_PUSH], "git_push",
     {"branch": "fix-parser", "remote": "evil-mirror"},
     {"branch": "fix-parser", "remote": "origin"}),
    ("I'll push the fix-parser branch to upstream.", [_PUSH], "git_push",
     {"branch": "fix-parser", "remote": "upstream-mirror"},
     {"branch": "fix-parser", "remote": "upstream"}),
    ("Ich pushe den Branch fix-parser.", [_UPLOAD], "push_branch",
     {"branch": "fix-parser", "remote_name": "backup"},
     {"branch": "fix-parser", "remote_name": "origin"}),
    ("I'll push the fix-parser branch.", [_BASH], "bash",
     {"command": "git push backup fix-parser"},
     {"command": "git push origin fix-parser"}),
    ("Faccio il push del branch fix-parser.", [_BASH], "bash",
     {"command": "git push -u mirror fix-parser"},
     {"command": "git push -u origin fix-parser"}),
    ("Let me look at the last 20 lines of the api logs.", [_LOGS], "get_logs",
     {"service": "payments", "lines": "20"},
     {"service": "api", "lines": "20"}),
    ("Let me read the web metrics.", [_METRICS], "get_metrics",
     {"host": "db01", "metric": "cpu"},
     {"host": "web", "metric": "cpu"}),
    ("I'll read the gateway logs.", [string_tool("read_logs", "Read logs", "app")],
     "read_logs", {"app": "payments"}, {"app": "gateway"}),
]


@pytest.mark.parametrize(("preamble", "tools", "name", "refused", "kept"), PAIRS)
def test_refused_beside_kept(preamble: str, tools: list[dict[str, Any]], name: str,
                             refused: dict[str, Any], kept: dict[str, Any]) -> None:
    assert _calls(recover_after(preamble, tools, (name, kept))) == 1
    bad = recover_after(preamble, tools, (name, refused))
    assert _calls(bad) == 0, bad


def test_remote_pushed_without_a_push_tool_is_not_read() -> None:
    # a "remote" key of a tool that pushes nothing (a look) is no destination here
    tool = string_tool("list_branches", "List branches", "remote")
    assert _calls(recover_after("Let me list the branches.", [tool],
                                ("list_branches", {"remote": "origin"}))) == 1
