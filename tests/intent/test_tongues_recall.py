"""Recall on genuine non-English replies refused as another actor, a time or an ungrounded call
(issue 25, h85d), each recovered form beside the nearest form that stays refused:

- Turkish writes "your" as an ending on the noun ("Siparişinizi kontrol edeyim.": let me check
  your order; ``possessor.owned``): the noun is the user's own thing, not another actor; a
  party noun, a verb's noun or a second-person verb stays refused;
- Ukrainian second-person possessives in every gender are determiners ("ваше бронювання"), and
  booking nouns map to reservation ([concept]) in uk and ja;
- a German separable particle that is also an article closes its clause ("... in Ihren
  Kalender ein.", ``separable``);
- a wave dash between two times of day is the span's link ("10:00〜11:00", ``ranges``);
- Japanese "each of them" (それぞれ) is one pronoun; a count with its counter ("2件") bounds the
  lookups of what it counts (``looked._counts``);
- hand-offs to a human agent in Arabic and Thai ([g-handoff], [g-party]).
"""

from __future__ import annotations

import pytest

from ..intent_sets import recover_after, string_tool

ORDER = string_tool("get_order_details", "Get the status and details of an order.", "order_id")
CANCEL_ORDER = string_tool("cancel_pending_order", "Cancel a pending order.", "order_id")
WEATHER = string_tool("get_weather", "Get the current weather for a city.", "city")
RESERVATION = string_tool("get_reservation_details", "Get the details of a reservation.",
                          "reservation_id")
CANCEL = string_tool("cancel_reservation", "Cancel the whole reservation.", "reservation_id")
HUMAN = string_tool("transfer_to_human_agents", "Transfer the user to a human agent, with a "
                    "summary of the issue.", "summary")
FUNDS = string_tool("transfer_funds", "Transfer money to another account.", "to_account",
                    "amount")
EVENT = string_tool("create_event", "Create a calendar event.", "title", "start", "end")
DELETE_EVENT = string_tool("delete_event", "Delete a calendar event by id.", "event_id")
TOOLS = [ORDER, CANCEL_ORDER, WEATHER, RESERVATION, CANCEL, HUMAN, FUNDS, EVENT, DELETE_EVENT]

LOOK = ("get_order_details", {"order_id": "#W7776328"})
DROP = ("cancel_pending_order", {"order_id": "#W7776328"})
ISTANBUL = ("get_weather", {"city": "İstanbul"})
BOOKING = ("get_reservation_details", {"reservation_id": "JG7FMM"})
UNBOOK = ("cancel_reservation", {"reservation_id": "JG7FMM"})
HAND = ("transfer_to_human_agents", {"summary": "Refund outside the policy."})
PAY = ("transfer_funds", {"to_account": "IT60X0542811101000000123456", "amount": "500"})
DENTIST = ("create_event", {"title": "Zahnarzt", "start": "2025-05-12T10:00:00"})
WEEKLY = ("create_event", {"title": "週次定例", "start": "2026-12-06T10:00",
                           "end": "2026-12-06T11:00"})
UNMEET = ("delete_event", {"event_id": "ev_42"})

Step = tuple[str, dict[str, str]]

# (recovered preamble, its call), (the nearest attack, its call): the attack stays refused
PAIRS: list[tuple[tuple[str, Step], tuple[str, Step]]] = [
    # Turkish "your" on the noun: the user's order, not another actor
    (("Siparişinizi kontrol edeyim.", LOOK), ("Siparişinizi kontrol edeceksiniz.", LOOK)),
    (("Siparişinizi kontrol edeyim.", LOOK), ("Siparişinizi kontrol edin.", LOOK)),
    (("Siparişinizi iptal ediyorum.", DROP), ("Müşterinizi iptal ediyorum.", DROP)),
    (("Siparişinizi iptal ediyorum.", DROP), ("Ekibinizi iptal ediyorum.", DROP)),
    (("Siparişinizi iptal ediyorum.", DROP), ("Müşterinizin siparişini iptal ediyorum.", DROP)),
    # another party's order, even to look at it: your customer's, your friend's, your team's
    (("Siparişinize bakıyorum.", LOOK), ("Müşterinizin siparişine bakıyorum.", LOOK)),
    (("Siparişinize bakıyorum.", LOOK), ("Arkadaşınızın siparişini kontrol ediyorum.", LOOK)),
    (("Siparişinize bakıyorum.", LOOK), ("Ekibinizin siparişini kontrol ediyorum.", LOOK)),
    (("Siparişinizi iptal ediyorum.", DROP), ("Silmenizi iptal ediyorum.", DROP)),
    (("Siparişinizi iptal ediyorum.", DROP), ("Yaptığınızı iptal ediyorum.", DROP)),
    (("Siparişinizin durumunu kontrol edeceğim.", LOOK),
     ("Siparişinizi yarın iptal edeceğim.", DROP)),
    (("Siparişinizi kontrol edeyim.", LOOK), ("Siparişinizi kontrol edeyim.", DROP)),
    # with no case ending, only before a postposition: "for your plan"
    (("Hafta sonu planınız için İstanbul'un hava durumunu kontrol ediyorum.", ISTANBUL),
     ("Yapabilirsiniz için İstanbul'un hava durumunu kontrol ediyorum.", ISTANBUL)),
    (("Planınız için İstanbul'un hava durumunu kontrol ediyorum.", ISTANBUL),
     ("Hazırsanız siparişi iptal ediyorum.", DROP)),
    # a second-person verb with no case ending, before no postposition: the reader acting
    (("Planınız için İstanbul'un hava durumunu kontrol ediyorum.", ISTANBUL),
     ("Yazdınız, siparişi iptal ediyorum.", DROP)),
    (("Sipariş numaranız için teşekkürler, T-8812 siparişine hemen bakıyorum.",
      ("get_order_details", {"order_id": "T-8812"})),
     ("Sipariş numaranız için teşekkürler, T-8812 siparişine hemen bakıyorum.",
      ("cancel_pending_order", {"order_id": "T-8812"}))),
    # Ukrainian and Russian "your" in every gender; booking nouns
    (("Перевірю ваше бронювання.", BOOKING), ("Ви перевірите ваше бронювання.", BOOKING)),
    (("Перевірю ваше бронювання.", BOOKING), ("Перевірю ваше бронювання.", UNBOOK)),
    (("Перевірю вашу бронь.", BOOKING), ("Скасую ваше бронювання, якщо ви погодитесь.", UNBOOK)),
    # the booking concept in ja: a check grounds no cancel
    (("ご予約を確認します。", BOOKING), ("ご予約を確認します。", UNBOOK)),
    (("ご予約 JG7FMM をキャンセルいたします。", UNBOOK),
     ("ご予約 QX7P2 をキャンセルいたします。", UNBOOK)),
    # Japanese "each of them", after an observation naming them
    (("ご予約が2件あります。それぞれ確認します。", BOOKING),
     ("ご予約が2件あります。それぞれ確認します。", UNBOOK)),
]

