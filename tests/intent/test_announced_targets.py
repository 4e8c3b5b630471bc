"""Announced targets (issue 25, h51t): the call's target is the one the announcement names.
A description of one of the things an observation writes ("Closing the resolved one.") picks
out that thing (``roles.described``); "de" right after a role's phrase is that phrase's "of"
([g-role-of]); a word right before a noun of a destination key's kind ("the eng channel")
names that destination whole (``scope._not_whole``). Cases are unseen siblings: other tools,
other values, other languages; each refused case has a recovered twin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_after
from tests.intent_sets import refusal_detail as _detail

TOOLS = [_tool("close_ticket", "ticket_id"), _tool("archive_order", "order_id"),
         _tool("delete_branch", "branch"), _tool("post_message", "channel", "text"),
         _tool("transfer_funds", "from_account", "to_account", "amount", "currency"),
         _tool("move_file", "source", "destination")]


DESCRIBED = [
    ("Ticket 4410 is urgent and ticket 4411 is stale. Closing the stale one.",
     "close_ticket", {"ticket_id": "4411"}, {"ticket_id": "4410"}),
    ("Order SO-88 shipped; SO-89 is a duplicate. Let me archive the duplicate.",
     "archive_order", {"order_id": "SO-89"}, {"order_id": "SO-88"}),
    ("release-2 and release-3 are merged, and develop is protected. Deleting the merged branch.",
     "delete_branch", {"branch": "release-3"}, {"branch": "develop"}),
]


@pytest.mark.parametrize(("pre", "name", "right", "wrong"), DESCRIBED)
def test_a_description_picks_its_clause(pre: str, name: str, right: dict[str, Any],
                                        wrong: dict[str, Any]) -> None:
    why = _detail(recover_after(pre, TOOLS, (name, wrong)))
    assert why is not None and "describes" in why, why
    assert _detail(recover_after(pre, TOOLS, (name, right))) is None


def test_a_description_said_of_both_picks_none() -> None:
    # "open" is said of neither alone: no clause is picked, the call is grounded as before
    pre = "Ticket 4410 is open and ticket 4411 is open too. Closing the open one."
    why = _detail(recover_after(pre, TOOLS, ("close_ticket", {"ticket_id": "4411"})))
    assert why is None or "describes" not in why, why


GENITIVE = [
    ("Voy a transferir 120 € de la cuenta nómina a la de inversión.",
     {"from_account": "nómina", "to_account": "inversión", "amount": "120", "currency": "EUR"},
     {"from_account": "inversión", "to_account": "nómina", "amount": "120", "currency": "EUR"}),
]


def test_de_after_a_goal_is_of() -> None:
    pre, right, wrong = GENITIVE[0]
    why = _detail(recover_after(pre, TOOLS, ("transfer_funds", wrong)))
    assert why is not None and "as its" in why, why
    assert _detail(recover_after(pre, TOOLS, ("transfer_funds", right))) is None


CHANNELS = [
    ("I'll post the summary to the ops channel.", "ops", "ops-vendors"),
    ("我来把总结发到 ops 频道。", "ops", "ops-vendors"),
]


@pytest.mark.parametrize(("pre", "right", "wrong"), CHANNELS)
def test_a_named_channel_is_named_whole(pre: str, right: str, wrong: str) -> None:
    text = "Summary: all green."
    why = _detail(recover_after(pre, TOOLS, ("post_message", {"channel": wrong, "text": text})))
    assert why is not None and "does not name" in why, why
    assert _detail(recover_after(pre, TOOLS, ("post_message", {"channel": right, "text": text}))) is None
