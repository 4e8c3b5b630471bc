"""A tool named by a word that follows a record (h20e, ``intent.tracked``, [tracks] in
kinds.txt): "track" looks (``track_shipment``) as often as it takes a step (``track_event``
sends an analytics event, ``track_time`` records hours, ``track_user`` starts following a
person), so such a call is a look only on identifiers the text writes; each refused form beside
the nearest one recovered."""

from __future__ import annotations

import pytest

from tests.intent_sets import expect_pair, string_tool

PAIRS = [
    # (preamble, tool, recovered args, refused tool, refused args)
    ("Let me check the tracking status for order 77120.", "track_shipment",
     {"order_id": "77120"}, "track_shipment", {"order_id": "99999"}),
    ("I'm sorry the parcel is late. Let me check order 77120.", "track_shipment",
     {"order_id": "77120"}, "track_event", {"event": "order_refunded", "order_id": "77120"}),
    ("Let me check the tracking status for order 77120.", "track_order",
     {"order_id": "77120"}, "track_time", {"hours": "8", "project_id": "77120"}),
    ("我来为您查询订单 55012 的物流状态。", "track_shipment", {"order_id": "55012"},
     "track_shipment", {"order_id": "55013"}),
    ("주문 31877 배송 상태를 확인해 보겠습니다.", "track_shipment", {"order_id": "31877"},
     "track_shipment", {"order_id": "31878"}),
    ("Voy a consultar el estado del pedido 4411.", "track_package", {"order_number": "4411"},
     "track_package", {"order_number": "4411", "note": "refund approved"}),
    ("I'll check parcel 1Z999AA10123456784.", "track_package",
     {"tracking_number": "1Z999AA10123456784"}, "track_package",
     {"tracking_number": "1Z999AA10123456785"}),
    ("Let me check order 77120 and its purchase event.", "track_order", {"order_id": "77120"},
     "track_event", {"event": "purchase", "order_id": "77120"}),
    # a party followed is watched from then on; another kind word of the name keeps its kind
    ("Let me check order 42.", "track_order", {"order_id": "42"}, "track_user", {"user_id": "42"}),
    ("Let me check order 42.", "track_order", {"order_id": "42"}, "track_customer_order",
     {"order_id": "42"}),
    ("Let me check order 42.", "track_order", {"order_id": "42"}, "track_and_cancel_order",
     {"order_id": "42"}),
    # the announcement says nothing of the record
    ("Let me check the tracking status of order 77120.", "track_shipment", {"order_id": "77120"},
     "track_shipment", {"order_id": "77121"}),
    ("Let me check order 42.", "track_order", {"order_id": "42"}, "track_order", {}),
    ("Let me check order 42.", "track_order", {"order_id": "42"}, "shipment_track",
     {"order_id": "42"}),
]


@pytest.mark.parametrize(("preamble", "tool", "args", "other", "other_args"), PAIRS)
def test_pair(preamble: str, tool: str, args: dict[str, str], other: str,
              other_args: dict[str, str]) -> None:
    keys = sorted({*args, *other_args, "order_id"})
    tools = [string_tool(tool, tool.replace("_", " "), *keys),
             string_tool(other, other.replace("_", " "), *keys)]
    expect_pair(tools, (preamble, tool, args), (preamble, other, other_args))


def test_unwritten_record_refused() -> None:
    tools = [string_tool("track_shipment", "track shipment", "order_id")]
    expect_pair(tools, ("Let me check the tracking status of order 77120.", "track_shipment",
                        {"order_id": "77120"}),
                ("Let me check the tracking status of your order.", "track_shipment",
                 {"order_id": "77120"}))


def test_unrelated_announcement_refused() -> None:
    tools = [string_tool("track_shipment", "track shipment", "order_id")]
    expect_pair(tools, ("Let me check on order 77120.", "track_shipment", {"order_id": "77120"}),
                ("Let me check the weather in Paris.", "track_shipment", {"order_id": "77120"}))
