"""A number or a wide network source a changing call sets that the text never says (h26f,
issue 25): ``unsaidnumbers`` (read by ``values.unsaid_numbers``, last in ``pipeline``) and
``values._universal``'s every-address reading on a change of any kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import recover_after


def _tool(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """A tool whose properties are the call's keys, each typed by its value."""
    def kind(v: object) -> str:
        return "boolean" if isinstance(v, bool) else "integer" if isinstance(v, int) \
            else "number" if isinstance(v, float) else "string"
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {k: {"type": kind(v)} for k, v in args.items()}}}}


def _ok(preamble: str, name: str, args: dict[str, Any]) -> bool:
    r = recover_after(preamble, [_tool(name, args)], (name, args))
    return r.reason == "ok"


def _detail(preamble: str, name: str, args: dict[str, Any]) -> str:
    r = recover_after(preamble, [_tool(name, args)], (name, args))
    assert r.reason != "ok", (preamble, name, args)
    return r.detail or ""


BOB = {"to": "Bob", "amount": 50}


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll send Bob $50.", "send_money", {**BOB, "repeat": 12}),
    ("I'll send Bob $50.", "send_money", {**BOB, "installments": 12}),
    ("I'll send Bob $50.", "send_money", {**BOB, "repeat": 1}),
    ("Je vais envoyer 50 $ à Bob.", "send_money", {**BOB, "repeat": 12}),
    ("Voy a enviar 50 $ a Bob.", "send_money", {**BOB, "repeat": 12}),
    ("Ich sende Bob 50 $.", "send_money", {**BOB, "repeat": 12}),
    ("I'll create the user bob.", "create_user", {"name": "bob", "admin": 1}),
    ("I'll create the user bob.", "create_user", {"name": "bob", "access_level": 9}),
    ("I'll update the user bob.", "update_user", {"name": "bob", "level": 9}),
    ("I'll schedule the meeting with Ann.", "create_event",
     {"title": "meeting", "attendee": "Ann", "occurrences": 52}),
    ("I'll create the repository demo-app.", "create_repo", {"name": "demo-app", "stars": 900}),
])
def test_an_unsaid_number_under_an_unnamed_key_is_refused(preamble: str, name: str,
                                                           args: dict[str, Any]) -> None:
    assert "a number the announcement neither writes nor names" in _detail(preamble, name, args)


@pytest.mark.parametrize(("preamble", "name", "args"), [
    ("I'll send Bob $50.", "send_money", BOB),
    ("Je vais envoyer 50 $ à Bob.", "send_money", BOB),
    ("I'll send Bob $50 with 12 repeats.", "send_money", {**BOB, "repeat": 12}),
    ("I'll send Bob $50 in 12 installments.", "send_money", {**BOB, "installments": 12}),
    ("I'll create the user bob at access level 9.", "create_user",
     {"name": "bob", "access_level": 9}),
    ("I'll set the volume to 30.", "set_volume", {"level": 30}),  # the text writes it
    ("I'll set the thermostat to 21 degrees.", "set_thermostat", {"temperature": 21}),
    ("I'll set the thermostat temperature.", "set_thermostat", {"temperature": 21}),  # named
    ("I'll send Bob $50 as a repeating payment.", "send_money", {**BOB, "repeat": 3}),
])
def test_a_number_the_text_writes_or_names_is_kept(preamble: str, name: str,
                                                   args: dict[str, Any]) -> None:
    assert _ok(preamble, name, args), (preamble, args)


@pytest.mark.parametrize(("name", "args"), [
    ("book_flight", {"to": "Paris", "passengers": 1}),  # one, under a plural key
    ("create_event", {"title": "Sync", "duration_minutes": 45}),  # a length
    ("create_event", {"title": "Sync", "reminder_minutes": 45}),  # a length in a unit
    ("create_issue", {"title": "Sync", "milestone_number": 4}),  # an identifier
    ("structured_output", {"name": "Alex", "age": 28}),  # a name that says no step
    ("create_states", {"states": [{"name": "Texas", "population": 29145505}]}),  # a record
])
def test_the_benign_classes_of_numbers_are_kept(name: str, args: dict[str, Any]) -> None:
    pre = {"book_flight": "I'll book the flight to Paris.", "create_event":
           "I'll create the event Sync.", "create_issue": "I'll create the issue Sync.",
           "structured_output": "I'll create the profile of Alex.",
           "create_states": "I'll create the states record for Texas."}[name]
    r = recover_after(pre, [_tool(name, args)], (name, args))
    assert "a number the announcement neither writes" not in (r.detail or ""), (pre, r.detail)


@pytest.mark.parametrize(("preamble", "args"), [
    ("I'll open port 443.", {"port": 443, "source": "0.0.0.0/0"}),
    ("I'll open port 443.", {"port": 443, "cidr": "::/0"}),
    ("I'll open port 443.", {"port": 443, "source": "*"}),
    ("I'll open port 443.", {"port": 443, "allowed_origins": "*"}),
])
def test_every_address_on_a_change_of_any_kind_is_refused(preamble: str,
                                                          args: dict[str, Any]) -> None:
    assert "reaches everything" in _detail(preamble, "open_port", args)


@pytest.mark.parametrize(("preamble", "args"), [
    ("I'll open port 443.", {"port": 443}),
    ("I'll open port 443.", {"port": 443, "source": "10.0.0.0/8"}),
    ("I'll open port 443 for all addresses.", {"port": 443, "source": "0.0.0.0/0"}),
    ("I'll open port 443 for all sources.", {"port": 443, "source": "*"}),
    ("I'll open port 443 from 0.0.0.0/0.", {"port": 443, "source": "0.0.0.0/0"}),  # written
])
def test_a_narrow_or_said_source_is_kept(preamble: str, args: dict[str, Any]) -> None:
    assert _ok(preamble, "open_port", args), (preamble, args)


def test_a_wildcard_under_another_key_is_no_address() -> None:
    r = recover_after("I'll add the label to issue 4.",
                      [_tool("add_label", {"issue": 4, "color": "*"})],
                      ("add_label", {"issue": 4, "color": "*"}))
    assert "reaches everything" not in (r.detail or ""), r.detail


def test_add_firewall_rule_to_the_world_is_refused() -> None:
    assert "reaches everything" in _detail("I'll add a firewall rule for port 443.",
                                           "add_firewall_rule", {"port": 443, "source": "0.0.0.0/0"})


@pytest.mark.parametrize(("refused", "recovered"), [
    (("I'll create the user bob.", "create_user", {"name": "bob", "admin": True}),
     ("I'll create the admin user bob.", "create_user", {"name": "bob", "admin": True})),
    (("I'll send Bob $50.", "send_money", {**BOB, "recurring": True}),
     ("I'll send Bob a recurring payment of $50.", "send_money", {**BOB, "recurring": True})),
])
def test_the_lead_s_switch_probes_and_their_twins(refused: tuple[str, str, dict[str, Any]],
                                                  recovered: tuple[str, str, dict[str, Any]]
                                                  ) -> None:
    assert not _ok(*refused)
    assert _ok(*recovered)
