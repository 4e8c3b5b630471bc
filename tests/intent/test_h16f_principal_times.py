"""Set g (h16f): the user named in the third person as the possessor of the announced object
is the principal, as "your" is (``principal``: "I will search the user's emails", "los correos
del usuario", 用户的邮件), and a named hour a call carries is the step's value, not when it is
taken (``dated``: "create an event for Thursday at noon" + ``time: 12:00``). Each recovered
reply has a refused twin: the user as actor, another party or a source after "the user's", a
verb after it, an owner key naming another party, an hour no call carries."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import expect_recovered, expect_refused, recover_after, string_tool

EVENTS = [string_tool("create_event", "Create a calendar event.", "title", "date", "time")]
MAIL = [string_tool("search_emails", "Search emails.", "query", "mailbox")]
PROJECTS = [string_tool("delete_project", "Delete a project.", "name")]

Call = tuple[str, dict[str, Any]]
_LUNCH: Call = ("search_emails", {"query": "lunch invites"})
_EVENT: Call = ("create_event", {"title": "lunch"})


@pytest.mark.parametrize(("ok", "bad", "tools", "call", "rule"), [
    ("I will search the user's emails for lunch invites.",
     "I will search the user's teammate's emails for lunch invites.", MAIL, _LUNCH, "other-actor"),
    ("I will search the user's emails for lunch invites.",
     "The user's going to search the emails for lunch invites.", MAIL, _LUNCH, "other-actor"),
    ("I will create a lunch event on the user's calendar.",
     "I will create a lunch event on the user's colleague's calendar.", EVENTS, _EVENT,
     "other-actor"),
    ("I will create a lunch event on the user’s calendar.",
     "I will create a lunch event from the user's snippet.", EVENTS, _EVENT, "other-actor"),
    ("The user's calendar is free. I will create a lunch event.",
     "The user's deleted the lunch event. I will create a lunch event.", EVENTS, _EVENT,
     "other-actor"),
    ("Buscaré invitaciones en los correos del usuario.",
     "Buscaré invitaciones en los correos del compañero del usuario.", MAIL,
     ("search_emails", {"query": "invitaciones"}), None),
    ("我将搜索用户的邮件。", "我将搜索用户的同事的邮件。", MAIL, ("search_emails", {"query": "邮件"}), None),
])
def test_the_users_noun_is_the_principals(ok: str, bad: str, tools: list[dict[str, Any]],
                                          call: Call, rule: str | None) -> None:
    expect_recovered(recover_after(ok, tools, call), ok)
    expect_refused(recover_after(bad, tools, call), bad, rule)


@pytest.mark.parametrize("preamble", [
    "I will search the user's inbox for lunch invites.",
    "Je vais chercher les invitations dans les e-mails de l'utilisateur.",
])
def test_an_owner_key_after_the_users_is_the_readers(preamble: str) -> None:
    # as after "your" (``ownerkeys``): another party's address is another party's data
    mine = ("search_emails", {"query": "lunch invites", "mailbox": "me"})
    other = ("search_emails", {"query": "lunch invites", "mailbox": "ceo@example.com"})
    if "invitations" in preamble:
        mine = ("search_emails", {"query": "invitations", "mailbox": "me"})
        other = ("search_emails", {"query": "invitations", "mailbox": "ceo@example.com"})
    expect_recovered(recover_after(preamble, MAIL, mine), mine)
    got = recover_after(preamble, MAIL, other)
    expect_refused(got, other, "ungrounded-call")
    assert "reader's own" in str(got.detail)


@pytest.mark.parametrize(("preamble", "tools", "ok", "bad"), [
    ("I will create a lunch event for Thursday at noon.", EVENTS,
     ("create_event", {"title": "lunch", "date": "2026-12-10", "time": "12:00"}),
     ("create_event", {"title": "lunch", "date": "2026-12-10", "time": "15:00"})),
    ("I will create a lunch event at noon.", EVENTS,
     ("create_event", {"title": "lunch", "time": "12:00"}), _EVENT),
    ("I will create a lunch event at midnight.", EVENTS,
     ("create_event", {"title": "lunch", "time": "00:00"}),
     ("create_event", {"title": "lunch", "time": "12:00"})),
    ("Je vais créer l'événement lunch à midi.", EVENTS,
     ("create_event", {"title": "lunch", "time": "12:00"}),
     ("create_event", {"title": "lunch", "time": "18:00"})),
    ("I'll create the lunch event at noon, then delete the project lunch.",
     EVENTS + PROJECTS, ("create_event", {"title": "lunch", "time": "12:00"}),
     ("delete_project", {"name": "lunch"})),
])
def test_a_named_hour_a_call_carries_is_its_value(preamble: str, tools: list[dict[str, Any]],
                                                  ok: Call, bad: Call) -> None:
    expect_recovered(recover_after(preamble, tools, ok), ok)
    expect_refused(recover_after(preamble, tools, bad), bad, "conditional")


def test_a_named_hour_no_call_carries_waits() -> None:
    call = ("delete_project", {"name": "lunch"})
    expect_refused(recover_after("I'll delete the project lunch at noon.", PROJECTS, call), call,
                   "conditional")


@pytest.mark.parametrize(("ok", "bad"), [
    ("I will search the emails to find out if there is any message about the invoice.",
     "I will search the emails to sort out if there is any message about the invoice."),
    ("I will search the emails to find out if there is any message about the invoice.",
     "I will search the emails and find it out if there is any message about the invoice."),
])
def test_if_after_a_phrasal_verb_of_finding_out_asks(ok: str, bad: str) -> None:
    # "find out" ([g-inquiry-verb]) with its particle split off heads the question "if" opens;
    # another phrasal verb's "if" is a condition (``slots._asking``)
    call = ("search_emails", {"query": "invoice"})
    expect_recovered(recover_after(ok, MAIL, call), ok)
    expect_refused(recover_after(bad, MAIL, call), bad, "conditional")


SEARCHES = [string_tool("search_code_examples", "Search code examples.", "query"),
            string_tool("search_docs", "Search the docs.", "query"),
            string_tool("delete_files", "Delete files.", "pattern"),
            string_tool("list_files", "List files.", "pattern")]


@pytest.mark.parametrize(("ok", "bad"), [
    (("I will search for RAG code examples.", "search_code_examples", {"query": "RAG"}),
     ("I will search for RAG code examples.", "search_docs", {"query": "RAG"})),
    (("I will search for Python examples of using the chat endpoint.", "search_docs",
      {"query": "Python examples of using the chat endpoint"}),
     ("For example, I will search for Python docs on the chat endpoint.", "search_docs",
      {"query": "Python docs on the chat endpoint"})),
    (("I will search for RAG code examples.", "search_code_examples", {"query": "RAG"}),
     ("I will search for RAG code examples and delete them.", "search_code_examples",
      {"query": "RAG"})),
    (("I will search for RAG code examples.", "search_code_examples", {"query": "RAG"}),
     ("I will search the docs for an example call.", "search_docs", {"query": "example call"})),
    (("I will search for RAG code examples.", "search_code_examples", {"query": "RAG"}),
     ("I will delete the RAG code examples.", "delete_files", {"pattern": "rag-examples"})),
    (("I will search for code examples.", "list_files", {"pattern": "code-examples"}),
     ("I will list code examples.", "list_files", {"pattern": "code-examples"})),
])
def test_examples_a_search_looks_for_are_sought(ok: tuple[str, str, dict[str, Any]],
                                                bad: tuple[str, str, dict[str, Any]]) -> None:
    # ``soughtexamples``: the head of what a search looks for; the call carries it
    # (``soughtcarried``); a framing word anywhere else, or beside a changing step, refuses
    expect_recovered(recover_after(ok[0], SEARCHES, (ok[1], ok[2])), ok)
    expect_refused(recover_after(bad[0], SEARCHES, (bad[1], bad[2])), bad)
