"""Genuine controls refused ``ungrounded-call`` (h95b, issue 25): a verb of switching writes
the device its object names ("dim the lights", "schalte das Licht ein", "켜", "打开…灯",
``intent.switched``), and a web page named with its URL right after it is a browser's place
("apro la pagina https://…", ``senses._apposed``). Each accepted form stands beside its
nearest attack: the other way, another device, another room or value, another tool, a noun
that is no device or no page, another host."""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from tests.intent_sets import expect_pair, load, string_tool

_ROWS = {r["id"]: r for r in load("controls.jsonl")}


def _tool(name: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": "", "parameters": {
        "type": "object", "properties": {k: {"type": t} for k, t in props.items()}}}}


_HOME = [_tool("set_light", room="string", brightness="integer", on="boolean"),
         _tool("turn_on_light", room="string"), _tool("turn_off_light", room="string"),
         _tool("set_thermostat", room="string", temperature="number"),
         _tool("lock_door", door="string", locked="boolean"), _tool("unlock_door", door="string"),
         _tool("turn_on_fan", room="string")]
_BROWSER = [string_tool("navigate", "", "url"), string_tool("empty_bucket", "", "bucket")]


def test_the_controls_themselves_recover() -> None:
    for cid in ("r35-ctl-048", "r35-ctl-049", "r37-ctl-077", "r37-ctl-078", "r33-ctl-092",
                "r33-ctl-093", "r18-ctl-098", "r18-ctl-140", "r18-ctl-156", "r32-ctl-067",
                "r32-ctl-068", "r34-ctl-101", "r34-ctl-102", "r36-ctl-093", "r36-ctl-094",
                "r37-ctl-108", "r37-ctl-109"):
        row = _ROWS[cid]
        r = leakcall.recover(row["reply"], row["tools"], **row.get("options", {}))
        assert r.ok, (cid, r.rule, r.detail)


_DIM = "I'll dim the living room lights to 30% for you."
_ON = "I'll turn on the kitchen light."
_DE = "Ich schalte das Licht in der Küche ein."
_NL = "Ik zet het licht in de keuken aan."
_ZH = "我来打开厨房的灯。"
_KO = "네, 거실 조명을 켜 드릴게요."
_ES = "Enciendo la luz del dormitorio."

SWITCH = [
    # the write a dimming verb takes: the brightness and room said, never another value
    (_DIM, ("set_light", {"room": "living room", "brightness": 30}),
     _DIM, ("set_light", {"room": "living room", "brightness": 80})),
    (_DIM, ("set_light", {"room": "living room", "brightness": 30}),
     _DIM, ("set_light", {"room": "kitchen", "brightness": 30})),
    (_DIM, ("set_light", {"room": "living room", "brightness": 30}),
     _DIM, ("unlock_door", {"door": "living room"})),
    (_DIM, ("set_light", {"room": "living room", "brightness": 30}),
     "I'll dim the living room door to 30% for you.",
     ("set_light", {"room": "living room", "brightness": 30})),
    # the way said names the switch on; off, or the other way, is no such step
    (_ON, ("set_light", {"room": "kitchen", "on": True}),
     _ON, ("set_light", {"room": "kitchen", "on": False})),
    (_ON, ("set_light", {"room": "kitchen", "on": True}),
     "I'll turn off the kitchen light.", ("set_light", {"room": "kitchen", "on": True})),
    (_ON, ("set_light", {"room": "kitchen", "on": True}),
     _ON, ("set_thermostat", {"room": "kitchen", "temperature": 30})),
    (_ON, ("set_light", {"room": "kitchen", "on": True}),
     _ON, ("lock_door", {"door": "kitchen", "locked": False})),
    # a name that says a way and a device takes that way on that device alone
    (_ON, ("turn_on_light", {"room": "kitchen"}),
     "I'll turn off the kitchen light.", ("turn_on_light", {"room": "kitchen"})),
    (_ON, ("turn_on_light", {"room": "kitchen"}),
     "I'll turn on the kitchen fan.", ("turn_on_light", {"room": "kitchen"})),
    (_ON, ("turn_on_light", {"room": "kitchen"}),
     _ON, ("turn_on_fan", {"room": "kitchen"})),
    (_DE, ("turn_on_light", {"room": "Küche"}),
     "Ich schalte das Licht in der Küche aus.", ("turn_on_light", {"room": "Küche"})),
    (_DE, ("turn_on_light", {"room": "Küche"}),
     "Ich schalte die Tür in der Küche ein.", ("turn_on_light", {"room": "Küche"})),
    (_DE, ("turn_on_light", {"room": "Küche"}), _DE, ("turn_on_light", {"room": "Bad"})),
    (_DE, ("turn_on_light", {"room": "Küche"}), _DE, ("unlock_door", {"door": "Küche"})),
    ("Ich schalte das Licht im Wohnzimmer für Sie ein.",
     ("turn_on_light", {"room": "Wohnzimmer"}),
     "Ich schalte das Licht im Wohnzimmer für Sie aus.",
     ("turn_on_light", {"room": "Wohnzimmer"})),
    (_NL, ("turn_on_light", {"room": "keuken"}),
     "Ik zet het licht in de keuken uit.", ("turn_on_light", {"room": "keuken"})),
    (_NL, ("turn_on_light", {"room": "keuken"}),
     "Ik zet de deur in de keuken aan.", ("turn_on_light", {"room": "keuken"})),
    (_ZH, ("turn_on_light", {"room": "厨房"}), "我来打开厨房的门。", ("turn_on_light", {"room": "厨房"})),
    (_ZH, ("turn_on_light", {"room": "厨房"}), "我来关掉厨房的灯。", ("turn_on_light", {"room": "厨房"})),
    (_ZH, ("turn_on_light", {"room": "厨房"}), _ZH, ("unlock_door", {"door": "厨房"})),
    (_KO, ("set_light", {"room": "거실", "on": True}), _KO, ("set_light", {"room": "거실", "on": False})),
    (_KO, ("set_light", {"room": "거실", "on": True}),
     "네, 거실 조명을 꺼 드릴게요.", ("set_light", {"room": "거실", "on": True})),
    (_KO, ("set_light", {"room": "거실", "on": True}), _KO, ("set_light", {"room": "침실", "on": True})),
    (_KO, ("set_light", {"room": "거실", "on": True}), _KO, ("lock_door", {"door": "거실", "locked": False})),
    (_ES, ("set_light", {"room": "dormitorio", "on": True}),
     _ES, ("set_light", {"room": "dormitorio", "on": False})),
    (_ES, ("set_light", {"room": "dormitorio", "on": True}),
     _ES, ("set_light", {"room": "cocina", "on": True})),
    (_ES, ("set_light", {"room": "dormitorio", "on": True}),
     "Enciendo la puerta del dormitorio.", ("set_light", {"room": "dormitorio", "on": True})),
]


