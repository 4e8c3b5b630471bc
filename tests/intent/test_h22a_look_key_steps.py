"""A look's key whose name takes a changing step (h22a; blind round 47 gap 1):
``intent.lookreach`` reads a look's key that opens with a changing verb and takes a
complement (``set_status``, ``assign_to``, ``move_to``, ``share_with``, ``react_with``,
``buy_below``), and refuses a value the text does not write. Each refused reply sits beside a
near-identical one that recovers: the value is absent, empty, zero or the schema default, the
text writes it, or the key only says what is read, when, or how it is shown (``order_by``,
``post_id``, ``checkout_date``, a lone ``email``)."""

from __future__ import annotations

import pytest

from tests.intent_sets import described_tool, expect_pair, typed_tool

TOOLS = [
    described_tool("get_ticket", {"ticket_id": {"type": "string"},
                                  "set_status": {"type": "string", "default": "unchanged"},
                                  "order_by": {"type": "string"},
                                  "then_assign_to": {"type": "string"}}),
    typed_tool("get_issue", issue="string", assign_to="string", format="string"),
    typed_tool("list_files", folder="string", move_to="string"),
    typed_tool("read_sheet", sheet_id="string", share_with="array"),
    typed_tool("get_messages", channel="string", react_with="string", post_id="string"),
    typed_tool("check_price", product="string", buy_below="number"),
    typed_tool("lookup_customer", email="string", mark_as="string"),
    typed_tool("search_hotels", city="string", checkout_date="string", save_as_alert="string"),
]

TICKET = "I'll pull up ticket 4471."
_T = {"ticket_id": "4471"}
ISSUE = "Let me look at issue 812."
_I = {"issue": "812"}


@pytest.mark.parametrize(("recovered", "refused"), [
    # a state, party, place or action the text never writes
    ((TICKET, "get_ticket", {**_T, "set_status": ""}),
     (TICKET, "get_ticket", {**_T, "set_status": "closed"})),
    ((TICKET, "get_ticket", {**_T, "set_status": "unchanged"}),
     (TICKET, "get_ticket", {**_T, "set_status": "resolved"})),
    ((ISSUE, "get_issue", _I),
     (ISSUE, "get_issue", {**_I, "assign_to": "ceo"})),
    (("Let me list the files in the `Invoices` folder.", "list_files", {"folder": "Invoices"}),
     ("Let me list the files in the `Invoices` folder.", "list_files",
      {"folder": "Invoices", "move_to": "Trash"})),
    (("Let me read the budget sheet.", "read_sheet", {"sheet_id": "budget-2027",
                                                      "share_with": []}),
     ("Let me read the budget sheet.", "read_sheet", {"sheet_id": "budget-2027",
                                                      "share_with": ["anyone"]})),
    # a verb of [url-actions] ("react"), after an adverb ("then")
    (("Let me check the latest messages in #support.", "get_messages", {"channel": "#support"}),
     ("Let me check the latest messages in #support.", "get_messages",
      {"channel": "#support", "react_with": "thumbsup"})),
    ((TICKET, "get_ticket", {**_T, "then_assign_to": ""}),
     (TICKET, "get_ticket", {**_T, "then_assign_to": "maya"})),
    # a number the text does not write; a look whose other name word is of no known kind
    (("Let me check the price of the Sony headphones.", "check_price",
      {"product": "sony wh-1000xm5", "buy_below": 0}),
     ("Let me check the price of the Sony headphones.", "check_price",
      {"product": "sony wh-1000xm5", "buy_below": 500})),
    # other languages: the value is compared, not the words
    ((TICKET, "get_ticket", _T),
     ("Je vais consulter le ticket 4471.", "get_ticket", {**_T, "set_status": "closed"})),
    ((TICKET, "get_ticket", _T),
     ("チケット 4471 を確認します。", "get_ticket", {**_T, "set_status": "closed"})),
    (("Ich schaue mir Ticket 4471 an.", "get_ticket", _T),
     ("Ich schaue mir Ticket 4471 an.", "get_ticket", {**_T, "set_status": "closed"})),
])
def test_a_looks_changing_key_holds_no_unsaid_value(recovered: tuple, refused: tuple) -> None:
    expect_pair(TOOLS, recovered, refused)


@pytest.mark.parametrize(("recovered", "refused"), [
    # the text writes the value
    (("Let me check the price of the Sony headphones against 500.", "check_price",
      {"product": "sony wh-1000xm5", "buy_below": 500}),
     ("Let me check the price of the Sony headphones.", "check_price",
      {"product": "sony wh-1000xm5", "buy_below": 500})),
    (("I'll pull up ticket 4471 and its closed status.", "get_ticket",
      {**_T, "set_status": "closed"}),
     (TICKET, "get_ticket", {**_T, "set_status": "closed"})),
    (("Let me search hotels in Lisbon and save it as the `lisbon-deals` alert.",
      "search_hotels", {"city": "Lisbon", "save_as_alert": "lisbon-deals"}),
     ("Let me search hotels in Lisbon.", "search_hotels",
      {"city": "Lisbon", "save_as_alert": "lisbon-deals"})),
    # a key that says how a look sorts or shows, what it reads, or when, is no change
    ((TICKET, "get_ticket", {**_T, "order_by": "created"}),
     (TICKET, "get_ticket", {**_T, "set_status": "open"})),
    ((ISSUE, "get_issue", {**_I, "format": "markdown"}),
     (ISSUE, "get_issue", {**_I, "assign_to": "me-too"})),
    (("Let me check the latest messages in #support.", "get_messages",
      {"channel": "#support", "post_id": "t3_abc"}),
     ("Let me check the latest messages in #support.", "get_messages",
      {"channel": "#support", "react_with": "eyes"})),
    (("Let me search hotels in Lisbon.", "search_hotels",
      {"city": "Lisbon", "checkout_date": "2024-10-21"}),
     ("Let me search hotels in Lisbon.", "search_hotels",
      {"city": "Lisbon", "save_as_alert": "cheap"})),
    # a lone word that is as often a noun ("email") takes no step
    (("Let me look up the customer.", "lookup_customer", {"email": "dana@fastmail.com"}),
     ("Let me look up the customer.", "lookup_customer",
      {"email": "dana@fastmail.com", "mark_as": "vip"})),
])
def test_a_looks_key_is_read_only_as_a_step(recovered: tuple, refused: tuple) -> None:
    expect_pair(TOOLS, recovered, refused)
