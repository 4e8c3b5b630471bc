"""Session 36 gaps (h26v): a look at another named thing than the one the text writes. A
read of a sibling file ("Let me read `b.tsx`." + ``src/a.tsx``) and a look at another
record's number ("Let me view PR 412." + PR 413) refuse; the named one recovers."""

from __future__ import annotations

from typing import Any

from tests.intent_sets import call_recovered, call_refused, recover_after


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": name.replace("_", " "),
                                             "parameters": {"type": "object", "properties": {
                                                 k: {"type": t} for k, t in props.items()}}}}


READ = [_tool("read_file", path="string")]
BASH = [_tool("bash", command="string")]
PR = [_tool("get_pull_request", number="integer")]


# -- a sibling file (``writtenfiles.sibling_read``) ------------------------------------------

def test_sibling_file_read_is_refused() -> None:
    for pre, other in (("Let me read `b.tsx`.", "src/a.tsx"),
                       ("I'll open report-v1.pdf.", "docs/report-v2.pdf"),
                       ("Let me look at config.yaml.", "deploy/secrets.yaml")):
        call_refused(pre, "read_file", {"path": other}, "ungrounded-call", tools=READ)
        call_refused(pre, "bash", {"command": f"cat {other}"}, "ungrounded-call", tools=BASH)


def test_named_file_read_recovers() -> None:
    call_recovered("Let me read `b.tsx`.", "read_file", {"path": "src/b.tsx"}, tools=READ)
    call_recovered("Let me look at config.yaml.", "bash", {"command": "cat deploy/config.yaml"},
                   tools=BASH)
    # the named file and one beside it: read together freely
    r = recover_after("Let me look at main.go.", READ, ("read_file", {"path": "main.go"}),
                      ("read_file", {"path": "main_test.go"}))
    assert r.reason == "ok", (r.rule, r.detail)
    # a test file of the named module
    call_recovered("Let me look at main.go.", "read_file", {"path": "main_test.go"}, tools=READ)


# -- another record's number (``numberedids``, ``looked._command_number``) -------------------

def test_other_number_is_refused() -> None:
    call_refused("Let me view PR 412.", "get_pull_request", {"number": 413}, "ungrounded-call",
                 tools=PR)
    for pre, command in (("Let me view PR 412.", "gh pr view 413"),
                         ("Let me look at issue 7.", "gh issue view 8"),
                         ("Let me check PR #412.", "gh pr view 413 --comments")):
        call_refused(pre, "bash", {"command": command}, "ungrounded-call", tools=BASH)


def test_named_number_recovers() -> None:
    call_recovered("Let me view PR 412.", "get_pull_request", {"number": 412}, tools=PR)
    for pre, command in (("Let me view PR 412.", "gh pr view 412"),
                         ("Let me look at issue 7.", "gh issue view 7"),
                         ("Let me check PR #412.", "gh pr view 412 --comments")):
        call_recovered(pre, "bash", {"command": command}, tools=BASH)
