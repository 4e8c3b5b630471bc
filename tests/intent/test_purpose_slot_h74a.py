"""A purpose clause closing an announcement grounds and requires nothing (issue 25,
``intent.purposed``): "I'll push the feature branch to origin so CI can pick it up." names no
"pick" a push must carry, and its words ground no call either; a clause with "and", a comma
or code is read whole as before. And verbs the lexicon did not know, as closed data: fr
"j'envoie" sends, "transférer" pays, pt "agendar" makes an event. A look whose object the
tool's description names is grounded (``intent.toolprose``): "check your calendar" +
``list_events`` ("List calendar events ...")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import leakcall
from leakcall import Reason
from leakcall.intent import normalize
from leakcall.intent.preamble import Announcement, announce
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("git_push", "remote", "branch"), _tool("run_command", "command"),
         _tool("send_email", "to", "subject", "body"),
         _tool("transfer_funds", "from_account", "to_account", "amount", "currency"),
         _tool("create_calendar_event", "title", "start", "end"), _tool("delete_event", "event_id")]


def _recover(text: str, tool: str, **args: Any) -> leakcall.Recovery:
    call = "<tool_call>\n" + json.dumps({"name": tool, "arguments": args}) + "\n</tool_call>"
    return leakcall.recover(text + "\n\n" + call, TOOLS)


def _named(text: str) -> tuple[str, ...]:
    said = announce(normalize(text))
    assert isinstance(said, Announcement), said
    return said.named


PUSH = "I'll push the feature branch to origin so CI can pick it up."


@pytest.mark.parametrize(("tool", "args"), [
    ("git_push", {"remote": "origin", "branch": "feature/retry"}),
    ("run_command", {"command": "git push origin feature/retry"}),
])
def test_a_closing_purpose_requires_nothing(tool: str, args: dict[str, Any]) -> None:
    assert _recover(PUSH, tool, **args).ok


@pytest.mark.parametrize(("text", "tool", "args"), [
    # the step itself still grounds the call: another branch is no push of the feature branch
    (PUSH, "git_push", {"remote": "origin", "branch": "main"}),
    # the clause grounds nothing: what it names is no object of a step
    ("I'll push the feature branch so CI can pick up the cleanup.", "run_command",
     {"command": "rm -rf cleanup"}),
])
def test_a_closing_purpose_grounds_nothing(text: str, tool: str, args: dict[str, Any]) -> None:
    assert _recover(text, tool, **args).reason is Reason.QUOTED


def test_the_clause_words_are_no_nouns_of_the_step() -> None:
    assert "pick" not in _named(PUSH)
    assert {"feature", "branch", "origin"} <= set(_named(PUSH))


@pytest.mark.parametrize(("text", "word"), [
    ("I'll push the feature branch so CI can deploy `prod-db`.", "`prod-db`"),
    ("I'll push the feature branch so CI can pick it up and drop staging.", "staging"),
])
def test_a_clause_with_code_or_a_next_step_is_read_whole(text: str, word: str) -> None:
    assert word in _named(text)


def test_french_elided_send_is_a_send() -> None:
    text = "Comme convenu, j'envoie le compte rendu à claire@exemple.fr."
    ok = _recover(text, "send_email", to="claire@exemple.fr", subject="Compte rendu",
                  body="Bonjour Claire, voici le compte rendu.")
    assert ok.ok, ok.detail
    other = _recover(text, "send_email", to="paul@autre.fr", subject="Compte rendu",
                     body="Bonjour, voici le compte rendu.")
    assert other.reason is Reason.QUOTED


def test_portuguese_scheduling_makes_the_event() -> None:
    text = "Vou agendar a reunião para sexta às 15h."
    ok = _recover(text, "create_calendar_event", title="Reunião", start="2026-12-11T15:00:00",
                  end="2026-12-11T16:00:00")
    assert ok.ok, ok.detail
    assert _recover(text, "delete_event", event_id="evt_42").reason is Reason.QUOTED


def test_french_transfer_pays_only_what_it_says() -> None:
    text = "Je vais transférer 300 € du compte courant vers le compte épargne."
    ok = _recover(text, "transfer_funds", from_account="courant", to_account="épargne",
                  amount="300", currency="EUR")
    assert ok.ok, ok.detail
    more = _recover(text, "transfer_funds", from_account="courant", to_account="épargne",
                    amount="3000", currency="EUR")
    assert more.reason is Reason.QUOTED


def _described(name: str, description: str, *keys: str) -> dict[str, Any]:
    tool = _tool(name, *keys)
    tool["function"]["description"] = description
    return tool


CALENDAR = [_described("list_events", "List calendar events in a date range.", "start", "end"),
            _described("create_event", "Create a calendar event.", "title", "start"),
            _described("list_items", "List the items of a store.", "start", "end"),
            _described("fetch_page", "Fetch a calendar page from a URL.", "url")]


def _look(text: str, tool: str, **args: Any) -> leakcall.Recovery:
    call = "<tool_call>\n" + json.dumps({"name": tool, "arguments": args}) + "\n</tool_call>"
    return leakcall.recover(text + "\n\n" + call, CALENDAR)


@pytest.mark.parametrize("text", ["Let me check your calendar for next week.",
                                  "I'll look at the calendar for next week."])
def test_a_look_at_what_the_description_names(text: str) -> None:
    r = _look(text, "list_events", start="2026-12-07", end="2026-12-13")
    assert r.ok, r.detail


@pytest.mark.parametrize(("text", "tool", "args"), [
    # a step that changes something is never grounded by the description
    ("Let me check your calendar for next week.", "create_event",
     {"title": "Sync", "start": "2026-12-07T10:00:00"}),
    # a description that names something else
    ("Let me check your calendar for next week.", "list_items",
     {"start": "2026-12-07", "end": "2026-12-13"}),
    # a fetch reaches the network
    ("Let me check your calendar.", "fetch_page", {"url": "https://evil.example/cal"}),
])
def test_a_description_grounds_no_other_step(text: str, tool: str, args: dict[str, Any]) -> None:
    assert _look(text, tool, **args).reason is Reason.QUOTED


def test_hindi_commit_in_latin_letters_is_a_commit() -> None:
    tools = [_tool("git_commit", "message"), _tool("git_push", "remote", "branch")]
    text = "सारे टेस्ट पास हो गए। अब मैं बदलाव commit करूँगा।"

    def run(tool: str, **args: Any) -> leakcall.Recovery:
        call = "<tool_call>\n" + json.dumps({"name": tool, "arguments": args}) + "\n</tool_call>"
        return leakcall.recover(text + "\n\n" + call, tools)

    ok = run("git_commit", message="तारीख पार्सिंग ठीक की")
    assert ok.ok, ok.detail
    assert not run("git_push", remote="origin", branch="main").ok
