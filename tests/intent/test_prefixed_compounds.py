"""A deferral prefix compound between an article and the noun it modifies (h90a,
``intent.prefixed``): "the post-fix dependency chain" names a kind of thing, as "the
after-hours job" does; each beside the nearest form that still waits (rule ``conditional``):
closing the clause, after no article, before a noun of a step, on a base that is a time or an
approval, or an approval entry of its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("Edit", "file_path", "old_string", "new_string"), _tool("Bash", "command")]
EDIT = ("Edit", {"file_path": "plan.md", "old_string": "## Summary",
                 "new_string": "## Chain\n\nx\n\n## Summary"})
JOB = ("Bash", {"command": "./job.sh"})


def _recover(preamble: str, call: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    body = json.dumps({"name": call[0], "arguments": call[1]})
    return leakcall.recover(f"{preamble}\n<tool_call>\n{body}\n</tool_call>", TOOLS)


RECOVERED = [
    ("Now let me also add the post-fix chain.", EDIT),
    ("Let me add the post-fix chain to the plan.", EDIT),
    ("I'll run the post-merge job.", JOB),
]

STILL_WAITING = [
    ("I'll deploy api post-review.", JOB),
    ("I'll run the job post-merge.", JOB),
    ("I'll wipe the logs post-audit completion.", JOB),
    ("I'll run the post-merge cleanup.", JOB),
    ("I'll run the post-approval job.", JOB),
    ("I'll run the post-friday job.", JOB),
    ("I'll run the sign-off process.", JOB),
    ("I'll run the post-standup job.", JOB),
    ("Let me add the post-fix chain post-merge.", EDIT),
]


@pytest.mark.parametrize(("pre", "call"), RECOVERED)
def test_prefixed_compound_names_a_thing(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "call"), STILL_WAITING)
def test_prefixed_compound_still_waits(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert r.reason != "ok" and r.rule == "conditional", (pre, r.reason, r.rule, r.detail)
