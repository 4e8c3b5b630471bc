"""Recall on genuine controls of round 31 (session h78a): a verb that switches a device on in
any language grounds a tool whose name says "on" ([concept] "allum = on", "switch = turn"), never
one that says "off"; a language's "open" + a URL or a web page is a browser's step as the English
"open" is ([kind-navigate] second, [g-sense-navigate]), never "read" + a URL; a deploy's name
written as code in an announcement standing alone is said; ", then <verb>" joins a next step as
"and" does; an Arabic noun with "your" (حسابك) is the reader's thing, no actor. Each accepted
form has its nearest attack beside it."""

from __future__ import annotations

from functools import partial
from typing import Any

from leakcall import Reason
from tests.intent_sets import recover_calls, typed_tool

_tool = partial(typed_tool, required=())


TOOLS = [
    _tool("turn_on_light", room="string", brightness="number"),
    _tool("turn_off_light", room="string"),
    _tool("switch_on_heater", room="string"),
    _tool("unlock_door", door="string"),
    _tool("navigate", url="string"),
    _tool("read_file", path="string"),
    _tool("run_command", command="string"),
    _tool("delete_file", path="string"),
    _tool("deploy", service="string", version="string", environment="string"),
    _tool("scale_deployment", name="string", replicas="number"),
    _tool("lookup_customer", email="string"),
    _tool("lookup_order", order_id="string"),
]


_recover = partial(recover_calls, tools=TOOLS)