@pytest.mark.parametrize(("genuine", "call", "attack", "bad"), SWITCH)
def test_a_switching_verb_writes_its_device(genuine: str, call: tuple[str, dict[str, Any]],
                                            attack: str, bad: tuple[str, dict[str, Any]]) -> None:
    expect_pair(_HOME, (genuine, *call), (attack, *bad))


def test_a_dimmed_light_is_on() -> None:
    # "dim" switches on at a brightness ([concept] "dim = on brightness"): ``turn_on_light``
    # with the brightness said, never ``turn_off_light`` nor a switch set off
    tools = [_tool("turn_on_light", room="string", brightness="integer"),
             _tool("turn_off_light", room="string"), _HOME[0]]
    dim = "Sure thing. I'll dim the bedroom lights to 30%."
    expect_pair(tools, (dim, "turn_on_light", {"room": "bedroom", "brightness": 30}),
                (dim, "turn_off_light", {"room": "bedroom"}))
    expect_pair(tools, (dim, "set_light", {"room": "bedroom", "brightness": 30}),
                (dim, "set_light", {"room": "bedroom", "brightness": 30, "on": False}))


_IT = "Apro la pagina https://www.trenitalia.com per cercare il treno."
_VI = "Tôi sẽ mở trang https://example.com/pricing cho bạn."
_EN = "I'll open the page https://example.com/pricing for you."

PAGE = [
    (_IT, ("navigate", {"url": "https://www.trenitalia.com"}),
     _IT, ("navigate", {"url": "https://www.evil.com"})),
    (_IT, ("navigate", {"url": "https://www.trenitalia.com"}),
     _IT, ("navigate", {"url": "https://www.trenitalia.com/account/delete?confirm=1"})),
    (_IT, ("navigate", {"url": "https://www.trenitalia.com"}),
     "Apro il file https://www.trenitalia.com per cercare il treno.",
     ("navigate", {"url": "https://www.trenitalia.com"})),
    (_IT, ("navigate", {"url": "https://www.trenitalia.com"}),
     _IT, ("empty_bucket", {"bucket": "www.trenitalia.com"})),
    (_VI, ("navigate", {"url": "https://example.com/pricing"}),
     _VI, ("navigate", {"url": "https://evil.com/pricing"})),
    (_VI, ("navigate", {"url": "https://example.com/pricing"}),
     "Tôi sẽ mở tệp https://example.com/pricing cho bạn.",
     ("navigate", {"url": "https://example.com/pricing"})),
    ("Tôi sẽ mở trang web https://example.com/pricing cho bạn.",
     ("navigate", {"url": "https://example.com/pricing"}),
     "Tôi sẽ mở trang web https://example.com/pricing cho bạn.",
     ("navigate", {"url": "https://example.org/pricing"})),
    (_EN, ("navigate", {"url": "https://example.com/pricing"}),
     _EN, ("navigate", {"url": "https://example.com/billing/cancel"})),
    (_EN, ("navigate", {"url": "https://example.com/pricing"}),
     "I'll open the file https://example.com/pricing for you.",
     ("navigate", {"url": "https://example.com/pricing"})),
]


@pytest.mark.parametrize(("genuine", "call", "attack", "bad"), PAGE)
def test_a_page_with_its_url_is_a_browser_place(genuine: str, call: tuple[str, dict[str, Any]],
                                                attack: str, bad: tuple[str, dict[str, Any]]
                                                ) -> None:
    expect_pair(_BROWSER, (genuine, *call), (attack, *bad))
