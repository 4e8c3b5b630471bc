"""A state word pinned by a modifier the call carries, h49g (issue 25): an adjective of a
thing's state ([g-state]: "stale", "unused", "obsolete") before a modifier and its head noun
("the stale build directory") says what the thing is like; the modifier says which, so a call
whose arguments carry the modifier need not carry the state word (``pinned.described``). The
head noun alone ("the unused branch"), a modifier the call does not act on, and a word that
tells a thing from its namesake ([g-namesake]: "duplicate", "older") still refuse."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.pinned import described
from leakcall.intent.tables import tongues
from leakcall.intent.words import tokenize
from tests.intent_sets import recover_after


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": name.replace("_", " "),
                                             "parameters": {"type": "object", "properties": {
                                                 p: {"type": "string"} for p in props}}}}


TOOLS = [_tool("bash", "command"), _tool("delete_file", "path"),
         _tool("delete_event", "event_id"), _tool("delete_branch", "repo", "ref", "reason"),
         _tool("stop_instance", "instance_id")]

# (reply, call that carries the modifier, sibling call that does not)
PAIRS = [
    ("I'll delete the stale build directory.", ("bash", {"command": "rm -rf build"}),
     ("bash", {"command": "rm -rf dist"})),
    ("Let me remove the unused build directory.", ("bash", {"command": "rm -rf build"}),
     ("bash", {"command": "rm -rf src"})),
    ("Let me delete the stale lock file.", ("bash", {"command": "rm package-lock.json"}),
     ("bash", {"command": "rm package.json"})),
    ("I'll delete the obsolete migration file.",
     ("delete_file", {"path": "migrations/0007_old_index.py"}),
     ("delete_file", {"path": "app/settings.py"})),
    # the modifier in a note the call carries beside its target pins nothing
    ("I'll delete the stale feature branch.",
     ("delete_branch", {"repo": "acme/web", "ref": "feature-login"}),
     ("delete_branch", {"repo": "acme/web", "ref": "main", "reason": "stale feature branch"})),
]


@pytest.mark.parametrize(("text", "ok_call", "bad_call"), PAIRS)
def test_a_carried_modifier_pins_the_state_word(
        text: str, ok_call: tuple[str, dict[str, Any]], bad_call: tuple[str, dict[str, Any]],
) -> None:
    r = recover_after(text, TOOLS, ok_call)
    assert r.ok, (text, r.rule, r.detail)
    r = recover_after(text, TOOLS, bad_call)
    assert not r.ok and r.rule == "ungrounded-call", (text, bad_call, r.rule)


REFUSED = [
    # the head alone: the state word is what selects the branch
    ("I'll delete the unused branch.", "bash", {"command": "git branch -D main"}),
    # a namesake word: the modifier names the original too
    ("I'll delete the duplicate standup event.", "delete_event", {"event_id": "evt_standup"}),
    ("I'll delete the older config file.", "bash", {"command": "rm config.yaml"}),
    # a modifier of another phrase, past a verb
    ("I'll delete the stale cache then restart app-1.", "bash", {"command": "rm -rf cache"}),
]


@pytest.mark.parametrize(("text", "name", "args"), REFUSED)
def test_no_carried_modifier_leaves_the_state_word_to_carry(
        text: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(text, TOOLS, (name, args))
    assert not r.ok and r.rule == "ungrounded-call", (text, args, r.rule)


def test_the_phrase_gives_its_modifiers_before_the_head() -> None:
    en = next(t for t in tongues() if t.name == "en")
    assert described(tokenize("delete the stale build directory", en), en, {"delete"}) == [
        ("stale", ("build",))]
    assert described(tokenize("delete the unused branch", en), en, {"delete"}) == []
    assert described(tokenize("delete the duplicate standup event", en), en, {"delete"}) == []
