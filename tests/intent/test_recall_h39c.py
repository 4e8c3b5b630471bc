"""Recall through the cue rules, h39c (issue 25): a cue word that does not govern the call is
read for what it means, and the step kinds it can still govern stay refused."""

from __future__ import annotations

import json
from typing import Any

import leakcall
from tests.intent_sets import keyed_tool as _tool

TOOLS = [_tool("list_events", "date"), _tool("delete_file", "path"), _tool("read_file", "path"),
         _tool("bash", "command"), _tool("search_flights", "origin", "destination", "date"),
         _tool("delete_branch", "branch"), _tool("list_invoices", "customer"),
         _tool("cancel_subscription", "customer"), _tool("run_tests", "target")]


def _recover(text: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{text}\n<tool_call>\n{call}\n</tool_call>", TOOLS)


def _reasoned(thought: str, name: str, args: dict[str, Any]) -> leakcall.Recovery:
    return _recover(f"<think>\n{thought}\n</think>\n", name, args)


# -- a time or an approval in reasoning: only observing calls -----------------------------------

def test_time_in_reasoning_grounds_an_observing_call() -> None:
    for thought in ("The user wants to see Friday's schedule. I'll list the events for Friday.",
                    "用户想看周五的日程。我来查看周五的日程。"):
        r = _reasoned(thought, "list_events", {"date": "2026-12-11"})
        assert r.reason == "ok", (thought, r.detail)


def test_time_in_reasoning_still_defers_a_change() -> None:
    for thought in ("The user wants it gone on Friday. Delete the file.",
                    "At 17:00, delete the file."):
        r = _reasoned(thought, "delete_file", {"path": "a.txt"})
        assert r.reason != "ok" and r.rule == "reasoning-cue", (thought, r.detail)
        assert "it would wait" in r.detail


def test_time_under_a_condition_or_gone_by_refuses_any_call() -> None:
    # another condition word, or a time that is a recap, governs the call itself: the screen
    # refuses it whatever its kind
    for thought in ("If the user agrees, this is it.", "I ran this yesterday.",
                    "Read the file tomorrow, after approval."):
        r = _reasoned(thought, "read_file", {"path": "a.txt"})
        assert r.reason != "ok" and r.rule == "reasoning-cue", (thought, r.detail)
        assert "(conditional)" in r.detail and "wait" not in r.detail, r.detail


# -- another party before a noun in reasoning: only observing calls -----------------------------

def test_party_asking_about_a_noun_grounds_an_observing_call() -> None:
    for thought, name, args in (
            ("L'utilisateur demande pourquoi le test échoue. Je vais lire le fichier de test.",
             "read_file", {"path": "tests/test_api.py"}),
            ("Der Nutzer will die letzten Commits sehen. Ich schaue mir das Git-Log an.",
             "bash", {"command": "git log --oneline -5"})):
        r = _reasoned(thought, name, args)
        assert r.reason == "ok", (thought, r.detail)


def test_party_before_a_noun_still_refuses_a_change() -> None:
    r = _reasoned("Someone else will do the deleting.", "delete_file", {"path": "a.txt"})
    assert r.reason != "ok" and r.rule == "reasoning-cue", r.detail
    assert "that party's" in r.detail
    # the test suite is a step of kind test, which observes nothing only
    r = _reasoned("They want to know whether the tests pass.", "run_tests", {"target": "tests"})
    assert r.reason != "ok" and r.rule == "reasoning-cue", r.detail


def test_party_before_a_verb_still_refuses_in_the_screen() -> None:
    for thought in ("The admin will delete the file.", "They want the tests deleted.",
                    "L'utilisateur va supprimer le fichier."):
        r = _reasoned(thought, "read_file", {"path": "a.txt"})
        assert r.reason != "ok" and r.rule == "reasoning-cue", (thought, r.detail)


# -- a date written in digits after a preposition of time is a time ----------------------------

def test_date_in_digits_is_a_time_an_observing_step_reads() -> None:
    r = _recover("Let me search for flights from JFK to LAX on 2026-12-18.", "search_flights",
                 {"origin": "JFK", "destination": "LAX", "date": "2026-12-18"})
    assert r.reason == "ok", r.detail


def test_date_in_digits_still_defers_a_change() -> None:
    for pre in ("I'll delete the old branch on 2026-12-18.",
                "I'll delete the old branch after 2026-12-18."):
        r = _recover(pre, "delete_branch", {"branch": "old"})
        assert r.reason != "ok" and r.rule == "conditional", (pre, r.detail)
    # a call that carries the date still waits: a day with no hour is when the step is taken
    r = _recover("I'll delete the old branch on 2026-12-18.", "delete_branch",
                 {"branch": "old-2026-12-18"})
    assert r.reason != "ok" and r.rule == "conditional", r.detail


# -- a party's noun before an identifier names that record --------------------------------------

def test_party_noun_before_identifier_is_the_record() -> None:
    r = _recover("I'll list the invoices for customer cus_Acme01.", "list_invoices",
                 {"customer": "cus_Acme01"})
    assert r.reason == "ok", r.detail
    r = _recover("As you requested, I'll cancel the subscription for customer cus_7781.",
                 "cancel_subscription", {"customer": "cus_7781"})
    assert r.reason == "ok", r.detail


def test_party_noun_without_identifier_or_acting_still_refuses() -> None:
    for pre, rule in (("I'll list the invoices for the customer.", "other-actor"),
                      ("I'll list the invoices for customer Dana.", "other-actor"),
                      ("As customer c_4411 asked, I'll list the invoices.", "quoted-source")):
        r = _recover(pre, "list_invoices", {"customer": "c_4411 Dana"})
        assert r.reason != "ok" and r.rule == rule, (pre, r.detail)
    r = _recover("Customer 4411 will cancel the subscription.", "cancel_subscription",
                 {"customer": "4411"})
    assert r.reason != "ok", r.detail
    # leading its clause, the noun is the party acting, not the record: only an observing
    # call is grounded after it (``grounding.partied``)
    r = _recover("Customer c_4411 cancels subscriptions. I'll cancel the subscription for "
                 "c_4411.", "cancel_subscription", {"customer": "c_4411"})
    assert r.reason != "ok" and r.rule == "other-actor", r.detail
    r = _recover("Customer c_4411 reads the invoices. I'll list the invoices for c_4411.",
                 "list_invoices", {"customer": "c_4411"})
    assert r.reason == "ok", r.detail


# -- "please wait" asks the reader to wait while the step runs, as "hold on" does --------------

def test_please_wait_closes_the_announcements() -> None:
    for pre in ("I'll delete the old branch. Please wait.",
                "I'll delete the old branch, please wait a moment."):
        r = _recover(pre, "delete_branch", {"branch": "old"})
        assert r.reason == "ok", (pre, r.detail)


def test_waiting_for_someone_still_refuses() -> None:
    for pre in ("I'll delete the old branch. Please wait for my go-ahead.",
                "Please wait until tomorrow. I'll delete the old branch.",
                "I'll wait, then delete the old branch."):
        r = _recover(pre, "delete_branch", {"branch": "old"})
        assert r.reason != "ok" and r.rule == "conditional", (pre, r.detail)
