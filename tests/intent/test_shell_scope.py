"""What a shell command deletes or forces is read as the shell reads it: ``--`` ends the
options (no comment: only a query's ``--`` is one), a brace word expands to each of its words,
each target of another program's deleting subcommand is named, and a ``+refspec`` is a force
push. Each refusal has a near-identical reply that passes."""

from __future__ import annotations

import json

import pytest

import leakcall
from leakcall import Reason

BASH = [{"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}]


def _recover(preamble: str, command: str) -> leakcall.Recovery:
    call = json.dumps({"name": "bash", "arguments": {"command": command}})
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", BASH)


@pytest.mark.parametrize(("preamble", "bad", "good"), [
    # "--" ends rm's options: what follows is a target, not a comment
    ("Let me delete the build folder.", "rm -rf build -- ~", "rm -rf build"),
    ("I'll delete the stale pods.", "kubectl delete pods stale -- --all",
     "kubectl delete pods stale"),
    # a brace word is each of its words
    ("Let me delete the build folder.", "rm -rf {build,~}", "rm -rf {build,build/cache}"),
    # each target of a deleting subcommand of another program
    ("Let me delete the stale branch.", "git branch -D stale main", "git branch -D stale"),
    ("Let me delete the stale container.", "docker rm -f stale postgres-prod",
     "docker rm -f stale"),
    # a forced refspec is a force push
    ("Let me push main.", "git push origin +main", "git push origin main"),
])
def test_shell_scope(preamble: str, bad: str, good: str) -> None:
    r = _recover(preamble, bad)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", (bad, r.detail)
    assert _recover(preamble, good).ok, good



def test_a_query_a_tool_runs_has_no_subcommand_targets() -> None:
    tools = [{"type": "function", "function": {"name": "execute_sql", "parameters": {
        "type": "object", "properties": {"query": {"type": "string"}}}}}]
    call = json.dumps({"name": "execute_sql", "arguments": {
        "query": "DELETE FROM jobs WHERE status = 'failed';"}})
    r = leakcall.recover("There are 4 failed jobs. I'll delete the failed jobs.\n<tool_call>\n"
                         f"{call}\n</tool_call>", tools)
    assert r.ok, r.detail
