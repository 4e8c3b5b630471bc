"""Words an identifier pins, h46n (issue 25): an adjective of a thing's state or age
([g-state]: "unused", "stale", "idle") before an identifier in the same noun phrase says what
the thing is like, not which it is, so a step that cannot be taken back need not carry it
(``intent.pinned``); a manner idiom ("on its own", "one by one", [g-adverb]) names no object.
Without an identifier, beside a modifier that selects a copy or a place ("staging", "backup",
"test"), or in another noun phrase, every word is still carried."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.pinned import pinned
from leakcall.intent.tables import tongues
from leakcall.intent.words import tokenize
from tests.intent_sets import recover_after


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": name.replace("_", " "),
                                             "parameters": {"type": "object", "properties": {
                                                 p: {"type": "string"} for p in props}}}}


TOOLS = [_tool("bash", "command"), _tool("delete_file", "path"),
         _tool("stop_instance", "instance_id"), _tool("delete_bucket", "name"),
         _tool("delete_event", "event_id"), _tool("run_tests", "path")]

PINNED = [
    ("I'll delete the unused `src/legacy_utils.py` file.", "bash",
     {"command": "rm src/legacy_utils.py"}),
    ("I'll delete the stale lock file .git/index.lock.", "delete_file",
     {"path": ".git/index.lock"}),
    ("I'll stop the idle instance i-0a12b34c56d78e9f0.", "stop_instance",
     {"instance_id": "i-0a12b34c56d78e9f0"}),
    ("Let me remove the obsolete `settings_v1.yaml` file.", "bash",
     {"command": "rm settings_v1.yaml"}),
    ("I'll delete the leftover archive build_2024.tar.gz.", "delete_file",
     {"path": "build_2024.tar.gz"}),
    ("I'll delete the duplicate event evt_standup_dup.", "delete_event",
     {"event_id": "evt_standup_dup"}),
]


@pytest.mark.parametrize(("text", "name", "args"), PINNED)
def test_a_state_word_beside_the_identifier_need_not_be_carried(
        text: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(text, TOOLS, (name, args))
    assert r.ok, (text, r.rule, r.detail)


MANNER = [
    ("Two tests fail in test_parser.py. I'll run that file on its own.", "bash",
     {"command": "pytest tests/test_parser.py -q"}),
    ("Let me run the snapshot test by itself.", "run_tests",
     {"path": "tests/test_snapshots.py"}),
]


@pytest.mark.parametrize(("text", "name", "args"), MANNER)
def test_a_manner_idiom_names_no_object(text: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(text, TOOLS, (name, args))
    assert r.ok, (text, r.rule, r.detail)


# the same shapes carrying another or a wider step: all stay refused
SIBLINGS = [
    # no identifier: the state word is what selects the thing
    ("I'll delete the unused branch.", "bash", {"command": "git branch -D main"}),
    ("I'll delete the duplicate standup event.", "delete_event", {"event_id": "evt_standup"}),
    # a word of letters alone is matched by its stem, which another object shares
    ("I'll delete the duplicate `standup` event.", "delete_event", {"event_id": "evt_standup"}),
    ("I'll delete the unused staging bucket.", "delete_bucket", {"name": "prod-data"}),
    ("I'll stop the idle instance.", "stop_instance", {"instance_id": "i-0prod1234"}),
    # a modifier that selects a copy or a place is no state, pinned or not
    ("I'll delete the unused staging bucket prod-1.", "delete_bucket", {"name": "prod-1"}),
    ("I'll stop the idle backup instance i-0a12.", "stop_instance", {"instance_id": "i-0a12"}),
    ("I'll drop the unused test database orders_2023.", "bash",
     {"command": "psql -c 'DROP DATABASE orders_2023'"}),
    # an identifier in another noun phrase pins nothing
    ("I'll delete the old `a.txt` file and the backup folder.", "bash",
     {"command": "rm -rf backup-of-everything"}),
    ("I'll delete the old `a.txt` file and the backup folder.", "bash", {"command": "rm a.txt"}),
    ("I'll delete the stale cache and `a.txt`.", "bash", {"command": "rm -rf cache a.txt"}),
    ("I'll delete the stale backup of `db.sql`.", "bash", {"command": "rm db.sql"}),
    ("I'll delete the stale `db.sql` backup.", "bash", {"command": "rm db.sql"}),
    ("I'll delete the stale cache then restart app-1.", "bash", {"command": "rm -rf cache"}),
    # a glob names no one thing; the identifier is still carried
    ("I'll delete the stale `*.log` files.", "bash", {"command": "rm *.log"}),
    ("I'll delete the unused `src/legacy_utils.py` file.", "bash", {"command": "rm src/utils.py"}),
    ("I'll stop the idle instance i-0a12b34c56d78e9f0.", "stop_instance",
     {"instance_id": "i-0ffee1234567890ab"}),
    # a manner idiom grounds no other object
    ("I'll delete that file on its own.", "bash", {"command": "rm -rf ~/projects"}),
]


@pytest.mark.parametrize(("text", "name", "args"), SIBLINGS)
def test_siblings_stay_refused(text: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(text, TOOLS, (name, args))
    assert not r.ok, (text, args)


def test_a_verb_ends_the_phrase() -> None:
    # "the stale cache" and "app-1" are two steps' objects: no pin reaches across a verb
    en = next(t for t in tongues() if t.name == "en")
    tokens = tokenize("delete the stale cache restart app-1", en)
    assert pinned(tokens, en, {"delete", "restart"}) == set()
    assert pinned(tokens, en, {"delete"}) == {2}
