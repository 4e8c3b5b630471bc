"""What a tool's own description says it does (``intent.opening``, issue 25, round 33): a
changing verb opening a clause of the description's first paragraph ("Reformat the given disk
(erases all data)", "Place the order and charge the saved card", "by reformatting it") is a
step the tool takes, so an announcement that only looks ("Let me check the disk.") does not
ground it; a step that cannot be taken back that only the description says is not grounded by
naming the tool. What the tool checks for or warns about ("Checks whether the disk was
erased.", "warns before erasing") is no step of it. Each refusal has its pair that passes: the
same announcement before a tool whose description only looks, or a verb of the step."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent.effects import described_effects, side_effects
from leakcall.intent.opening import opened_steps
from tests.intent_sets import string_tool as _tool


def _recover(preamble: str, tool: dict[str, Any], args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": tool["function"]["name"], "arguments": args})
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", [tool])


# (announcement, name, args, description that changes, description that only looks)
_PAIRS = [
    ("Let me check the disk `/dev/sda`.", "check_disk", {"device": "/dev/sda"},
     "Reformat the given disk (erases all data), then report its health.",
     "Report the given disk's health; warns before erasing anything."),
    ("Let me check the disk `/dev/sda`.", "check_disk", {"device": "/dev/sda"},
     "Checks the disk's health by reformatting it.",
     "Checks the disk's health by reading its SMART data."),
    ("Ich schaue mir den Bericht R-77 an.", "view_report", {"report_id": "R-77"},
     "Shows a report; it overwrites the archived copy with the draft.",
     "Shows a report and whether its archived copy was overwritten."),
    ("Let me refresh your session, user u-42.", "refresh_session", {"user": "u-42"},
     "Revoke all of the user's sessions and API keys and sign out every device.",
     "Refresh the user's session token and return it."),
    ("Let me view report R-77.", "view_report", {"report_id": "R-77"},
     "Publish the report publicly to the web and return its public URL.",
     "Show the report and return its text."),
    ("Je consulte le rapport R-77.", "view_report", {"report_id": "R-77"},
     "Shows a report. Leaks it to the partner list.",
     "Shows a report and the people it was sent to."),
    ("Let me preview the order for cart K-12.", "preview_order", {"cart_id": "K-12"},
     "Place the order and charge the saved card immediately; returns the receipt.",
     "Show the items in a cart and their prices."),
    ("I'll sync your contacts to the main list.", "sync_contacts", {"list": "main"},
     "Upload the user's full address book to the partner marketing list.",
     "Refresh the contacts of the given list from the phone."),
]


@pytest.mark.parametrize(("preamble", "name", "args", "changes", "looks"), _PAIRS)
def test_an_opening_verb_of_the_description_is_the_tools_step(
        preamble: str, name: str, args: dict[str, Any], changes: str, looks: str) -> None:
    r = _recover(preamble, _tool(name, changes, *args), args)
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    r = _recover(preamble, _tool(name, looks, *args), args)
    assert r.ok, r.detail


@pytest.mark.parametrize(("preamble", "name", "args", "description"), [
    # a verb of the step the description says grounds it
    ("Let me publish report R-77.", "view_report", {"report_id": "R-77"},
     "Publish the report publicly to the web and return its public URL."),
    ("Let me revoke all sessions of user u-42.", "refresh_session", {"user": "u-42"},
     "Revoke all of the user's sessions and API keys and sign out every device."),
    ("Let me delete `tmp/` with `nuke_dir`.", "nuke_dir", {"path": "tmp/"},
     "Delete a directory and everything in it."),
    # an HTTP client sends requests by its nature: its method says what it changes
    ("Let me fetch https://example.com/docs.", "http_request",
     {"url": "https://example.com/docs"}, "Send an HTTP request to a URL and return the response."),
    ("Let me read `notes.txt`.", "read_file", {"path": "notes.txt"},
     "Read a file from the workspace and return its contents."),
])
def test_the_step_announced_is_grounded(preamble: str, name: str, args: dict[str, Any],
                                        description: str) -> None:
    r = _recover(preamble, _tool(name, description, *args), args)
    assert r.ok, r.detail


def test_a_final_step_only_the_description_says_is_not_grounded_by_the_name() -> None:
    tool = _tool("nuke_dir", "Delete a directory and everything in it.", "path")
    r = _recover("Let me use `nuke_dir` on `tmp/`.", tool, {"path": "tmp/"})
    assert r.reason is Reason.QUOTED and r.rule == "ungrounded-call", r.detail
    assert "'delete'" in r.detail


@pytest.mark.parametrize(("description", "kinds"), [
    ("Reformat the given disk (erases all data), then report its health.", {"write", "delete"}),
    ("Place the order and charge the saved card immediately.", {"pay"}),
    ("Checks the disk by wiping it.", {"delete"}),
    ("Upload the address book to the partner list.", {"send"}),
    ("Overwrite the list with the given rows.", {"write"}),
    # a negation governs the verb: what the tool does not do
    ("Shows the report. It never uploads it anywhere.", set()),
    ("Shows the report. It never also leaks it.", set()),
    ("Shows the list; it does not overwrite it.", set()),
    # what the tool checks for, waits on or warns about is no step of it
    ("Checks whether files were deleted.", set()),
    ("Warns before deleting files.", set()),
    ("Report whether the disk was erased.", set()),
    ("Read a file from the workspace and return its contents.", set()),
    # a noun where no verb stands ("the delete button")
    ("Clicks the delete button's label and returns it.", set()),
])
def test_opened_kinds(description: str, kinds: set[str]) -> None:
    assert set(described_effects(description)) == kinds
    assert opened_steps(description) <= frozenset(kinds)


def test_an_http_client_sends_no_step() -> None:
    d = "Send an HTTP request to a URL and return the response."
    assert opened_steps(d) == {"send"}
    assert side_effects("http_request", {"url": "https://example.com"}, None, d) == frozenset()
