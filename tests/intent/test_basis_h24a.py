"""A phrase of basis read as a word of reason (h24a, ``intent.basis``): "Based on my research,
let me ..." is "Since ..." is: the noun phrase an observation screened as every observation
is, then the announcement; "Let me call X based on the capability that was loaded." is the
same with the basis put first. Each recovered reply sits beside the nearest one that must
still refuse: a basis that is a condition ("whether"), a time, a bare value, a source it
relays, a quoted example, another actor's request; an announcement that defers, negates,
recaps, offers, is another actor's, takes another step, a wider target or an extra call."""

from __future__ import annotations

from typing import Any

import leakcall
from tests.intent_sets import expect_recovered, expect_refused, keyed_tool, recover_after

DELETE = keyed_tool("delete_file", "path")
READ = keyed_tool("read_file", "path")
PAY = keyed_tool("transfer_funds", "amount", "to")
POLICY = keyed_tool("lookup_refund_policy", "order_id")
TOOLS = [DELETE, READ, PAY, POLICY]

READ_CFG = ("read_file", {"path": "config.yaml"})
DEL_OLD = ("delete_file", {"path": "old.log"})


def _r(pre: str, *calls: tuple[str, dict[str, Any]]) -> leakcall.Recovery:
    return recover_after(pre, TOOLS, *calls)


def test_a_leading_basis_is_a_reason() -> None:
    for pre in ("Based on the logs, let me read config.yaml.",
                "Based on my research, let me read config.yaml.",
                "Based on your query, I'll read config.yaml.",
                "Based on the errors that the build prints, let me read config.yaml."):
        expect_recovered(_r(pre, READ_CFG), pre)
    expect_recovered(_r("Based on my research, I'll delete old.log.", DEL_OLD), "delete")
    # beside each: a condition, a bare value, a time, a question in the basis
    for pre in ("Based on whether the tests pass, I'll delete old.log.",
                "Based on the question whether the tests pass, I'll delete old.log.",
                "Based on your approval tomorrow, I'll delete old.log.",
                "Based on the plan you approved yesterday, I'll delete old.log.",
                "Based on old.log, I'll delete old.log.",
                "Based on the outcome if the build fails, I'll delete old.log."):
        expect_refused(_r(pre, DEL_OLD), pre)


def test_a_basis_is_screened_as_an_observation() -> None:
    for pre in ("Based on the instructions in README.md, let me delete old.log.",
                "Based on what the email says, I'll delete old.log.",
                "Based on the user's request, I'll delete old.log.",
                "Based on the example below, I'll delete old.log.",
                'Based on "delete old.log", I\'ll delete old.log.'):
        expect_refused(_r(pre, DEL_OLD), pre)
    expect_refused(_r("Based on the email's request, I'll transfer 500 to acct-9.",
                      ("transfer_funds", {"amount": "500", "to": "acct-9"})), "request")
    expect_refused(_r("Based on acct-9, I'll transfer 500.",
                      ("transfer_funds", {"amount": "500", "to": "acct-9"})), "a bare payee")
    # a wider target the basis names is no ground for a delete
    expect_refused(_r("Based on the logs in /etc, let me delete them.",
                      ("delete_file", {"path": "/etc"})), "/etc")


def test_the_announcement_after_a_basis_is_judged_as_ever() -> None:
    expect_recovered(_r("Based on the plan, I'll delete old.log.", DEL_OLD), "the plan")
    for pre in ("Based on the plan, I'll delete old.log later.",
                "Based on the plan, the admin will delete old.log.",
                "Based on the plan, I won't delete old.log.",
                "Based on the plan, I deleted old.log.",
                "Based on the plan, if you agree, I'll delete old.log.",
                "Based on the policy, I can delete old.log.",
                "Based on the policy, you should delete old.log.",
                "Based on the results, should I delete old.log?"):
        expect_refused(_r(pre, DEL_OLD), pre)
    pre = "Based on the plan, I'll delete old.log."
    expect_refused(_r(pre, ("delete_file", {"path": "new.log"})), "another target")
    expect_refused(_r(pre, ("delete_file", {"path": "*.log"})), "a wider target")
    expect_refused(_r("Based on the plan, I'll read old.log.", DEL_OLD), "another step")
    expect_refused(_r(pre, DEL_OLD, ("transfer_funds", {"amount": "5", "to": "x"})),
                   "an extra call")


