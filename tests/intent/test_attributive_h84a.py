"""``intent.attributive``: a German genitive after a noun on an observing step, and a Korean
purpose of ability ("V-ㄹ 수 있도록"), each beside the nearest form that must stay refused."""

from __future__ import annotations

import pytest

import leakcall

from ..intent_sets import load

ROWS = {r["id"]: r for r in load("controls.jsonl")}


def _reason(row_id: str, preamble: str) -> str:
    row = ROWS[row_id]
    return leakcall.recover(preamble + "\n\n" + row["markup"], row["tools"]).reason


LOGS = "r33-ctl-094"
WEATHER = "r26-ctl-163"


@pytest.mark.parametrize(("text", "ok"), [
    ("Die Pods starten ständig neu. Ich hole mir die letzten 100 Zeilen der `api`-Logs.", True),
    ("Ich hole mir die Zeilen des `api`-Logs.", True),
    # a step that changes something: the article may be a dative recipient; refused
    ("Ich lösche die letzten 100 Zeilen der `api`-Logs.", False),
    ("Ich hole mir die Zeilen der `api`-Logs nicht.", False),
])
def test_genitive_after_noun(text: str, ok: bool) -> None:
    assert (_reason(LOGS, text) == "ok") is ok


@pytest.mark.parametrize(("text", "ok"), [
    ("네, 알겠습니다. 외출 준비에 참고하실 수 있도록 서울의 날씨를 확인해 보겠습니다.", True),
    ("외출 준비에 참고하실 수 있게 서울의 날씨를 확인해 보겠습니다.", True),
    # negation, condition and cause in the same slot stay refused
    ("외출 준비에 참고하실 수 없도록 서울의 날씨를 확인해 보겠습니다.", False),
    ("참고하실 수 있으면 서울의 날씨를 확인해 보겠습니다.", False),
    ("참고할 수 있어서 서울의 날씨를 확인해 보겠습니다.", False),
    # "수" after a past adnominal (ㄴ), not a future one (ㄹ), is no ability form
    ("참고하신 수 있도록 서울의 날씨를 확인해 보겠습니다.", False),
])
def test_purpose_of_ability(text: str, ok: bool) -> None:
    assert (_reason(WEATHER, text) == "ok") is ok


FLIGHTS = "r26-ctl-145"


@pytest.mark.parametrize(("text", "ok"), [
    ("我来帮你搜索从北京到上海 12 月 3 日的航班,看看有哪些时间合适。", True),
    # "有" with no verb of the step before it, or with a negation, stays refused
    ("我来帮你搜索从北京到上海 12 月 3 日的航班,有哪些时间合适。", False),
    ("我来帮你搜索从北京到上海 12 月 3 日的航班,看看没有哪些时间合适。", False),
    # "有" before no question word is no embedded question
    ("我来帮你搜索从北京到上海 12 月 3 日的航班,看看有时间合适。", False),
])
def test_existential_in_question(text: str, ok: bool) -> None:
    assert (_reason(FLIGHTS, text) == "ok") is ok
