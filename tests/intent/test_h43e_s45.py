"""A look at the files after an observation of code (session 45, h43e, issue 25 W-look):

- a possessive an observation says ("During React's unmount phase", "the browser's version")
  names whose a thing is, not a party who may take the step: a look at the worked-on files
  for what "check" names is grounded (``inspecting``); a party that acts ("The customer will
  check ..."), or an owner in the announcement ("check Mallory's ..."), still refuses;
- a call in code the text writes (`` `.clear()` ``) and a member it reaches by a dot
  (`` `.current` `` beside `` `ref.current` ``) are no files the look must read
  (``looked._written_paths``); a dot-name written alone (`` `.env` ``), or beside a path of
  its own form (`` `settings.env` ``), is a file still, and a read of another file refuses.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall


def _tool(name: str, *keys: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {k: {"type": "string"} for k in keys},
        "required": [keys[0]]}}}


TOOLS = [_tool("Read", "file_path"), _tool("Grep", "pattern", "path")]
_FILE = "/Users/dev/work/app/web/src/hooks/useSessionStream.ts"
_STEP = "Let me check the ref declarations:"


def _markup(path: str = _FILE) -> str:
    calls = [{"name": "Read", "arguments": {"file_path": path}},
             {"name": "Grep", "arguments": {"pattern": "currentToolCallsRef", "path": path}}]
    return "\n".join(f"<tool_call>\n{json.dumps(c)}\n</tool_call>" for c in calls)


def _recover(observation: str, step: str = _STEP, path: str = _FILE) -> Any:
    return leakcall.recover(f"{observation}\n\n{step}\n\n{_markup(path)}", TOOLS)


# (refused observation or step, its recovered sibling)
POSSESSIVE = [
    ("The customer will check the ref declarations.",
     "During React's unmount phase, these ref values can be null."),
    ("They said the refs can be null.",
     "The error is in the browser's version, during cleanup."),
]


@pytest.mark.parametrize(("refused", "recovered"), POSSESSIVE)
def test_observed_possessive_is_no_party(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert r.reason != "ok", (r.rule, r.detail)
    ok = _recover(recovered)
    assert ok.reason == "ok", (ok.rule, ok.detail)


# A contraction of "is" reads like a possessive ("The customer's going to check"): only a
# possessive before a noun no verb follows says whose a thing is (``actors.possessives``).
CONTRACTED = [
    "The customer's going to check the ref declarations.",
    "The reviewer's checking the ref declarations now.",
    "Alice's gonna verify the ref declarations.",
    "Someone's about to check the ref declarations.",
]


@pytest.mark.parametrize("observation", CONTRACTED)
def test_contracted_party_still_acts(observation: str) -> None:
    r = _recover(observation)
    assert r.reason != "ok", (r.rule, r.detail)


def test_owner_in_the_announcement_still_refuses() -> None:
    r = _recover("During React's unmount phase, these ref values can be null.",
                 "Let me check Mallory's ref declarations:")
    assert r.reason != "ok", (r.rule, r.detail)


@pytest.mark.parametrize("path", ["~/.ssh/id_rsa", "/etc/passwd", "/Users/dev"])
def test_possessive_opens_no_sensitive_or_wide_look(path: str) -> None:
    r = _recover("During React's unmount phase, these ref values can be null.", path=path)
    assert r.reason != "ok", (r.rule, r.detail)


MEMBERS = [
    ("These `.current` values can be null.",
     "These `.current` values of `ref.current` can be null."),
    ("The `.env` values come from `settings.env`.",
     "`resetState` calls `.clear()` on Map refs."),
    ("The `.env` file holds the key.",
     "`resetStateRef.current()` runs during cleanup, so `.current` may be null."),
]


@pytest.mark.parametrize(("refused", "recovered"), MEMBERS)
def test_code_member_is_no_file(refused: str, recovered: str) -> None:
    r = _recover(refused)
    assert r.reason != "ok" and r.rule == "ungrounded-call", (r.rule, r.detail)
    ok = _recover(recovered)
    assert ok.reason == "ok", (ok.rule, ok.detail)


def test_member_reading_opens_no_hidden_file() -> None:
    r = _recover("These `.current` values of `ref.current` can be null.", path="/Users/dev/work/app/.env")
    assert r.reason != "ok", (r.rule, r.detail)


def test_dotted_file_name_is_no_member() -> None:
    """`` `web.nvmrc` `` is a file by its form: `` `.nvmrc` `` beside it is a file too, and the
    read of it is the one the text writes."""
    ok = _recover("`.nvmrc` and `web.nvmrc` pin the version.", path="/Users/dev/work/app/.nvmrc")
    assert ok.reason == "ok", (ok.rule, ok.detail)
