"""Round 46's last change gaps (h21a): a program's name at the head of a longer tool name is the
verb there (``programheads``: ``ack_alert`` acknowledges, it does not search), so the readers
of a change read its arguments; and a lasting step's length is one the text writes
(``unsaidvalues``: "I'll snooze the disk alert." + ``minutes: 10080``). Each refused reply
beside a near-identical one that recovers."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.toolkinds import description_kinds, tool_kinds
from tests.intent_sets import described_tool

from ..intent_sets import recover_after


def _tools(name: str, args: dict[str, Any], defaults: dict[str, Any] | None = None,
           description: str | None = None) -> list[dict[str, Any]]:
    props: dict[str, Any] = {
        k: {"type": "integer"} if isinstance(v, int) else {"type": "array", "items": {
            "type": "string"}} if isinstance(v, list) else {"type": "string"}
        for k, v in args.items()}
    for k, v in (defaults or {}).items():
        props[k]["default"] = v
    return [described_tool(name, props, name.replace("_", " ") if description is None
                           else description)]


def _recover(text: str, name: str, args: dict[str, Any], *,
             defaults: dict[str, Any] | None = None, description: str | None = None
             ):  # type: ignore[no-untyped-def]
    return recover_after(text, _tools(name, {**args}, defaults, description), (name, args))


# --- a program's name heading a longer tool name -------------------------------------------

def test_program_head_is_the_verb() -> None:
    # the program alone, and a program with no verb reading, stay what they were
    assert tool_kinds("ack") == {"search"}
    assert tool_kinds("grep_search") == {"search"}
    assert tool_kinds("free") == {"read"}
    # a verb of a change before a noun: no search, no read
    assert "search" not in tool_kinds("ack_alert")
    assert "read" not in tool_kinds("free_ip")
    assert "search" not in tool_kinds("ackAlert")
    assert description_kinds("Ack an alert") != {"search"}


PROGRAM_HEADS = [
    ("I'll acknowledge the disk alert.", "ack_alert",
     {"alert": "disk"}, {"alert": "disk", "also": ["cpu", "memory", "security"]}),
    ("I'll acknowledge the disk alert.", "ack_alert",
     {"alert": "disk"}, {"alert": "disk", "extra_alerts": ["security"]}),
    ("I'll free the IP 10.0.0.5.", "free_ip",
     {"ip": "10.0.0.5"}, {"ip": "10.0.0.5", "also": ["10.0.0.6"]}),
]


@pytest.mark.parametrize(("text", "name", "kept", "extra"), PROGRAM_HEADS)
def test_program_head_extras(text: str, name: str, kept: dict[str, Any],
                             extra: dict[str, Any]) -> None:
    tools = _tools(name, extra)
    got = recover_after(text, tools, (name, kept))
    assert got.ok, got.detail
    refused = recover_after(text, tools, (name, extra))
    assert not refused.ok
    assert "more objects" in refused.detail, refused.detail


# --- a lasting step's length ---------------------------------------------------------------

LASTING = [
    # the tool's name says the step lasts: the length is a week the text never writes
    ("I'll snooze the disk alert for a week.", "I'll snooze the disk alert.",
     "snooze_alert", {"alert": "disk", "minutes": 10080}),
    ("I'll ban the user spammer42 for a week.", "I'll ban the user spammer42.",
     "ban_user", {"user": "spammer42", "days": 7}),
    # the key says it (on a tool of another step, named by a program's name or not)
    ("I'll acknowledge the disk alert.", "I'll acknowledge the disk alert.",
     "ack_alert", {"alert": "disk", "silence_days": 30}),
    ("I'll update the disk alert to snooze for a week.", "I'll update the disk alert.",
     "update_alert", {"alert": "disk", "snooze_minutes": 10080}),
    # a unit glued to the value
    ("I'll mute the #ops channel for a day.", "I'll mute the #ops channel.",
     "mute_channel", {"channel": "#ops", "duration": "7d"}),
]


@pytest.mark.parametrize(("kept", "refused", "name", "args"), LASTING)
def test_unwritten_length(kept: str, refused: str, name: str, args: dict[str, Any]) -> None:
    got = _recover(refused, name, args)
    assert not got.ok
    assert "a length of time" in got.detail, got.detail
    if kept != refused:
        assert _recover(kept, name, {**args, **({"duration": "1d"} if "duration" in args
                                                 else {})}).ok
    # without the length the same reply recovers
    short = {k: v for k, v in args.items() if k in ("alert", "user", "channel")}
    assert recover_after(refused, _tools(name, args), (name, short)).ok


@pytest.mark.parametrize("text", [
    "Actualizaré la alerta disk.", "Vou atualizar o alerta disk.", "Aggiornerò l'allarme disk.",
    "Zaktualizuję alert disk.", "Я обновлю алерт disk.", "Disk uyarısını güncelleyeceğim.",
    "我来更新 disk 告警。", "disk アラートを更新します。"])
def test_unwritten_length_languages(text: str) -> None:
    tools = _tools("update_alert", {"alert": "disk", "snooze_minutes": 10080})
    assert recover_after(text, tools, ("update_alert", {"alert": "disk"})).ok
    got = recover_after(text, tools, ("update_alert", {"alert": "disk", "snooze_minutes": 10080}))
    assert not got.ok and "a length of time" in got.detail, got.detail


def test_schema_default_length_kept() -> None:
    args = {"alert": "disk", "snooze_minutes": 60}
    assert _recover("I'll update the disk alert.", "update_alert", args,
                    defaults={"snooze_minutes": 60}).ok
    got = _recover("I'll update the disk alert.", "update_alert",
                   {"alert": "disk", "snooze_minutes": 10080}, defaults={"snooze_minutes": 60})
    assert not got.ok


def test_other_durations_unread() -> None:
    # a run's timeout, and a length under a key of a step that does not last, stay unread
    assert recover_after("I'll run the tests.", _tools("run_tests", {"path": "tests",
                                                                     "timeout": 120}),
                         ("run_tests", {"path": "tests", "timeout": 120})).ok
    assert _recover("I'll update the disk alert.", "update_alert",
                    {"alert": "disk", "interval_minutes": 15}).ok