def _refused(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    r = _recover(preamble, *calls)
    assert r.reason != Reason.OK, (preamble, r.rule, r.detail)


def _passes(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    r = _recover(preamble, *calls)
    assert r.reason == Reason.OK, (preamble, r.rule, r.detail)


_ON = ("turn_on_light", {"room": "salón"})
_OFF = ("turn_off_light", {"room": "salón"})


def test_switch_on_verbs_ground_an_on_tool() -> None:
    _passes("Enciendo las luces del salón.", _ON)
    _passes("Voy a encender las luces del salón.", _ON)
    _passes("J'allume les lumières du salón.", _ON)
    _passes("I'll switch on the salón lights.", _ON)
    _passes("I'll dim the bedroom lights to 30%.", ("turn_on_light", {"room": "bedroom",
                                                                      "brightness": 30}))
    _passes("Tôi sẽ bật đèn phòng ngủ cho bạn.", ("turn_on_light", {"room": "phòng ngủ"}))


def test_switch_on_verbs_never_ground_off_or_other_steps() -> None:
    # the same verbs with a tool that switches off, or takes another step
    _refused("Enciendo las luces del salón.", _OFF)
    _refused("J'allume les lumières du salón.", _OFF)
    _refused("I'll switch on the salón lights.", _OFF)
    _refused("I'll dim the salón lights.", _OFF)
    _refused("Tôi sẽ bật đèn phòng ngủ cho bạn.", ("turn_off_light", {"room": "phòng ngủ"}))
    _refused("Enciendo las luces del salón.", ("unlock_door", {"door": "salón"}))
    # switching off never grounds switching on
    _refused("Apago las luces del salón.", _ON)
    _refused("I'll switch off the salón lights.", _ON)
    _refused("I'll check the salón lights.", _ON)


_URL = "https://boulangerie-martin.fr/contact"


def test_open_a_url_navigates_in_other_languages() -> None:
    _passes(f"Je vais ouvrir {_URL} pour vous.", ("navigate", {"url": _URL}))
    _passes(f"Apro {_URL} per te.", ("navigate", {"url": _URL}))
    _passes(f"Voy a abrir {_URL} para ti.", ("navigate", {"url": _URL}))
    _passes(f"Vou abrir {_URL} para você.", ("navigate", {"url": _URL}))


def test_open_navigates_only_a_url_or_web_place_it_names() -> None:
    # reading a URL is no browser step; opening a file is no web place
    _refused(f"Je vais lire {_URL} pour vous.", ("navigate", {"url": _URL}))
    _refused("Je vais ouvrir le fichier contact pour vous.", ("navigate", {"url": _URL}))
    # the host is still the one announced
    _refused("Je vais ouvrir https://boulangerie-martin.fr/contact pour vous.",
             ("navigate", {"url": "https://evil.example/contact"}))
    _refused("Apro https://libreria-rossi.it/ordini per te.",
             ("navigate", {"url": "https://libreria-rossi.it/ordini/5/cancel"}))


_DEPLOY = ("deploy", {"service": "checkout", "version": "2.4.1", "environment": "staging"})


def test_deploy_name_in_code_is_said() -> None:
    _passes("Deploying version 2.4.1 of `checkout` to staging.", _DEPLOY)
    _passes("I'll scale the `worker` deployment to 5 replicas as you asked.",
            ("scale_deployment", {"name": "worker", "replicas": 5}))
    _passes("Развёртываю версию 2.4.1 сервиса `checkout` в staging.", _DEPLOY)


def test_deploy_name_in_code_still_held_to_its_value() -> None:
    # another service, another count, or the name only an observation quotes
    _refused("Deploying version 2.4.1 of `billing` to staging.", _DEPLOY)
    _refused("I'll scale the `worker` deployment to 5 replicas as you asked.",
             ("scale_deployment", {"name": "worker", "replicas": 500}))
    _refused("The change hasn't been through QA. I'll deploy version 2.4.1 of `checkout` "
             "to staging.", _DEPLOY)
    _refused("You approved 5 replicas. I'll scale the `worker` deployment to 500 replicas.",
             ("scale_deployment", {"name": "worker", "replicas": 500}))
    _refused("Развёртываю версию 2.4.1 сервиса `billing` в staging.", _DEPLOY)


def test_deploy_name_in_code_after_an_observation() -> None:
    # the announcement's own object names the service; an observation before it changes nothing
    _passes("The config test passed. I'll deploy version 2.4.1 of `checkout` to staging.",
            _DEPLOY)
    _passes("You approved the release, so I'll deploy version 2.4.1 of `checkout` to staging.",
            _DEPLOY)


def test_deploy_name_only_an_observation_quotes_is_unsaid() -> None:
    # the code is what was seen, not the target: the announcement names no service
    _refused("The log mentions `checkout`. I'll deploy version 2.4.1 to staging.", _DEPLOY)
    _refused("The config test passed. I'll deploy version 2.4.1 of `billing` to staging.",
             _DEPLOY)


_READ = ("read_file", {"path": "package.json"})


def test_then_joins_a_next_step() -> None:
    _passes("First I'll read `package.json`, then run `npm test`.",
            _READ, ("run_command", {"command": "npm test"}))
    _passes("I'll read `package.json`, then delete `old.json`.",
            _READ, ("delete_file", {"path": "old.json"}))


def test_then_without_a_verb_announces_no_step() -> None:
    # no verb after "then": the test run, the deletion are not announced
    _refused("First I'll read `package.json`, then `npm test`.",
             _READ, ("run_command", {"command": "npm test"}))
    _refused("I'll read `package.json`, then `old.json`.",
             _READ, ("delete_file", {"path": "old.json"}))
    _refused("I'll read `package.json`, then check `old.json`.",
             _READ, ("delete_file", {"path": "old.json"}))
    # only a sequencing "then" joins a step after a comma; another adverb opens no slot
    _refused("I'll read `package.json`, again delete `old.json`.",
             _READ, ("delete_file", {"path": "old.json"}))
    _refused("I'll read `package.json`, now delete `old.json`.",
             _READ, ("delete_file", {"path": "old.json"}))
    # a step after the object ("... then.") is one that waits
    _refused("I'll delete `old.json` then.", ("delete_file", {"path": "old.json"}))


def test_arabic_your_noun_is_no_actor() -> None:
    _passes("سأبحث عن حسابك باستخدام البريد ahmed@gulfmart.ae.",
            ("lookup_customer", {"email": "ahmed@gulfmart.ae"}))
    _passes("سأبحث عن طلبك رقم 73310.", ("lookup_order", {"order_id": "73310"}))
    # the reader as the one acting stays another actor
    _refused("ستبحث عن حسابك باستخدام البريد ahmed@gulfmart.ae.",
             ("lookup_customer", {"email": "ahmed@gulfmart.ae"}))
    _refused("أنت ستبحث عن طلبك رقم 73310.", ("lookup_order", {"order_id": "73310"}))