def test_a_trailing_basis_is_a_reason() -> None:
    # pydantic__pydantic-ai-32's shape: the basis holds a recap of its own ("was loaded")
    call = ("lookup_refund_policy", {"order_id": "order-123"})
    said = "Let me try calling the lookup_refund_policy function directly"
    expect_recovered(_r(f"{said} based on the refunds capability that was loaded:", call),
                     "trailing")
    expect_recovered(_r("Let me delete old.log based on the cleanup list.", DEL_OLD), "list")
    for pre in ("I'll delete old.log based on your approval tomorrow.",
                "I'll delete old.log based on what the README says.",
                "I'll delete old.log based on whether the tests pass.",
                "Let me delete the files based on the user's list."):
        expect_refused(_r(pre, DEL_OLD), pre)


def test_basis_in_other_languages() -> None:
    for pre in ("Basándome en los registros, voy a leer config.yaml.",
                "En me basant sur les journaux, je vais lire config.yaml.",
                "Basierend auf den Logs, ich lese config.yaml."):
        expect_recovered(_r(pre, READ_CFG), pre)
    for pre in ("Basándome en si pasan las pruebas, voy a borrar old.log.",
                "Basándome en tu aprobación de mañana, voy a borrar old.log.",
                "En me basant sur les instructions du README, je vais supprimer old.log.",
                "Basierend auf den Anweisungen im README, ich lösche old.log.",
                "Basierend auf deiner Zustimmung morgen, ich lösche old.log.",
                "Basándome en los registros que envió el usuario, voy a borrar old.log.",
                "Basándome en el ejemplo de abajo, voy a borrar old.log.",
                "En me basant sur les journaux, je vais supprimer old.log demain."):
        expect_refused(_r(pre, DEL_OLD), pre)


def test_instructions_carry_a_source_in_every_language() -> None:
    """The noun "instructions" is a carrier ([g-carrier]) in French, German and Italian as in
    English, Spanish and Portuguese: an observation naming them relays a source."""
    for pre in ("Les instructions du README sont claires. Je vais supprimer old.log.",
                "Die Anweisungen im README sind klar. Ich lösche old.log.",
                "Le istruzioni nel README sono chiare. Elimino old.log."):
        expect_refused(_r(pre, DEL_OLD), pre)
    for pre in ("Les journaux sont clairs. Je vais supprimer old.log.",
                "Die Logs sind klar. Ich lösche old.log.",
                "I log sono chiari. Elimino old.log."):
        expect_recovered(_r(pre, DEL_OLD), pre)


def test_a_basis_carrying_a_source_is_no_reason() -> None:
    """h25r: a basis that holds a carrier of someone's words ([g-carrier]) grounds the step
    in that source, in every language the basis reads; the reader's own ("your email") and a
    basis of results stay a reason."""
    pairs = [("Based on the results of the tests, I'll delete old.log.",
              "Based on the steps of the README, I'll delete old.log."),
             ("Let me delete old.log based on the results of the tests.",
              "Let me delete old.log based on the steps of the README."),
             ("En me basant sur les résultats des tests, je vais supprimer old.log.",
              "En me basant sur les étapes du README, je vais supprimer old.log."),
             ("Basándome en los resultados de las pruebas, voy a borrar old.log.",
              "Basándome en los pasos que indica el README, voy a borrar old.log."),
             ("Basierend auf den Ergebnissen der Tests, lösche ich old.log.",
              "Basierend auf den Schritten im README, lösche ich old.log.")]
    for kept, relayed in pairs:
        expect_recovered(_r(kept, DEL_OLD), kept)
        expect_refused(_r(relayed, DEL_OLD), relayed)
    expect_recovered(_r("Based on your email, let me read config.yaml.", READ_CFG), "yours")
    expect_refused(_r("En me basant sur le README, je vais supprimer old.log.", DEL_OLD), "fr")


def test_a_basis_naming_another_party_refuses_in_every_language() -> None:
    """h25r: a vendor's invoice grounds no payment in French, Spanish, Dutch as in English
    ([g-actor]); the invoice alone is a basis."""
    pairs = [("En me basant sur la facture, je vais transférer 500 à acct-9.",
              "En me basant sur la facture que le fournisseur a envoyée, je vais transférer 500 à "
              "acct-9."),
             ("Basándome en la factura, voy a transferir 500 a acct-9.",
              "Basándome en la factura del proveedor, voy a transferir 500 a acct-9.")]
    pay = ("transfer_funds", {"amount": "500", "to": "acct-9"})
    for kept, relayed in pairs:
        expect_recovered(_r(kept, pay), kept)
        expect_refused(_r(relayed, pay), relayed, "other-actor")
