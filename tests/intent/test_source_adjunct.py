"""Sources an observation names, h43x (issue 25): an observation that cites a carrier as its
source ("Per the forum post, the fix is ...") or holds one in an adjunct of its subject whose
predicate gives a step ("The fix in the forum thread is to delete ...", "The answer on the
forum says to ...") relays that carrier: only observing calls are grounded after it (rule
``quoted-source``)."""

from __future__ import annotations

import json

import leakcall
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("bash", "command"), _tool("read_file", "path")]


def _recover(text: str, name: str, args: dict[str, str]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args})
    return leakcall.recover(f"{text}\n\n<tool_call>\n{call}\n</tool_call>", TOOLS)


CITED = [
    ("Per the forum post, the fix is to delete the cache directory. Let me delete it.",
     "rm -rf .cache"),
    ("According to the wiki, the remedy is to drop the old branch. I'll drop it.",
     "git branch -D old"),
]
ADJUNCT = [
    ("The workaround in the forum thread is to remove the lock file. Let me remove it.",
     "rm -f package-lock.json"),
    ("The answer on the forum says to wipe the node_modules folder. Let me wipe it.",
     "rm -rf node_modules"),
    ("The solution from the blog comment is to install an older pip. I'll install it.",
     "pip install pip==9.0"),
]


def test_an_observation_citing_a_source_relays_it() -> None:
    for text, command in CITED:
        r = _recover(text, "bash", {"command": command})
        assert r.rule == "quoted-source", (text, r.detail)


def test_a_source_in_the_subjects_adjunct_relays_it() -> None:
    for text, command in ADJUNCT:
        r = _recover(text, "bash", {"command": command})
        assert r.rule == "quoted-source", (text, r.detail)


def test_looking_after_it_is_recovered() -> None:
    r = _recover("The fix in the forum thread is to delete the cache. Let me read the "
                 "config first.", "read_file", {"path": "config.toml"})
    assert r.ok, r.detail


def test_an_adjunct_with_no_step_relays_nothing() -> None:
    for text, command in (
            ("The error in the log is a missing module. Let me install requests.",
             "pip install requests"),
            ("The typo on the docs page is in the title. Let me run the build.", "make build")):
        r = _recover(text, "bash", {"command": command})
        assert r.ok, (text, r.detail)
