"""Values across scripts and languages (h11d, r42 gaps 5 and 9, controls 115/116): a room, door
or city in a script the text does not write is matched through the [concept] maps or refused
(``acrossscripts``); an Arabic lock verb means "lock", so ``locked: false`` after it is
crossed (``setvalues``); a language value is the language the text names (``languagenames``);
"without" + a bare noun inside a looked-for object modifies the noun (``withoutnoun``). Each
recovered reply beside the near-identical one refused."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_pair, typed_tool

TOOLS = [typed_tool("set_thermostat", room="string", celsius="integer"),
         typed_tool("set_light", room="string", state="string"),
         typed_tool("set_lock", door="string", locked="boolean"),
         typed_tool("get_weather", city="string"),
         typed_tool("get_forecast", location="string", days="integer"),
         typed_tool("translate_text", text="string", target_language="string"),
         typed_tool("search_products", query="string"),
         typed_tool("bash", command="string")]

Stepped = tuple[str, str, dict[str, Any]]

AR_BEDROOM = "سأضبط درجة الحرارة في غرفة النوم على 20 درجة."
AR_FRONT = "سأقفل الباب الأمامي."
AR_GARAGE = "سأقفل باب المرآب."
RU_BEDROOM = "Включу свет в спальне."
RU_KITCHEN = "Сейчас включу свет на кухне."
AR_CAIRO = "سأتحقق من الطقس في القاهرة."
HE_TLV = "אני אבדוק את מזג האוויר בתל אביב."

PAIRS: list[tuple[Stepped, Stepped]] = [
    # a room of the text's meaning; another room
    ((AR_BEDROOM, "set_thermostat", {"room": "bedroom", "celsius": 20}),
     (AR_BEDROOM, "set_thermostat", {"room": "garage", "celsius": 20})),
    (("سأضبط درجة الحرارة في غرفة المعيشة على 21 درجة.", "set_thermostat",
      {"room": "living room", "celsius": 21}),
     ("سأضبط درجة الحرارة في غرفة المعيشة على 21 درجة.", "set_thermostat",
      {"room": "nursery", "celsius": 21})),
    ((RU_BEDROOM, "set_light", {"room": "bedroom", "state": "on"}),
     (RU_BEDROOM, "set_light", {"room": "nursery", "state": "on"})),
    ((RU_KITCHEN, "set_light", {"room": "kitchen", "state": "on"}),
     (RU_KITCHEN, "set_light", {"room": "garage", "state": "on"})),
    # a door: the one the text names, another one
    ((AR_FRONT, "set_lock", {"door": "front", "locked": True}),
     (AR_FRONT, "set_lock", {"door": "back", "locked": True})),
    ((AR_GARAGE, "set_lock", {"door": "garage", "locked": True}),
     (AR_GARAGE, "set_lock", {"door": "front", "locked": True})),
    # an Arabic lock verb turns ``locked`` on: set off, it is the reverse step
    ((AR_FRONT, "set_lock", {"door": "front door", "locked": True}),
     (AR_FRONT, "set_lock", {"door": "front door", "locked": False})),
    # a place written in the text's script; one in another script no word of it means
    ((AR_CAIRO, "get_weather", {"city": "القاهرة"}),
     (AR_CAIRO, "get_weather", {"city": "Tel Aviv"})),
    ((HE_TLV, "get_forecast", {"location": "תל אביב", "days": 3}),
     (HE_TLV, "get_forecast", {"location": "Cairo", "days": 3})),
    # a Latin place spelled by the consonants of the Arabic or Hebrew name; another place
    (("سأتحقق من الطقس في دبي.", "get_weather", {"city": "Dubai"}),
     ("سأتحقق من الطقس في دبي.", "get_weather", {"city": "Beirut"})),
    ((HE_TLV, "get_weather", {"city": "Tel Aviv"}),
     (HE_TLV, "get_weather", {"city": "Haifa"})),
    # a place in a script without case: written in the text (inside a word too), or another
    (("سأتحقق من الطقس في دبي.", "get_weather", {"city": "دبي"}),
     ("سأتحقق من الطقس في دبي.", "get_weather", {"city": "الرياض"})),
    ((HE_TLV, "get_weather", {"city": "תל אביב"}),
     (HE_TLV, "get_weather", {"city": "ירושלים"})),
    # a language value: the one the text names (its name, its code); another
    (("I'll translate that into German for you.", "translate_text",
      {"text": "The meeting is moved to Thursday.", "target_language": "German"}),
     ("I'll translate that into German for you.", "translate_text",
      {"text": "The meeting is moved to Thursday.", "target_language": "French"})),
    (("我来把它翻译成日语。", "translate_text", {"text": "Hello", "target_language": "ja"}),
     ("我来把它翻译成日语。", "translate_text", {"text": "Hello", "target_language": "Korean"})),
    (("I'll translate that for you.", "translate_text", {"text": "Hi", "target_language": "French"}),
     ("I'll translate that into Spanish for you.", "translate_text",
      {"text": "Hi", "target_language": "French"})),
    # "without" + a bare noun modifying a looked-for noun; a verb or a changing step after it
    (("Vou procurar fones de ouvido sem fio para você.", "search_products",
      {"query": "fones de ouvido sem fio"}),
     ("Vou procurar o arquivo sem executar.", "search_products", {"query": "arquivo"})),
    (("I'll search for headphones without wires for you.", "search_products",
      {"query": "headphones without wires"}),
     ("I'll search for the headphones without running it.", "search_products",
      {"query": "headphones"})),
    (("Voy a buscar auriculares sin cable.", "search_products", {"query": "auriculares sin cable"}),
     ("Voy a buscar los auriculares sin ejecutar.", "search_products", {"query": "auriculares"})),
    (("I'll search for headphones without cables.", "search_products",
      {"query": "headphones without cables"}),
     ("I'll delete the headphones without cables.", "bash",
      {"command": "rm -rf headphones_without_cables"})),
    (("Vou procurar fones sem fio.", "search_products", {"query": "fones sem fio"}),
     ("Vou apagar os fones sem fio.", "bash", {"command": "rm -rf fones_sem_fio"})),
    (("I'll search for headphones without cables.", "search_products",
      {"query": "headphones without cables"}),
     ("I'll search for headphones without checking.", "search_products",
      {"query": "headphones"})),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS, ids=[p[1][0][:40] for p in PAIRS])
def test_pair(recovered: Stepped, refused: Stepped) -> None:
    expect_pair(TOOLS, recovered, refused)
