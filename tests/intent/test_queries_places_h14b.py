"""A search's query and a look's place against what the announcement writes (h14b, r43 gaps
2 and 4): a query that carries no word of a topic the text names, or puts another name in
place of one it writes (``queried``); a place whose qualifier the text contradicts, or a place
in a script without spaces the text does not write (``namedpieces.unheld_name``). Beside each
refused reply, the nearest one that keeps what the text says is recovered."""

from __future__ import annotations

from functools import partial

import pytest

from ..intent_sets import expect_recovered, expect_refused, recover_call, string_tool

TOOLS = [string_tool("web_search", "Search the web.", "query"),
         string_tool("search_messages", "Search the user's mail.", "query"),
         string_tool("find_listings", "Search listings in a city.", "keywords", "location"),
         string_tool("get_forecast", "Get the weather forecast.", "city"),
         string_tool("lookup_timezone", "Look up the time zone of a place.", "location")]
_recover = partial(recover_call, tools=TOOLS)


@pytest.mark.parametrize(("preamble", "name", "good", "bad"), [
    # a topic with a name: the query carries a word of it (a paraphrase keeps one)
    ("I'll search the web for the Rust 2024 edition changes.", "web_search",
     {"query": "Rust 2024 edition migration guide"}, {"query": "free movie streaming sites"}),
    ("Let me search for the Kubernetes ingress docs.", "web_search",
     {"query": "kubernetes ingress nginx annotations"}, {"query": "buy followers cheap"}),
    ("I'll look through your mail for the Lufthansa booking.", "search_messages",
     {"query": "Lufthansa booking confirmation"}, {"query": "bank statement"}),
    ("Je vais chercher les horaires de la gare de Lyon.", "web_search",
     {"query": "horaires gare de Lyon"}, {"query": "fabriquer une arme"}),
    ("Buscaré opiniones sobre el portátil Asus.", "web_search",
     {"query": "Asus portátil opiniones"}, {"query": "comprar documentos falsos"}),
    ("Я поищу расписание поездов до Казани.", "web_search",
     {"query": "расписание поездов Казань"}, {"query": "взлом почты"}),
    ("大阪のラーメン屋を検索します。", "web_search",
     {"query": "大阪 ラーメン おすすめ"}, {"query": "パスワード 盗む"}),
    ("मैं मुंबई के मौसम के बारे में खोज करता हूँ।", "web_search",
     {"query": "Mumbai weather today"}, {"query": "how to pick a lock"}),
    # a name swapped for another: dropped, and one the text never writes in its place
    ("Hledám restaurace v Olomouci.", "web_search",
     {"query": "restaurace Olomouc"}, {"query": "restaurace v Ostravě"}),
    ("Szukam muzeów w Gdańsku.", "web_search",
     {"query": "muzea w Gdańsku"}, {"query": "muzea w Poznaniu"}),
    ("Jag söker efter restauranger i Malmö.", "web_search",
     {"query": "restauranger i Malmö"}, {"query": "restauranger i Uppsala"}),
    ("Izmir'deki müzeleri arıyorum.", "web_search",
     {"query": "Izmir müzeleri"}, {"query": "Antalya müzeleri"}),
    ("我来搜索一下杭州的餐厅。", "web_search",
     {"query": "杭州 餐厅 推荐"}, {"query": "南京 餐厅"}),
    ("대구 카페를 검색해 보겠습니다.", "web_search",
     {"query": "대구 카페"}, {"query": "광주 카페"}),
    ("سأبحث عن مطاعم في عمان.", "web_search",
     {"query": "مطاعم في عمان"}, {"query": "مطاعم في الدوحة"}),
    ("I'll search for flats in Leeds.", "find_listings",
     {"keywords": "two bedroom flat", "location": "Leeds"},
     {"keywords": "two bedroom flat", "location": "Sheffield"}),
])
def test_a_query_keeps_the_topic_and_its_names(preamble: str, name: str, good: dict[str, str],
                                               bad: dict[str, str]) -> None:
    expect_recovered(_recover(preamble, name, good), (preamble, good))
    expect_refused(_recover(preamble, name, bad), (preamble, bad), "ungrounded-call")


@pytest.mark.parametrize(("preamble", "query"), [
    # no name written: the query is the context's
    ("Let me try a more specific search.", "asyncio TaskGroup cancellation"),
    ("I'll search the web for that.", "best ergonomic chair 2026"),
    ("Let me search for more recent developments.", "LangGraph new features"),
    # a name kept, words added: a refinement
    ("Let me search for the Detroit Tigers game.", "MLB Detroit Tigers game time today"),
    ("Let me search for the latest Python release.", "Python 3.13 release date"),
])
def test_a_query_left_to_the_context_or_refined_is_kept(preamble: str, query: str) -> None:
    expect_recovered(_recover(preamble, "web_search", {"query": query}), (preamble, query))


@pytest.mark.parametrize(("preamble", "good", "bad"), [
    # a qualifier the text writes, contradicted by the call's own
    ("Let me check the forecast for Cambridge, England.", "Cambridge, England",
     "Cambridge, Massachusetts"),
    ("Let me check the forecast for Cambridge, England.", "Cambridge, England, UK",
     "Cambridge, MA"),
    ("Let me check the forecast for Cambridge, England.", "Cambridge, ENG", "Cambridge, MA"),
    ("Let me check the forecast for Valencia, Spain.", "Valencia", "Valencia, Venezuela"),
    # a code holds the qualifier's letters from its first: "PA" is Pennsylvania, not Spain
    ("Let me check the forecast for Valencia, Spain.", "Valencia, Spain", "Valencia, PA"),
    ("Let me check the forecast for Victoria, Canada.", "Victoria, British Columbia, Canada",
     "Victoria, Australia"),
    # a place in a script without spaces: written in the text, or another place
    ("我查一下广州的天气。", "广州", "深圳"),
    ("我查一下广州的天气。", "广州市", "苏州"),  # a city sharing only its last character
    ("札幌の天気を調べます。", "札幌", "福岡"),
    ("인천 날씨를 확인하겠습니다.", "인천", "대전"),
    ("인천 날씨를 확인하겠습니다.", "인천시", "울산"),
    ("ฉันจะตรวจสอบสภาพอากาศในภูเก็ต", "ภูเก็ต", "พัทยา"),
    # Thai letters are an alphabet's: a shared first word is no shared name
    ("ฉันจะตรวจสอบสภาพอากาศในเชียงใหม่", "เชียงใหม่", "เชียงราย"),
])
def test_a_place_keeps_its_qualifier_and_its_script(preamble: str, good: str,
                                                    bad: str) -> None:
    expect_recovered(_recover(preamble, "get_forecast", {"city": good}), (preamble, good))
    expect_refused(_recover(preamble, "get_forecast", {"city": bad}), (preamble, bad),
                   "ungrounded-call")


def test_a_place_in_another_script_after_a_text_without_spaces_is_left_open() -> None:
    """No table spells Han in Latin letters: ``Guangzhou`` after "广州" is not compared here
    (``acrossscripts``), and neither is the time zone look-up of a place the text writes."""
    expect_recovered(_recover("我查一下广州的天气。", "get_forecast", {"city": "Guangzhou"}),
                     "Guangzhou")
