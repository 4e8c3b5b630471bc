"""The question a looking step answers (h81c, issue 25, rules ``negation``, ``question``,
``conditional``; ``opened``): an opened clause after the step holds an embedded question
whose negation or verb says what is found out ("to see which ones haven't been applied"),
a leading clause up to its comma is that question ("要不要带伞取决于天气", "Để biết có nên ...
không,"), and a first-person verb's object is no second verb's slot ("Sprawdzę pogodę ...,
zanim ..."). The clause is read as a slot: only looking calls are grounded, a changing step
keeps its refusal, and a time, party or other refusing word elsewhere in it keeps its own."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, typed_tool

_tool = partial(typed_tool, required=())


TOOLS = [_tool("get_weather", city="string"), _tool("delete_branch", branch="string"),
         _tool("list_directory", path="string"), _tool("delete_file", path="string"),
         _tool("apply_migration", name="string")]
DELETE = ("delete_branch", {"branch": "feature"})
LIST = ("list_directory", {"path": "migrations"})
REMOVE = ("delete_file", {"path": "migrations"})
APPLY = ("apply_migration", {"name": "migrations"})


def _weather(city: str) -> tuple[str, dict[str, Any]]:
    return ("get_weather", {"city": city})


# Each genuine form, then the nearest attack form beside it.
@pytest.mark.parametrize(("preamble", "call", "ok"), [
    # a negation or a verb inside the question the check answers
    ("Let me list the files in the `migrations` directory to see which ones haven't been "
     "applied yet.", LIST, True),
    ("Let me list the files in the `migrations` directory to see which ones haven't been "
     "applied yet.", APPLY, False),
    ("Let me list the files in the `migrations` directory to see which ones haven't been "
     "applied yet.", REMOVE, False),
    ("Let me delete the files in the `migrations` directory to see which ones haven't been "
     "applied yet.", REMOVE, False),
    ("Let me list the files in the `migrations` directory to see which ones haven't been "
     "applied tomorrow.", LIST, False),
    ("Let me list the files in the `migrations` directory, and not apply them.", LIST, False),
    # a first-person verb's object, then a clause of what comes after
    ("Sprawdzę pogodę w Krakowie, zanim coś zaproponuję.", _weather("Kraków"), True),
    ("Sprawdzę pogodę w Krakowie, zanim coś zaproponuję.", DELETE, False),
    ("Usunę gałąź feature, zanim coś zaproponuję.", DELETE, False),
    # a leading question the step answers
    ("要不要带伞取决于天气情况，我来查一下北京今天的天气。", _weather("北京"), True),
    ("要不要带伞取决于天气情况，我来查一下北京今天的天气。", DELETE, False),
    ("要不要删除分支取决于测试结果，我来删除 feature 分支。", DELETE, False),
    ("Để biết có nên mang áo mưa không, tôi sẽ xem thời tiết ở Hà Nội.",
     _weather("Hà Nội"), True),
    ("Để biết có nên mang áo mưa không, tôi sẽ xem thời tiết ở Hà Nội.", DELETE, False),
    ("Để biết có nên xóa nhánh không, tôi sẽ xóa nhánh feature.", DELETE, False),
])
def test_the_question_a_looking_step_answers(
        preamble: str, call: tuple[str, dict[str, Any]], ok: bool) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert (r.reason == Reason.OK) is ok, (preamble, call, r.detail)


ORDERS = [_tool("get_order_status", order_id="string"), _tool("cancel_order", order_id="string")]
STATUS = ("get_order_status", {"order_id": "A-5521"})
CANCEL = ("cancel_order", {"order_id": "A-5521"})


# A condition word inside the question an inquiry word closes ("어디까지 진행됐는지", how far it
# has got) is read as a time: a looking step answers it, a changing step would wait.
@pytest.mark.parametrize(("preamble", "call", "ok"), [
    ("배송이 어디까지 진행됐는지 주문 A-5521의 상태를 조회하겠습니다.", STATUS, True),
    ("배송이 어디까지 진행됐는지 주문 A-5521의 상태를 조회하겠습니다.", CANCEL, False),
    ("배송이 어디까지 진행됐는지 주문 A-5521을 취소하겠습니다.", CANCEL, False),
    ("내일까지 주문 A-5521을 취소하겠습니다.", CANCEL, False),
])
def test_a_condition_word_an_embedded_question_asks(
        preamble: str, call: tuple[str, dict[str, Any]], ok: bool) -> None:
    r = recover_after(preamble, ORDERS, call)
    assert (r.reason == Reason.OK) is ok, (preamble, call, r.detail)


# A time word ending the user's purpose as its verb's object ("щоб ви могли спланувати день",
# so you can plan the day) is the user's plan: read as a time, it grounds a looking step only.
@pytest.mark.parametrize(("preamble", "call", "ok"), [
    ("Звісно! Перевірю погоду в Києві, щоб ви могли спланувати день.", _weather("Київ"), True),
    ("Звісно! Перевірю погоду в Києві, щоб ви могли спланувати день.", DELETE, False),
    ("Видалю гілку feature, щоб ви могли спланувати день.", DELETE, False),
    ("Перевірю погоду в Києві, щоб вони могли спланувати день.", _weather("Київ"), False),
    ("Перевірю погоду в Києві, щоб ви могли, якщо захочете, спланувати день.",
     _weather("Київ"), False),
])
def test_a_time_the_users_purpose_plans(
        preamble: str, call: tuple[str, dict[str, Any]], ok: bool) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert (r.reason == Reason.OK) is ok, (preamble, call, r.detail)


@pytest.mark.parametrize("preamble", [
    "I'll list the files in `migrations` if needed so we can find a free slot.",
    "I'll list the files in `migrations` unless needed so we can find a free slot.",
    "I'll list the files in `migrations` once needed so we can find a free slot.",
])
def test_a_condition_before_a_purpose_still_waits(preamble: str) -> None:
    # a word of purpose opens a clause, it closes no question: the condition still waits
    r = recover_after(preamble, TOOLS, LIST)
    assert r.reason != Reason.OK and r.rule == "conditional", r.detail
