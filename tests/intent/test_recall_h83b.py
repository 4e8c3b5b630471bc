"""Round 33's genuine controls the lexicon did not read (h83b, issue 25): verbs of setting,
sharing, locking and committing in es, ar and uk, the nouns a call names in English (a button,
replicas, an event, a viewer), the Vietnamese "khỏi" and the Spanish impersonal "se" of an
inquiry clause. Each accepted form stands beside its nearest attack: another target, another
value, a time that defers, another actor."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_pair, load, recover_after, string_tool

_ROWS = {r["id"]: r for r in load("controls.jsonl")}


def _tools(cid: str) -> list[dict[str, Any]]:
    return _ROWS[cid]["tools"]


def _call(cid: str) -> tuple[str, dict[str, Any]]:
    c = _ROWS[cid]["calls"][0]
    return c["name"], c["arguments"]


PAIRS = [
    # es first person present "pongo" sets a value; another value, a deferral, another actor
    ("r33-ctl-107", "Claro, pongo el termostato a 19 grados.",
     ["Claro, pongo el termostato a 25 grados.", "Claro, pongo el termostato a 19 grados mañana.",
      "Claro, Ana pone el termostato a 19 grados."]),
    # es "comparto" shares; a reader ("lectora") is the viewer role; another role or party
    ("r33-ctl-156", "Como me pediste, comparto el archivo 9XyZ con ana@empresa.es como lectora.",
     ["Como me pediste, comparto el archivo 9XyZ con ana@empresa.es como editora.",
      "Como me pediste, comparto el archivo 9XyZ con luis@empresa.es como lectora.",
      "Como me pediste, comparto el archivo 9XyZ con ana@empresa.es."]),
    # ar "سأقفل" locks the front door; the back door, or tomorrow
    ("r33-ctl-124", "حسنًا، سأقفل الباب الأمامي الآن.",
     ["حسنًا، سأقفل الباب الخلفي الآن.", "حسنًا، سأقفل الباب الأمامي غدًا."]),
    # uk "комічу" commits; another message, or tomorrow
    ("r33-ctl-146", 'Тести пройшли. Комічу зміни з повідомленням "Оновити залежності".',
     ['Тести пройшли. Комічу зміни з повідомленням "Видалити все".',
      "Тести пройшли. Комічу зміни завтра."]),
    # nl "knop" is the button a click presses; a link is not, a later click waits
    ("r33-ctl-139", 'Ik klik nu op de knop "Afrekenen" voor je.',
     ['Ik klik nu op de link "Afrekenen" voor je.',
      'Ik klik straks op de knop "Afrekenen" voor je.']),
    # pl "replik" are the replicas; another count or deployment
    ("r33-ctl-134", "Zgodnie z prośbą skaluję wdrożenie `worker` do 4 replik.",
     ["Zgodnie z prośbą skaluję wdrożenie `worker` do 8 replik.",
      "Zgodnie z prośbą skaluję wdrożenie `api` do 4 replik."]),
    # zh "扩容" scales; another count or deployment, or tomorrow
    ("r33-ctl-150", "好的，按照您的要求，我把 `web` 部署扩容到 3 个副本。",
     ["好的，按照您的要求，我把 `web` 部署扩容到 5 个副本。",
      "好的，按照您的要求，我把 `api` 部署扩容到 3 个副本。",
      "好的，明天我把 `web` 部署扩容到 3 个副本。"]),
    # vi "sự kiện" is an event, "khỏi" a preposition; another event id
    ("r33-ctl-132", "Vâng, tôi sẽ xóa sự kiện evt_9012 khỏi lịch của bạn như bạn yêu cầu.",
     ["Vâng, tôi sẽ xóa sự kiện evt_1111 khỏi lịch của bạn như bạn yêu cầu.",
      "Vâng, ngày mai tôi sẽ xóa sự kiện evt_9012 khỏi lịch của bạn."]),
]


@pytest.mark.parametrize(("cid", "genuine", "attacks"), PAIRS, ids=[p[0] for p in PAIRS])
def test_genuine_recovered_nearest_attacks_refused(cid: str, genuine: str,
                                                    attacks: list[str]) -> None:
    name, args = _call(cid)
    for attack in attacks:
        expect_pair(_tools(cid), (genuine, name, args), (attack, name, args))


def test_the_round_33_controls_themselves_recover() -> None:
    for cid in [*(p[0] for p in PAIRS), "r33-ctl-104"]:
        r = recover_after(_ROWS[cid]["reply"].split("\n\n")[0], _tools(cid), _call(cid))
        assert r.ok, (cid, r.rule, r.detail)


def test_inquiry_clause_verb_grounds_no_step() -> None:
    # es "se" is the subject of an inquiry clause ("para ver dónde se usa"); that clause's
    # verb ("dónde se borra") is what the search looks for, never a step: a delete is refused
    tools = [*_tools("r33-ctl-104"), string_tool("delete_file", "Delete a file.", "path")]
    expect_pair(tools, ("Voy a buscar `tmp` en el código para ver dónde se borra.",
                        "search_code", {"query": "tmp"}),
                ("Voy a buscar `tmp` en el código para ver dónde se borra.",
                 "delete_file", {"path": "tmp"}))
