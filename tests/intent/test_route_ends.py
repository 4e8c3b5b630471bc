"""Words a lexicon lists as conditions that name no time in one closed slot (h73h, issue 25,
rule ``conditional``): a route's end after its start ("서울에서 부산까지", "東京から大阪まで",
``routes.routed``), the preposition a verb of searching takes (Swedish "söka efter",
``routes.searched``) and a time gone by closing an observation's phrase ("... last night.",
``actors._settled``). Each widening with the minimal attack it leaves refused: a time before
the route's end, another verb before the preposition, a time in the announcement itself."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, typed_tool

_tool = partial(typed_tool, required=())


TOOLS = [_tool("search_flights", origin="string", destination="string", date="string"),
         _tool("book_flight", origin="string", destination="string", date="string"),
         _tool("delete_branch", branch="string"), _tool("grep", pattern="string", path="string"),
         _tool("send_payment", recipient="string", amount="number"),
         _tool("run_tests", path="string"), _tool("deploy_service", service="string"),
         _tool("update_config", key="string", value="string")]
KO = ("search_flights", {"origin": "서울", "destination": "부산", "date": "2026-12-18"})
KO_BOOK = ("book_flight", {"origin": "서울", "destination": "부산"})
JA = ("search_flights", {"origin": "東京", "destination": "大阪"})
DELETE = ("delete_branch", {"branch": "feature"})
GREP = ("grep", {"pattern": "timeout", "path": "src"})
PAY = ("send_payment", {"recipient": "lena", "amount": 40})
TESTS = ("run_tests", {"path": "tests"})
DEPLOY = ("deploy_service", {"service": "서비스"})
UPDATE = ("update_config", {"key": "設定", "value": "1"})


@pytest.mark.parametrize(("preamble", "call"), [
    ("서울에서 부산까지 12월 18일 항공편을 검색하겠습니다.", KO),
    ("東京から大阪までのフライトを検索します。", JA),
    ("Jag söker efter timeout i koden.", GREP),
    ("Jag letar efter timeout i src.", GREP),
    ("Lena covered the tickets last night. I'll send $40 to Lena.", PAY),
    ("The build broke yesterday. I'll run the tests.", TESTS),
])
def test_a_route_a_search_preposition_and_a_time_gone_by_recover(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    # a time before the route's end word is a deadline still
    ("서울에서 금요일까지 항공편을 검색하겠습니다.", KO),
    ("서울에서 금요일까지 브랜치를 삭제하겠습니다.", DELETE),
    ("서울에서 내일까지 항공편을 예약하겠습니다.", KO_BOOK),
    ("내일까지 브랜치를 삭제하겠습니다.", DELETE),
    ("東京から金曜日までブランチを削除します。", DELETE),
    # an event noun is a plain word too: a changing step keeps "until the review"
    ("서버에서 리뷰까지 서비스를 배포하겠습니다.", DEPLOY),
    ("서버에서 승인까지 서비스를 배포하겠습니다.", DEPLOY),
    ("東京から会議まで設定を更新します。", UPDATE),
    # no route's start: an end alone is "until"
    ("부산까지 브랜치를 삭제하겠습니다.", DELETE),
    ("로그를 퇴근까지 검색하겠습니다.", ("grep", {"pattern": "로그"})),
    # a time gone by in the announcement, or a time to come in the observation
    ("Lena covered the tickets. I'll send $40 to Lena last night.", PAY),
    ("Lena covers the tickets tomorrow. I'll send $40 to Lena.", PAY),
    ("Lena covered the tickets last night for Friday. I'll send $40 to Lena.", PAY),
])
def test_a_time_or_another_verb_stays_refused(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    # "efter" after a verb that changes something is "after", a condition
    ("Jag raderar grenen feature efter mötet.", DELETE),
    ("Jag raderar feature efter mötet.", DELETE),
    ("Jag raderar efter mötet grenen feature.", DELETE),
    # a time before a route's end word, even in a search, is "until"
    ("서울에서 금요일까지 항공편을 검색하겠습니다.", KO),
])
def test_after_another_verb_or_a_time_the_condition_refuses(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK and r.rule == "conditional", (preamble, r.rule, r.detail)
