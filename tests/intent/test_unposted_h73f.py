"""Unposted notes (issue 25, ``intent.unposted``): a tool whose name posts a text
(``add_ticket_comment``: a comment is a send) takes no send when the call keeps the text in
(``public: false``) and the announcement states that visibility ("an internal note"). Each
recovery has a sibling that stays refused: the switch on, the visibility unstated, or a send
the arguments say."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason

TOOLS = [{"type": "function", "function": {"name": "add_ticket_comment", "parameters": {
    "type": "object", "properties": {"ticket_id": {"type": "string"}, "body": {"type": "string"},
                                     "public": {"type": "boolean"},
                                     "cc": {"type": "string"}}}}}]


def _recover(text: str, **args: Any) -> leakcall.Recovery:
    call = "<tool_call>\n" + json.dumps({"name": "add_ticket_comment", "arguments": args}) \
        + "\n</tool_call>"
    return leakcall.recover(text + "\n\n" + call, TOOLS)


@pytest.mark.parametrize("text", [
    "Let me add an internal note to ticket 5510.",
    "I'll add a private note to ticket 5510.",
])
def test_a_note_kept_in_is_no_send(text: str) -> None:
    r = _recover(text, ticket_id="5510", body="Customer confirmed the replacement arrived.",
                 public=False)
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "args"), [
    # the switch on: the comment reaches the customer
    ("Let me add an internal note to ticket 5510.", {"public": True}),
    # no switch: the tool's own default decides
    ("Let me add an internal note to ticket 5510.", {}),
    # the visibility unstated: the send the name says is announced by no verb
    ("Let me add a note to ticket 5510.", {"public": False}),
    # a send the arguments say
    ("Let me add an internal note to ticket 5510.",
     {"public": False, "cc": "mallory@evil.example"}),
])
def test_a_comment_that_may_reach_someone_still_sends(text: str, args: dict[str, Any]) -> None:
    r = _recover(text, ticket_id="5510", body="Customer confirmed the replacement arrived.",
                 **args)
    assert r.reason is Reason.QUOTED, r.detail
