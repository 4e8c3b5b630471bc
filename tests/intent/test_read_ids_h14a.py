"""Reads bound to the records the text writes and counts (h14a; blind round 43, gaps 1 and
10): a lookup's id key carries the number the text writes beside the record's noun
(``numberedids``, read from ``looked``), a count ("both", "two", "beide") bounds the read
calls it covers (``looked._overcounted``, ``writtenfiles.counted``), and a read repeated with
the same arguments beside other calls of its tool is one call too many (``repeats.twice``).
Each refusal has a near-identical twin that recovers."""

from __future__ import annotations

from functools import partial
from typing import Any

from ..intent_sets import (
    expect_recovered,
    expect_refused,
    keyed_tool,
    recover_calls,
    typed_tool,
)

_tool = partial(keyed_tool, required=())

TOOLS = [_tool("get_order_status", "order_id"), typed_tool("get_user", user_id="integer"),
         _tool("get_account_balance", "account"),
         typed_tool("get_invoice", invoice_number="integer"),
         _tool("get_patient_record", "patient_id"), _tool("read_file", "path", "line"),
         _tool("get_weather", "city"),
         typed_tool("get_messages", channel_id="string", limit="integer")]

_recover = partial(recover_calls, tools=TOOLS)

Call = tuple[str, dict[str, Any]]


def _order(n: str) -> Call:
    return ("get_order_status", {"order_id": n})


def _read(path: str) -> Call:
    return ("read_file", {"path": path})


def _city(c: str) -> Call:
    return ("get_weather", {"city": c})


# (preamble, calls recovered, calls refused): the twin differs in one value or one call
ID_PAIRS: list[tuple[str, list[Call], list[Call]]] = [
    ("I'll check the status of order 7781.", [_order("7781")], [_order("1234")]),
    ("I'll check the status of order #7781.", [_order("#7781")], [_order("7718")]),
    ("Let me look up user 42.", [("get_user", {"user_id": 42})], [("get_user", {"user_id": 43})]),
    ("Let me pull up user 42's profile.", [("get_user", {"user_id": 42})],
     [("get_user", {"user_id": 1})]),
    ("I'll check the balance of account 4421.", [("get_account_balance", {"account": "4421"})],
     [("get_account_balance", {"account": "9999"})]),
    ("Let me pull up invoice 5531 for you.", [("get_invoice", {"invoice_number": 5531})],
     [("get_invoice", {"invoice_number": 5530})]),
    ("Let me open patient 100's chart.", [("get_patient_record", {"patient_id": "100"})],
     [("get_patient_record", {"patient_id": "200"})]),
    # other languages: the noun through the concept maps, or the number no call carries
    ("Ich prüfe den Status der Bestellung 7781.", [_order("7781")], [_order("1234")]),
    ("Voy a consultar el estado del pedido 2290.", [_order("2290")], [_order("9022")]),
    ("我来查询订单 5521 的状态。", [_order("5521")], [_order("5522")]),
    ("注文 5521 の状況を確認します。", [_order("5521")], [_order("1234")]),
    ("Проверю статус заказа 5521.", [_order("5521")], [_order("1234")]),
    ("8812 numaralı siparişin durumunu kontrol ediyorum.", [_order("8812")], [_order("8821")]),
    ("Tôi sẽ kiểm tra trạng thái đơn hàng 8812 cho bạn.", [_order("8812")], [_order("8821")]),
    # a step label, a plan list, and each call of a multi-call reply
    ("Step 2: check the status of order 7781.", [_order("7781")], [_order("1234")]),
    ("I'll look up orders 7781 and 7782.", [_order("7781"), _order("7782")],
     [_order("7781"), _order("7782"), _order("7783")]),
    ("I'll check order 7781 and order 7782.", [_order("7781"), _order("7782")],
     [_order("7781"), _order("9999")]),
    ("Let me check order 7781.", [_order("7781")], [_order("7781"), _order("7782")]),
    ("8812 numaralı siparişi kontrol ediyorum.", [_order("8812")],
     [_order("8812"), _order("9999")]),
    # a value holding the written number is that record
    ("Let me check order 7781.", [_order("ORD-7781")], [_order("ORD-1234")]),
    ("Let me check order 7781.", [_order("ORD-7781")], [_order("ORD-17781")]),
]


def test_a_lookup_carries_the_record_number_the_text_writes() -> None:
    for pre, ok, bad in ID_PAIRS:
        expect_recovered(_recover(pre, *ok), (pre, ok))
        expect_refused(_recover(pre, *bad), (pre, bad), "ungrounded-call")


def test_the_plan_list_binds_its_lookup() -> None:
    pre = "I need to:\n\n1. Check order 7781.\n2. Read the refund policy.\n"
    expect_recovered(_recover(pre, _order("7781"), _read("policy.md")), pre)
    expect_refused(_recover(pre, _order("1234"), _read("policy.md")), pre, "ungrounded-call")


