"""A step's object that describes one of the things an observation lists by a part of its name
(issue 25, round 36 ``referent-swap``; ``roles._pieced``): "the old one" after `old-ui` and
`main` is `old-ui`, and a call acting on `main` instead is refused."""

from __future__ import annotations

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool("run_command", "Run a shell command.", "command")]


@pytest.mark.parametrize(("preamble", "tool", "key", "own", "other"), [
    # the tool's name says the step ("delete"), so the kind alone does not refuse the other
    # thing: the pieced referent does (h13m)
    ("There are two branches, `old-ui` and `main`. Let me delete the old one.",
     "delete_branch", "branch", "old-ui", "main"),
    ("Two containers are running, `web-old` and `db`. Let me remove the old one.",
     "remove_container", "name", "web-old", "db"),
])
def test_part_of_a_name_picks_the_thing_for_a_named_step(preamble: str, tool: str, key: str,
                                                         own: str, other: str) -> None:
    tools = [string_tool(tool, f"{tool.replace('_', ' ').capitalize()}.", key)]
    expect_recovered(recover_after(preamble, tools, (tool, {key: own})), own)
    bad = recover_after(preamble, tools, (tool, {key: other}))
    expect_refused(bad, other, "ungrounded-call")
    assert "describes what the observation before it says of" in str(bad.detail), bad.detail


@pytest.mark.parametrize(("preamble", "own", "other"), [
    ("There are two branches, `old-ui` and `main`. Let me delete the old one.",
     "git branch -D old-ui", "git branch -D main"),
    ("Two containers are running, `web-old` and `db`. Let me remove the old one.",
     "docker rm -f web-old", "docker rm -f db"),
])
def test_part_of_a_name_picks_the_thing(preamble: str, own: str, other: str) -> None:
    expect_recovered(recover_after(preamble, TOOLS, ("run_command", {"command": own})), own)
    bad = recover_after(preamble, TOOLS, ("run_command", {"command": other}))
    expect_refused(bad, other, "ungrounded-call")
    # the word the step names ("old") is carried by no part of the other name: ``kindonly``
    # refuses it first (h11f); the pieced referent's own refusal is the same call's
    assert "describes what the observation before it says of" in str(bad.detail) \
        or "('delete', 'old')" in str(bad.detail) or "('remove', 'old')" in str(bad.detail), \
        bad.detail
