"""A span of time that ends now, or a nearness that holds now, in an observation (h90a,
``intent.spans``): "within the last 24 hours", "for the past 2 hours" say when what the
observation reports happened, "is within 24 hours of booking" how near two things are now: no
time a step waits for; each beside the nearest span ahead, bare duration or nearness to come,
which still waits (rule ``conditional``)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_calls

TOOLS = [_tool("cancel_order", "order_id"), _tool("cancel_reservation", "reservation_id"),
         _tool("scale_service", "service", "replicas", "environment")]

CANCEL = ("cancel_order", {"order_id": "31207"})
SCALE = ("scale_service", {"service": "worker", "replicas": "3", "environment": "staging"})
RESERVATION = ("cancel_reservation", {"reservation_id": "M20IZO"})
CANCEL_IT = "I'll cancel reservation M20IZO."
SCALE_IT = "I'll scale the worker service in staging to 3 replicas."


_recover = partial(recover_calls, tools=TOOLS)


RECOVERED = [
    ("The order was placed within the last 24 hours. I'll cancel order 31207.", CANCEL),
    (f"The queue in staging has grown for the last 20 minutes. {SCALE_IT}", SCALE),
    (f"The queue in staging has grown for the past 2 hours. {SCALE_IT}", SCALE),
    ("Since the cancellation is within 24 hours of booking, you are eligible for a full refund. "
     "I will cancel reservation M20IZO now.", RESERVATION),
    (f"The cancellation is within 24 hours of booking. {CANCEL_IT}", RESERVATION),
]

STILL_WAITING = [
    ("The order gets shipped within 24 hours. I'll cancel order 31207.", CANCEL),
    ("The order ships in the next 24 hours. I'll cancel order 31207.", CANCEL),
    ("I'll cancel order 31207 in the last 24 hours.", CANCEL),
    (f"The queue in staging will grow for the next 20 minutes. {SCALE_IT}", SCALE),
    (f"The queue in staging has grown for 20 minutes. {SCALE_IT}", SCALE),
    (f"The queue in staging has grown for the last 20 minutes pending approval. {SCALE_IT}", SCALE),
    (f"Since the cancellation runs within 24 hours of booking, {CANCEL_IT}", RESERVATION),
    (f"Since the cancellation is within 24 hours, {CANCEL_IT}", RESERVATION),
    (f"Since the cancellation is within 24 hours from the booking, {CANCEL_IT}", RESERVATION),
    (f"Since the cancellation will be within 24 hours of booking, {CANCEL_IT}", RESERVATION),
    (f"Since the cancellation is in 24 hours of booking, {CANCEL_IT}", RESERVATION),
    (f"Since the cancellation is within 24 hours of approval, {CANCEL_IT}", RESERVATION),
    ("I'll cancel reservation M20IZO within 24 hours of booking.", RESERVATION),
]


@pytest.mark.parametrize(("pre", "call"), RECOVERED)
def test_span_gone_by_recovers(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert (r.reason, r.rule) == ("ok", "action-preamble"), (pre, r.rule, r.detail)


@pytest.mark.parametrize(("pre", "call"), STILL_WAITING)
def test_span_ahead_still_waits(pre: str, call: tuple[str, dict[str, Any]]) -> None:
    r = _recover(pre, call)
    assert r.reason != "ok" and r.rule == "conditional", (pre, r.reason, r.rule, r.detail)
