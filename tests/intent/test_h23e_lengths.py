"""A lasting step's length written in digits (h23e, ``lengths``): "for 30 minutes" on a step
whose call carries that length under a key of a length of time is the step's value, no time to
wait for; a deferral, a length the call does not carry, or a call of no lasting step stays a
time to come (rule ``conditional``). Each refused reply beside a near-identical one that
recovers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import described_tool

from ..intent_sets import recover_after


def _tools(name: str, args: dict[str, Any]) -> list[dict[str, Any]]:
    props: dict[str, Any] = {k: {"type": "integer"} if isinstance(v, int) else {"type": "string"}
                             for k, v in args.items()}
    return [described_tool(name, props, name.replace("_", " "))]


def _recover(text: str, name: str, args: dict[str, Any]):  # type: ignore[no-untyped-def]
    return recover_after(text, _tools(name, args), (name, args))


KEPT = [
    ("I'll snooze the disk alert for 30 minutes.", "snooze_alert", {"alert": "disk", "minutes": 30}),
    ("I'll unlock the front door for 10 minutes.", "unlock_door",
     {"door": "front", "duration_minutes": 10}),
    ("I'll snooze the disk alert for 2 hours.", "snooze_alert", {"alert": "disk", "minutes": 120}),
    ("I'll mute the #ops channel for 3 days.", "mute_channel", {"channel": "#ops", "duration": "3d"}),
    ("Actualizaré la alerta disk durante 30 minutos.", "update_alerta",
     {"alert": "disk", "snooze_minutes": 30}),
    ("Vou atualizar o alerta disk por 30 minutos.", "update_alerta",
     {"alert": "disk", "snooze_minutes": 30}),
    ("Aggiornerò l'allarme disk per 30 minuti.", "update_allarme",
     {"alert": "disk", "snooze_minutes": 30}),
    ("Je vais actualiser l'alerte disk pendant 30 minutes.", "update_alerte",
     {"alert": "disk", "snooze_minutes": 30}),
]


@pytest.mark.parametrize(("text", "name", "args"), KEPT)
def test_carried_length_kept(text: str, name: str, args: dict[str, Any]) -> None:
    got = _recover(text, name, args)
    assert got.ok, got.detail


# (text refused, its kept twin, tool, args refused, args of the twin)
PAIRS = [
    # a deferral, not written with "for"
    ("I'll snooze the disk alert in 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
    ("I'll snooze the disk alert after 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
    # "for" whose phrase goes on: a time to come
    ("I'll snooze the disk alert for 30 minutes from now.",
     "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
    # a length in a sentence that joins another step: it may be that step's
    ("I'll unlock the front door and pause for 30 minutes.",
     "I'll unlock the front door for 30 minutes.",
     "unlock_door", {"door": "front", "duration_minutes": 30},
     {"door": "front", "duration_minutes": 30}),
    ("I'll unlock the front door, then pause for 30 minutes.",
     "I'll unlock the front door for 30 minutes.",
     "unlock_door", {"door": "front", "duration_minutes": 30},
     {"door": "front", "duration_minutes": 30}),
    ("I'll unlock the front door then pause for 30 minutes.",
     "I'll unlock the front door for 30 minutes.",
     "unlock_door", {"door": "front", "duration_minutes": 30},
     {"door": "front", "duration_minutes": 30}),
    ("I'll snooze the disk alert for 30 minutes, then check the logs.",
     "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
    # the length's sentence names no word of the tool: another step's length
    ("I'll pause for 30 minutes. I'll unlock the front door.",
     "I'll unlock the front door for 30 minutes.",
     "unlock_door", {"door": "front", "duration_minutes": 30},
     {"door": "front", "duration_minutes": 30}),
    # a length the call does not carry (another number, or none)
    ("I'll snooze the disk alert for 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 60}, {"alert": "disk", "minutes": 30}),
    ("I'll snooze the disk alert for 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk"}, {"alert": "disk", "minutes": 30}),
    # deferrals in other languages stay deferrals
    ("Je vais actualiser l'alerte disk dans 30 minutes.",
     "Je vais actualiser l'alerte disk pendant 30 minutes.",
     "update_alerte", {"alert": "disk", "snooze_minutes": 30},
     {"alert": "disk", "snooze_minutes": 30}),
    ("Actualizaré la alerta disk en 30 minutos.",
     "Actualizaré la alerta disk durante 30 minutos.",
     "update_alerta", {"alert": "disk", "snooze_minutes": 30},
     {"alert": "disk", "snooze_minutes": 30}),
    # the same number in another unit: 30 hours is no 30 minutes
    ("I'll snooze the disk alert for 30 hours.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
    # the number under a key of no length of time
    ("I'll snooze the disk alert for 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "count": 30}, {"alert": "disk", "minutes": 30}),
    # the length under a key of a wait: the step waits for it
    ("I'll snooze the disk alert for 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "delay_minutes": 30}, {"alert": "disk", "minutes": 30}),
    # a step that does not last: the number is a time to come
    ("I'll delete the disk branch for 30 minutes.", "I'll snooze the disk alert for 30 minutes.",
     "delete_branch", {"branch": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
    # two lengths, the call carries one
    ("I'll snooze the disk alert for 30 minutes. Then I'll mute it for 10 minutes.",
     "I'll snooze the disk alert for 30 minutes.",
     "snooze_alert", {"alert": "disk", "minutes": 30}, {"alert": "disk", "minutes": 30}),
]


@pytest.mark.parametrize(("refused", "kept", "name", "bad", "good"), PAIRS)
def test_length_pairs(refused: str, kept: str, name: str, bad: dict[str, Any],
                      good: dict[str, Any]) -> None:
    twin = name if name.startswith("update") or name == "unlock_door" else "snooze_alert"
    got = recover_after(kept, _tools(twin, good), (twin, good))
    assert got.ok, got.detail
    got = recover_after(refused, _tools(name, {**good, **bad}), (name, bad))
    assert not got.ok, got.detail
