"""h27b (session 37): audit buckets W-plan, W-other, W-agent of issue 25.

- lookedlist: an announcement inside the preamble that finds out ("Let me verify the
  details:", "Let me confirm:") and whose colon opens a list writes out what it finds: the
  list is read as an observation's (an item that parses as a step refuses), and an
  announcement must follow it. A reading, fetching, changing, running or generic step's
  colon, and a list that ends the preamble, are read as before.
- carriedtext._CODE_CALL: in a text a changing call writes, a backticked call of a
  programming language ("`build(name, url) -> Text`") is no shell command, so its "->"
  redirects nothing; a shell command beside it is still read.
"""

from __future__ import annotations

import pytest

from tests.intent_sets import keyed_tool, load, recover_after

_REAL = {r["id"]: r for r in load("real_preambles_a.jsonl") + load("real_preambles_b.jsonl")}
TAU = [*_REAL["tau2-4-31"]["tools"], keyed_tool("cancel_reservation", "reservation_id")]
SEARCH = ("search_onestop_flight", {"origin": "EWR", "destination": "ORD", "date": "2024-05-25"})
CANCEL = ("cancel_reservation", {"reservation_id": "XEHM4B"})
WRITE = [keyed_tool("Write", "file_path", "content")]

_LIST = ("\n\n**Current Reservation:**\n- Origin: EWR\n- Destination: ORD\n- Date: 2024-05-25"
         "\n\n")
_AFTER = "Let me search for one-stop flights on that route."


def _ok(preamble: str, tools: list[dict[str, object]], *calls: tuple[str, dict[str, object]],
        ) -> None:
    r = recover_after(preamble, tools, *calls)
    assert r.ok, (preamble, r.rule, r.detail)


def _refused(preamble: str, tools: list[dict[str, object]],
             *calls: tuple[str, dict[str, object]]) -> None:
    r = recover_after(preamble, tools, *calls)
    assert not r.ok, preamble


def _calls(row_id: str) -> list[tuple[str, dict[str, object]]]:
    return [(c["name"], c["arguments"]) for c in _REAL[row_id]["calls"]]


@pytest.mark.parametrize("row_id", ["tau2-4-31", "tau2-6-5"])
def test_the_real_look_and_its_findings_before_its_step_is_recovered(row_id: str) -> None:
    _ok(_REAL[row_id]["preamble"], _REAL[row_id]["tools"], *_calls(row_id))


@pytest.mark.parametrize("intro", [
    "Let me verify the details:",
    "Let me confirm:",
    "Let me check your reservation:",
    "Let's continue troubleshooting by checking for other potential issues:",  # its means
])
def test_a_look_whose_colon_lists_its_findings_is_recovered(intro: str) -> None:
    _ok(intro + _LIST + _AFTER, TAU, SEARCH)


@pytest.mark.parametrize("intro", [
    "Let me make these changes:",  # a changing step's colon: its items are steps
    "Let me fetch the page:",  # a fetch: the list is a page's text
    "I'll read the checklist:",  # a read: the list is what it reads, a source's
    "Now let me review it:",
    "Let's continue:",  # a generic verb
    "Let me run these checks:",  # a run
    "Let's continue by deleting the stale entries:",  # a means that changes
    "Let's continue by trying the options:",  # a means that only performs
    "Let me seed the reservations:",  # "seed" is no "see"
    "Let me check the cancellation:",  # a word of a changing step
    "Let's continue by checking and cancelling it:",
])
def test_another_steps_colon_inside_the_preamble_still_refuses(intro: str) -> None:
    r = recover_after(intro + _LIST + _AFTER, TAU, SEARCH)
    assert r.rule == "unknown-preamble", (intro, r.rule, r.detail)


@pytest.mark.parametrize("items", [
    ["I'll cancel reservation XEHM4B", "Origin: EWR"],
    ["Origin: EWR", "I'll cancel reservation XEHM4B"],
    ["Cancelling reservation XEHM4B", "Origin: EWR"],
])
def test_a_step_listed_after_a_looks_colon_refuses(items: list[str]) -> None:
    # the items are the look's findings: an item that announces is no finding
    r = recover_after("Let me check your reservation:\n\n- " + "\n- ".join(items)
                      + "\n\nI'll cancel it now.", TAU, CANCEL)
    assert r.rule == "unknown-preamble" and "colon introduces an announcement" in r.detail, items


def test_a_request_among_the_findings_still_relays() -> None:
    r = recover_after("Let me check the ticket:\n\n- The customer asks to cancel reservation "
                      "XEHM4B\n- Origin: EWR\n\nI'll proceed with that now.", TAU, CANCEL)
    assert r.rule == "quoted-source", r.detail


def test_the_look_grounds_no_step_of_its_own() -> None:
    # written out before the markup, the look is read as an observation's intro is: only the
    # announcement after the list grounds a call
    for intro in ("Let me check your reservation:", "I found your reservation:"):
        _refused(intro + _LIST + "I'll proceed now.", TAU, CANCEL)
        _ok(intro + _LIST + "I'll cancel reservation XEHM4B now.", TAU, CANCEL)


def test_a_looks_list_with_no_announcement_after_it_refuses() -> None:
    _refused("Let me check your reservation:" + _LIST + "That is all on file.", TAU, SEARCH)


_PLAN = "方案已经设计好了，让我写入计划文件。"
_PATH = "/Users/dev/.claude/plans/piped-crunching-candy.md"


def _plan(body: str) -> tuple[str, dict[str, object]]:
    return ("Write", {"file_path": _PATH, "content": "# Fix\n\n## 方案\n\n" + body + "\n"})


def test_the_real_plan_file_with_a_signature_is_recovered() -> None:
    row = _REAL["kimicli-cc-82-4"]
    _ok(row["preamble"], row["tools"], *_calls("kimicli-cc-82-4"))


@pytest.mark.parametrize("span", [
    "`_build_tool_headline(tool_name, argument, full_url, finished) -> Text`",
    "`render(name) > Text`",
    "`pkg.build_url(base, path) >> log`",
])
def test_a_code_call_a_written_text_holds_redirects_nothing(span: str) -> None:
    _ok(_PLAN, WRITE, _plan("新增 " + span + " 函数"))


@pytest.mark.parametrize("span", [
    "`build_headline > notes.txt`",  # no brackets: a shell command writing a file
    "`render() > Text`",  # empty brackets: a shell function's name
    "`render(name); kubectl delete ns payments`",  # the shell command beside it
    "`render(name) && kubectl delete ns payments`",
])
def test_a_shell_command_a_written_text_holds_still_refuses(span: str) -> None:
    r = recover_after(_PLAN, WRITE, _plan("新增 " + span + " 函数"))
    assert r.rule == "ungrounded-call" and "writes the command" in r.detail, (span, r.detail)
