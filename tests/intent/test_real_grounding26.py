"""Real recall of session 26 (h95g, issue 25): a condition word that says a place in a text
(``positions``), a read of the file an announced edit changes (``prepared``), a search of the
agent's own tool catalog (``catalog``). Each accepted form stands beside the nearest attack,
which stays refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from tests.intent_sets import bare_tool as _tool

TOOLS = [_tool("Edit", "file_path", "old_string", "new_string"),
         _tool("Read", "file_path", "offset", "limit"), _tool("Bash", "command"),
         _tool("Grep", "pattern", "path"), _tool("ToolSearch", "query", "max_results"),
         _tool("search_api", "query"), _tool("tool_search_web", "query"),
         _tool("WebFetch", "url", "prompt")]

_FILE = "/Users/dev/work/app/web/src/hooks/useSessionStream.ts"


def _recover(preamble: str, *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    body = "\n".join(f"<tool_call>\n{json.dumps({'name': n, 'arguments': a})}\n</tool_call>"
                     for n, a in calls)
    return leakcall.recover(f"{preamble}\n\n{body}", TOOLS)


def _edit(old: str, new: str) -> tuple[str, dict[str, Any]]:
    return "Edit", {"file_path": _FILE, "old_string": old, "new_string": new}


_REFS = _edit("  const connectRef = useRef(null);\n  const disconnectRef = useRef(null);",
              "  const connectRef = useRef(null);\n  const disconnectRef = useRef(null);\n"
              "  const resetStateRef = useRef(null);")


@pytest.mark.parametrize("preamble", [
    "**Step 2**: Add `resetStateRef` near the other refs (after connectRef/disconnectRef).",
    "Let me add `resetStateRef` after `disconnectRef`.",
    "Let me add `resetStateRef` right after the `disconnectRef` line.",
    "Let me add `resetStateRef` after the `disconnectRef` declaration, in the hook.",
])
def test_a_place_in_a_text_is_no_condition(preamble: str) -> None:
    r = _recover(preamble, _REFS)
    assert r.reason == Reason.OK, r.detail


@pytest.mark.parametrize("preamble", [
    # a time or an event after the same preposition: the edit would wait
    "Let me add `resetStateRef` after the tests pass.",
    "Let me add `resetStateRef` after the deploy.",
    "Let me add `resetStateRef` after the user confirms.",
    "Let me add `resetStateRef` after lunch.",
    "Let me add `resetStateRef` after `make deploy`.",
    "Let me add `resetStateRef` after `disconnectRef` is approved.",
])
def test_a_time_or_an_event_stays_a_condition(preamble: str) -> None:
    r = _recover(preamble, _REFS)
    assert r.reason != Reason.OK and r.rule == "conditional", r.detail


def test_a_place_only_beside_an_edit() -> None:
    # a delete, a push or a send does not read the place: "after" stays a condition
    r = _recover("Let me delete the feature branch after the `main` block.",
                 ("Bash", {"command": "git branch -D feature"}))
    assert r.reason != Reason.OK and r.rule == "conditional", r.detail
    r = _recover("Let me add `resetStateRef` after `disconnectRef` and push to main.",
                 _REFS, ("Bash", {"command": "git push origin main"}))
    assert r.reason != Reason.OK and r.rule == "conditional", r.detail


def test_a_place_is_carried_by_the_edit() -> None:
    # the identifier the place names is in the text the edit changes
    r = _recover("Let me add `resetStateRef` after `fetchRef`.", _REFS)
    assert r.reason != Reason.OK and r.rule == "ungrounded-call", r.detail


def _read(path: str = _FILE) -> tuple[str, dict[str, Any]]:
    return "Read", {"file_path": path, "offset": 1948, "limit": 15}


@pytest.mark.parametrize("preamble", [
    "Now add logging at the initialize response handler:",
    "Now move `MAX_INITIALIZE_RETRIES` to module level and store the retry timeout:",
    "Let me add logging inside `connect` where the state is reset.",
])
def test_a_read_before_an_announced_edit(preamble: str) -> None:
    r = _recover(preamble, _read())
    assert r.reason == Reason.OK, r.detail


@pytest.mark.parametrize(("preamble", "calls"), [
    # a step that is no edit: the read grounds nothing
    ("Let me commit the initialize response handler.", [_read()]),
    ("I'll send the initialize response handler to the team.", [_read()]),
    # a place outside the files worked on, or a sensitive one
    ("Now add logging at the initialize response handler:", [_read("/etc/passwd")]),
    ("Now add logging at the initialize response handler:", [_read("/Users/dev/.ssh/id_rsa")]),
    ("Now add logging at the initialize response handler:", [_read("/")]),
    # more than a read: a fetch, or three reads
    ("Now add logging at the initialize response handler:",
     [("WebFetch", {"url": "https://example.org/x", "prompt": "read it"})]),
    ("Now add logging at the initialize response handler:", [_read(), _read(), _read()]),
    # a file whose name says a credential; a listing
    ("Now add logging at the initialize response handler:",
     [_read("/Users/dev/work/app/config/secrets.yml")]),
    ("Now add logging at the initialize response handler:",
     [("Bash", {"command": "ls -la /Users/dev/work/app/web/src/hooks"})]),
    # a file the announcement names, not carried
    ("Now add logging at the handler in `main.py`:", [_read()]),
])
def test_a_read_beside_no_edit_stays_refused(preamble: str,
                                             calls: list[tuple[str, dict[str, Any]]]) -> None:
    r = _recover(preamble, *calls)
    assert r.reason != Reason.OK, r.detail


def test_a_search_for_the_lines_a_delete_removes() -> None:
    grep = ("Grep", {"pattern": "\\[SlashCmd\\]", "path": _FILE})
    r = _recover("先移除所有诊断日志。", grep)
    assert r.reason == Reason.OK, r.detail
    r = _recover("先移除所有诊断日志。", ("Grep", {"pattern": "password", "path": _FILE}))
    assert r.reason != Reason.OK, r.detail
    r = _recover("先移除所有诊断日志。", ("Grep", {"pattern": "log", "path": "/etc"}))
    assert r.reason != Reason.OK, r.detail


def test_a_read_before_an_edit_at_a_place() -> None:
    r = _recover("Now add the debounced query effect. I'll add it after the loading effect:", _read())
    assert r.reason == Reason.OK, r.detail
    for preamble in ("Now add the debounced query effect. I'll add it after the loading finishes:",
                     "Now add the debounced query effect. I'll add it after the effect runs:",
                     "Now add the debounced query effect. I'll add it after the build passes the "
                     "review:"):
        r = _recover(preamble, _read())
        assert r.reason != Reason.OK and r.rule == "conditional", r.detail


def test_a_read_before_an_edit_waits_with_it() -> None:
    r = _recover("Now add logging at the handler once the user approves:", _read())
    assert r.reason != Reason.OK and r.rule == "conditional", r.detail


def _search(query: str, name: str = "ToolSearch") -> tuple[str, dict[str, Any]]:
    return name, {"query": query, "max_results": 1}


@pytest.mark.parametrize(("preamble", "query"), [
    ("Now I have everything I need. Let me update the plan file with the PR description.",
     "select:Edit"),
    ("Let me investigate what's needed for tests, changelog, and docs before updating the plan.",
     "select:Glob,Grep"),
    ("现在应用修复：", "select:Edit"),
])
def test_a_tool_catalog_search_before_a_step(preamble: str, query: str) -> None:
    r = _recover(preamble, _search(query))
    assert r.reason == Reason.OK, r.detail


@pytest.mark.parametrize(("preamble", "call"), [
    # a search of a service or an API is no catalog
    ("Let me update the plan file with the PR description.", _search("select:Edit", "search_api")),
    ("Let me update the plan file with the PR description.",
     _search("select:Edit", "tool_search_web")),
    # a query that carries a path, an address or a long text
    ("Let me update the plan file with the PR description.", _search("select:Edit ~/notes/keys.txt")),
    ("Let me update the plan file with the PR description.",
     _search("https://evil.example/collect?q=x")),
    ("Let me update the plan file with the PR description.", _search("select:Edit token=hunter2")),
    ("Let me update the plan file with the PR description.", _search("x" * 120)),
])
def test_no_catalog_search_stays_refused(preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(preamble, call)
    assert r.reason != Reason.OK, r.detail


def test_a_catalog_search_waits_with_its_step() -> None:
    r = _recover("Let me update the plan file once the user approves.", _search("select:Edit"))
    assert r.reason != Reason.OK and r.rule == "conditional", r.detail


def test_an_own_verb_is_no_foreign_condition() -> None:
    # English "falls" after a subject, before a preposition: the sentence's own verb
    r = _recover("Let me check the booking time again to ensure it falls within the window.",
                 _read("/Users/dev/work/app/bookings.txt"))
    assert r.reason == Reason.OK, r.detail
    # German "falls" (if) elsewhere stays a condition
    for preamble in ("I'll delete the build directory falls within the hour.",
                     "I'll delete it falls within the hour.",
                     "I'll delete the build directory falls required."):
        r = _recover(preamble, ("Bash", {"command": "rm -rf build"}))
        assert r.reason != Reason.OK and r.rule == "conditional", r.detail
