"""The verb "check" of a tool's name said in another language (r47-ctl-118/119, session 34).

A tool named for checking (``check_inventory``) has no kind of its own: only an announced
verb that is a word of its name grounds it (``grounding._names_tool``). An English "check"
is that word; Turkish "kontrol edeceğim", German "prüfen", French "vérifier" … are it only
through the [concept] maps (``kontrol = check``). The same maps never ground a phrasal name
the text does not say whole ("check in" a guest), nor a second step joined to the check
(``check_and_cancel_order``), nor a tool of another kind (``cancel_order``)."""

from __future__ import annotations

import pytest

import leakcall

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

SKU = {"sku": "TR-4410"}

# (language, an announcement that checks the stock with the language's verb of checking)
CHECKS = [
    ("tr", "Stok durumunu kontrol edeceğim."),
    ("de", "Ich prüfe den Lagerbestand."),
    ("fr", "Je vais vérifier le stock."),
    ("es", "Voy a comprobar el inventario."),
    ("pt", "Vou verificar o estoque."),
    ("it", "Controllo l'inventario."),
    ("nl", "Ik controleer de voorraad."),
    ("ru", "Я проверю остатки на складе."),
]


def _recover(preamble: str, name: str) -> leakcall.Recovery:
    return recover_after(preamble, [string_tool(name, name.replace("_", " "), "sku")],
                         (name, SKU))


@pytest.mark.parametrize(("lang", "preamble"), CHECKS)
def test_check_verb_names_the_checking_tool(lang: str, preamble: str) -> None:
    expect_recovered(_recover(preamble, "check_inventory"), lang)


@pytest.mark.parametrize(("lang", "preamble"), CHECKS)
def test_check_verb_is_no_check_in(lang: str, preamble: str) -> None:
    # "check in" a guest changes a booking: the text says no "in"
    expect_refused(_recover(preamble, "check_in_guest"), lang)


@pytest.mark.parametrize(("lang", "preamble"), CHECKS)
def test_check_verb_grounds_no_joined_step(lang: str, preamble: str) -> None:
    expect_refused(_recover(preamble, "check_and_cancel_order"), lang)
    expect_refused(_recover(preamble, "cancel_order"), lang)
