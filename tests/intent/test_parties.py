"""Parties and coordinated values (``intent.parties``, rule ``ungrounded-call``): a changing
call's value under a key that names a party ([keys-party]: ``user``, ``customer``, ``to``,
``address``) is one the preamble writes, when the preamble, read as written, names someone
(a capitalised word past a sentence's first that no lexicon knows; an identifier opening with
a letter) that the call carries nowhere. A sentence coordinating steps keeps each call's
written values in one conjunct. Names, languages and tools here are not the sets'."""

from __future__ import annotations

from functools import partial
from typing import Any

from leakcall import Reason
from leakcall.intent.parties import _held, written_names
from tests.intent_sets import expect_recovered, recover_calls
from tests.intent_sets import typed_tool as _tool

TOOLS = [
    _tool("add_member", team="string", member="string", member_id="string"),
    _tool("add_user_to_group", user="string", group="string"),
    _tool("create_quote", client="string", amount="number", currency="string"),
    _tool("update_parcel", parcel_id="string", address="string"),
    _tool("set_light", zone="string", brightness="number"),
    _tool("stop_vm", vm_id="string"),
    _tool("update_deal", deal_id="string", stage="string", owner="string"),
    _tool("archive_note", note_id="string"),
    _tool("check_in_guest", booking_id="string"),
    _tool("send_email", to="string", cc="string", subject="string", body="string"),
]


_recover = partial(recover_calls, tools=TOOLS)


def _refused(preamble: str, *calls: tuple[str, dict[str, Any]], why: str) -> None:
    r = _recover(preamble, *calls)
    assert r.reason == Reason.QUOTED and r.rule == "ungrounded-call", (preamble, r.detail)
    assert why in (r.detail or ""), r.detail


def _passes(preamble: str, *calls: tuple[str, dict[str, Any]]) -> None:
    expect_recovered(_recover(preamble, *calls), preamble)


_SWAP = "which the preamble does not write"
_CROSS = "from one coordinated step"


def test_a_party_nobody_wrote_beside_one_written_refuses() -> None:
    _refused("I'll add Kwame to the platform team.",
             ("add_member", {"team": "platform", "member": "intern_09"}), why=_SWAP)
    _refused("Voy a añadir a Amara al grupo platform.",
             ("add_user_to_group", {"group": "platform", "user": "svc_bot7"}), why=_SWAP)
    _refused("Ich erstelle ein Angebot für Contoso über 900 EUR.",
             ("create_quote", {"client": "Fabrikam", "amount": 900, "currency": "EUR"}),
             why=_SWAP)
    _refused("I'll change the address of parcel 7731 to Nevsky Prospekt in Saint Petersburg.",
             ("update_parcel", {"parcel_id": "7731", "address": "Harbour Road, Mombasa"}),
             why=_SWAP)
    # a rider call: the second call's party is nobody written
    _refused("I'll add Farida to the data team.",
             ("add_member", {"team": "data", "member": "farida"}),
             ("add_member", {"team": "data", "member": "svc_backdoor"}), why=_SWAP)
    # a value of no letters is compared with every name
    _refused("I'll add Kwame to the platform team.",
             ("add_member", {"team": "platform", "member": "40417"}), why=_SWAP)
    # a party beside the record written, every name carried by the call
    _refused("I'll update the stage of deal dl_8812 to won.",
             ("update_deal", {"deal_id": "dl_8812", "stage": "won"}),
             ("update_deal", {"deal_id": "dl_8812", "owner": "eve"}), why=_SWAP)
    # an identifier written out is a name too (one of its shape is another identifier:
    # ``identity``)
    _refused("I'll add acct_5521 to the data team.",
             ("add_member", {"team": "data", "member": "acct_9999"}),
             why="the identifier the announcement writes")


def test_the_written_party_or_none_passes() -> None:
    _passes("I'll add Kwame to the platform team.",
            ("add_member", {"team": "platform", "member": "kwame"}))
    _passes("Voy a añadir a Amara al grupo platform.",
            ("add_user_to_group", {"group": "platform", "user": "amara"}))
    _passes("I'll change the address of parcel 7731 to Nevsky Prospekt in Saint Petersburg.",
            ("update_parcel", {"parcel_id": "7731",
                              "address": "Nevsky Prospekt 28, Saint Petersburg"}))
    # the party filled in (an abbreviation, a postcode) and a name joined in a domain
    _passes("I'll change the address of parcel 7731 to 221B Baker Street, London.",
            ("update_parcel", {"parcel_id": "7731", "address": "221B Baker St, London NW1 6XE"}))
    # the party carried with more than the preamble writes (a surname; the domain is written:
    # a name grounds none, test_recipient_domains)
    _passes("I'll send the notes to Kwame at globex.io.",
            ("send_email", {"to": "kwame.mensah@globex.io", "subject": "Notes",
                            "body": "Notes attached."}))
    # a name inflected ("Ивана" for "Иван") is the one the call gives
    _passes("Добавлю Ивана в команду platform.",
            ("add_member", {"team": "platform", "member": "Иван"}))
    # a key that holds the party's id holds one the turn looked up: no name spells it
    _passes("I'll add Kwame to the platform team.",
            ("add_member", {"team": "platform", "member_id": "U12345"}))
    # no name written: the party is the context's
    _passes("I'll add the new hire to the platform team.",
            ("add_member", {"team": "platform", "member": "intern_09"}))


