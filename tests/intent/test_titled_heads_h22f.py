"""The head of an object before a part's word and its quoted value (r47-ctl-041/042, session 34).

"Open" says a look first and a making only by its object's head (``senses``): "open a
ticket" makes one, "open the dashboard" looks. A noun phrase followed by a part's word and
its quoted value ("a ticket titled 'X'", ``partwords.part_word``) is headed by the noun before
that word (``objects._heads``): the title names the ticket, it never heads the object, so
"open the dashboard titled 'X'" still opens a dashboard and makes no ticket, and the title's
words say no step of their own."""

from __future__ import annotations

import leakcall

from ..intent_sets import expect_recovered, expect_refused, recover_after, string_tool

TOOLS = [string_tool(n, n.replace("_", " "), "subject") for n in
         ("create_ticket", "delete_logs", "create_dashboard")]
SUBJECT = {"subject": "Charger not working"}


def _recover(preamble: str, name: str) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, (name, SUBJECT))


def test_titled_ticket_is_made() -> None:
    for preamble in ('I\'ll open a high-priority ticket titled "Charger not working" for you.',
                     'I\'ll open a ticket titled "Charger not working".',
                     'I\'ll open a new support ticket titled "Charger not working".'):
        expect_recovered(_recover(preamble, "create_ticket"), preamble)


def test_titled_dashboard_makes_no_ticket() -> None:
    # the twin: the head is a thing one opens to look at
    for preamble in ('I\'ll open the dashboard titled "Charger not working".',
                     'I\'ll open the report titled "Charger not working".'):
        expect_refused(_recover(preamble, "create_ticket"), preamble, "ungrounded-call")


def test_title_words_take_no_step() -> None:
    preamble = 'I\'ll open a ticket titled "Delete old logs".'
    expect_refused(_recover(preamble, "delete_logs"), preamble, "ungrounded-call")
    expect_recovered(recover_after(preamble, TOOLS, ("create_ticket",
                                                      {"subject": "Delete old logs"})), preamble)


def test_untitled_dashboard_head_unchanged() -> None:
    expect_refused(_recover("I'll open the dashboard.", "create_ticket"), "dashboard")
    expect_recovered(_recover("I'll open a ticket.", "create_ticket"), "ticket")