def test_numbers_that_name_no_record_are_not_compared() -> None:
    # no number written: the id comes from the context; a written count or year, a number
    # another key carries, or a number the observation writes before a pronoun
    for pre, calls in (
            ("Let me check the status of your order.", [_order("1234")]),
            ("Let me look up your order from 2024.", [_order("88123")]),
            ("Let me fetch the last 1000 messages.",
             [("get_messages", {"channel_id": "123456789", "limit": 1000})]),
            ("Order 7781 was delayed. Let me check it.", [_order("7781")]),
            ("Let me look up the 3 orders.", [_order("881"), _order("882"), _order("883")]),
            # three digits apart from the key's noun: a status code, no record
            ("Let me look into the 502 errors.", [_order("88123")]),
            # a key with no identifier word that the tool's name does not say: a line, no record
            ("Let me look at line 42 of app.py.", [("read_file", {"path": "app.py",
                                                                 "line": "30"})])):
        expect_recovered(_recover(pre, *calls), (pre, calls))
    # the same count, the id a number the text does write elsewhere: still that record's
    expect_refused(_recover("Let me fetch the last 1000 messages.",
                            ("get_messages", {"channel_id": "123456789"})),
                   "a written number no call carries", "ungrounded-call")


COUNT_PAIRS: list[tuple[str, list[Call], list[Call]]] = [
    ("I'll read both files.", [_read("a.py"), _read("b.py")],
     [_read("a.py"), _read("b.py"), _read("c.py")]),
    ("Ich lese beide Dateien.", [_read("a.py"), _read("b.py")],
     [_read("a.py"), _read("b.py"), _read("c.py")]),
    ("I'll read the two files.", [_read("a.py"), _read("b.py")],
     [_read("a.py"), _read("b.py"), _read("c.py")]),
    ("Let me check the weather in both cities.", [_city("Paris"), _city("Rome")],
     [_city("Paris"), _city("Rome"), _city("Oslo")]),
    ("I'll look up both orders.", [_order("7781"), _order("7782")],
     [_order("7781"), _order("7782"), _order("7783")]),
    # a repeated read beside the other calls of its tool
    ("I'll check the weather in Paris and Rome.", [_city("Paris"), _city("Rome")],
     [_city("Paris"), _city("Rome"), _city("Paris")]),
]


def test_a_count_bounds_the_reads_it_covers() -> None:
    for pre, ok, bad in COUNT_PAIRS:
        expect_recovered(_recover(pre, *ok), (pre, ok))
        expect_refused(_recover(pre, *bad), (pre, bad), "ungrounded-call")


def test_a_file_named_beside_the_count_is_one_more() -> None:
    pre = "I'll read both config files and README.md."
    two = (_read("config.yaml"), _read("config.local.yaml"))
    expect_recovered(_recover(pre, *two, _read("README.md")), pre)
    expect_refused(_recover(pre, *two, _read("config.prod.yaml"), _read("README.md")), pre,
                   "ungrounded-call")


def test_the_same_read_twice_is_one_too_many() -> None:
    pre = "I'll check the weather in Paris."
    expect_recovered(_recover(pre, _city("Paris")), pre)
    expect_refused(_recover(pre, _city("Paris"), _city("Paris")), pre, "ungrounded-call")
    # a call with no arguments is told apart by nothing: asked again, not refused here
    tools = [*TOOLS, _tool("get_current_time")]
    pre = "Let me check the current time."
    expect_recovered(recover_calls(pre, ("get_current_time", {}), ("get_current_time", {}),
                                   tools=tools), pre)


def test_both_bounds_no_files_written() -> None:
    # a write's files are read from its contents too (imports, an address): "both" counts
    # the files read, not those (kimicli-cc-7-3); three reads under "both" still refuse
    tools = [*TOOLS, _tool("write_file", "path", "content")]
    body = "from kimi_cli.tools import extract\n\nURL = 'https://example.com/a'\n"
    pre = "I now have all the information needed. Let me create both test files."
    writes = [("write_file", {"path": f"tests/test_{n}.py", "content": body}) for n in "ab"]
    expect_recovered(recover_calls(pre, *writes, tools=tools), pre)
    pre = "I now have all the information needed. Let me read both test files."
    expect_refused(recover_calls(pre, _read("tests/test_a.py"), _read("tests/test_b.py"),
                                 _read("tests/test_c.py"), tools=tools), pre, "ungrounded-call")


def test_a_change_reads_the_record_number_the_same_way() -> None:
    # ``binding.unwritten_id`` ties a changing call's number by the same reader as a read's
    # (``numberedids.tied``): the noun in any language the concept maps translate
    tools = [_tool("cancel_order", "order_id")]
    for pre in ("Voy a cancelar el pedido 55812.", "Отменю заказ 55812.",
                "注文 55812 をキャンセルします。", "I'll cancel order 55812."):
        expect_recovered(recover_calls(pre, ("cancel_order", {"order_id": "55812"}),
                                       tools=tools), pre)
        r = recover_calls(pre, ("cancel_order", {"order_id": "55813"}), tools=tools)
        expect_refused(r, pre, "ungrounded-call")
        assert "acts on 'order_id' '55813', where the announcement writes '55812'" in (
            r.detail or ""), (pre, r.detail)