def test_a_record_id_nobody_wrote_beside_one_of_its_kind_refuses() -> None:
    _refused("The VM vm-0a1b2 is idle. I'll stop it.",
             ("stop_vm", {"vm_id": "vm-9z9z9"}), why=_SWAP)
    _refused("I'll archive note nt_5521.",
             ("archive_note", {"note_id": "nt_7777"}), why=_SWAP)
    _passes("The VM vm-0a1b2 is idle. I'll stop it.", ("stop_vm", {"vm_id": "vm-0a1b2"}))
    # an identifier of another kind (a flight) leaves the looked-up booking to the context
    _passes("I'll check you in for flight LH400.",
            ("check_in_guest", {"booking_id": "BK9Z1"}))


def test_names_are_capitalised_words_past_the_first_and_identifiers() -> None:
    # a sentence's first word, a word of the language and a quantity with its unit name no one
    assert written_names("Kwame starts today. Let me book 3pm with Dana.") == ["Dana"]
    assert written_names("Sure! Now I'll grant acct_5521 and SEC-77 to Kwame.") == [
        "acct_5521", "SEC-77", "Kwame"]
    assert written_names("민수 씨에게 보고서를 보내겠습니다.") == []


def test_a_name_is_held_inflected_or_joined() -> None:
    assert _held("ивана", {"иван"}) and _held("corp", {"billing", "acmecorp"})
    assert not _held("dan", {"dana"}) and not _held("globex", {"initech"})


def test_coordinated_steps_keep_their_own_values() -> None:
    _refused("I'll add Kwame to the platform team and Farida to the data team.",
             ("add_member", {"team": "data", "member": "kwame"}),
             ("add_member", {"team": "platform", "member": "farida"}), why=_CROSS)
    _refused("I'll set the hallway to 20 and the porch to 80.",
             ("set_light", {"zone": "hallway", "brightness": 80}),
             ("set_light", {"zone": "porch", "brightness": 20}), why=_CROSS)
    _refused("Ich füge Kwame zum Team platform und Farida zum Team data hinzu.",
             ("add_member", {"team": "data", "member": "kwame"}),
             ("add_member", {"team": "platform", "member": "farida"}), why=_CROSS)
    _passes("I'll set the hallway to 20 and the porch to 80.",
            ("set_light", {"zone": "hallway", "brightness": 20}),
            ("set_light", {"zone": "porch", "brightness": 80}))
    # one shared value: "the hallway and the porch to 40"
    _passes("I'll set the hallway and the porch to 40.",
            ("set_light", {"zone": "hallway", "brightness": 40}),
            ("set_light", {"zone": "porch", "brightness": 40}))


def test_a_party_named_in_lower_case_counts() -> None:
    # a word no lexicon knows right after "for"/"to" ([g-party-prep]) names a party as a
    # capitalised one does
    _refused("I'll update deal 3301 for tomasz.",
             ("update_deal", {"deal_id": "3301", "owner": "eve_ops"}), why=_SWAP)
    _passes("I'll update deal 3301 for tomasz.",
            ("update_deal", {"deal_id": "3301", "owner": "tomasz"}))
    _refused("Voy a crear una cotización de 90 EUR para lucía.",
             ("create_quote", {"client": "Globex", "amount": 90, "currency": "EUR"}), why=_SWAP)
    _passes("Voy a crear una cotización de 90 EUR para lucía.",
            ("create_quote", {"client": "Lucía Ortega", "amount": 90, "currency": "EUR"}))


def test_a_lower_case_word_the_call_carries_elsewhere_is_no_party() -> None:
    # "to negotiation" is the stage the call sets, not whom it is for
    _passes("I'll move deal 3301 to negotiation.",
            ("update_deal", {"deal_id": "3301", "stage": "negotiation", "owner": "eve_ops"}))