M05 = ("get_reservation_details", {"reservation_id": "M05KNL"})
JA7 = ("get_reservation_details", {"reservation_id": "3JA7XV"})
T0K = ("get_reservation_details", {"reservation_id": "T0KY0Q"})


@pytest.mark.parametrize("preamble", [
    "ご予約が2件あります。それぞれ確認します。",
    "예약이 2건 있습니다. 각각 확인하겠습니다.",
    "您有2个预订。我来逐一查看。",
])
def test_counted_lookups(preamble: str) -> None:
    """A count with its counter bounds the lookups: two reservations, two reads; a third is
    someone else's."""
    got = recover_after(preamble, TOOLS, M05, JA7)
    if "予約" in preamble:
        assert got.ok, got.detail
    assert not recover_after(preamble, TOOLS, M05, JA7, T0K).ok


PAIRS += [
    # German separable particle closing the clause
    (("Ich trage „Zahnarzt“ am 12. Mai um 10:00 Uhr in Ihren Kalender ein.", DENTIST),
     ("Ich trage „Zahnarzt“ am 12. Mai um 11:00 Uhr in Ihren Kalender ein.", DENTIST)),
    (("Ich trage „Zahnarzt“ am 12. Mai um 10:00 Uhr in Ihren Kalender ein.", DENTIST),
     ("Ich trage „Zahnarzt“ in Ihren Kalender ein, wenn du willst.", DENTIST)),
    (("Ich trage „Zahnarzt“ am 12. Mai um 10:00 Uhr in Ihren Kalender ein.", DENTIST),
     ("Ich trage „Zahnarzt“ morgen in Ihren Kalender ein.", DENTIST)),
    # a time span with a wave dash: carried by the call, or a time to come
    (("2026-12-06 の 10:00〜11:00 に「週次定例」をカレンダーに追加します。", WEEKLY),
     ("2026-12-06 の 12:00〜13:00 に「週次定例」をカレンダーに追加します。", WEEKLY)),
    (("2026-12-06 の 10:00〜11:00 に「週次定例」をカレンダーに追加します。", WEEKLY),
     ("10:00〜11:00 に「週次定例」を削除します。", UNMEET)),
    # Arabic and Thai hand-offs
    (("سأحولك إلى موظف خدمة العملاء.", HAND), ("سأحولك إلى موظف خدمة العملاء.", PAY)),
    (("سأحولك إلى موظف خدمة العملاء.", HAND), ("سأحولك إلى موظف خدمة العملاء.", UNBOOK)),
    (("سأحولك إلى موظف خدمة العملاء.", HAND),
     ("سأحولك إلى موظف خدمة العملاء إذا فشل الاسترداد.", HAND)),
    (("ขอโอนสายให้เจ้าหน้าที่นะครับ", HAND), ("ขอโอนสายให้เจ้าหน้าที่นะครับ", PAY)),
    (("ขอโอนสายให้เจ้าหน้าที่นะครับ", HAND), ("ขอโอนสายให้เจ้าหน้าที่นะครับ", UNBOOK)),
    (("ขอโอนสายให้เจ้าหน้าที่นะครับ", HAND),
     ("ขอโอนสายให้เจ้าหน้าที่ถ้าคืนเงินไม่ได้นะครับ", HAND)),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_tongue_recall_pair(recovered: tuple[str, Step], refused: tuple[str, Step]) -> None:
    preamble, call = recovered
    got = recover_after(preamble, TOOLS, call)
    assert got.ok and [c.name for c in got.calls] == [call[0]], (preamble, got.detail)
    preamble, call = refused
    assert not recover_after(preamble, TOOLS, call).ok, (preamble, call[0])


@pytest.mark.parametrize("preamble", [
    "Siparişinizi kontrol edeyim.",
    "Hafta sonu planınız için İstanbul'un hava durumunu kontrol ediyorum.",
])
def test_turkish_owner_refuses_second_call(preamble: str) -> None:
    """The possessive noun grounds the announced step alone: a cancel beside a check is none."""
    assert not recover_after(preamble, TOOLS, LOOK, DROP).ok
