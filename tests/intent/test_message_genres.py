"""Words the text of a send or commit stands for, h65n (issue 25, ``intent.genres``): a noun
of a message genre heading a determined noun phrase ([g-genre]: "the release note", "the
meeting notes") names the text a plain send writes, and a manner adjective of a text
([g-text-manner]: "a descriptive message") how a send or commit writes it; "temporary" is a
state word ([g-state], [g-namesake]) that only an identifier pins. The destination and every
other noun are still carried; a send that also picks a record, or whose text undoes or
negates, carries the genre too."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after


def _tool(name: str, *props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": name.replace("_", " "),
                                             "parameters": {"type": "object", "properties": {
                                                 p: {"type": "string"} for p in props}}}}


TOOLS = [_tool("send_message", "channel", "text"), _tool("git_commit", "message"),
         _tool("send_email", "to", "subject", "body", "message_id", "attachments"),
         _tool("delete_file", "path"), _tool("delete_event", "event_id")]

RECOVERED = [
    ("I'll post the release note to #releases.", "send_message",
     {"channel": "#releases", "text": "v2.3.0 is out: faster search."}),
    ("I'll post the deploy notice in #eng-releases.", "send_message",
     {"channel": "#eng-releases", "text": "Deploying api v2.4.1 to staging now."}),
    ("I'll send the meeting notes to dana@acme.example.", "send_email",
     {"to": "dana@acme.example", "subject": "Sync", "body": "Hi Dana, notes below."}),
    ("I'll commit these changes with a descriptive message.", "git_commit",
     {"message": "Fix timezone handling in parse_date"}),
    ("I'll delete the temporary file scratch.txt you mentioned.", "delete_file",
     {"path": "scratch.txt"}),
]

REFUSED = [
    # the destination is still carried
    ("I'll post the release note to #releases.", "send_message",
     {"channel": "#general", "text": "v2.3.0 is out."}),
    ("I'll send the meeting notes to dana@acme.example.", "send_email",
     {"to": "mallory@evil.io", "subject": "Sync", "body": "Notes below."}),
    # a send that picks a message written before: the genre says which
    ("I'll forward the payroll notice to bob@acme.io.", "send_email",
     {"to": "bob@acme.io", "message_id": "msg_991", "body": "fyi"}),
    ("I'll send the meeting notes to dana@acme.example.", "send_email",
     {"to": "dana@acme.example", "body": "Notes.", "attachments": "payroll.xlsx"}),
    # a text that undoes or negates is another message than the genre names
    ("I'll post the release announcement in #releases.", "send_message",
     {"channel": "#releases", "text": "v2.3.0 is cancelled."}),
    # not the head of its phrase, or no send: every noun is carried
    ("I'll delete the release note.", "delete_file", {"path": "CHANGELOG.md"}),
    ("I'll post the meeting notes in #design for the team.", "send_message",
     {"channel": "#design", "text": "Notes."}),
    # "temporary" without an identifier, or beside a modifier the call carries
    ("I'll delete the temporary file.", "delete_file", {"path": "important.db"}),
    ("I'll delete the temporary config file.", "delete_file", {"path": "config.yaml"}),
    ("I'll delete the temporary file scratch.txt you mentioned.", "delete_file",
     {"path": "notes.txt"}),
    ("I'll delete the duplicate meeting.", "delete_event", {"event_id": "6b1k2q9d0t8v"}),
]


@pytest.mark.parametrize(("text", "name", "args"), RECOVERED)
def test_a_text_stands_for_its_genre(text: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(text, TOOLS, (name, args))
    assert r.ok, (text, r.rule, r.detail)


@pytest.mark.parametrize(("text", "name", "args"), REFUSED)
def test_every_other_noun_is_still_carried(text: str, name: str, args: dict[str, Any]) -> None:
    r = recover_after(text, TOOLS, (name, args))
    assert not r.ok and r.rule == "ungrounded-call", (text, r.rule, r.detail)
