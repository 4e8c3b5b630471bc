"""Coordinated steps keep their own times, dates, quantities and objects (h22d, round 47 gap 4,
``stepvalues.stepped_values`` read by ``parties.crossed_values``): each value a sentence binds
to one step goes to that step's call. Each refusal beside its genuine form."""

from __future__ import annotations

from typing import Any

import pytest

from ..intent_sets import expect_recovered, expect_refused, keyed_tool, recover_after, typed_tool

EVENT = keyed_tool("update_event", "event_id", "start", required=["event_id"])
ALARM = keyed_tool("set_alarm", "time", "label", required=["time"])
CART = typed_tool("add_to_cart", product_id="string", quantity="integer")
SCALE = typed_tool("scale_deployment", name="string", replicas="integer")
LOCK = keyed_tool("lock_door", "door")
UNLOCK = keyed_tool("unlock_door", "door")
OPEN = keyed_tool("open_valve", "valve")
CLOSE = keyed_tool("close_valve", "valve")
TICKET = typed_tool("create_ticket", title="string", priority="integer")
THERMO = typed_tool("set_temperature", room="string", degrees="integer")

Call = tuple[str, dict[str, Any]]


def _ev(event: str, start: str) -> Call:
    return ("update_event", {"event_id": event, "start": start})


def _alarm(time: str, label: str | None = None) -> Call:
    return ("set_alarm", {"time": time} | ({"label": label} if label else {}))


def _cart(product: str, n: int) -> Call:
    return ("add_to_cart", {"product_id": product, "quantity": n})


def _scale(name: str, n: int) -> Call:
    return ("scale_deployment", {"name": name, "replicas": n})


# (preamble, tools, the calls of each step, the same calls with a value of another step)
PAIRS: list[tuple[str, list[dict[str, Any]], list[Call], list[Call]]] = [
    ("I'll move the standup to 10:00 and the retro to 15:00.", [EVENT],
     [_ev("standup", "2026-12-07T10:00"), _ev("retro", "2026-12-07T15:00")],
     [_ev("standup", "2026-12-07T15:00"), _ev("retro", "2026-12-07T10:00")]),
    ("Ich verschiebe das Standup auf 11:00 und die Retro auf 16:00.", [EVENT],
     [_ev("standup", "2026-12-07T11:00"), _ev("retro", "2026-12-07T16:00")],
     [_ev("standup", "2026-12-07T16:00"), _ev("retro", "2026-12-07T11:00")]),
    ("Je vais déplacer le standup à 10:00 et la rétro à 15:00.", [EVENT],
     [_ev("standup", "2026-12-07T10:00"), _ev("rétro", "2026-12-07T15:00")],
     [_ev("standup", "2026-12-07T15:00"), _ev("rétro", "2026-12-07T10:00")]),
    ("I'll move the kickoff to December 8 and the review to December 10.", [EVENT],
     [_ev("kickoff", "2026-12-08"), _ev("review", "2026-12-10")],
     [_ev("kickoff", "2026-12-10"), _ev("review", "2026-12-08")]),
    ("I'll set an alarm for 6:30 labelled gym and one for 7:15 labelled work.", [ALARM],
     [_alarm("06:30", "gym"), _alarm("07:15", "work")],
     [_alarm("07:15", "gym"), _alarm("06:30", "work")]),
    ("I'll set an alarm for 5pm labelled tea and one for 9pm labelled bed.", [ALARM],
     [_alarm("17:00", "tea"), _alarm("21:00", "bed")],
     [_alarm("21:00", "tea"), _alarm("17:00", "bed")]),
    ("I'll add 1 keyboard and 2 mice to your cart.", [CART],
     [_cart("keyboard", 1), _cart("mouse", 2)], [_cart("keyboard", 2), _cart("mouse", 1)]),
    ("Añadiré 2 cuadernos y 5 lápices a tu carrito.", [CART],
     [_cart("cuadernos", 2), _cart("lapices", 5)], [_cart("cuadernos", 5), _cart("lapices", 2)]),
    # one value reused for the other step, whose own value no call carries
    ("I'll scale `web` to 3 replicas and `worker` to 2.", [SCALE],
     [_scale("web", 3), _scale("worker", 2)], [_scale("web", 3), _scale("worker", 3)]),
    # the objects of two opposite verbs of one sentence
    ("I'll lock the front door and unlock the garage.", [LOCK, UNLOCK],
     [("lock_door", {"door": "front"}), ("unlock_door", {"door": "garage"})],
     [("lock_door", {"door": "garage"}), ("unlock_door", {"door": "front"})]),
    ("I'll open the north valve and close the south valve.", [OPEN, CLOSE],
     [("open_valve", {"valve": "north"}), ("close_valve", {"valve": "south"})],
     [("open_valve", {"valve": "south"}), ("close_valve", {"valve": "north"})]),
    # one call: it carries its own step's value, not the other step's
    ("I'll set the alarm for 6:30 and the reminder for 7:00.", [ALARM],
     [_alarm("06:30")], [_alarm("07:00")]),
]


@pytest.mark.parametrize(("preamble", "tools", "genuine", "crossed"), PAIRS)
def test_each_step_keeps_its_own_value(preamble: str, tools: list[dict[str, Any]],
                                       genuine: list[Call], crossed: list[Call]) -> None:
    expect_recovered(recover_after(preamble, tools, *genuine), preamble)
    expect_refused(recover_after(preamble, tools, *crossed), preamble, "ungrounded-call")


KEPT: list[tuple[str, list[dict[str, Any]], list[Call]]] = [
    # one value shared by both steps
    ("I'll set the hallway and the porch to 20 degrees.", [THERMO],
     [("set_temperature", {"room": "hallway", "degrees": 20}),
      ("set_temperature", {"room": "porch", "degrees": 20})]),
    # a number of the first conjunct counts something else than the call's
    ("I'll create a ticket for the 2 failing tests and set its priority to 3.", [TICKET],
     [("create_ticket", {"title": "Fix 2 failing tests", "priority": 3})]),
    # a time of the call's own step the call carries too
    ("I'll move the standup from 9:00 to 10:00 and the retro to 15:00.", [EVENT],
     [_ev("standup", "2026-12-07T10:00"), _ev("retro", "2026-12-07T15:00")]),
]


@pytest.mark.parametrize(("preamble", "tools", "calls"), KEPT)
def test_shared_and_unbound_values_are_kept(preamble: str, tools: list[dict[str, Any]],
                                            calls: list[Call]) -> None:
    expect_recovered(recover_after(preamble, tools, *calls), preamble)
