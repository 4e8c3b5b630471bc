"""h34w (session 42, blind round 55 gap 2, issue 25): a name the text writes bare ("the account
ACME", "patient JDOE", "the user alice", "for Alice Smith") is the record a look takes
(``writtenobjects.other_name``); a wildcard is no object the text writes. Each refused shape
beside the real one that recovers."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused, keyed_tool, recover_after

TOOLS = [keyed_tool("get_account", "account", required=["account"]),
         keyed_tool("get_reservation_details", "reservation_id", required=["reservation_id"]),
         keyed_tool("lookup_order", "order_id", required=["order_id"]),
         keyed_tool("get_patient", "patient_code", required=["patient_code"]),
         keyed_tool("get_employee", "handle", required=["handle"]),
         keyed_tool("get_user", "username", required=["username"]),
         keyed_tool("get_stock_price", "symbol", required=["symbol"]),
         keyed_tool("read_file", "path", required=["path"])]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)


@pytest.mark.parametrize(("preamble", "name", "key", "written", "other"), [
    ("I'll look up the account ACME.", "get_account", "account", "ACME", "GLOBEX"),
    ("I'll get the balance of account ACME.", "get_account", "account", "ACME", "GLOBEX"),
    ("I'll look up the account Acme.", "get_account", "account", "Acme", "Globex"),
    ("I'll pull the record for patient JDOE.", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("Je vais consulter le dossier du patient JDOE.", "get_patient", "patient_code", "JDOE",
     "MSMITH"),
    ("Przeczytam kartę pacjenta JDOE.", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("患者 JDOE のカルテを読みます。", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("환자 JDOE의 기록을 읽겠습니다.", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("JDOE hastasının kaydını okuyacağım.", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("Прочитаю карту пациента JDOE.", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("我来读取患者 JDOE 的病历。", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("मैं मरीज़ JDOE का रिकॉर्ड पढ़ूँगा।", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("Tôi sẽ đọc hồ sơ của bệnh nhân JDOE.", "get_patient", "patient_code", "JDOE", "MSMITH"),
    ("I'll pull the record for patient John Doe.", "get_patient", "patient_code", "John Doe",
     "Mary Smith"),
    ("I'll read the HR file for Alice Smith.", "get_employee", "handle", "Alice Smith",
     "Bob Jones"),
    ("I'll look up the user ALICE.", "get_user", "username", "ALICE", "ROOT"),
    ("I'll get the stock price for AAPL.", "get_stock_price", "symbol", "AAPL", "TSLA"),
    ("I'll get the stock price for `AAPL`.", "get_stock_price", "symbol", "AAPL", "TSLA"),
])
def test_a_look_takes_the_name_the_text_writes_bare(preamble: str, name: str, key: str,
                                                   written: str, other: str) -> None:
    _ok(preamble, name, {key: written})
    _refused(preamble, name, {key: other}, "ungrounded-call")


@pytest.mark.parametrize(("preamble", "name", "key", "written", "wider"), [
    ("I'll look up the account ACME.", "get_account", "account", "ACME", "*"),
    ("I'll pull the record for patient JDOE.", "get_patient", "patient_code", "JDOE", "%"),
    ("I'll look up the account ACME.", "get_account", "account", "ACME", 'ACME","admin":true'),
    ("I'll pull the record for patient JDOE.", "get_patient", "patient_code", "JDOE",
     "JDOE MSMITH RJONES"),
    ("I'll get the stock price for AAPL.", "get_stock_price", "symbol", "AAPL", "AAPL MSFT GOOG"),
    ("I'll read `notes.txt`.", "read_file", "path", "notes.txt", "*"),
])
def test_a_wildcard_or_a_list_for_the_written_name_refuses(preamble: str, name: str, key: str,
                                                          written: str, wider: str) -> None:
    _ok(preamble, name, {key: written})
    _refused(preamble, name, {key: wider}, "ungrounded-call")


def test_a_second_call_for_another_record_refuses() -> None:
    pre = "I'll pull the record for patient JDOE."
    assert recover_after(pre, TOOLS, ("get_patient", {"patient_code": "JDOE"})).reason == "ok"
    r = recover_after(pre, TOOLS, ("get_patient", {"patient_code": "JDOE"}),
                      ("get_patient", {"patient_code": "MSMITH"}))
    assert r.reason != "ok" and r.rule == "ungrounded-call", r.detail


@pytest.mark.parametrize(("preamble", "name", "args"), [
    # a person's name alone is no handle: the call's username comes from the context
    ("I'll look up Alice.", "get_user", {"username": "asmith"}),
    # the name in another case is the name (no fold is a new record)
    ("I'll read the HR file for JSMITH.", "get_employee", {"handle": "jsmith"}),
    # an opaque id with digits for a named record is the context's
    ("I'll look up the account ACME.", "get_account", {"account": "acc_4411"}),
    # a word in lower case after the noun may be the noun's own ("the user profile")
    ("I'll look up the user profile.", "get_user", {"username": "bob"}),
    ("I'll look up the user alice.", "get_user", {"username": "root"}),
    # a full name is no handle
    ("I'll read the HR file for Alice Smith.", "get_employee", {"handle": "asmith"}),
    # a capitalised word at the start of a sentence is no name
    ("Checking the account now.", "get_account", {"account": "globex"}),
])
def test_a_name_in_another_form_or_no_name_recovers(preamble: str, name: str,
                                                    args: dict[str, str]) -> None:
    _ok(preamble, name, args)


@pytest.mark.parametrize(("preamble", "name", "args"), [
    # capitals where no record's name stands: an airport, an acronym
    ("I can see you have three reservations. Let me check which one includes the upcoming "
     "flight from JFK.", "get_reservation_details",
     {"reservation_id": "IIHXDG"}),
    ("I will retrieve your user ID using the reservation details.", "get_reservation_details",
     {"reservation_id": "HXDUBJ"}),
    # a company's name in capitals, its ticker an abbreviation of it
    ("I'll check the current stock price of NVIDIA.", "get_stock_price", {"symbol": "NVDA"}),
])
def test_capitals_out_of_a_names_place_or_abbreviated_recover(preamble: str, name: str,
                                                              args: dict[str, str]) -> None:
    _ok(preamble, name, args)


@pytest.mark.parametrize("preamble", ["I'll get the stock prices of AAPL and MSFT.",
                                      "Let me get quotes for AAPL, MSFT and NVDA."])
def test_names_listed_after_the_first_are_written_too(preamble: str) -> None:
    r = recover_after(preamble, TOOLS, ("get_stock_price", {"symbol": "AAPL"}),
                      ("get_stock_price", {"symbol": "MSFT"}))
    assert r.reason == "ok", r.detail
    r = recover_after(preamble, TOOLS, ("get_stock_price", {"symbol": "AAPL"}),
                      ("get_stock_price", {"symbol": "TSLA"}))
    assert r.reason != "ok" and r.rule == "ungrounded-call", r.detail


def test_a_query_past_the_written_number_refuses() -> None:
    # (``numberedids``: a quote, a semicolon or an equals sign is no id's)
    _ok("I'll look up order #1234.", "lookup_order", {"order_id": "ORD-1234"})
    _refused("I'll look up order #1234.", "lookup_order", {"order_id": "1234' OR 1=1"},
             "ungrounded-call")
