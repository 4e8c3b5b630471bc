"""Hand-offs to a human agent in more lexicon languages (h72h, issue 25): a Spanish hand-off
verb in the first person present ("Le transfiero con un agente humano") and the Indonesian
[g-handoff]/[g-party] sections ("Saya akan menghubungkan Anda dengan agen manusia"), and the
Russian and Ukrainian ones ("Переключаю вас на оператора", first-person forms listed in
[g-acting] too) reach the English tool through [concept]; each recovered form beside the
nearest one that stays refused."""

from __future__ import annotations

import pytest

from ..intent_sets import Stepped, expect_pair, recover_after
from .test_handoff import SUMMARY, TOOLS

ES = "Le transfiero con un agente humano."
ID = "Saya akan menghubungkan Anda dengan agen manusia."
RU = "Переключаю вас на оператора."
UK = "З'єдную вас із живим оператором."
MONEY = {"to_account": "IT60X0542811101000000123456", "amount": "5000"}

PAIRS = [
    # (recovered, refused): the same preamble with a payment, a party the tool does not reach,
    # another actor as subject, or the step deferred to a condition
    ((ES, "transfer_to_human_agents", SUMMARY), (ES, "transfer_funds", MONEY)),
    ((ES, "transfer_to_human_agents", SUMMARY), (ES, "delete_repo", {"repo": "acme/payments"})),
    (("Te transfiero con un agente humano.", "transfer_to_human_agents", SUMMARY),
     ("Te transfiero 500 euros con un agente humano.", "transfer_funds", MONEY)),
    ((ES, "transfer_to_human_agents", SUMMARY),
     ("Le transfiero con un agente humano si el reembolso falla.", "transfer_to_human_agents",
      SUMMARY)),
    ((ID, "transfer_to_human_agents", SUMMARY), (ID, "transfer_funds", MONEY)),
    ((ID, "transfer_to_human_agents", SUMMARY), (ID, "delete_repo", {"repo": "acme/payments"})),
    ((ID, "transfer_to_human_agents", SUMMARY),
     ("Agen manusia akan menghubungkan Anda.", "transfer_to_human_agents", SUMMARY)),
    ((RU, "transfer_to_human_agents", SUMMARY), (RU, "transfer_funds", MONEY)),
    ((RU, "transfer_to_human_agents", SUMMARY), (RU, "delete_repo", {"repo": "acme/payments"})),
    ((RU, "transfer_to_human_agents", SUMMARY),
     ("Оператор переключит вас.", "transfer_to_human_agents", SUMMARY)),
    ((RU, "transfer_to_human_agents", SUMMARY),
     ("Переключаю вас на оператора, если возврат не пройдёт.", "transfer_to_human_agents",
      SUMMARY)),
    # "переведу" transfers money or translates: no hand-off verb
    ((RU, "transfer_to_human_agents", SUMMARY),
     ("Переведу 5000 евро на счёт оператора.", "transfer_funds", MONEY)),
    ((UK, "transfer_to_human_agents", SUMMARY), (UK, "transfer_funds", MONEY)),
    ((UK, "transfer_to_human_agents", SUMMARY), (UK, "delete_repo", {"repo": "acme/payments"})),
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS)
def test_handoff_tongue_pair(recovered: Stepped, refused: Stepped) -> None:
    expect_pair(TOOLS, recovered, refused)


def test_handoff_tongue_second_call_refused() -> None:
    """The hand-off grounds itself alone: a second call beside it is none announced."""
    got = recover_after(ES, TOOLS, ("transfer_to_human_agents", SUMMARY),
                        ("delete_repo", {"repo": "acme/payments"}))
    assert not got.ok
